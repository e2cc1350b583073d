/** The Prompt resource: a prompt of the LangSmith prompt hub, its metadata and its current manifest. */
import type { LangSmithClient } from "../client";
import { defineEndpoint } from "../client/endpoint";
import { ConflictError } from "../client/errors";
import { zCommitsCreateCommitReq, zCreateRepoRequest, zUpdateRepoRequest } from "../client/wire/tracingAndEvaluation.requests";
import {
  zRepoWithLookups,
  zGetApiV1ReposByOwnerByRepoResponse,
  zGetApiV1ReposResponse,
  zPatchApiV1ReposByOwnerByRepoResponse,
  zPostApiV1ReposResponse,
  zPostCommitsByOwnerByRepoResponse,
} from "../client/wire/tracingAndEvaluation.responses";
import { type CrudEndpoints, declareKind, descriptionField, workspaceIdField } from "../engine/kind";
import type { FieldTable, InputsOf } from "../engine/fields/fields";
import { sameValue } from "../engine/fields/values";
import type { Properties } from "../engine/resource";
import { CREATED_AT_OUTPUT, OUTPUT_TYPES } from "../engine/state/outputs";
import { getPromptCommit, LIST_COMMITS } from "./invokes";
import { z } from "zod";
import { isRecord } from "../engine/fields/paths";

const ONE = "/repos/-/{id}";

/** `/api/v1/repos` (create; list, `{repos}`) and `/api/v1/repos/-/{repo}` (get, PATCH, delete; answers wrap the prompt as `{repo}`). */
export const PROMPT_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/repos", request: zCreateRepoRequest, response: zPostApiV1ReposResponse }),
  list: defineEndpoint({ method: "GET", path: "/repos", response: zGetApiV1ReposResponse }),
  get: defineEndpoint({ method: "GET", path: ONE, response: zGetApiV1ReposByOwnerByRepoResponse }),
  update: defineEndpoint({ method: "PATCH", path: ONE, request: zUpdateRepoRequest, response: zPatchApiV1ReposByOwnerByRepoResponse }),
  delete: defineEndpoint({ method: "DELETE", path: ONE }),
} satisfies CrudEndpoints;

/** `POST /commits/-/{repo}` (at the API's origin): pushes one commit of a manifest. */
export const PUSH_COMMIT = defineEndpoint({
  method: "POST",
  path: "/commits/-/{handle}",
  request: zCommitsCreateCommitReq,
  response: zPostCommitsByOwnerByRepoResponse,
});

/** Pushes `inputs.manifest` as one commit unless it is the one recorded in `olds`; answers the outputs of the latest commit. */
export async function pushManifest(
  client: LangSmithClient,
  handle: string,
  inputs: Properties,
  olds: Properties | undefined,
  action: string,
): Promise<Properties> {
  const manifest = inputs["manifest"];
  const recorded = { latestCommitHash: olds?.["latestCommitHash"], latestCommitId: olds?.["latestCommitId"] };
  if (manifest === undefined || (olds !== undefined && sameValue(olds["manifest"], manifest))) {
    return Object.fromEntries(Object.entries(recorded).filter(([, value]) => value !== undefined));
  }
  const parent = typeof recorded.latestCommitHash === "string" ? { parent_commit: recorded.latestCommitHash } : {};
  try {
    const answer = (await client.originResources.send(PUSH_COMMIT, {
      action: `${action}: pushing the manifest as a new commit`,
      params: { handle },
      body: { manifest: manifest as Record<string, unknown>, ...parent },
    })) as {
      commit?: { commit_hash?: string; id?: string };
    };
    return { latestCommitHash: answer.commit?.commit_hash, latestCommitId: answer.commit?.id };
  } catch (error) {
    // "Nothing to commit": the latest commit already holds this manifest (e.g. after an import, which cannot read it): keep that one.
    if (!(error instanceof ConflictError)) throw error;
    const latest = await getPromptCommit(client, handle, "latest");
    if (latest === undefined || !sameValue(latest.manifest, manifest)) throw error;
    return { latestCommitHash: latest.commitHash, ...(latest.commitId !== undefined ? { latestCommitId: latest.commitId } : {}) };
  }
}

/** The latest commit's hash and id, as an import records them (`{}` for a prompt without commits). */
export async function latestCommit(client: LangSmithClient, handle: string): Promise<Properties> {
  const answer = (await client.originResources.send(LIST_COMMITS, {
    action: `reading the latest commit of prompt "${handle}"`,
    params: { handle },
    query: { limit: 1 },
  })) as {
    commits?: { commit_hash?: string; id?: string }[];
  };
  const commit = answer.commits?.[0];
  return commit === undefined ? {} : { latestCommitHash: commit.commit_hash, latestCommitId: commit.id };
}

/** A prompt handle: lower-case letters, digits, `-` and `_`. */
export const PROMPT_HANDLE_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;

/** A chat prompt's manifest (the hub's serialized `ChatPromptTemplate`) of one human message, for the conformance matrix's examples. */
function chatPromptManifest(template: string): Record<string, unknown> {
  const constructor = (id: string[], kwargs: Record<string, unknown>) => ({ lc: 1, type: "constructor", id, kwargs });
  const prompt = constructor(["langchain", "prompts", "prompt", "PromptTemplate"], { input_variables: ["question"], template, template_format: "mustache" });
  return constructor(["langchain", "prompts", "chat", "ChatPromptTemplate"], {
    input_variables: ["question"],
    messages: [constructor(["langchain", "prompts", "chat", "HumanMessagePromptTemplate"], { prompt })],
  });
}

/** Every input field of a Prompt. */
export const PROMPT_FIELDS = [
  workspaceIdField("prompt"),
  {
    path: "handle",
    wire: "repo_handle",
    refresh: "always",
    type: "string: lower-case letters, digits, `-`, `_`",
    doc: "The prompt's handle (its name in the hub, e.g. `support-triage`); its id (`pulumi import` takes it).",
    schema: z.string().min(1).max(100).regex(PROMPT_HANDLE_PATTERN),
    reason: 'handle is required: lower-case letters, digits, "-" and "_", e.g. "support-triage"',
    required: true,
    effect: "replace",
    secret: false,
    example: { value: "support-triage", changed: "support-triage-v2", other: "support-triage-b" },
  },
  descriptionField("What the prompt does."),
  {
    path: "readme",
    wire: "readme",
    type: "string (Markdown)",
    doc: "The prompt's readme.",
    schema: z.string(),
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: "# Support triage\n\nSorts a question into a queue.", changed: "# Support triage\n\nSorts a question into a queue, with its urgency." },
  },
  {
    path: "isArchived",
    wire: "is_archived",
    createWire: null,
    type: "boolean",
    doc: "Whether the prompt is archived: hidden from the hub's lists (the list's `is_archived` filter finds it), its commits still readable.",
    schema: z.boolean(),
    required: false,
    unsetMeans: false,
    defaultDoc: "`false` (service's)",
    effect: "inPlace",
    secret: false,
    example: { value: true, changed: false },
  },
  {
    path: "tags",
    wire: "tags",
    unordered: true,
    type: "list of strings",
    doc: "Labels of the prompt in the hub (not commit tags: those are `PromptTag`s).",
    schema: z.array(z.string().min(1)),
    required: false,
    clearWith: [],
    effect: "inPlace",
    secret: false,
    example: { value: ["support"], changed: ["support", "triage"] },
  },
  // Public needs a workspace with a handle: true in the program's Workspace (its handle set), false in the change step, which may move it to the second Workspace (no handle).
  {
    path: "isPublic",
    wire: "is_public",
    refresh: "always",
    type: "boolean",
    doc: "Whether anyone may read the prompt.",
    schema: z.boolean(),
    required: false,
    default: false,
    effect: "inPlace",
    secret: false,
    example: { value: true, changed: false },
  },
  {
    path: "restrictedMode",
    wire: "restricted_mode",
    type: "boolean",
    doc: "Whether the prompt is in the hub's restricted mode (the service's `restricted_mode`, which its create and update both take).",
    schema: z.boolean(),
    required: false,
    unsetMeans: false,
    clearWith: false,
    defaultDoc: "`false` (service's)",
    effect: "inPlace",
    secret: false,
    example: { value: true, changed: false },
  },
  {
    path: "manifest",
    type: "map of any",
    doc: "The prompt itself (the hub's manifest: the serialized prompt template). A change pushes one new commit, whose hash is `latestCommitHash`; earlier commits stay as they are.",
    schema: z.record(z.string(), z.unknown()),
    required: false,
    effect: "inPlace",
    effectDoc: "one new commit",
    secret: false,
    // Set in the required-inputs program too: a tag and a judge need a commit of the prompt.
    example: {
      minimal: true,
      value: chatPromptManifest("Sort this question into a queue: {{ question }}"),
      changed: chatPromptManifest("Sort this question into a queue and rate its urgency: {{ question }}"),
    },
  },
] as const satisfies FieldTable;

/** A Prompt's checked inputs. */
export type PromptInputs = InputsOf<typeof PROMPT_FIELDS>;

/** The Prompt, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:Prompt",
  listing: {
    leftOut: ["manifest"],
    filters: {
      query: { type: "string", query: "query", output: "handle", match: "contains", doc: "Only prompts whose handle (or description) contains this text." },
      isPublic: { type: "boolean", query: "is_public", output: "isPublic", doc: "Only public (`true`) or private (`false`) prompts." },
      isArchived: { type: "boolean", query: "is_archived", output: "isArchived", doc: "Only archived (`true`) or unarchived (`false`) prompts; default both." },
      tags: { type: "strings", query: "tags", output: "tags", doc: "Only prompts carrying every one of these tags." },
    },
  },
  kind: "prompt",
  description:
    "A prompt of the LangSmith prompt hub in a workspace: its metadata (changed in place) and its current manifest (a change pushes exactly one new commit; commits are immutable). " +
    "`PromptTag` points a tag such as `production` at a commit, so promoting a prompt is a one-line diff. Import by handle.",
  scope: "workspace",
  fields: PROMPT_FIELDS,
  nameField: "handle",
  naturalKey: "handle",
  unique: ["handle"],
  idOf: (_created, inputs) => String(inputs["handle"]),
  object: zRepoWithLookups,
  // The answers wrap the repository (`{ repo }`); a prompt is known by its handle.
  unwrap: (answer) => ("repo" in answer && isRecord(answer.repo) ? answer.repo : undefined),
  contractBodies: { responses: [zRepoWithLookups] },
  listItems: (answer) => answer.repos.map((repo) => ({ ...repo, id: repo.repo_handle })),
  afterWrite: (client, id, inputs, olds, action) => pushManifest(client, id, inputs, olds, action),
  // An import records the latest commit beside the repository, as a create would.
  hooks: {
    read: {
      imported: async ({ client }, _wire, imported) => ({ ...imported, outputs: { ...imported.outputs, ...(await latestCommit(client, imported.id)) } }),
    },
  },
  endpoints: PROMPT_ENDPOINTS,
  // A refresh reads them through the list, page by page.
  batchRead: { by: "pages", pageSize: 100 },
  outputs: [
    {
      name: "latestCommitHash",
      type: OUTPUT_TYPES.string,
      doc: "Hash of the commit of the current manifest.",
      changesOnUpdate: true,
      wire: "last_commit_hash",
    },
    // Only a push answers the commit's id (the prompt reports its hash): kept from the last push.
    {
      name: "latestCommitId",
      type: OUTPUT_TYPES.string,
      doc: "Id of that commit (what `PromptTag.commitId` takes), from the last push by this stack.",
      changesOnUpdate: true,
      wire: "last_commit_id",
      onlyAtCreate: true,
    },
    { name: "fullName", type: OUTPUT_TYPES.string, doc: "`<owner>/<handle>`, as the hub names it.", changesOnUpdate: false, wire: "full_name" },
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
  ],
});
