/**
 * Automation rules of a workspace (`/api/v1/runs/rules`, with
 * `X-Tenant-Id`): on the runs of one tracing project (`session_id`) or the
 * experiments of one dataset (`dataset_id`), the runs a `filter` (and
 * `trace_filter`, `tree_filter`) selects are sampled at `sampling_rate`
 * and acted on: added to a dataset or an annotation queue, scored by online
 * evaluators (`evaluators`, `code_evaluators`, or a workspace evaluator by
 * `evaluator_id`), sent to webhooks, alerted to PagerDuty, or kept with
 * extended retention (`extend_only`). Listed at the collection, changed and
 * deleted at `/api/v1/runs/rules/{rule_id}`.
 *
 * What the service does that the contract cannot say:
 * - A rule applies to exactly one of a project and a dataset (400 for both or
 *   neither); one the workspace does not have answers 404 (the projects and
 *   datasets kinds), and a rule goes with its project or dataset. The dataset
 *   and annotation queue a rule adds runs to must be the workspace's too
 *   (404); deleting one of those leaves the rule without that action (`null`).
 *   `session_name` and `dataset_name` (and the names of the dataset and
 *   annotation queue a rule adds to) are those objects' names now.
 * - `sampling_rate` is a fraction from 0 to 1 (400 otherwise). Filters are
 *   LangSmith's filter language (`and(eq(is_root, true), gt(latency, 5))`),
 *   read when the rule is saved (400 naming what does not parse).
 * - `evaluator_id` names an evaluator of the workspace (404 otherwise);
 *   deleting it with `delete_run_rules=true` deletes its rules (without,
 *   it is refused while rules use it). `evaluator_version` defaults to 1.
 * - A webhook's URL is http or https (400 otherwise). Secrets of the
 *   notification targets are kept encrypted and answered masked (`****`):
 *   a PagerDuty alert's `routing_key` and every webhook header value. A masked
 *   value sent back keeps the stored secret.
 * - `spend_limit.limit_usd` (a positive number, or a decimal string) is
 *   answered as a decimal string; `window` is `weekly`.
 * - `PATCH` takes the whole rule (`display_name` and `sampling_rate`
 *   required); fields it leaves out keep their values. `DELETE` answers `null`.
 * - The emulator traces no runs: no rule fires, and there is no backfill
 *   (`backfill_*` stay `null`), corrections dataset or alignment queue made
 *   (`use_corrections_dataset` and `create_alignment_queue` are kept as sent);
 *   `spend_usd` and `trace_count` stay `null`, and no evaluator is a managed
 *   one. The retention flags (`extend_*_trace_retention`), `is_tracing_disabled`
 *   and `trajectory_evaluators` (the additions' fields) are kept as sent.
 * - The list reads `session_id`, `dataset_id`, `type` (`session`: rules of a
 *   project, `dataset`: of a dataset), `name_contains` (in `display_name`),
 *   `id` (repeated), `evaluator_id` and `tag_value_id` (rules of a project or
 *   dataset tagged with one of these values); `include_backfill_progress`
 *   changes nothing.
 * - Reading needs `rules:read`; creating `rules:create`, changing
 *   `rules:update`, deleting `rules:delete` (403 naming the missing one).
 */
import { detailError } from "../http/errors";
import type { EmulatorContext } from "../core/context";
import { canonicalUuid, enumQuery, isUuid, type RawQuery, uuidParsingError } from "../http/params";
import type { KindRecord } from "../core/types";
import { zRunRulesCreateSchema, zRunRulesUpdateSchema } from "../wire/tracingAndEvaluation";
import { defineKind } from "../kinds/declaration";
import type { KindCall } from "../kinds/kindCall";
import { kindRecords } from "../kinds/records";
import { runFilterProblem } from "./runFilter";
import { SEALED_FIELD, sealSecretValues } from "../kinds/sealedValues";

type Json = Record<string, unknown>;

/** Kind names of what rules name: projects, datasets, annotation queues, evaluators. */
export const RULE_TARGET_KINDS = { project: "sessions", dataset: "datasets", queue: "annotationQueues", evaluator: "evaluators" } as const;

/** The fields of a rule that take filters. */
const FILTER_FIELDS = ["filter", "trace_filter", "tree_filter"] as const;

/** Request fields the rule does not keep. */
const REQUEST_ONLY = ["create_alignment_queue", "tracer_session_issue_id"] as const;

function nameOf(ctx: EmulatorContext, kind: string, id: unknown): string | null {
  if (typeof id !== "string") return null;
  const name = kindRecords(ctx, kind).find((r) => r.id === id)?.wire["name"];
  return typeof name === "string" ? name : null;
}

/** Checks a whole rule (the create body, or the stored rule with a PATCH's changes); 400 naming the problem. */
function checkRule(rule: Json): void {
  const rate = Number(rule["sampling_rate"]);
  if (!(rate >= 0 && rate <= 1)) throw detailError(400, `sampling_rate must be between 0 and 1, not ${String(rule["sampling_rate"])}`);
  const project = rule["session_id"] ?? null;
  const dataset = rule["dataset_id"] ?? null;
  if ((project === null) === (dataset === null)) {
    throw detailError(400, "A rule applies to a tracing project (session_id) or to a dataset (dataset_id): give exactly one");
  }
  for (const field of FILTER_FIELDS) {
    const filter = rule[field];
    if (typeof filter !== "string" || filter.trim() === "") continue;
    const problem = runFilterProblem(filter);
    if (problem !== undefined) throw detailError(400, `${field} is not a valid filter: ${problem}`);
  }
  for (const webhook of (rule["webhooks"] as Json[] | null | undefined) ?? []) {
    if (!/^https?:\/\/\S+$/i.test(String(webhook["url"]))) throw detailError(400, `webhook url ${JSON.stringify(webhook["url"])} is not an http or https URL`);
  }
  const limit = (rule["spend_limit"] as Json | null | undefined)?.["limit_usd"];
  if (typeof limit === "string" && !(/^\d+(\.\d+)?$/.test(limit) && Number(limit) > 0)) {
    throw detailError(400, `spend_limit.limit_usd must be a positive decimal, not ${JSON.stringify(limit)}`);
  }
}

/** The stored form of a rule's fields: checked, secrets sealed (a masked value keeps `previous`'s), the spend limit as a decimal string. */
function storedRule(fields: Json, call: KindCall, previous?: KindRecord): Json {
  const merged = { ...(previous?.wire ?? {}), ...fields };
  checkRule(merged);
  const sealed: Record<string, string> = {};
  const kept = (previous?.wire[SEALED_FIELD] ?? {}) as Record<string, string>;
  const out: Json = {};
  for (const field of ["alerts", "webhooks"] as const) {
    if (field in fields) out[field] = sealSecretValues(call.ctx, fields[field], field, sealed, kept, (path) => path);
    else for (const [path, value] of Object.entries(kept)) if (path.startsWith(`${field}.`)) sealed[path] = value;
  }
  const limit = fields["spend_limit"] as Json | null | undefined;
  if (limit !== undefined && limit !== null) out["spend_limit"] = { ...limit, limit_usd: String(limit["limit_usd"]) };
  return { ...out, [SEALED_FIELD]: sealed };
}

function repeated(query: RawQuery, name: string): string[] {
  const raw = query[name];
  return raw === undefined ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)];
}

/** The automation rule kind. */
export const RUN_RULES = defineKind({
  name: "runRules",
  noun: "Rule",
  scope: "workspace",
  collection: "/api/v1/runs/rules",
  idParam: "rule_id",
  permissions: { read: "rules:read", write: "rules:update", create: "rules:create", update: "rules:update", delete: "rules:delete" },
  create: {
    schema: zRunRulesCreateSchema,
    defaults: {
      session_id: null,
      dataset_id: null,
      filter: null,
      trace_filter: null,
      tree_filter: null,
      backfill_from: null,
      num_few_shot_examples: null,
      add_to_annotation_queue_id: null,
      add_to_dataset_id: null,
      evaluators: null,
      code_evaluators: null,
      evaluator_id: null,
      alerts: null,
      webhooks: null,
      group_by: null,
      spend_limit: null,
      trajectory_evaluators: [],
      extend_dataset_trace_retention: null,
      extend_annotation_queue_trace_retention: null,
      extend_webhook_trace_retention: null,
    },
    derive: (body, call) => ({
      ...storedRule(body, call),
      tenant_id: call.scopeId,
      evaluator_version: body["evaluator_version"] ?? 1,
      backfill_id: null,
      backfill_status: null,
      backfill_progress: null,
      backfill_error: null,
      backfill_completed_at: null,
      corrections_dataset_id: null,
      alignment_annotation_queue_id: null,
    }),
  },
  patch: {
    schema: zRunRulesUpdateSchema,
    notNull: ["is_tracing_disabled"],
    derive: (changes, record, call) => ({
      ...storedRule(changes, call, record),
      ...(changes["evaluator_version"] === null || changes["evaluator_version"] === undefined ? { evaluator_version: record.wire["evaluator_version"] } : {}),
    }),
  },
  delete: { answer: "empty" },
  references: {
    session_id: RULE_TARGET_KINDS.project,
    dataset_id: RULE_TARGET_KINDS.dataset,
    evaluator_id: RULE_TARGET_KINDS.evaluator,
    add_to_dataset_id: { kind: RULE_TARGET_KINDS.dataset, onDelete: "unset" },
    add_to_annotation_queue_id: { kind: RULE_TARGET_KINDS.queue, onDelete: "unset" },
  },
  hidden: [...REQUEST_ONLY, SEALED_FIELD],
  render: (record, ctx) => ({
    evaluator_name: nameOf(ctx, RULE_TARGET_KINDS.evaluator, record.wire["evaluator_id"]),
    is_managed_evaluator: false,
    // The emulator traces no runs: nothing spent, no trace acted on.
    spend_usd: null,
    trace_count: null,
    session_name: nameOf(ctx, RULE_TARGET_KINDS.project, record.wire["session_id"]),
    dataset_name: nameOf(ctx, RULE_TARGET_KINDS.dataset, record.wire["dataset_id"]),
    add_to_dataset_name: nameOf(ctx, RULE_TARGET_KINDS.dataset, record.wire["add_to_dataset_id"]),
    add_to_annotation_queue_name: nameOf(ctx, RULE_TARGET_KINDS.queue, record.wire["add_to_annotation_queue_id"]),
  }),
  listQuery: {
    session_id: { type: "uuid", filters: "session_id" },
    dataset_id: { type: "uuid", filters: "dataset_id" },
    type: {
      type: "custom",
      read: (query, name, errors) => {
        const type = enumQuery(query, name, ["session", "dataset"], errors);
        if (type === undefined) return undefined;
        return (o) => o[type === "session" ? "session_id" : "dataset_id"] !== null;
      },
    },
    name_contains: { type: "search", fields: ["display_name"] },
    id: { type: "uuids", filters: "id" },
    evaluator_id: { type: "uuid", filters: "evaluator_id" },
    tag_value_id: {
      type: "custom",
      read: (query, name, errors, call) => {
        const values = repeated(query, name);
        values.forEach((value, index) => {
          if (!isUuid(value)) errors.push(uuidParsingError(value, ["query", name, index]));
        });
        const wanted = new Set(values.filter(isUuid).map(canonicalUuid));
        if (wanted.size === 0 || call === undefined) return undefined;
        const tagged = new Set(
          kindRecords(call.ctx, "taggings")
            .filter((t) => t.scopeId === call.scopeId && wanted.has(String(t.wire["tag_value_id"])))
            .map((t) => String(t.wire["resource_id"])),
        );
        return (o) => tagged.has(String(o["session_id"])) || tagged.has(String(o["dataset_id"]));
      },
    },
    include_backfill_progress: { type: "boolean" },
  },
});
