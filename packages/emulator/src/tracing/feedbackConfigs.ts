/**
 * Feedback configs (`/api/v1/feedback-configs`, with `X-Tenant-Id`): how
 * the scores under one feedback key are read (continuous between bounds,
 * categorical with labelled values, or freeform text) and whether a lower
 * score is better. Every operation is on the collection: a config is named
 * by its `feedback_key` (the body's for `PATCH`, `?feedback_key=` for
 * `DELETE`), or by its `id` (the body's `id` beside the key; `?id=` alone),
 * as the SDKs' `config_id` sends it.
 *
 * What the service does that the contract cannot say:
 * - A key has one config per workspace: a second `POST` of the key answers
 *   409 (change it with `PATCH`).
 * - A config must make sense: `continuous` bounds with `min` above `max`,
 *   `categorical` without categories or with two categories of one value,
 *   and categories on another type answer 400.
 * - `PATCH` changes what it sends (`null` leaves a field) and answers the
 *   config; `modified_at` is the time of the last write. A key the
 *   workspace has no config for answers 404, on `PATCH` and `DELETE`.
 * - `DELETE` answers 204 with no body.
 * - Permissions: `feedback:read` to read; `feedback:create`,
 *   `feedback:update`, `feedback:delete` to write.
 * - The list reads `key` (at most 50), `name_contains` (in the key),
 *   `sort_by_desc` (by `modified_at`), `offset` and `limit` (none: every
 *   config); `read_after_write` changes nothing (every read sees every write).
 */
import { detailError } from "../http/errors";
import { zCreateFeedbackConfigSchema, zUpdateFeedbackConfigSchema } from "../wire/tracingAndEvaluation";
import { defineKind } from "../kinds/declaration";
import { listParam } from "./tracingQuery";

type Json = Record<string, unknown>;

/** A config as the service answers it: every field present (`null` when not given), categories with their labels. */
function completeConfig(config: Json): Json {
  const categories = Array.isArray(config["categories"]) ? (config["categories"] as Json[]).map((c) => ({ label: null, ...c })) : null;
  return { min: null, max: null, ...config, categories };
}

/** Refuses a config that cannot be read the way its type says (400), and answers it complete. */
function checkConfig(config: unknown): Json {
  if (config === null || typeof config !== "object") return {};
  const { type, min, max, categories } = config as Json;
  const list = Array.isArray(categories) ? (categories as Json[]) : [];
  if (type === "continuous" && typeof min === "number" && typeof max === "number" && min > max) {
    throw detailError(400, `feedback_config: min (${min}) is above max (${max})`);
  }
  if (type === "categorical") {
    if (list.length === 0) throw detailError(400, "feedback_config: a categorical config needs at least one category");
    const values = list.map((c) => c["value"]);
    if (new Set(values).size !== values.length) throw detailError(400, "feedback_config: two categories have the same value");
  } else if (list.length > 0) {
    throw detailError(400, `feedback_config: categories apply to categorical configs only, not ${String(type)}`);
  }
  return { feedback_config: completeConfig(config as Json) };
}

/** The feedback config kind. */
export const FEEDBACK_CONFIGS = defineKind({
  name: "feedbackConfigs",
  noun: "Feedback config",
  scope: "workspace",
  collection: "/api/v1/feedback-configs",
  idParam: "feedback_key",
  keyedBy: "feedback_key",
  permissions: { read: "feedback:read", write: "feedback:update", create: "feedback:create", update: "feedback:update", delete: "feedback:delete" },
  create: {
    schema: zCreateFeedbackConfigSchema,
    derive: (body, call) => ({ ...checkConfig(body["feedback_config"]), tenant_id: call.scopeId }),
  },
  patch: {
    schema: zUpdateFeedbackConfigSchema,
    ignoreNull: true,
    derive: (changes) => checkConfig(changes["feedback_config"]),
  },
  delete: { answer: "none" },
  unique: ["feedback_key"],
  // The body's id names the config (`keyedBy`); it is not a change.
  transient: ["id"],
  timestamps: { updated: "modified_at" },
  listQuery: {
    key: listParam("feedback_key", { max: 50 }),
    name_contains: { type: "search", fields: ["feedback_key"] },
    sort_by_desc: { type: "descending", default: true, by: ["modified_at"] },
    offset: { type: "offset" },
    limit: { type: "limit", max: 100 },
  },
});
