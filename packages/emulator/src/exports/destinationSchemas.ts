/**
 * The bulk-export destination request bodies: the schemas generated from the
 * published contract (`../wire/bulkExports.ts`: `BulkExportDestinationCreate`,
 * with its `BulkExportDestinationS3Config`, `BotocoreS3Config` and
 * `BulkExportDestinationS3Credentials`, and `BulkExportDestinationUpdate`).
 * Unknown keys are dropped, as pydantic does by default, except on PATCH
 * (see {@link destinationPatchSchema}). Defaults: `destination_type` `s3`,
 * `prefix` "", `include_bucket_in_prefix` true.
 */
import type { z } from "zod";
import { zBulkExportDestinationCreate, zBulkExportDestinationS3Credentials, zBulkExportDestinationUpdate } from "../wire/bulkExports";
import { fieldsFirst } from "../http/schemaBlocks";

/** Body of `POST /api/v1/bulk-exports/destinations`, its fields checked in the model's order. */
export const destinationCreateSchema = fieldsFirst(zBulkExportDestinationCreate, ["destination_type", "display_name", "config"]);

/** Parsed create body. */
export type DestinationCreateBody = z.infer<typeof destinationCreateSchema>;

/**
 * Body of `PATCH /api/v1/bulk-exports/destinations/{id}`: credentials only.
 * Other keys answer 422 `extra_forbidden` (stricter than the service, which
 * would ignore them, so a client that tries to change config is caught).
 */
export const destinationPatchSchema = zBulkExportDestinationUpdate.strict();

/** Static S3 credentials as stored (encrypted) and used for writes. */
export type S3Credentials = z.infer<typeof zBulkExportDestinationS3Credentials>;
