/**
 * Bulk exports (export jobs of the REST API): creation with the service's
 * validation (422 for an unsupported filter or export field, an interval
 * outside 1-168 hours, a window that ends before it starts), lookup and
 * cancellation. Runs are executed by the {@link BulkExportRunner}. The
 * exports the service spawns from a scheduled export are made on request
 * ({@link spawnFromSchedule}, the control's `spawnScheduledExport`).
 */
import { randomUUID } from "node:crypto";
import type { BulkExportRunner } from "./bulkExportRunner";
import type { EmulatorContext } from "../core/context";
import { findDestination } from "./destinations";
import { detailError, ValidationFailure } from "../http/errors";
import { compileFilter, UnsupportedFilterError } from "./exportFilter";
import { canonicalUuid } from "../http/params";
import { EXPORT_COLUMN_NAMES } from "./parquetRuns";
import type { BulkExportCreateBody } from "./bulkExportSchemas";
import type { BulkExportRecord, EmulatorState } from "../core/types";

/** One hour, in milliseconds. */
const HOUR_MS = 3_600_000;

/** Bounds of `interval_hours` the service documents (1 hour to 1 week). */
export const INTERVAL_HOURS_BOUNDS = { min: 1, max: 168 } as const;

function isoOf(value: string): string {
  return new Date(value).toISOString();
}

/** A 422 as pydantic answers a model validator's refusal: one `value_error` at `field` of the body. */
function refused(field: string, message: string, input: unknown): ValidationFailure {
  return new ValidationFailure([{ type: "value_error", loc: ["body", field], msg: `Value error, ${message}`, input, ctx: { error: message } }]);
}

/** Rejects what the service refuses on create, with a 422 naming the offending part. */
function validateCreate(body: BulkExportCreateBody): void {
  const interval = body.interval_hours ?? null;
  const endTime = body.end_time ?? null;
  if (interval !== null && endTime !== null)
    throw refused("interval_hours", "Give either end_time (one-off export) or interval_hours (scheduled export), not both", interval);
  if (interval !== null && (interval < INTERVAL_HOURS_BOUNDS.min || interval > INTERVAL_HOURS_BOUNDS.max))
    throw refused("interval_hours", `interval_hours must be between ${INTERVAL_HOURS_BOUNDS.min} and ${INTERVAL_HOURS_BOUNDS.max}`, interval);
  if (endTime !== null && Date.parse(endTime) <= Date.parse(body.start_time)) throw refused("end_time", "end_time must be after start_time", endTime);
  const unknownFields = (body.export_fields ?? []).filter((f) => !EXPORT_COLUMN_NAMES.includes(f));
  if (unknownFields.length > 0) throw refused("export_fields", `Unsupported export_fields: ${unknownFields.join(", ")}`, body.export_fields);
  try {
    compileFilter(body.filter ?? null);
  } catch (error) {
    if (error instanceof UnsupportedFilterError) throw refused("filter", `Unsupported filter: ${error.message}`, body.filter);
    throw error;
  }
}

/** Creates an export on a destination of the workspace (404 when the destination is unknown there) and plans its runs. */
export function createBulkExport(ctx: EmulatorContext, runner: BulkExportRunner, tenantId: string, body: BulkExportCreateBody): BulkExportRecord {
  validateCreate(body);
  const destination = findDestination(ctx.store.state, tenantId, canonicalUuid(body.bulk_export_destination_id));
  const nowMs = ctx.now();
  const intervalHours = body.interval_hours ?? null;
  const record: BulkExportRecord = {
    id: randomUUID(),
    tenantId,
    destinationId: destination.id,
    sessionId: canonicalUuid(body.session_id),
    startTime: isoOf(body.start_time),
    endTime: body.end_time ? isoOf(body.end_time) : null,
    compression: body.compression,
    format: body.format,
    formatVersion: body.format_version,
    exportFields: body.export_fields ?? null,
    filter: body.filter ?? null,
    intervalHours,
    sourceBulkExportId: null,
    status: intervalHours !== null ? "IntervalScheduled" : "Created",
    createdAtMs: nowMs,
    updatedAtMs: nowMs,
    finishedAtMs: null,
    runs: [],
  };
  ctx.store.state.bulkExports.push(record);
  ctx.store.commit();
  runner.schedule(record);
  return record;
}

/** Finds an export of the workspace; 404 otherwise. */
export function findBulkExport(state: EmulatorState, tenantId: string, id: string): BulkExportRecord {
  const record = state.bulkExports.find((b) => b.id === id && b.tenantId === tenantId);
  if (!record) throw detailError(404, "Bulk export not found");
  return record;
}

/** Cancels an export that can still run (its running run too); an export that has ended is left as it is. */
export function cancelBulkExport(ctx: EmulatorContext, runner: BulkExportRunner, record: BulkExportRecord): void {
  if (record.finishedAtMs !== null) return;
  runner.cancel(record);
  const nowMs = ctx.now();
  for (const run of record.runs) {
    if (run.finishedAtMs !== null) continue;
    run.status = "Cancelled";
    run.finishedAtMs = nowMs;
    run.updatedAtMs = nowMs;
  }
  record.status = "Cancelled";
  record.finishedAtMs = nowMs;
  record.updatedAtMs = nowMs;
  ctx.store.commit();
}

/**
 * The export the service spawns from a scheduled export for its next
 * interval: a one-off export of that interval's window (the first from the
 * source's `start_time`, each later one `interval_hours` on), with
 * `source_bulk_export_id` naming the source, whose run is then planned; the
 * service's documentation says each spawned export has that attribute
 * filled and is cancelled apart from its source. The emulator's scheduled
 * export makes runs of its own on its clock instead, so a spawned export is
 * made only when asked for.
 *
 * @throws Error when the workspace has no scheduled export `sourceId`.
 */
export function spawnFromSchedule(ctx: EmulatorContext, runner: BulkExportRunner, sourceId: string): BulkExportRecord {
  const exports = ctx.store.state.bulkExports;
  const source = exports.find((b) => b.id === sourceId);
  if (source === undefined || source.intervalHours === null) throw new Error(`spawning an export: ${sourceId} is no scheduled bulk export`);
  const spawned = exports.filter((b) => b.sourceBulkExportId === source.id).length;
  const startMs = Date.parse(source.startTime) + spawned * source.intervalHours * HOUR_MS;
  const nowMs = ctx.now();
  const record: BulkExportRecord = {
    ...structuredClone(source),
    id: randomUUID(),
    startTime: new Date(startMs).toISOString(),
    endTime: new Date(startMs + source.intervalHours * HOUR_MS).toISOString(),
    intervalHours: null,
    sourceBulkExportId: source.id,
    status: "Created",
    createdAtMs: nowMs,
    updatedAtMs: nowMs,
    finishedAtMs: null,
    runs: [],
  };
  exports.push(record);
  ctx.store.commit();
  runner.schedule(record);
  return record;
}
