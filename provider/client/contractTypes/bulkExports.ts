/**
 * Wire schemas of bulk exports (export jobs) and their runs: the ones
 * generated from the contract (`../wire/bulkExports.*`, `BulkExportCreate`,
 * `BulkExportUpdate`, `BulkExport`, `BulkExportRun`), named for the client.
 * Requests are the generated strict schemas; responses the generated loose
 * ones (unknown fields kept). No difference from the document is known here.
 */
import type { z } from "zod";
import {
  zBulkExportCompression,
  zBulkExportCreate,
  zBulkExportFormat,
  zBulkExportFormatVersion,
  zBulkExportStatus,
  zBulkExportUpdate,
} from "../wire/bulkExports.requests";
import { zBulkExport, zBulkExportRun, zGetApiV1BulkExportsByBulkExportIdRunsResponse, zGetApiV1BulkExportsResponse } from "../wire/bulkExports.responses";

/** Statuses of a bulk export. Ended: `Cancelled`, `Completed`, `Failed`, `TimedOut`. */
export const BULK_EXPORT_STATUSES = zBulkExportStatus.options;
/** Statuses after which a bulk export does nothing more. */
export const ENDED_BULK_EXPORT_STATUSES = zBulkExportStatus.extract(["Completed", "Failed", "TimedOut", "Cancelled"]).options;
/** `format` values. */
export const BULK_EXPORT_FORMATS = zBulkExportFormat.options;
/** `format_version` values. */
export const BULK_EXPORT_FORMAT_VERSIONS = zBulkExportFormatVersion.options;
/** `compression` values. */
export const BULK_EXPORT_COMPRESSIONS = zBulkExportCompression.options;

/**
 * Body of `POST /bulk-exports` (contract `BulkExportCreate`). Its type is the
 * schema's input: the defaults the contract declares (`Parquet`, `v1`,
 * `gzip`) are the service's to apply, so they may be left out.
 */
export const CreateBulkExportRequestSchema = zBulkExportCreate;
/** Body of `POST /bulk-exports`. */
export type CreateBulkExportRequest = z.input<typeof CreateBulkExportRequestSchema>;

/** Body of `PATCH /bulk-exports/{id}` (contract `BulkExportUpdate`): cancellation, the only change the contract allows. */
export const CancelBulkExportRequestSchema = zBulkExportUpdate;

/** A bulk export as returned. */
export const BulkExportSchema = zBulkExport;
/** A bulk export as returned. */
export type BulkExport = z.infer<typeof BulkExportSchema>;

/** A run of a bulk export (one time window). */
export const BulkExportRunSchema = zBulkExportRun;
/** A run of a bulk export. */
export type BulkExportRun = z.infer<typeof BulkExportRunSchema>;

/** Response of `GET /bulk-exports`: a bare array. */
export const BulkExportListSchema = zGetApiV1BulkExportsResponse;
/** Response of `GET /bulk-exports/{id}/runs`: a bare array. */
export const BulkExportRunListSchema = zGetApiV1BulkExportsByBulkExportIdRunsResponse;
