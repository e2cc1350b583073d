/** The PromptTag resource: a named pointer (e.g. `production`) at one commit of a prompt. */
import { defineEndpoint } from "../client/endpoint";
import { zRepoTagRequest, zRepoUpdateTagRequest } from "../client/wire/tracingAndEvaluation.requests";
import {
  zGetApiV1ReposByOwnerByRepoTagsByTagNameResponse,
  zGetApiV1ReposByOwnerByRepoTagsResponse,
  zRepoTag,
  zPatchApiV1ReposByOwnerByRepoTagsByTagNameResponse,
  zPostApiV1ReposByOwnerByRepoTagsResponse,
} from "../client/wire/tracingAndEvaluation.responses";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../engine/kind";
import { exampleRef, unknownOr, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { uuid } from "../engine/fields/validators";
import { OUTPUT_TYPES } from "../engine/state/outputs";
import { PROMPT_HANDLE_PATTERN } from "./prompt";
import { z } from "zod";

const TAGS = "/repos/-/{promptHandle}/tags";

/** `/api/v1/repos/-/{repo}/tags` (create, list) and `/{tag_name}` (get, PATCH: move, delete). `{promptHandle}` is the input of that name. */
export const PROMPT_TAG_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: TAGS, request: zRepoTagRequest, response: zPostApiV1ReposByOwnerByRepoTagsResponse }),
  list: defineEndpoint({ method: "GET", path: TAGS, response: zGetApiV1ReposByOwnerByRepoTagsResponse }),
  get: defineEndpoint({ method: "GET", path: `${TAGS}/{id}`, response: zGetApiV1ReposByOwnerByRepoTagsByTagNameResponse }),
  update: defineEndpoint({
    method: "PATCH",
    path: `${TAGS}/{id}`,
    request: zRepoUpdateTagRequest,
    response: zPatchApiV1ReposByOwnerByRepoTagsByTagNameResponse,
  }),
  delete: defineEndpoint({ method: "DELETE", path: `${TAGS}/{id}` }),
} satisfies CrudEndpoints;

/** Every input field of a PromptTag. */
export const PROMPT_TAG_FIELDS = [
  workspaceIdField("prompt tag"),
  {
    path: "promptHandle",
    type: "string",
    doc: "The `Prompt` (its handle) the tag belongs to.",
    schema: unknownOr(z.string().min(1).regex(PROMPT_HANDLE_PATTERN)),
    reason: "promptHandle is required: a Prompt's handle",
    required: true,
    effect: "replace",
    secret: false,
    example: {
      value: exampleRef("langsmith:index:Prompt"),
      why: "the tag's commit (`commitId`, the Prompt's `latestCommitId`) is a commit of this Prompt, and the second Prompt the matrix declares has no manifest, so no commit",
    },
  },
  {
    path: "tagName",
    wire: "tag_name",
    refresh: "always",
    type: "string",
    doc: "The tag, e.g. `production`; unique per prompt (`pulumi import` takes `<promptHandle>/<tagName>`).",
    schema: z.string().trim().min(1).max(100),
    reason: 'tagName is required, e.g. "production"',
    required: true,
    effect: "replace",
    secret: false,
    example: { value: "production", changed: "staging", other: "candidate" },
  },
  {
    path: "commitId",
    wire: "commit_id",
    refresh: "always",
    type: "string (UUID)",
    doc: "The commit the tag points at (e.g. a `Prompt`'s `latestCommitId`, or `getPromptCommit`); moving it is one PATCH.",
    schema: unknownOr(uuid("commitId")),
    reason: "commitId is required: the id of a commit of the prompt",
    required: true,
    effect: "inPlace",
    secret: false,
    example: {
      value: exampleRef("langsmith:index:Prompt", { output: "latestCommitId" }),
      why: "a program names a commit of the Prompt only by its `latestCommitId` (which moves when the Prompt's manifest changes); the second Prompt has no commit",
    },
  },
] as const satisfies FieldTable;

/** A PromptTag's checked inputs. */
export type PromptTagInputs = InputsOf<typeof PROMPT_TAG_FIELDS>;

/** The PromptTag, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:PromptTag",
  listing: {},
  kind: "prompt tag",
  description:
    "A tag of a LangSmith prompt (e.g. `production`) pointing at one commit: promoting a prompt from staging to production is a change of `commitId`, one PATCH, no new commit. " +
    "Its id is the tag's name. Import by `<promptHandle>/<tagName>`.",
  scope: "workspace",
  fields: PROMPT_TAG_FIELDS,
  nameField: "tagName",
  naturalKey: "tagName",
  unique: ["tagName"],
  idOf: (_created, inputs) => String(inputs["tagName"]),
  // A tag is known by its name: the objects read carry it as their id.
  object: zRepoTag,
  listItems: (answer) => answer.map((tag) => ({ ...tag, id: tag.tag_name })),
  unwrap: (answer) => ({ ...answer, id: answer.tag_name }),
  endpoints: PROMPT_TAG_ENDPOINTS,
  outputs: [{ name: "commitHash", type: OUTPUT_TYPES.string, doc: "Hash of the commit the tag points at.", changesOnUpdate: true, wire: "commit_hash" }],
});
