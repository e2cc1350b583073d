/**
 * Bulk exports and their runs as the REST API answers them (`BulkExport`,
 * `BulkExportRun` of the contract, every property present).
 */
import type { BulkExportRecord, BulkExportRunRecord } from "../core/types";

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

/** Renders an export. */
export function renderBulkExport(record: BulkExportRecord): Record<string, unknown> {
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
    status: record.status,
    created_at: iso(record.createdAtMs),
    updated_at: iso(record.updatedAtMs),
    finished_at: iso(record.finishedAtMs),
  };
}

/**
 * Renders one run of an export: its window, the prefix it writes under and,
 * once it has written anything or ended, its result (rows and files).
 */
export function renderBulkExportRun(record: BulkExportRecord, run: BulkExportRunRecord): Record<string, unknown> {
  const hasResult = run.exportedFiles.length > 0 || run.finishedAtMs !== null;
  return {
    id: run.id,
    bulk_export_id: record.id,
    status: run.status,
    retry_number: 0,
    errors: run.errors,
    start_time: run.windowStart,
    end_time: run.windowEnd,
    metadata: {
      prefix: run.prefix,
      start_time: run.windowStart,
      end_time: run.windowEnd,
      execution_backend: null,
      result: hasResult
        ? {
            rows_written: run.rowsWritten,
            exported_files: [...run.exportedFiles],
            export_path: run.prefix,
            latest_cursor: null,
            pending_upload: null,
          }
        : null,
    },
    created_at: iso(run.createdAtMs),
    updated_at: iso(run.updatedAtMs),
    finished_at: iso(run.finishedAtMs),
  };
}
