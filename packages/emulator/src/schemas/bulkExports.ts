/**
 * zod schemas of the bulk-export job request bodies, written from the
 * published contract (`BulkExportCreate`, `BulkExportUpdate`).
 */
import { z } from "zod";
import { dateTimeString, uuidString } from "./common";

/** `BulkExportCompression`. */
export const BULK_EXPORT_COMPRESSIONS = ["none", "gzip", "snappy", "zstandard"] as const;
/** `BulkExportFormatVersion`. */
export const BULK_EXPORT_FORMAT_VERSIONS = ["v1", "v2_beta"] as const;

/** Body of `POST /api/v1/bulk-exports`; defaults: gzip, Parquet, v1. */
export const bulkExportCreateSchema = z.object({
  bulk_export_destination_id: uuidString(),
  session_id: uuidString(),
  start_time: dateTimeString(),
  end_time: dateTimeString().nullish(),
  compression: z.enum(BULK_EXPORT_COMPRESSIONS).default("gzip"),
  format: z.literal("Parquet").default("Parquet"),
  format_version: z.enum(BULK_EXPORT_FORMAT_VERSIONS).default("v1"),
  export_fields: z.array(z.string()).nullish(),
  filter: z.string().nullish(),
  interval_hours: z.number().int().nullish(),
});

/** Parsed create body. */
export type BulkExportCreateBody = z.infer<typeof bulkExportCreateSchema>;

/** Body of `PATCH /api/v1/bulk-exports/{id}`: the only updatable status is `Cancelled` (the default). */
export const bulkExportUpdateSchema = z.object({ status: z.literal("Cancelled").default("Cancelled") });
