/**
 * The HubDirectory resource: the files of an agent or skill repository of
 * the hub, written as commits. The service's commit is a patch (a path
 * mapped to an entry object creates or replaces it, mapped to `null` removes
 * it), so each create or update is one commit that sends the new and changed
 * paths and `null` for each path dropped from the program, with the head
 * recorded in the state as `parent_commit`: a repository changed outside the
 * stack since then refuses it. Destroy deletes the whole repository.
 */
import type { LangSmithClient } from "../../client";
import { defineEndpoint } from "../../client/endpoint";
import { ConflictError, found } from "../../client/errors";
import { zDirectoriesCreateDirectoryCommitRequest } from "../../client/wire/additions.requests";
import {
  zDirectoriesGetDirectoryResponse,
  zGetApiV1PlatformHubReposByOwnerByRepoDirectoriesResponse,
  zPostApiV1PlatformHubReposByOwnerByRepoDirectoriesCommitsResponse,
} from "../../client/wire/additions.responses";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../../engine/kind";
import type { WireObject } from "../../engine/kind/hooks";
import type { FieldTable, InputsOf } from "../../engine/fields/fields";
import { isRecord } from "../../engine/fields/paths";
import { sameValue } from "../../engine/fields/values";
import { OUTPUT_TYPES } from "../../engine/state/outputs";
import { z } from "zod";

/** A repository of the workspace (`-`: the workspace `X-Tenant-Id` names), by its handle, the resource's id. */
const DIRECTORY = "/api/v1/platform/hub/repos/-/{id}/directories";

/** `.../directories/commits` (one commit: the create and every update), `.../directories` (the files at the head; delete: the repository). */
export const HUB_DIRECTORY_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: `${DIRECTORY}/commits`,
    request: zDirectoriesCreateDirectoryCommitRequest,
    response: zPostApiV1PlatformHubReposByOwnerByRepoDirectoriesCommitsResponse,
  }),
  get: defineEndpoint({ method: "GET", path: DIRECTORY, response: zGetApiV1PlatformHubReposByOwnerByRepoDirectoriesResponse }),
  delete: defineEndpoint({ method: "DELETE", path: DIRECTORY }),
} satisfies CrudEndpoints;

const KIND = "hub directory";

/** Every input field of a HubDirectory. */
export const HUB_DIRECTORY_FIELDS = [
  workspaceIdField(KIND),
  {
    path: "repoHandle",
    wire: "repo_handle",
    updateWire: null,
    refresh: "always",
    type: "string",
    doc: "The handle of the agent or skill repository in the workspace (the resource's id); its first commit creates it. Another handle replaces the directory: the old repository is deleted.",
    schema: z
      .string()
      .min(1)
      .regex(/^[^\s/:]+$/),
    reason: 'repoHandle is required: a repository handle without "/", ":" or white space, e.g. "support-agent"',
    required: true,
    effect: "replace",
    secret: false,
    example: { value: "matrix-agent", changed: "matrix-agent-2" },
  },
  {
    path: "files",
    wire: "files",
    refresh: "always",
    type: "map of path to entry (a JSON object)",
    doc: "The repository's files: each path (e.g. `AGENTS.md`) to its entry, an object sent as it is (the service's entry: a file's content, or a link to another repository). A change is one commit: the new and changed paths, and the removal of each path dropped from the map.",
    schema: z.record(z.string().min(1), z.record(z.string(), z.unknown())),
    reason: 'files is required: a map of paths to entry objects, e.g. {"AGENTS.md": {"type": "file", "content": "..."}}',
    required: true,
    effect: "inPlace",
    secret: false,
    example: {
      value: { "AGENTS.md": { type: "file", content: "Answer politely." } },
      changed: { "AGENTS.md": { type: "file", content: "Answer briefly." }, "tools.json": { type: "file", content: "[]" } },
    },
  },
  {
    path: "skipWebhooks",
    type: "boolean",
    doc: "Whether the stack's commits leave the hub's commit webhooks unnotified. Sent with each commit; a change alone commits nothing.",
    schema: z.boolean(),
    required: false,
    unsetMeans: false,
    effect: "inPlace",
    secret: false,
    example: { value: true, changed: false },
  },
] as const satisfies FieldTable;

/** A HubDirectory's checked inputs. */
export type HubDirectoryInputs = InputsOf<typeof HUB_DIRECTORY_FIELDS>;

/** A commit refused because the repository's head is no longer the one the state records (changed outside the stack). */
export class HubDirectoryChangedError extends ConflictError {}

/** The patch from `before` to `after`: new and changed paths with their entries, dropped ones with `null`. */
export function directoryPatch(before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const [path, entry] of Object.entries(after)) if (!sameValue(before[path], entry)) patch[path] = entry;
  for (const path of Object.keys(before)) if (!(path in after)) patch[path] = null;
  return patch;
}

/** Sends one commit; answers the directory as a read shows it. A 409 names the recorded head and what to do. */
async function commit(
  client: LangSmithClient,
  handle: string,
  files: Record<string, unknown>,
  patch: Record<string, unknown>,
  parent: string | undefined,
  skipWebhooks: boolean | undefined,
  action: string,
): Promise<WireObject> {
  const body = {
    files: patch,
    ...(parent !== undefined ? { parent_commit: parent } : {}),
    ...(skipWebhooks !== undefined ? { skip_webhooks: skipWebhooks } : {}),
  };
  try {
    const answer: unknown = await client.originResources.send(HUB_DIRECTORY_ENDPOINTS.create, {
      action: `${action}: committing`,
      params: { id: handle },
      body,
    });
    const made = isRecord(answer) && isRecord(answer["commit"]) ? answer["commit"] : {};
    return { id: handle, repo_handle: handle, files, commit_hash: made["commit_hash"], commit_id: made["id"] };
  } catch (error) {
    if (!(error instanceof ConflictError) || parent === undefined) throw error;
    throw new HubDirectoryChangedError(
      `${action}: the repository's head is no longer commit ${parent}, which the stack recorded: it was changed outside the stack. Run pulumi refresh to read its files, then pulumi up (${error.message})`,
      { status: 409, detail: error.detail },
    );
  }
}

/** The directory at its head, or `undefined` when the repository does not exist. */
async function readDirectory(client: LangSmithClient, handle: string, action: string): Promise<WireObject | undefined> {
  const answer: unknown = await found(client.originResources.send(HUB_DIRECTORY_ENDPOINTS.get, { action, params: { id: handle } }));
  return isRecord(answer) ? { ...answer, id: handle, repo_handle: handle } : undefined;
}

/** The HubDirectory, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:HubDirectory",
  listing: { none: "the service lists no agent or skill repositories of its own: read one with the resource's `get` (by handle)." },
  kind: KIND,
  description:
    "The files of an agent or skill repository of the LangSmith hub, written as commits: each path to its entry (a JSON object). A create or a change is one commit that sends the new and changed paths and removes the paths dropped from the program; " +
    "the commit names the head the state records, so a repository changed outside the stack is refused (run `pulumi refresh` first). A create refuses a repository that already exists (import it instead). " +
    "**Destroy deletes the whole repository, with every commit and the file repositories it owns.** Import by the repository's handle.",
  scope: "workspace",
  base: "origin",
  fields: HUB_DIRECTORY_FIELDS,
  nameField: "repoHandle",
  naturalKey: "repoHandle",
  createUpserts: true,
  importForms: ["<repoHandle>", "<workspaceId>/<repoHandle>"],
  endpoints: HUB_DIRECTORY_ENDPOINTS,
  object: zDirectoriesGetDirectoryResponse,
  idOf: (_created, inputs) => inputs.repoHandle,
  contractBodies: {
    requests: [zDirectoriesCreateDirectoryCommitRequest],
    responses: [zGetApiV1PlatformHubReposByOwnerByRepoDirectoriesResponse, zPostApiV1PlatformHubReposByOwnerByRepoDirectoriesCommitsResponse],
    outputWires: ["commit_hash", "commit_id"],
  },
  hooks: {
    create: {
      /** The repository with that handle: a create refuses one that exists, with the import hint. */
      lookUp: ({ client, inputs, action }) => readDirectory(client, inputs.repoHandle, `${action}: reading the repository`),
      /** The first commit: every file, no parent. */
      post: ({ client, inputs, action }) => commit(client, inputs.repoHandle, inputs.files, inputs.files, undefined, inputs.skipWebhooks, action),
    },
    read: {
      /** The files at the head (refresh: the id is the handle; import: the handle given). */
      fetch: ({ client, id, purpose }) => readDirectory(client, id, `${purpose === "refresh" ? "reading" : "importing"} ${KIND} "${id}"`),
    },
    update: {
      /** One commit of what changed, on the recorded head; a change of `skipWebhooks` alone commits nothing. */
      async send({ client, id, olds, inputs, action }) {
        const before = isRecord(olds.files) ? olds.files : {};
        const patch = directoryPatch(before, inputs.files);
        if (Object.keys(patch).length === 0) return undefined;
        const parent = typeof olds["commitHash"] === "string" ? olds["commitHash"] : undefined;
        const wire = await commit(client, id, inputs.files, patch, parent, inputs.skipWebhooks, action);
        return { wire, what: `committed ${Object.keys(patch).length} path(s) to ${KIND} "${id}"` };
      },
    },
  },
  outputs: [
    {
      name: "commitHash",
      type: OUTPUT_TYPES.string,
      doc: "The hash of the head commit: the stack's last commit, or the one refresh read.",
      changesOnUpdate: true,
      wire: "commit_hash",
    },
    { name: "commitId", type: OUTPUT_TYPES.string, doc: "The id of the head commit.", changesOnUpdate: true, wire: "commit_id" },
  ],
});
