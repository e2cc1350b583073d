/**
 * Bulk exports and their runs as the REST API answers them (`BulkExport`,
 * `BulkExportRun` of the contract, every property present).
 */
import { progressOf } from "./bulkExports";
import type { BulkExportRecord, DestinationRecord } from "./types";

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

/** Renders an export at `nowMs`. */
export function renderBulkExport(record: BulkExportRecord, nowMs: number): Record<string, unknown> {
  const progress = progressOf(record, nowMs);
  return {
    id: record.id,
    tenant_id: record.tenantId,
    bulk_export_destination_id: record.destinationId,
    session_id: record.sessionId,
    start_time: record.startTime,
    end_time: record.endTime,
    compression: record.compression,
    format: record.format,
    format_version: record.formatVersion,
    export_fields: record.exportFields,
    filter: record.filter,
    interval_hours: record.intervalHours,
    source_bulk_export_id: record.sourceBulkExportId,
    status: progress.status,
    created_at: new Date(record.createdAtMs).toISOString(),
    updated_at: iso(record.cancelledAtMs ?? progress.finishedAtMs ?? record.createdAtMs),
    finished_at: iso(progress.finishedAtMs),
  };
}

/**
 * Renders the single run of an export at `nowMs`; its files go under
 * `<destination prefix>/<export id>/<run id>` (none are written).
 */
export function renderBulkExportRun(
  record: BulkExportRecord,
  destination: DestinationRecord | undefined,
  nowMs: number,
): Record<string, unknown> {
  const progress = progressOf(record, nowMs);
  const finishedAtMs = progress.runStatus === "Running" ? null : (record.cancelledAtMs ?? record.createdAtMs + record.durationMs);
  const destinationPrefix = typeof destination?.config["prefix"] === "string" ? destination.config["prefix"] : "";
  const prefix = [destinationPrefix.replace(/^\/+|\/+$/g, ""), record.id, record.runId].filter((p) => p !== "").join("/");
  const createdAt = new Date(record.createdAtMs).toISOString();
  return {
    id: record.runId,
    bulk_export_id: record.id,
    status: progress.runStatus,
    retry_number: 0,
    errors: null,
    start_time: record.startTime,
    end_time: record.endTime,
    metadata: {
      prefix,
      start_time: record.startTime,
      end_time: record.endTime ?? createdAt,
      execution_backend: null,
      result:
        progress.runStatus === "Completed"
          ? { rows_written: 0, exported_files: [], export_path: prefix, latest_cursor: null, pending_upload: null }
          : null,
    },
    created_at: createdAt,
    updated_at: iso(finishedAtMs ?? record.createdAtMs),
    finished_at: iso(finishedAtMs),
  };
}
