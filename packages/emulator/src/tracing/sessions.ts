/**
 * Tracing projects (the API's "sessions", `/api/v1/sessions`, with
 * `X-Tenant-Id`): the containers runs are traced into, experiments included
 * (a project with a `reference_dataset_id` is an experiment on that dataset).
 *
 * What the service does that the contract cannot say:
 * - A project's name is unique in its workspace: a second `POST` with a
 *   taken name answers 409 ("Session already exists"), unless the request
 *   says `?upsert=true`, which changes the existing project with the body's
 *   fields instead (same id). A `PATCH` to a taken name answers 409 too.
 *   A body without a name gets one made from the new id (`project-<8 hex>`).
 * - `start_time` defaults to the time of the create; `trace_tier` to the
 *   workspace's default tier (its TTL settings, else the organization's,
 *   else `shortlived`).
 * - A project may name datasets of its workspace (404 for another):
 *   `reference_dataset_id` makes it an experiment of that dataset, which is
 *   deleted with the dataset; `default_dataset_id` is where its runs are
 *   added by default, set back to `null` when that dataset is deleted.
 * - The statistics (`run_count`, `last_run_start_time`, token counts,
 *   `total_cost`, latency percentiles of root runs in seconds, `error_rate`
 *   of root runs) are computed from the trace runs seeded for the project's
 *   id (the control handle's `seedTraceRuns`); with none they are `null`
 *   (`run_count` 0). The emulator has no feedback, so the feedback
 *   statistics are `null`. Runs may be seeded for an id no project has
 *   (bulk exports read them as they always did).
 * - Deleting a project (one, or several with `?session_ids=`) deletes its
 *   trace runs and answers `null`; in a delete of several, ids the
 *   workspace does not have are skipped (one alone answers 404).
 * - A `PATCH` with `name: null` leaves the name; other fields sent as `null`
 *   are cleared. Moving a project's `trace_tier` up (to `longlived`) also
 *   needs `projects:increase-trace-tier`, down `projects:decrease-trace-tier`.
 * - Permissions: `projects:read` to read, `projects:create`,
 *   `projects:update`, `projects:delete` to write (a 403 naming the missing one).
 * - The list reads `id`, `name`, `name_contains`, `reference_free` (only
 *   projects without, or with, a reference dataset), `reference_dataset`,
 *   `metadata` (a JSON object the project's `extra.metadata` must contain),
 *   `sort_by` (`feedback` sorts by `start_time`: there is no feedback),
 *   `sort_by_desc`, `offset` and `limit`; the statistics, facets and
 *   feedback parameters change nothing.
 */
import { requireAnyPermission } from "../http/auth";
import type { EmulatorContext } from "../core/context";
import type { KindRecord, TraceRunRecord } from "../core/types";
import { zTracerSessionCreate, zTracerSessionUpdate } from "../wire/tracingAndEvaluation";
import { defineKind } from "../kinds/declaration";
import type { KindCall } from "../kinds/kindCall";
import { kindRecords } from "../kinds/records";
import { isNullParam, metadataParam } from "./tracingQuery";
import { DEFAULT_TRACE_TIER, TTL_SETTINGS } from "../organization/ttlSettings";

type Json = Record<string, unknown>;

/** The tier of the workspace's new traces: its TTL settings', else the organization's, else the system's. */
function workspaceTraceTier(call: KindCall): unknown {
  const own = kindRecords(call.ctx, TTL_SETTINGS.name).find((r) => r.scopeId === call.scopeId);
  const effective = own ?? TTL_SETTINGS.fallback?.(call)[0];
  return effective?.wire["default_trace_tier"] ?? DEFAULT_TRACE_TIER;
}

/** The value at fraction `q` of sorted `values` (nearest rank), or null when there are none. */
function percentile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? null;
}

function sumOf(runs: readonly TraceRunRecord[], pick: (run: TraceRunRecord) => number | null): number | null {
  const values = runs.map(pick).filter((v): v is number => v !== null);
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0);
}

/** The project's statistics, from the trace runs seeded for its id. */
function sessionStats(record: KindRecord, ctx: EmulatorContext): Json {
  const runs = ctx.store.state.traceRuns.filter((r) => r.sessionId === record.id);
  const roots = runs.filter((r) => r.isRoot);
  const latencies = roots.filter((r) => r.endTime !== null).map((r) => (Date.parse(r.endTime ?? "") - Date.parse(r.startTime)) / 1000);
  const lastStart = runs.reduce<string | null>((last, r) => (last === null || r.startTime > last ? r.startTime : last), null);
  const cost = sumOf(runs, (r) => r.totalCost);
  return {
    run_count: runs.length,
    latency_p50: percentile(latencies, 0.5),
    latency_p99: percentile(latencies, 0.99),
    first_token_p50: null,
    first_token_p99: null,
    total_tokens: sumOf(runs, (r) => r.totalTokens),
    prompt_tokens: sumOf(runs, (r) => r.promptTokens),
    completion_tokens: sumOf(runs, (r) => r.completionTokens),
    total_cost: cost === null ? null : String(cost),
    prompt_cost: null,
    completion_cost: null,
    last_run_start_time: lastStart,
    last_run_start_time_live: lastStart,
    feedback_stats: null,
    session_feedback_stats: null,
    run_facets: null,
    error_rate: roots.length === 0 ? null : roots.filter((r) => r.error !== null || r.status === "error").length / roots.length,
    streaming_rate: null,
    test_run_number: null,
  };
}

/** A trace tier change needs the permission of its direction. */
function checkTierChange(changes: Json, record: KindRecord, call: KindCall): void {
  const to = changes["trace_tier"];
  const from = record.wire["trace_tier"];
  if (to === undefined || to === null || to === from) return;
  requireAnyPermission(call.auth, [to === "longlived" ? "projects:increase-trace-tier" : "projects:decrease-trace-tier"]);
}

/** The tracing project kind. */
export const SESSIONS = defineKind({
  name: "sessions",
  noun: "Session",
  scope: "workspace",
  collection: "/api/v1/sessions",
  idParam: "session_id",
  permissions: { read: "projects:read", write: "projects:update", create: "projects:create", update: "projects:update", delete: "projects:delete" },
  create: {
    schema: zTracerSessionCreate,
    acceptsId: true,
    upsertQuery: { param: "upsert", key: ["name"] },
    defaults: { description: null, end_time: null, extra: null, default_dataset_id: null, reference_dataset_id: null },
    derive: (body, call, id) => ({
      name: body["name"] ?? `project-${id.slice(0, 8)}`,
      start_time: body["start_time"] ?? call.nowIso,
      trace_tier: body["trace_tier"] ?? workspaceTraceTier(call),
      tenant_id: call.scopeId,
    }),
  },
  get: true,
  patch: {
    schema: zTracerSessionUpdate,
    derive(changes, record, call) {
      checkTierChange(changes, record, call);
      return {
        ...(changes["name"] === null ? { name: record.wire["name"] } : {}),
        ...(changes["trace_tier"] === null ? { trace_tier: record.wire["trace_tier"] } : {}),
      };
    },
  },
  delete: { answer: "empty" },
  bulkDelete: { param: "session_ids", style: "repeated", maxItems: Infinity, answer: () => null },
  unique: ["name"],
  references: {
    default_dataset_id: { kind: "datasets", onDelete: "unset" },
    reference_dataset_id: { kind: "datasets", onDelete: "delete" },
  },
  timestamps: false,
  render: sessionStats,
  afterDelete(record, call) {
    const state = call.ctx.store.state;
    state.traceRuns = state.traceRuns.filter((r) => r.sessionId !== record.id);
  },
  listQuery: {
    id: { type: "uuids", filters: "id" },
    name: { type: "string", filters: "name" },
    name_contains: { type: "search", fields: ["name"] },
    reference_free: isNullParam("reference_dataset_id"),
    reference_dataset: { type: "uuids", filters: "reference_dataset_id" },
    metadata: metadataParam("extra.metadata"),
    sort_by: {
      type: "sortBy",
      fields: {
        name: ["name"],
        start_time: ["start_time"],
        last_run_start_time: ["last_run_start_time"],
        latency_p50: ["latency_p50"],
        latency_p99: ["latency_p99"],
        error_rate: ["error_rate"],
        feedback: ["start_time"],
        runs_count: ["run_count"],
      },
      default: "start_time",
    },
    sort_by_desc: { type: "descending", default: true },
    offset: { type: "offset" },
    limit: { type: "limit", default: 100, max: 100 },
  },
});
