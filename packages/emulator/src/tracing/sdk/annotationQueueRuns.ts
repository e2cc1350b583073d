/**
 * The runs of an annotation queue, as the SDKs add, read and remove them
 * (`add_runs_to_annotation_queue`, `get_run_from_annotation_queue`,
 * `delete_run_from_annotation_queue`; the JS SDK's camel-cased ones):
 *
 * - `POST /api/v1/annotation-queues/{queue_id}/runs`: a list of run ids, or
 *   of objects with `run_id`; each must be a trace run of one of the
 *   workspace's projects (404 otherwise: the emulator has runs only as
 *   seeded with the control handle, `POST /__emulator/trace-runs`). A run
 *   already in the queue stays as it is. Answers the queue's entries for
 *   them (`{id, run_id, queue_id, added_at, last_reviewed_time,
 *   source_proposed_example_id}`).
 * - `POST /api/v1/annotation-queues/{queue_id}/runs/by-key` (the SDKs'
 *   `runs=`): the same, each run named by its key, `{run_id, session_id,
 *   start_time, source_proposed_example_id?}`; a key that does not locate
 *   the run (another project, another start time) is 404 as an unknown run
 *   is. `extend_trace_retention` is read and changes nothing (runs here
 *   have no retention).
 * - `GET /api/v1/annotation-queues/{queue_id}/runs` (`offset`, `limit`
 *   1..100, default 100; `status`): the queued runs, oldest added first
 *   (by `added_at`, which a review may move), each the run with `added_at`
 *   and `last_reviewed_time`. The caller is the queue's one reviewer
 *   (`annotationQueueReviews.ts`): `completed` selects the runs reviewed,
 *   `needs_my_review` the others, `needs_others_review` none.
 * - `GET /api/v1/annotation-queues/{queue_id}/size` (`status`): `{"size": n}`
 *   of the same selection.
 * - `GET /api/v1/annotation-queues/{queue_id}/run/{index}`: the run at that
 *   position of the same order (404 past the end).
 * - `DELETE /api/v1/annotation-queues/{queue_id}/runs/{queue_run_id}`:
 *   removes the entry with that id, or the entry of the run with that id
 *   (what the SDKs send); 404 when neither is in the queue; answers `null`.
 *
 * Entries go with their queue. Reading needs `annotation-queues:read`,
 * changing `annotation-queues:update`.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../../core/context";
import { detailError, type FastApiValidationError, ValidationFailure } from "../../http/errors";
import { kindRecords } from "../../kinds/records";
import { authenticateFor } from "../../kinds/scopeAuth";
import { boolQuery, canonicalUuid, enumQuery, intQuery, isUuid, type RawQuery, throwIfInvalid, uuidParsingError, uuidPathParam } from "../../http/params";
import type { KindRecord, TraceRunRecord } from "../../core/types";

type Json = Record<string, unknown>;

/** Where the queue's entries are kept, one record per queued run under its queue. */
export const ENTRIES_BUCKET = "annotationQueueRuns";

/** The queue the path names, in the caller's workspace (404 otherwise). */
export function queueCall(ctx: EmulatorContext, request: FastifyRequest, permission: string): { queueId: string; scopeId: string; nowIso: string } {
  const { scopeId } = authenticateFor(ctx, request, "workspace", permission);
  const queueId = uuidPathParam(request.params, "queue_id");
  if (!kindRecords(ctx, "annotationQueues").some((r) => r.id === queueId && r.scopeId === scopeId)) throw detailError(404, "Annotation queue not found");
  return { queueId, scopeId, nowIso: new Date(ctx.now()).toISOString() };
}

/** The run ids of an add's body: UUIDs, or objects with `run_id` (422 for anything else). */
function runIdsOf(body: unknown): string[] {
  if (!Array.isArray(body)) throw new ValidationFailure([{ type: "list_type", loc: ["body"], msg: "Input should be a valid list", input: body ?? null }]);
  const errors: FastApiValidationError[] = [];
  const ids = body.map((item, index) => {
    const raw = typeof item === "object" && item !== null ? (item as Json)["run_id"] : item;
    if (typeof raw !== "string" || !isUuid(raw)) {
      errors.push(uuidParsingError(raw ?? null, ["body", index]));
      return "";
    }
    return canonicalUuid(raw);
  });
  throwIfInvalid(errors);
  return ids;
}

/** A run to queue, as an add names it. */
interface QueuedRunKey {
  runId: string;
  /** With `/runs/by-key`: the project and start time that must locate the run. */
  sessionId?: string;
  startTime?: string;
  sourceProposedExampleId: string | null;
}

/** A body's `items[index][field]` as a UUID (an error collected when it is not one; `null` allowed when `nullable`). */
function uuidField(item: Json, field: string, index: number, errors: FastApiValidationError[], nullable = false): string | null {
  const raw = item[field];
  if ((raw === undefined || raw === null) && nullable) return null;
  if (raw === undefined) {
    errors.push({ type: "missing", loc: ["body", index, field], msg: "Field required", input: item });
    return null;
  }
  if (typeof raw !== "string" || !isUuid(raw)) {
    errors.push(uuidParsingError(raw, ["body", index, field]));
    return null;
  }
  return canonicalUuid(raw);
}

/** The run keys of a `/runs/by-key` body: `{run_id, session_id, start_time, source_proposed_example_id?}` each (422 otherwise). */
function runKeysOf(body: unknown): QueuedRunKey[] {
  if (!Array.isArray(body)) throw new ValidationFailure([{ type: "list_type", loc: ["body"], msg: "Input should be a valid list", input: body ?? null }]);
  const errors: FastApiValidationError[] = [];
  const keys = body.map((raw, index): QueuedRunKey => {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      errors.push({
        type: "model_attributes_type",
        loc: ["body", index],
        msg: "Input should be a valid dictionary or object to extract fields from",
        input: raw,
      });
      return { runId: "", sourceProposedExampleId: null };
    }
    const item = raw as Json;
    const runId = uuidField(item, "run_id", index, errors) ?? "";
    const sessionId = uuidField(item, "session_id", index, errors) ?? "";
    const sourceProposedExampleId = uuidField(item, "source_proposed_example_id", index, errors, true);
    const startTime = item["start_time"];
    if (typeof startTime !== "string" || Number.isNaN(Date.parse(startTime))) {
      errors.push(
        startTime === undefined
          ? { type: "missing", loc: ["body", index, "start_time"], msg: "Field required", input: item }
          : { type: "datetime_from_date_parsing", loc: ["body", index, "start_time"], msg: "Input should be a valid datetime", input: startTime ?? null },
      );
    }
    return { runId, sessionId, startTime: String(startTime), sourceProposedExampleId };
  });
  throwIfInvalid(errors);
  return keys;
}

/** The queue's entries, oldest added first (`added_at`; a review may move it). */
export function entriesOf(ctx: EmulatorContext, queueId: string): KindRecord[] {
  const at = (entry: KindRecord): number => Date.parse(String(entry.wire["added_at"]));
  return kindRecords(ctx, ENTRIES_BUCKET)
    .filter((r) => r.parentId === queueId)
    .sort((a, b) => at(a) - at(b));
}

/** The run fields the emulator has no value for (no previews, S3 payloads, costs, sharing or threads): answered as `null`. */
const NULL_RUN_FIELDS = [
  "inputs_preview",
  "outputs_preview",
  "serialized",
  "manifest_id",
  "manifest_s3_id",
  "events",
  "inputs_s3_urls",
  "outputs_s3_urls",
  "s3_urls",
  "trace_min_start_time",
  "trace_max_start_time",
  "child_run_ids",
  "direct_child_run_ids",
  "feedback_stats",
  "reference_example_id",
  "prompt_token_details",
  "completion_token_details",
  "prompt_cost",
  "completion_cost",
  "prompt_cost_details",
  "completion_cost_details",
  "price_model_id",
  "first_token_time",
  "messages",
  "last_queued_at",
  "in_dataset",
  "share_token",
  "trace_tier",
  "trace_first_received_at",
  "ttl_seconds",
  "reference_dataset_id",
  "thread_id",
  "effective_added_at",
];

/** An entry as the add routes answer it (`AnnotationQueueRunSchema`): without the review the emulator keeps beside it. */
export function answeredEntry(entry: KindRecord): Json {
  const { id, run_id, queue_id, added_at, last_reviewed_time, source_proposed_example_id } = entry.wire;
  return { id, run_id, queue_id, added_at, last_reviewed_time, source_proposed_example_id: source_proposed_example_id ?? null };
}

/** A trace run with its place in the queue (`RunSchemaWithAnnotationQueueInfo`), as the run routes answer it. */
function queuedRun(run: TraceRunRecord, entry: KindRecord): Json {
  return {
    ...Object.fromEntries(NULL_RUN_FIELDS.map((field) => [field, null])),
    id: run.id,
    name: run.name,
    run_type: run.runType,
    status: run.status,
    start_time: run.startTime,
    end_time: run.endTime,
    inputs: run.inputs,
    outputs: run.outputs,
    error: run.error,
    extra: run.extra,
    tags: run.tags,
    trace_id: run.traceId,
    dotted_order: run.dottedOrder,
    parent_run_id: run.parentRunId,
    parent_run_ids: run.parentRunId === null ? [] : [run.parentRunId],
    session_id: run.sessionId,
    app_path: `/projects/p/${run.sessionId}/r/${run.id}`,
    execution_order: 1,
    total_tokens: run.totalTokens ?? 0,
    prompt_tokens: run.promptTokens ?? 0,
    completion_tokens: run.completionTokens ?? 0,
    total_cost: run.totalCost === null ? null : String(run.totalCost),
    trace_upgrade: false,
    queue_run_id: entry.id,
    added_at: entry.wire["added_at"],
    last_reviewed_time: entry.wire["last_reviewed_time"],
    source_proposed_example_id: entry.wire["source_proposed_example_id"] ?? null,
    reserved_by: [],
    completed_by: [],
  };
}

/**
 * The entries a list's `status` selects (422 for an unknown one). The caller
 * is the queue's one reviewer: `completed` selects the entries reviewed,
 * `needs_my_review` the others, `needs_others_review` none; no status, all.
 */
function byStatus(entries: KindRecord[], query: RawQuery): KindRecord[] {
  const errors: FastApiValidationError[] = [];
  const status = enumQuery(query, "status", ["needs_my_review", "needs_others_review", "completed"], errors);
  throwIfInvalid(errors);
  const reviewed = (entry: KindRecord): boolean => entry.wire["review_status"] === "completed";
  if (status === "completed") return entries.filter(reviewed);
  if (status === "needs_my_review") return entries.filter((entry) => !reviewed(entry));
  return status === "needs_others_review" ? [] : entries;
}

/** Registers the annotation-queue run routes. */
export function registerAnnotationQueueRunRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const runOf = (runId: string): TraceRunRecord | undefined => ctx.store.state.traceRuns.find((r) => r.id === runId);

  /** Queues the runs `keys` name (404 for one that is not a run of the workspace's projects, or that its key does not locate); answers the entries. */
  const addRuns = (request: FastifyRequest, keysOf: (body: unknown) => QueuedRunKey[]): Json[] => {
    const { queueId, scopeId, nowIso } = queueCall(ctx, request, "annotation-queues:update");
    const keys = keysOf(request.body);
    const projects = new Set(
      kindRecords(ctx, "sessions")
        .filter((r) => r.scopeId === scopeId)
        .map((r) => r.id),
    );
    for (const key of keys) {
      const run = runOf(key.runId);
      const located =
        run !== undefined &&
        projects.has(run.sessionId) &&
        (key.sessionId === undefined || key.sessionId === run.sessionId) &&
        (key.startTime === undefined || Date.parse(key.startTime) === Date.parse(run.startTime));
      if (!located) throw detailError(404, `Run ${key.runId} not found`);
    }
    const records = kindRecords(ctx, ENTRIES_BUCKET);
    const added = new Map<string, KindRecord>();
    for (const key of keys) {
      if (added.has(key.runId)) continue;
      const existing = records.find((r) => r.parentId === queueId && r.wire["run_id"] === key.runId);
      if (existing !== undefined) {
        added.set(key.runId, existing);
        continue;
      }
      const id = randomUUID();
      const wire = {
        id,
        run_id: key.runId,
        queue_id: queueId,
        added_at: nowIso,
        last_reviewed_time: null,
        source_proposed_example_id: key.sourceProposedExampleId,
      };
      const entry: KindRecord = { id, scopeId, parentId: queueId, wire };
      records.push(entry);
      added.set(key.runId, entry);
    }
    ctx.store.commit();
    return [...added.values()].map((e) => answeredEntry(e));
  };

  app.post("/api/v1/annotation-queues/:queue_id/runs", async (request) =>
    addRuns(request, (body) => runIdsOf(body).map((runId) => ({ runId, sourceProposedExampleId: null }))),
  );

  app.post("/api/v1/annotation-queues/:queue_id/runs/by-key", async (request) => {
    const errors: FastApiValidationError[] = [];
    boolQuery((request.query ?? {}) as RawQuery, "extend_trace_retention", errors);
    throwIfInvalid(errors);
    return addRuns(request, runKeysOf);
  });

  app.get("/api/v1/annotation-queues/:queue_id/runs", async (request) => {
    const { queueId } = queueCall(ctx, request, "annotation-queues:read");
    const query = (request.query ?? {}) as RawQuery;
    const errors: FastApiValidationError[] = [];
    const offset = intQuery(query, "offset", { defaultValue: 0, ge: 0 }, errors);
    const limit = intQuery(query, "limit", { defaultValue: 100, ge: 1, le: 100 }, errors);
    throwIfInvalid(errors);
    return byStatus(entriesOf(ctx, queueId), query)
      .slice(offset, offset + limit)
      .flatMap((entry) => {
        const run = runOf(String(entry.wire["run_id"]));
        return run === undefined ? [] : [queuedRun(run, entry)];
      });
  });

  app.get("/api/v1/annotation-queues/:queue_id/size", async (request) => {
    const { queueId } = queueCall(ctx, request, "annotation-queues:read");
    return { size: byStatus(entriesOf(ctx, queueId), (request.query ?? {}) as RawQuery).length };
  });

  app.get("/api/v1/annotation-queues/:queue_id/run/:index", async (request) => {
    const { queueId } = queueCall(ctx, request, "annotation-queues:read");
    const errors: FastApiValidationError[] = [];
    const index = intQuery((request.params ?? {}) as RawQuery, "index", { defaultValue: 0 }, errors);
    throwIfInvalid(errors.map((e) => ({ ...e, loc: ["path", "index"] })));
    const entry = entriesOf(ctx, queueId)[index];
    const run = entry === undefined ? undefined : runOf(String(entry.wire["run_id"]));
    if (entry === undefined || run === undefined) throw detailError(404, `No run at index ${index} of the queue`);
    return queuedRun(run, entry);
  });

  app.delete("/api/v1/annotation-queues/:queue_id/runs/:queue_run_id", async (request) => {
    const { queueId } = queueCall(ctx, request, "annotation-queues:update");
    const id = uuidPathParam(request.params, "queue_run_id");
    const records = kindRecords(ctx, ENTRIES_BUCKET);
    const at = records.findIndex((r) => r.parentId === queueId && (r.id === id || r.wire["run_id"] === id));
    if (at < 0) throw detailError(404, "Run not found in the annotation queue");
    records.splice(at, 1);
    ctx.store.commit();
    return null;
  });
}
