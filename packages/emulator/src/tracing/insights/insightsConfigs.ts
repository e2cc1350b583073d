/**
 * Insights configurations of a tracing project
 * (`/api/v1/sessions/{session_id}/insights/configs`, with `X-Tenant-Id`;
 * beta): a saved clustering job (what runs to sample, how to summarise and
 * group them, with which model) that the service runs on a schedule or on
 * demand. Served by the Python service: a malformed request is a 422.
 *
 * What the service does that the contract cannot say (the emulator's choices
 * where nothing public says it):
 * - The project must be one of the workspace's (404 otherwise).
 * - There is no read of one config: the list (`{configs}`, every config of
 *   the project, not paged) is the only read. `include_prebuilts` adds the
 *   service's own prebuilt configs; the emulator has none, so it changes
 *   nothing. Each listed config carries `prebuilt: false`.
 * - The stored `config` is normalised: every key of the saved shape is
 *   answered, `null` when not given; `model` defaults to `openai`; the keys
 *   that steer one run only (`config_id`, `is_scheduled`,
 *   `validate_model_secrets`) are not kept.
 * - `schedule_cron` must be a five-field cron expression (400 otherwise);
 *   `null` or absent: no schedule.
 * - `PATCH` changes the fields it sends; a `config` it sends replaces the
 *   stored one whole. Create and `PATCH` answer the config (200).
 * - `DELETE` answers `{id, message}`.
 * - Permissions: `projects:read` to read, `projects:update` to write.
 */
import { detailError } from "../../http/errors";
import { zCreateClusteringJobConfigRequest, zUpdateClusteringJobConfigRequest } from "../../wire/additions";
import { defineKind } from "../../kinds/declaration";
import { RULE_TARGET_KINDS } from "../runRules";

type Json = Record<string, unknown>;

/** The keys of a saved config, each answered (`null` when not given). */
const SAVED_KEYS = [
  "name",
  "last_n_hours",
  "start_time",
  "end_time",
  "hierarchy",
  "partitions",
  "sample",
  "summary_prompt",
  "filter",
  "attribute_schemas",
  "user_context",
  "model",
  "cluster_model",
  "summary_model",
] as const;

/** A five-field cron expression: minute, hour, day of month, month, day of week. */
const CRON = /^\s*(\S+\s+){4}\S+\s*$/;

/** The config as the service stores it: every saved key, `model` defaulted, the per-run keys dropped. */
function savedConfig(config: unknown): Json {
  const given = config !== null && typeof config === "object" ? (config as Json) : {};
  const saved: Json = Object.fromEntries(SAVED_KEYS.map((key) => [key, given[key] ?? null]));
  saved["model"] = given["model"] ?? "openai";
  return saved;
}

/** Refuses a schedule that is not a five-field cron expression. */
function checkCron(body: Json): void {
  const cron = body["schedule_cron"];
  if (typeof cron === "string" && !CRON.test(cron)) throw detailError(400, `Invalid cron expression ${JSON.stringify(cron)}: expected five fields`);
}

/** The insights configuration kind. */
export const INSIGHTS_CONFIGS = defineKind({
  name: "insightsConfigs",
  noun: "Insights config",
  scope: "workspace",
  collection: "/api/v1/sessions/:session_id/insights/configs",
  idParam: "config_id",
  parent: { param: "session_id", kind: RULE_TARGET_KINDS.project },
  permissions: { read: "projects:read", write: "projects:update" },
  create: {
    schema: zCreateClusteringJobConfigRequest,
    defaults: { description: null, schedule_cron: null },
    derive: (body) => {
      checkCron(body);
      return { config: savedConfig(body["config"]) };
    },
  },
  listQuery: { include_prebuilts: { type: "boolean" } },
  patch: {
    schema: zUpdateClusteringJobConfigRequest,
    check: (body) => checkCron(body),
    derive: (changes) => ("config" in changes && changes["config"] !== null ? { config: savedConfig(changes["config"]) } : {}),
    notNull: ["name", "config"],
  },
  delete: { answer: (object) => ({ id: object["id"], message: "Insights config deleted" }) },
  hidden: ["created_at", "updated_at"],
  listAnswer: (objects) => ({ configs: objects.map((object) => ({ ...object, prebuilt: false })) }),
});
