/**
 * Feedback formulas (`/api/v1/feedback/formulas`, with `X-Tenant-Id`): a
 * feedback key whose score is a weighted sum or average of other keys'
 * scores, for one dataset's experiments or one tracing project. Every
 * operation is deprecated by the service: composite feedback v2 replaces a
 * formula with a code evaluator run by a run rule, and a tenant on v2 gets
 * 410 from `DELETE` (the emulator's `compositeFeedbackV2` feature; off, it
 * serves a v1 tenant).
 *
 * What the service does that the contract cannot say (the emulator's choices
 * where nothing public says it):
 * - A formula belongs to one dataset or one project: exactly one of
 *   `dataset_id` and `session_id` (400 otherwise); either must be one of the
 *   workspace's (404), and deleting it deletes its formulas.
 * - `feedback_key` is unique within its dataset or project (409).
 * - `PUT` replaces the key, the aggregation and the parts (all required);
 *   the dataset or project cannot change. `DELETE` answers `{}`.
 * - The list reads `dataset_id`, `session_id`, `offset` and `limit`
 *   (default 20, at most 100).
 * - Permissions: `feedback:read` to read; `feedback:create`,
 *   `feedback:update`, `feedback:delete` to write.
 */
import { detailError } from "../../http/errors";
import { zFeedbackFormulaCreate, zFeedbackFormulaUpdate } from "../../wire/additions";
import { defineKind } from "../../kinds/declaration";
import { RULE_TARGET_KINDS } from "../runRules";

/** Refuses a formula that names neither a dataset nor a project, or both. */
function checkOwner(body: Record<string, unknown>): Record<string, unknown> {
  const owners = ["dataset_id", "session_id"].filter((field) => typeof body[field] === "string");
  if (owners.length !== 1) throw detailError(400, "A feedback formula needs exactly one of dataset_id and session_id");
  return {};
}

/** The feedback formula kind. */
export const FEEDBACK_FORMULAS = defineKind({
  name: "feedbackFormulas",
  noun: "Feedback formula",
  scope: "workspace",
  collection: "/api/v1/feedback/formulas",
  idParam: "feedback_formula_id",
  permissions: { read: "feedback:read", write: "feedback:update", create: "feedback:create", update: "feedback:update", delete: "feedback:delete" },
  create: { schema: zFeedbackFormulaCreate, defaults: { dataset_id: null, session_id: null }, derive: checkOwner },
  get: true,
  replace: { schema: zFeedbackFormulaUpdate },
  delete: { answer: "emptyObject" },
  beforeDelete: (_record, call) => {
    if (call.ctx.features.compositeFeedbackV2)
      throw detailError(410, "Feedback formulas are superseded by composite feedback v2 for this workspace: composites are code evaluators run by run rules");
  },
  unique: [["feedback_key", "dataset_id", "session_id"]],
  references: { dataset_id: RULE_TARGET_KINDS.dataset, session_id: RULE_TARGET_KINDS.project },
  timestamps: { created: "created_at", updated: "modified_at" },
  listQuery: {
    dataset_id: { type: "uuid", filters: "dataset_id" },
    session_id: { type: "uuid", filters: "session_id" },
    offset: { type: "offset" },
    limit: { type: "limit", default: 20, max: 100 },
  },
});
