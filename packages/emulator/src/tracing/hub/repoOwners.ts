/**
 * The owners of a prompt-hub repository (`/api/v1/repos/{owner}/{repo}/owners`,
 * with `X-Tenant-Id`): the people who may promote its commits and delete it.
 * Served by the FastAPI service (a malformed request is a 422, other errors
 * `{"detail": "..."}`).
 *
 * What the service does that the contract cannot say (the emulator's choices
 * where nothing public says it):
 * - `{owner}` is `-` or the workspace's handle, as for the prompts; an
 *   unknown repository answers 404.
 * - `POST` adds the workspace member with that email (compared
 *   case-insensitively): `identity_id` is the member's workspace identity,
 *   `ls_user_id` their user. An email of no member of the workspace answers
 *   404; one already an owner, 409.
 * - `GET` lists every owner, not paged, as `{"owners": [...]}`.
 * - `DELETE` takes the owner's `identity_id` in a JSON body and answers
 *   `{}`; an identity that is no owner answers 404. Removing a member from
 *   the workspace, or deleting the repository, removes its owners.
 * - The service requires the caller to be an owner already; an API key acts
 *   for no person, so the emulator asks only for `prompts:update`
 *   (`prompts:read` to list).
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../core/context";
import { detailError } from "../../http/errors";
import { parseBody } from "../../http/validation";
import { zAddRepoOwnerRequest, zRemoveRepoOwnerRequest } from "../../wire/additions";
import { defineKind } from "../../kinds/declaration";
import type { KindCall } from "../../kinds/kindCall";
import { kindRecords } from "../../kinds/records";
import { removeWithDependents } from "../../kinds/references";
import { authenticateFor } from "../../kinds/scopeAuth";
import { checkOwner } from "../prompts";

const KIND_NAME = "repoOwners";
const COLLECTION = "/api/v1/repos/:owner/:repo/owners";

/** The workspace membership (and its organization member) of the member with this email, as an owner records them. */
function ownerOf(body: Record<string, unknown>, call: KindCall): Record<string, unknown> {
  const email = String(body["email"]).trim().toLowerCase();
  const memberships = kindRecords(call.ctx, "workspaceMembers").filter((record) => record.scopeId === call.scopeId);
  for (const membership of memberships) {
    const member = kindRecords(call.ctx, "orgMembers").find((record) => record.id === membership.wire["org_identity_id"]);
    if (member !== undefined && String(member.wire["email"]).toLowerCase() === email) {
      return { identity_id: membership.id, ls_user_id: membership.wire["ls_user_id"], email, full_name: member.wire["full_name"] ?? null };
    }
  }
  throw detailError(404, `No member of this workspace has the email ${email}`);
}

/** The owners kind: under a prompt, named by `repo_handle` in the path. */
export const REPO_OWNERS = defineKind({
  name: KIND_NAME,
  noun: "Repo owner",
  scope: "workspace",
  collection: COLLECTION,
  idParam: "identity_id",
  parent: { param: "repo", kind: "prompts", field: "repo_handle" },
  checkPath: checkOwner,
  permissions: { read: "prompts:read", write: "prompts:update" },
  create: { schema: zAddRepoOwnerRequest, derive: (body, call) => ownerOf(body, call) },
  unique: ["identity_id"],
  references: { identity_id: { kind: "workspaceMembers", onDelete: "delete" } },
  hidden: ["id"],
  timestamps: { created: "created_at" },
  listAnswer: (owners) => ({ owners }),
});

/** Registers `DELETE <collection>` with the owner's `identity_id` in the body (the generic routes read a delete's key from its query). */
export function registerRepoOwnerRemoval(app: FastifyInstance, ctx: EmulatorContext): void {
  app.route({
    method: "DELETE",
    url: COLLECTION,
    handler: async (request) => {
      const { auth, scopeId } = authenticateFor(ctx, request, "workspace", REPO_OWNERS.permissions.write);
      const params = (request.params ?? {}) as Record<string, string>;
      const call: KindCall = { ctx, auth, scopeId, parentId: null, nowIso: new Date(ctx.now()).toISOString(), params, query: {} };
      checkOwner(call);
      const prompt = kindRecords(ctx, "prompts").find((record) => record.scopeId === scopeId && record.wire["repo_handle"] === params["repo"]);
      if (prompt === undefined) throw detailError(404, "repo not found");
      const body = parseBody(zRemoveRepoOwnerRequest, request.body);
      const identityId = body.identity_id.toLowerCase();
      const record = kindRecords(ctx, KIND_NAME).find((candidate) => candidate.parentId === prompt.id && candidate.wire["identity_id"] === identityId);
      if (record === undefined) throw detailError(404, `${identityId} is not an owner of this repo`);
      removeWithDependents(ctx, [REPO_OWNERS], record, { ...call, parentId: prompt.id });
      ctx.store.commit();
      return {};
    },
  });
}
