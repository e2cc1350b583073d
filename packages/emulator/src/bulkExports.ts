/**
 * Bulk exports (export jobs of the REST API), simulated: an export has one
 * run that is `Running` for as long as a revision takes to deploy (the sum of
 * the step durations when it was created) and then `Completed`, having
 * written nothing; cancelling (PATCH `status: Cancelled`) stops an unfinished
 * one, and stops a scheduled one (`IntervalScheduled`) at any time.
 * Scheduled exports (`interval_hours`) report `IntervalScheduled`.
 * Real S3 writes are what the control routes' export runs (`exportRuns.ts`) do.
 */
import { randomUUID } from "node:crypto";
import type { EmulatorContext } from "./context";
import { findDestination } from "./destinations";
import { detailError } from "./errors";
import { canonicalUuid } from "./params";
import type { BulkExportCreateBody } from "./schemas";
import { REVISION_STEPS, type BulkExportRecord, type EmulatorState } from "./types";

/** The computed state of an export at a moment. */
export interface BulkExportProgress {
  /** `BulkExportStatus` of the export. */
  status: string;
  /** `BulkExportRunStatus` of its run. */
  runStatus: string;
  /** When it finished (completed or cancelled), epoch milliseconds; `null` while running. */
  finishedAtMs: number | null;
}

/** The status of an export and its run at `nowMs`. */
export function progressOf(bulkExport: BulkExportRecord, nowMs: number): BulkExportProgress {
  const completesAtMs = bulkExport.createdAtMs + bulkExport.durationMs;
  const cancelledAtMs = bulkExport.cancelledAtMs;
  if (cancelledAtMs !== null && cancelledAtMs < completesAtMs) {
    return { status: "Cancelled", runStatus: "Cancelled", finishedAtMs: cancelledAtMs };
  }
  // A scheduled export is never finished: cancelling it after its first run stops the schedule.
  if (cancelledAtMs !== null && bulkExport.intervalHours !== null) {
    return { status: "Cancelled", runStatus: "Completed", finishedAtMs: cancelledAtMs };
  }
  if (nowMs >= completesAtMs) {
    const status = bulkExport.intervalHours !== null ? "IntervalScheduled" : "Completed";
    return { status, runStatus: "Completed", finishedAtMs: bulkExport.intervalHours !== null ? null : completesAtMs };
  }
  return { status: bulkExport.intervalHours !== null ? "IntervalScheduled" : "Running", runStatus: "Running", finishedAtMs: null };
}

function isoOf(value: string): string {
  return new Date(value).toISOString();
}

/** Creates an export on a destination of the workspace (404 when the destination is unknown there). */
export function createBulkExport(ctx: EmulatorContext, tenantId: string, body: BulkExportCreateBody): BulkExportRecord {
  const state = ctx.store.state;
  const destination = findDestination(state, tenantId, canonicalUuid(body.bulk_export_destination_id));
  const durationMs = REVISION_STEPS.reduce((sum, step) => sum + ctx.timings.stepDurationsMs[step], 0);
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
    intervalHours: body.interval_hours ?? null,
    sourceBulkExportId: null,
    createdAtMs: ctx.now(),
    durationMs,
    cancelledAtMs: null,
    runId: randomUUID(),
  };
  state.bulkExports.push(record);
  ctx.store.commit();
  return record;
}

/** Finds an export of the workspace; 404 otherwise. */
export function findBulkExport(state: EmulatorState, tenantId: string, id: string): BulkExportRecord {
  const record = state.bulkExports.find((b) => b.id === id && b.tenantId === tenantId);
  if (!record) throw detailError(404, "Bulk export not found");
  return record;
}

/** Cancels an unfinished or scheduled export (a finished one-off export is left as it is). */
export function cancelBulkExport(ctx: EmulatorContext, record: BulkExportRecord): void {
  const nowMs = ctx.now();
  const progress = progressOf(record, nowMs);
  if (record.cancelledAtMs !== null || (progress.runStatus !== "Running" && progress.status !== "IntervalScheduled")) return;
  record.cancelledAtMs = nowMs;
  ctx.store.commit();
}
