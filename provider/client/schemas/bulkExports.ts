/**
 * Wire schemas of bulk exports (export jobs) and their runs: the contract's
 * `BulkExportCreate`, `BulkExportUpdate`, `BulkExport` and `BulkExportRun`.
 * Requests are strict; responses are loose (unknown fields kept, declared
 * ones nullable where the service may leave them unset).
 */
import { z } from "zod";

/** Statuses of a bulk export. Ended: `Cancelled`, `Completed`, `Failed`, `TimedOut`. */
export const BULK_EXPORT_STATUSES = ["Created", "Running", "IntervalScheduled", "Completed", "Failed", "TimedOut", "Cancelled"] as const;
/** Statuses after which a bulk export does nothing more. */
export const ENDED_BULK_EXPORT_STATUSES = ["Completed", "Failed", "TimedOut", "Cancelled"] as const;
/** `format` values. */
export const BULK_EXPORT_FORMATS = ["Parquet"] as const;
/** `format_version` values. */
export const BULK_EXPORT_FORMAT_VERSIONS = ["v1", "v2_beta"] as const;
/** `compression` values. */
export const BULK_EXPORT_COMPRESSIONS = ["none", "gzip", "snappy", "zstandard"] as const;

/** Body of `POST /bulk-exports`. */
export const CreateBulkExportRequestSchema = z.strictObject({
  bulk_export_destination_id: z.uuid(),
  session_id: z.uuid(),
  start_time: z.iso.datetime({ offset: true }),
  end_time: z.iso.datetime({ offset: true }).nullish(),
  interval_hours: z.int().positive().nullish(),
  filter: z.string().nullish(),
  export_fields: z.array(z.string()).nullish(),
  format: z.enum(BULK_EXPORT_FORMATS).optional(),
  format_version: z.enum(BULK_EXPORT_FORMAT_VERSIONS).optional(),
  compression: z.enum(BULK_EXPORT_COMPRESSIONS).optional(),
});
/** Body of `POST /bulk-exports`. */
export type CreateBulkExportRequest = z.infer<typeof CreateBulkExportRequestSchema>;

/** Body of `PATCH /bulk-exports/{id}`: cancellation, the only change the contract allows. */
export const CancelBulkExportRequestSchema = z.strictObject({ status: z.literal("Cancelled") });

/** A bulk export as returned. */
export const BulkExportSchema = z.looseObject({
  id: z.string(),
  tenant_id: z.string().nullish(),
  bulk_export_destination_id: z.string(),
  session_id: z.string(),
  start_time: z.string(),
  end_time: z.string().nullish(),
  interval_hours: z.number().int().nullish(),
  filter: z.string().nullish(),
  export_fields: z.array(z.string()).nullish(),
  format: z.string().nullish(),
  format_version: z.string().nullish(),
  compression: z.string().nullish(),
  status: z.string(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  finished_at: z.string().nullish(),
  source_bulk_export_id: z.string().nullish(),
});
/** A bulk export as returned. */
export type BulkExport = z.infer<typeof BulkExportSchema>;

/** A run of a bulk export (one time window). */
export const BulkExportRunSchema = z.looseObject({
  id: z.string(),
  bulk_export_id: z.string(),
  status: z.string(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  finished_at: z.string().nullish(),
  start_time: z.string().nullish(),
  end_time: z.string().nullish(),
  retry_number: z.number().int().nullish(),
  errors: z.record(z.string(), z.unknown()).nullish(),
  metadata: z.looseObject({
    prefix: z.string().nullish(),
    start_time: z.string().nullish(),
    end_time: z.string().nullish(),
    result: z
      .looseObject({
        rows_written: z.number().int().nullish(),
        exported_files: z.array(z.string()).nullish(),
        export_path: z.string().nullish(),
        latest_cursor: z.string().nullish(),
      })
      .nullish(),
  }),
});
/** A run of a bulk export. */
export type BulkExportRun = z.infer<typeof BulkExportRunSchema>;

/** Responses of `GET /bulk-exports` and of the runs lists: bare arrays. */
export const BulkExportListSchema = z.array(BulkExportSchema);
/** A list of runs. */
export const BulkExportRunListSchema = z.array(BulkExportRunSchema);
