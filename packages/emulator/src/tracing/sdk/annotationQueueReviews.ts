/**
 * Reviews of the runs of an annotation queue: the caller's status on one
 * queued run (an entry of `annotationQueueRuns.ts`, named by its id, the
 * `queue_run_id` the run routes answer), as the SDKs set it:
 *
 * - `POST /api/v1/annotation-queues/status/{annotation_queue_run_id}`
 *   (`client.annotation_queues.create_run_status`, deprecated in the SDKs
 *   for the next one): `{status?, override_added_at?}`; answers `null`;
 *   404 for an entry not of the caller's workspace, 422 for a malformed
 *   body.
 * - `POST /v1/platform/annotation-queues/items/{queue_item_id}/status`
 *   (`client.annotation_queues.items.create_status`): the same; answers
 *   `{queue_item_id, status, override_added_at, is_archived}`; errors in the
 *   platform's shape (`{error, details}`: 400 malformed, 404 unknown).
 *
 * `status` is `completed` (reviewed: `last_reviewed_time` becomes now, and
 * the queue's `completed` list selects it), `viewed`, or `null` (shown again
 * as not reviewed); absent, it is left as it is. `override_added_at` (a
 * date-time) moves the entry's `added_at`, and so its place in the queue.
 * The emulator knows one reviewer, the caller: a review is the queue's, not
 * a reviewer's. Needs `annotation-queues:update`.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../../core/context";
import { detailError, type FastApiValidationError } from "../../http/errors";
import { kindRecords } from "../../kinds/records";
import { authenticateFor } from "../../kinds/scopeAuth";
import { isUuid, canonicalUuid, throwIfInvalid, uuidPathParam } from "../../http/params";
import type { KindRecord } from "../../core/types";
import { ENTRIES_BUCKET } from "./annotationQueueRuns";
import { platformErrorHandler } from "./platformExamples";

type Json = Record<string, unknown>;

/** The statuses a reviewer may record. */
const REVIEW_STATUSES = ["viewed", "completed"] as const;

/** A review as a body asks for it: `undefined` fields are left as they are. */
interface Review {
  status?: (typeof REVIEW_STATUSES)[number] | null;
  /** ISO 8601, normalized. */
  overrideAddedAt?: string;
}

/** Reads a review body (422 entries collected for what is malformed). */
function reviewOf(body: unknown, errors: FastApiValidationError[]): Review {
  if (body === undefined || body === null) return {};
  if (typeof body !== "object" || Array.isArray(body)) {
    errors.push({ type: "model_attributes_type", loc: ["body"], msg: "Input should be a valid dictionary or object to extract fields from", input: body });
    return {};
  }
  const { status, override_added_at: overrideAddedAt } = body as Json;
  const review: Review = {};
  if (status === null || (typeof status === "string" && (REVIEW_STATUSES as readonly string[]).includes(status))) {
    review.status = status as Review["status"];
  } else if (status !== undefined) {
    errors.push({
      type: "enum",
      loc: ["body", "status"],
      msg: "Input should be 'viewed' or 'completed'",
      input: status,
      ctx: { expected: "'viewed' or 'completed'" },
    });
  }
  if (typeof overrideAddedAt === "string" && !Number.isNaN(Date.parse(overrideAddedAt))) {
    review.overrideAddedAt = new Date(overrideAddedAt).toISOString();
  } else if (overrideAddedAt !== undefined && overrideAddedAt !== null) {
    errors.push({ type: "datetime_from_date_parsing", loc: ["body", "override_added_at"], msg: "Input should be a valid datetime", input: overrideAddedAt });
  }
  return review;
}

/** Records `review` on the caller's workspace's entry `entryId` (404 when there is none); answers the entry. */
function recordReview(ctx: EmulatorContext, request: FastifyRequest, entryId: string, review: Review): KindRecord {
  const { scopeId } = authenticateFor(ctx, request, "workspace", "annotation-queues:update");
  const entry = kindRecords(ctx, ENTRIES_BUCKET).find((r) => r.id === entryId && r.scopeId === scopeId);
  if (entry === undefined) throw detailError(404, `Annotation queue run ${entryId} not found`);
  if (review.status !== undefined) {
    entry.wire["review_status"] = review.status;
    if (review.status === "completed") entry.wire["last_reviewed_time"] = new Date(ctx.now()).toISOString();
  }
  if (review.overrideAddedAt !== undefined) entry.wire["added_at"] = review.overrideAddedAt;
  ctx.store.commit();
  return entry;
}

/** Registers the review routes. */
export function registerAnnotationQueueReviewRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post("/api/v1/annotation-queues/status/:annotation_queue_run_id", async (request) => {
    const entryId = uuidPathParam(request.params, "annotation_queue_run_id");
    const errors: FastApiValidationError[] = [];
    const review = reviewOf(request.body, errors);
    throwIfInvalid(errors);
    recordReview(ctx, request, entryId, review);
    return null;
  });

  app.route({
    method: "POST",
    url: "/v1/platform/annotation-queues/items/:queue_item_id/status",
    errorHandler: platformErrorHandler,
    handler: async (request) => {
      const raw = (request.params as Record<string, string>)["queue_item_id"] ?? "";
      if (!isUuid(raw)) throw detailError(400, `invalid queue_item_id: ${raw} is not a UUID`);
      const errors: FastApiValidationError[] = [];
      const review = reviewOf(request.body, errors);
      if (errors.length > 0) throw detailError(400, errors.map((e) => `${e.loc.slice(1).join(".")}: ${e.msg}`).join("; "));
      const entry = recordReview(ctx, request, canonicalUuid(raw), review);
      return {
        queue_item_id: entry.id,
        status: entry.wire["review_status"] ?? null,
        override_added_at: review.overrideAddedAt ?? null,
        is_archived: false,
      };
    },
  });
}
