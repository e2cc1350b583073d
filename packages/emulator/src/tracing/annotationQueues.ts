/**
 * Annotation queues (`/api/v1/annotation-queues`, with `X-Tenant-Id`):
 * runs waiting for human review, with the rubric reviewers follow.
 *
 * What the service does that the contract cannot say:
 * - A queue's name is unique in its workspace (409 on create and rename).
 * - Queues made through this API are `single` (one run per item); the
 *   server fills `num_reviewers_per_item` (1), `enable_reservations` (true),
 *   `reservation_minutes` (1) and `reviewer_access_mode` (`any`).
 * - `default_dataset` names a dataset of the workspace (404 for another) and
 *   goes back to `null` when that dataset is deleted. `session_ids` given at
 *   creation must be projects of the workspace (404 otherwise); the queue
 *   keeps no link to them (it is not answered).
 * - The emulator queues no runs: `total_runs` is 0. `assigned_reviewers`
 *   are the identities assigned through the platform's reviewers routes
 *   (`datasets/annotationQueueReviewers.ts`), each still a member of the
 *   workspace.
 * - A `PATCH` changes the fields it names and answers the queue with its
 *   rubric (`name: null` leaves the name; the contract's
 *   `{"__missing__": ...}` leaves a field alone); deleting (one, or at most
 *   100 with `?queue_ids=`) answers `null`; in a delete of several, ids the
 *   workspace does not have are skipped (one alone answers 404).
 * - Permissions: `annotation-queues:read` to read; `annotation-queues:create`,
 *   `annotation-queues:update`, `annotation-queues:delete` to write.
 * - The list reads `ids`, `name`, `name_contains`, `dataset_id` (the
 *   default dataset), `queue_type`, `sort_by` (`name`, `created_at`,
 *   `updated_at`), `sort_by_desc`, `offset` and `limit`; `tag_value_id` and
 *   `assigned_to_me` change nothing (a key is no reviewer).
 */
import { detailError } from "../http/errors";
import { zAnnotationQueueCreateSchema, zAnnotationQueueUpdateSchema } from "../wire/tracingAndEvaluation";
import { defineKind } from "../kinds/declaration";
import type { KindCall } from "../kinds/kindCall";
import { kindRecords } from "../kinds/records";
import { assignedReviewers, REVIEWER_IDS_FIELD } from "./datasets/annotationQueueReviewers";
import { SESSIONS } from "./sessions";

type Json = Record<string, unknown>;

/** Rubric items as the service answers them: every field present (`null` when not given). */
function completeRubric(items: unknown): Json {
  if (!Array.isArray(items)) return {};
  const fields = { description: null, value_descriptions: null, score_descriptions: null, is_required: null, is_assertion: null };
  return { rubric_items: (items as Json[]).map((item) => ({ ...fields, ...item })) };
}

/** Every id of `session_ids` must be a project of the workspace. */
function checkSessions(body: Json, call: KindCall): Json {
  const ids = Array.isArray(body["session_ids"]) ? (body["session_ids"] as string[]) : [];
  const sessions = kindRecords(call.ctx, SESSIONS.name);
  const unknown = ids.filter((id) => !sessions.some((s) => s.id === id.toLowerCase() && s.scopeId === call.scopeId));
  if (unknown.length > 0) throw detailError(404, `session(s) not found: ${unknown.join(", ")}`);
  return { ...completeRubric(body["rubric_items"]), tenant_id: call.scopeId };
}

/** The annotation queue kind. */
export const ANNOTATION_QUEUES = defineKind({
  name: "annotationQueues",
  noun: "Annotation queue",
  scope: "workspace",
  collection: "/api/v1/annotation-queues",
  idParam: "queue_id",
  permissions: {
    read: "annotation-queues:read",
    write: "annotation-queues:update",
    create: "annotation-queues:create",
    update: "annotation-queues:update",
    delete: "annotation-queues:delete",
  },
  create: {
    schema: zAnnotationQueueCreateSchema,
    acceptsId: true,
    defaults: {
      description: null,
      default_dataset: null,
      rubric_items: null,
      rubric_instructions: null,
      metadata: null,
      source_rule_id: null,
      run_rule_id: null,
      queue_type: "single",
      assigned_reviewers: [],
    },
    derive: checkSessions,
  },
  get: true,
  patch: {
    schema: zAnnotationQueueUpdateSchema,
    derive: (changes, record) => ({ ...completeRubric(changes["rubric_items"]), ...(changes["name"] === null ? { name: record.wire["name"] } : {}) }),
  },
  transient: ["session_ids"],
  delete: { answer: "empty" },
  bulkDelete: { param: "queue_ids", style: "repeated", maxItems: 100, answer: () => null },
  unique: ["name"],
  references: { default_dataset: { kind: "datasets", onDelete: "unset" } },
  hidden: [REVIEWER_IDS_FIELD],
  render: (record, ctx) => ({ total_runs: 0, assigned_reviewers: assignedReviewers(record, ctx) }),
  listQuery: {
    ids: { type: "uuids", filters: "id" },
    name: { type: "string", filters: "name" },
    name_contains: { type: "search", fields: ["name"] },
    dataset_id: { type: "uuid", filters: "default_dataset" },
    queue_type: { type: "enum", values: ["single", "pairwise"], filters: "queue_type" },
    sort_by: { type: "sortBy", fields: { name: ["name"], created_at: ["created_at"], updated_at: ["updated_at"] }, default: "created_at" },
    sort_by_desc: { type: "descending", default: true },
    offset: { type: "offset" },
    limit: { type: "limit", default: 100, max: 100 },
  },
});
