/**
 * Reviewers of an annotation queue (`/api/v1/platform/annotation-queues/{queue_id}/reviewers`,
 * with `X-Tenant-Id`): identities of the workspace assigned to review the
 * queue's items. Served by a Go service: a malformed request is a 400,
 * every error `{"error": "..."}`.
 *
 * What the service does that the contract cannot say (the emulator's
 * choices where nothing public says it):
 * - `POST .../reviewers` `{identity_id}` assigns one identity and answers
 *   201 `{identity_id}`; assigning one already assigned changes nothing and
 *   answers the same (the service calls both calls idempotent).
 * - The identity is a member of the queue's workspace (the `id` of a
 *   workspace member, as the workspace's members list answers it): 404 for
 *   any other; 400 for an id that is no UUID.
 * - `DELETE .../reviewers/{identity_id}` answers 204, assigned or not; both
 *   answer 404 for a queue the workspace does not have.
 * - The queue's `GET` answers its reviewers in `assigned_reviewers`
 *   (`{id, name, email}`, in the order assigned); a reviewer who leaves the
 *   workspace leaves the queue's reviewers, and deleting the queue takes its
 *   assignments with it.
 * - Permissions: `annotation-queues:update` for both.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../core/context";
import type { KindRecord } from "../../core/types";
import { canonicalUuid, isUuid } from "../../http/params";
import { HttpError } from "../../http/errors";
import { parseBody } from "../../http/validation";
import { zAnnotationqueuesAddReviewerRequest } from "../../wire/additions";
import { goErrorHandler } from "../../kinds/goErrors";
import { kindRecords, renderRecord } from "../../kinds/records";
import { authenticateFor } from "../../kinds/scopeAuth";
import { WORKSPACE_MEMBERS } from "../../organization/members";

type Json = Record<string, unknown>;

/** The name of the annotation queues' kind (`../annotationQueues.ts`), whose records hold the assignments. */
const QUEUES_KIND = "annotationQueues";

/** The hidden wire field of a queue holding its reviewers' identity ids, in the order assigned. */
export const REVIEWER_IDS_FIELD = "reviewer_identity_ids";

const REVIEWERS = "/api/v1/platform/annotation-queues/:queue_id/reviewers";

/** The workspace's active member whose identity is `identityId`, if any. */
function memberOf(ctx: EmulatorContext, workspaceId: string, identityId: string): KindRecord | undefined {
  return kindRecords(ctx, WORKSPACE_MEMBERS.name).find((member) => member.id === identityId && member.scopeId === workspaceId);
}

/** The queue's reviewers as its `GET` answers them: each still a member of its workspace, `{id, name, email}`. */
export function assignedReviewers(record: KindRecord, ctx: EmulatorContext): Json[] {
  const ids = Array.isArray(record.wire[REVIEWER_IDS_FIELD]) ? (record.wire[REVIEWER_IDS_FIELD] as string[]) : [];
  return ids.flatMap((id) => {
    const member = memberOf(ctx, record.scopeId, id);
    if (member === undefined) return [];
    const shown = renderRecord(WORKSPACE_MEMBERS, member, ctx);
    return [{ id, name: shown["full_name"] ?? null, email: shown["email"] ?? null }];
  });
}

/** A path parameter that must be a UUID (400 otherwise, as the Go service parses it), lower-case. */
function uuidParam(params: unknown, name: string): string {
  const value = String((params as Json)[name] ?? "");
  if (!isUuid(value)) throw new HttpError(400, { error: `invalid ${name.replace(/_/g, " ")}: ${JSON.stringify(value)}` });
  return canonicalUuid(value);
}

/** The queue the path names in the caller's workspace (404 otherwise). */
function queueOf(ctx: EmulatorContext, scopeId: string, queueId: string): KindRecord {
  const queue = kindRecords(ctx, QUEUES_KIND).find((record) => record.id === queueId && record.scopeId === scopeId);
  if (queue === undefined) throw new HttpError(404, { error: `annotation queue ${queueId} not found` });
  return queue;
}

/** Registers `POST .../reviewers` (assign) and `DELETE .../reviewers/:identity_id` (unassign). */
export function registerAnnotationQueueReviewerRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.route({
    method: "POST",
    url: REVIEWERS,
    errorHandler: goErrorHandler("go"),
    handler: async (request, reply) => {
      const { scopeId } = authenticateFor(ctx, request, "workspace", "annotation-queues:update");
      const queue = queueOf(ctx, scopeId, uuidParam(request.params, "queue_id"));
      const body = parseBody(zAnnotationqueuesAddReviewerRequest, request.body) as { identity_id: string };
      if (!isUuid(body.identity_id)) throw new HttpError(400, { error: `invalid identity_id: ${JSON.stringify(body.identity_id)}` });
      const identityId = canonicalUuid(body.identity_id);
      if (memberOf(ctx, scopeId, identityId) === undefined)
        throw new HttpError(404, { error: `identity ${identityId} is not a member of the queue's workspace` });
      const ids = Array.isArray(queue.wire[REVIEWER_IDS_FIELD]) ? (queue.wire[REVIEWER_IDS_FIELD] as string[]) : [];
      if (!ids.includes(identityId)) {
        queue.wire[REVIEWER_IDS_FIELD] = [...ids, identityId];
        ctx.store.commit();
      }
      return reply.code(201).send({ identity_id: identityId });
    },
  });
  app.route({
    method: "DELETE",
    url: `${REVIEWERS}/:identity_id`,
    errorHandler: goErrorHandler("go"),
    handler: async (request, reply) => {
      const { scopeId } = authenticateFor(ctx, request, "workspace", "annotation-queues:update");
      const queue = queueOf(ctx, scopeId, uuidParam(request.params, "queue_id"));
      const identityId = uuidParam(request.params, "identity_id");
      const ids = Array.isArray(queue.wire[REVIEWER_IDS_FIELD]) ? (queue.wire[REVIEWER_IDS_FIELD] as string[]) : [];
      if (ids.includes(identityId)) {
        queue.wire[REVIEWER_IDS_FIELD] = ids.filter((id) => id !== identityId);
        ctx.store.commit();
      }
      return reply.code(204).send();
    },
  });
}
