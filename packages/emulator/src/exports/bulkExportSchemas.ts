/**
 * The bulk-export job request bodies: the schemas generated from the
 * published contract (`../wire/bulkExports.ts`: `BulkExportCreate`,
 * `BulkExportUpdate`), with the ids and times read as pydantic reads them.
 */
import type { z } from "zod";
import { zBulkExportCreate, zBulkExportUpdate } from "../wire/bulkExports";
import { dateTimeString, uuidString } from "../http/schemaBlocks";

/**
 * Body of `POST /api/v1/bulk-exports`; defaults: gzip, Parquet, v1. Its UUIDs
 * and date-times are read as pydantic reads them (a UUID of any version, a
 * date alone or with a space before the time), which the generated formats
 * are stricter than.
 */
export const bulkExportCreateSchema = zBulkExportCreate.extend({
  bulk_export_destination_id: uuidString(),
  session_id: uuidString(),
  start_time: dateTimeString(),
  end_time: dateTimeString().nullish(),
});

/** Parsed create body. */
export type BulkExportCreateBody = z.infer<typeof bulkExportCreateSchema>;

/** Body of `PATCH /api/v1/bulk-exports/{id}`: the only updatable status is `Cancelled` (the default). */
export const bulkExportUpdateSchema = zBulkExportUpdate;
