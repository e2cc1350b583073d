/**
 * The RepoOwner resource: an owner of a prompt-hub repository (a `Prompt`),
 * one of the people who may promote its commits and delete it. The service
 * adds an owner by email and removes one by its identity, with a `DELETE`
 * whose JSON body names it; it has no read of one owner, so refresh reads the
 * repository's owners list. Every input replaces.
 */
import { defineEndpoint } from "../../client/endpoint";
import { zAddRepoOwnerRequest, zRemoveRepoOwnerRequest } from "../../client/wire/additions.requests";
import { zGetApiV1ReposByOwnerByRepoOwnersResponse, zPostApiV1ReposByOwnerByRepoOwnersResponse, zRepoOwner } from "../../client/wire/additions.responses";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../../engine/kind";
import { exampleRef, unknownOr, type FieldTable, type InputsOf } from "../../engine/fields/fields";
import { CREATED_AT_OUTPUT, OUTPUT_TYPES } from "../../engine/state/outputs";
import { EMAIL_PATTERN } from "../../engine/fields/validators";
import { PROMPT_HANDLE_PATTERN } from "../prompt";
import { z } from "zod";

/** The owners of a prompt of the workspace (`-`: the workspace `X-Tenant-Id` names). `{promptHandle}` is the input of that name. */
const OWNERS = "/repos/-/{promptHandle}/owners";

/** `/api/v1/repos/-/{repo}/owners`: add (POST by email), list (`{owners}`, not paged), remove (DELETE with `{identity_id}` as its JSON body). */
export const REPO_OWNER_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: OWNERS, request: zAddRepoOwnerRequest, response: zPostApiV1ReposByOwnerByRepoOwnersResponse }),
  list: defineEndpoint({ method: "GET", path: OWNERS, response: zGetApiV1ReposByOwnerByRepoOwnersResponse }),
  delete: defineEndpoint({ method: "DELETE", path: OWNERS, request: zRemoveRepoOwnerRequest }),
} satisfies CrudEndpoints;

const KIND = "repo owner";

/** Every input field of a RepoOwner. */
export const REPO_OWNER_FIELDS = [
  workspaceIdField(KIND),
  {
    path: "promptHandle",
    type: "string",
    doc: "The `Prompt` (its handle) whose repository the owner is added to; the prompt's workspace is `workspaceId`'s. Another prompt replaces the owner.",
    schema: unknownOr(z.string().min(1).regex(PROMPT_HANDLE_PATTERN)),
    reason: "promptHandle is required: a Prompt's handle",
    required: true,
    effect: "replace",
    secret: false,
    example: { value: exampleRef("langsmith:index:Prompt"), changed: exampleRef("langsmith:index:Prompt", { other: true }) },
  },
  {
    path: "email",
    wire: "email",
    refresh: "always",
    type: "string: an email address, lower-case",
    doc: "Email of a member of the prompt's workspace (e.g. a `WorkspaceMember`'s); unique among the repository's owners (`pulumi import` takes it in place of the id). Another email replaces the owner.",
    schema: z.string().max(320).regex(EMAIL_PATTERN),
    reason: 'email is required: the lower-case email of a member of the workspace, e.g. "ana@example.com"',
    required: true,
    effect: "replace",
    secret: false,
    example: {
      value: exampleRef("langsmith:index:WorkspaceMember", { output: "email" }),
      changed: exampleRef("langsmith:index:WorkspaceMember", { output: "email", other: true }),
    },
  },
] as const satisfies FieldTable;

/** A RepoOwner's checked inputs. */
export type RepoOwnerInputs = InputsOf<typeof REPO_OWNER_FIELDS>;

/** The RepoOwner, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:RepoOwner",
  listing: { paging: { by: "none" } },
  kind: KIND,
  description:
    "An owner of a LangSmith prompt's repository: a member of its workspace who may promote the prompt's commits and delete it. " +
    "Its id is the owner's identity in the workspace (`identity_id`); every input replaces it. A create refuses an email that is already an owner (import it instead). " +
    "Destroy removes the owner (the service's `DELETE` with the identity in its body). Import by `<promptHandle>/<identityId or email>`.",
  scope: "workspace",
  fields: REPO_OWNER_FIELDS,
  nameField: "email",
  naturalKey: "email",
  // The service's add may take an owner back silently: a create refuses an email already an owner, with the import hint.
  createUpserts: true,
  endpoints: REPO_OWNER_ENDPOINTS,
  object: zRepoOwner,
  // An owner is known by its identity; one another workspace's caller sees without it (its PII withheld) is none of the stack's.
  listItems: (answer) => answer.owners.flatMap((owner) => (typeof owner.identity_id === "string" ? [{ ...owner, id: owner.identity_id }] : [])),
  unwrap: (answer) => {
    const owner = zRepoOwner.safeParse(answer);
    return owner.success && typeof owner.data.identity_id === "string" ? { ...owner.data, id: owner.data.identity_id } : undefined;
  },
  deleteBody: (id) => ({ identity_id: id }),
  outputs: [
    { name: "fullName", type: OUTPUT_TYPES.string, doc: "The owner's full name, as LangSmith shows it.", changesOnUpdate: false, wire: "full_name" },
    { name: "lsUserId", type: OUTPUT_TYPES.string, doc: "The owner's LangSmith user id.", changesOnUpdate: false, wire: "ls_user_id" },
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
  ],
});
