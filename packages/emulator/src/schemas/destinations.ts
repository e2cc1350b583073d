/**
 * zod schemas of the bulk-export destination request bodies, written from the
 * published contract (`BulkExportDestinationCreate`,
 * `BulkExportDestinationS3Config`, `BotocoreS3Config`,
 * `BulkExportDestinationS3Credentials`, `BulkExportDestinationUpdate`).
 * Unknown keys are dropped, as pydantic does by default, except on PATCH
 * (see {@link destinationPatchSchema}).
 */
import { z } from "zod";

/** The service's `display_name` pattern. */
export const DISPLAY_NAME_PATTERN = /^[a-zA-Z0-9\-_ ']+$/;

/** S3 addressing styles (`BotocoreS3Config.addressing_style`). */
export const ADDRESSING_STYLES = ["auto", "virtual", "path"] as const;

const credentialsSchema = z.object({
  access_key_id: z.string().min(1).max(255),
  secret_access_key: z.string().min(1).max(2048),
  session_token: z.string().max(2048).nullish(),
});

/** `BotocoreS3Config`: the S3 client settings a destination may carry. */
export const botocoreConfigSchema = z.object({
  addressing_style: z.enum(ADDRESSING_STYLES).nullish(),
  payload_signing_enabled: z.boolean().nullish(),
  us_east_1_regional_endpoint: z.enum(["regional", "legacy"]).nullish(),
  use_accelerate_endpoint: z.boolean().nullish(),
});

/** Destination `config` (`BulkExportDestinationS3Config`); `prefix` defaults to "", `include_bucket_in_prefix` to true. */
export const destinationConfigSchema = z.object({
  aws_role_arn: z.string().nullish(),
  bucket_name: z.string().min(3).max(63).nullish(),
  config_kwargs_s3: botocoreConfigSchema.nullish(),
  endpoint_url: z.string().max(2048).nullish(),
  include_bucket_in_prefix: z.boolean().default(true),
  prefix: z.string().max(2048).default(""),
  region: z.string().min(1).nullish(),
  s3_additional_kwargs: z.record(z.string(), z.unknown()).nullish(),
});

/** Parsed destination `config`. */
export type DestinationConfigBody = z.infer<typeof destinationConfigSchema>;

/** Body of `POST /api/v1/bulk-exports/destinations`; `destination_type` defaults to `s3`. */
export const destinationCreateSchema = z.object({
  destination_type: z.literal("s3").default("s3"),
  display_name: z.string().min(1).regex(DISPLAY_NAME_PATTERN),
  config: destinationConfigSchema,
  credentials: credentialsSchema.nullish(),
});

/** Parsed create body. */
export type DestinationCreateBody = z.infer<typeof destinationCreateSchema>;

/**
 * Body of `PATCH /api/v1/bulk-exports/destinations/{id}`: credentials only.
 * Other keys answer 422 `extra_forbidden` (stricter than the service, which
 * would ignore them, so a client that tries to change config is caught).
 */
export const destinationPatchSchema = z.strictObject({ credentials: credentialsSchema });

/** Parsed PATCH body. */
export type DestinationPatchBody = z.infer<typeof destinationPatchSchema>;

/** Static S3 credentials as stored (encrypted) and used for writes. */
export type S3Credentials = z.infer<typeof credentialsSchema>;
