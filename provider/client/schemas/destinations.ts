/**
 * Wire schemas of the bulk-export destinations API. Responses are loose
 * (unknown fields kept) and tolerant: the contract declares a full
 * `BulkExportDestination` everywhere, but a PATCH response has been seen
 * without `config`, `display_name` and `destination_type`; credentials are
 * never returned.
 */
import { z } from "zod";

/** Pattern the service enforces on `display_name`. */
export const DISPLAY_NAME_PATTERN = /^[a-zA-Z0-9\-_ ']+$/;

/** `config_kwargs_s3.addressing_style` values. */
export const ADDRESSING_STYLES = ["virtual", "path", "auto"] as const;

/** `config` of a destination as returned; only `bucket_name` and `prefix` are required. */
export const DestinationConfigSchema = z.looseObject({
  bucket_name: z.string(),
  prefix: z.string(),
  region: z.string().nullish(),
  endpoint_url: z.string().nullish(),
  include_bucket_in_prefix: z.boolean().nullish(),
  config_kwargs_s3: z.record(z.string(), z.unknown()).nullish(),
  aws_role_arn: z.string().nullish(),
  s3_additional_kwargs: z.record(z.string(), z.unknown()).nullish(),
});
/** `config` of a destination as returned. */
export type DestinationConfig = z.infer<typeof DestinationConfigSchema>;

/** A destination as returned by create, get, list and PATCH. `id` and `tenant_id` are required. */
export const DestinationSchema = z.looseObject({
  id: z.string(),
  tenant_id: z.string(),
  destination_type: z.string().nullish(),
  display_name: z.string().nullish(),
  config: DestinationConfigSchema.nullish(),
  credentials_keys: z.array(z.string()).nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
/** A destination as returned by the service. */
export type Destination = z.infer<typeof DestinationSchema>;

/** Response of `GET /bulk-exports/destinations`: a bare JSON array. */
export const DestinationListSchema = z.array(DestinationSchema);

/*
 * Request schemas follow the contract (`BulkExportDestinationCreate`,
 * `BulkExportDestinationUpdate`) and are strict: a key the contract does not
 * declare is our own mistake and fails before sending.
 */

/** `credentials` as sent (contract `BulkExportDestinationS3Credentials`): static keys, optionally with a session token. Never returned by the service. */
export const DestinationCredentialsSchema = z.strictObject({
  access_key_id: z.string().min(1).max(255),
  secret_access_key: z.string().min(1).max(2048),
  session_token: z.string().min(1).max(2048).optional(),
});
/** `credentials` as sent. */
export type DestinationCredentials = z.infer<typeof DestinationCredentialsSchema>;

/** `config.config_kwargs_s3.us_east_1_regional_endpoint` values. */
export const US_EAST_1_ENDPOINT_MODES = ["regional", "legacy"] as const;

/** `config.config_kwargs_s3` as sent (contract `BotocoreS3Config`): botocore client settings. */
export const S3ClientConfigInputSchema = z.strictObject({
  addressing_style: z.enum(ADDRESSING_STYLES).optional(),
  payload_signing_enabled: z.boolean().optional(),
  us_east_1_regional_endpoint: z.enum(US_EAST_1_ENDPOINT_MODES).optional(),
  use_accelerate_endpoint: z.boolean().optional(),
});
/** `config.config_kwargs_s3` as sent. */
export type S3ClientConfigInput = z.infer<typeof S3ClientConfigInputSchema>;

/** `config` as sent on create (contract `BulkExportDestinationS3Config`). */
export const DestinationConfigInputSchema = z.strictObject({
  bucket_name: z.string().min(3).max(63),
  prefix: z.string().max(2048),
  region: z.string().min(1).optional(),
  endpoint_url: z.string().max(2048).optional(),
  include_bucket_in_prefix: z.boolean().optional(),
  config_kwargs_s3: S3ClientConfigInputSchema.optional(),
  aws_role_arn: z.string().optional(),
  s3_additional_kwargs: z.record(z.string(), z.unknown()).optional(),
});
/** `config` as sent on create. */
export type DestinationConfigInput = z.infer<typeof DestinationConfigInputSchema>;

/** Body of `POST /bulk-exports/destinations`. Omit `credentials` only on self-hosted installs or with `aws_role_arn`. */
export const CreateDestinationRequestSchema = z.strictObject({
  destination_type: z.literal("s3"),
  display_name: z.string().min(1).regex(DISPLAY_NAME_PATTERN, "must contain only letters, digits, spaces, -, _ and '"),
  config: DestinationConfigInputSchema,
  credentials: DestinationCredentialsSchema.optional(),
});
/** Body of `POST /bulk-exports/destinations`. */
export type CreateDestinationRequest = z.infer<typeof CreateDestinationRequestSchema>;

/** Body of `PATCH /bulk-exports/destinations/{id}`: credential rotation, the only change the contract allows. */
export const PatchDestinationRequestSchema = z.strictObject({ credentials: DestinationCredentialsSchema });
/** Body of `PATCH /bulk-exports/destinations/{id}`. */
export type PatchDestinationRequest = z.infer<typeof PatchDestinationRequestSchema>;
