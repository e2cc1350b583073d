/**
 * Wire schemas of the bulk-export destinations API: the ones generated from
 * the contract (`../wire/bulkExports.*`), named for the client. Requests are
 * the generated strict schemas; responses the generated loose ones (unknown
 * fields kept; credentials are never returned), relaxed where the service is
 * known to differ or a read must not fail (docs/contract.md, "Differences
 * kept on purpose"), each relaxation said where it is made.
 */
import { z } from "zod";
import {
  zBotocoreS3Config,
  zBulkExportDestinationCreate,
  zBulkExportDestinationS3Config,
  zBulkExportDestinationS3Credentials,
  zBulkExportDestinationUpdate,
} from "../wire/bulkExports.requests";
import { zBulkExportDestination, zBulkExportDestinationS3Config as zDestinationConfigResponse } from "../wire/bulkExports.responses";

/** The pattern a generated string schema declares. */
function patternOf(schema: z.ZodString): RegExp {
  const { pattern } = z.toJSONSchema(schema);
  if (pattern === undefined) throw new Error("the contract declares no pattern here");
  return new RegExp(pattern);
}

/** Pattern the service enforces on `display_name` (the contract's). */
export const DISPLAY_NAME_PATTERN = patternOf(zBulkExportDestinationCreate.shape.display_name);

/** `config_kwargs_s3.addressing_style` values (the contract's, in the order the documentation lists them). */
export const ADDRESSING_STYLES = zBotocoreS3Config.shape.addressing_style.unwrap().unwrap().extract(["virtual", "path", "auto"]).options;

/** `config.config_kwargs_s3.us_east_1_regional_endpoint` values. */
export const US_EAST_1_ENDPOINT_MODES = zBotocoreS3Config.shape.us_east_1_regional_endpoint.unwrap().unwrap().options;

/*
 * Responses. The document's limits on what a destination is created with (a bucket name
 * of 3 to 63 characters, the lengths of prefix and endpoint, a non-empty
 * region, the display name's pattern) are the service's checks of its input.
 * They are not applied to what is read: a destination the service holds
 * stays readable (refresh, import, deletion) whatever it was created with.
 */

/** `config` of a destination as returned (the contract's `BulkExportDestinationS3Config`, its input limits not applied). */
export const DestinationConfigSchema = zDestinationConfigResponse.extend({
  bucket_name: z.string().nullish(),
  endpoint_url: z.string().nullish(),
  prefix: z.string().optional().default(""),
  region: z.string().nullish(),
});
/** `config` of a destination as returned. */
export type DestinationConfig = z.infer<typeof DestinationConfigSchema>;

/** A destination as returned by create, get and list (the contract's `BulkExportDestination`, its input limits not applied). */
export const DestinationSchema = zBulkExportDestination.extend({ config: DestinationConfigSchema, display_name: z.string() });

/**
 * A destination as returned by PATCH: the service has been seen answering a
 * credential rotation without `config`, `display_name` and `destination_type`,
 * so only `id` and `tenant_id` are required (the provider keeps its previous
 * record of whatever the response leaves out).
 */
export const PatchedDestinationSchema = DestinationSchema.partial({
  config: true,
  display_name: true,
  destination_type: true,
  credentials_keys: true,
  created_at: true,
  updated_at: true,
});
/** A destination as returned by the service (by PATCH, possibly with only `id` and `tenant_id`). */
export type Destination = z.infer<typeof PatchedDestinationSchema>;

/** Response of `GET /bulk-exports/destinations`: a bare JSON array. */
export const DestinationListSchema = z.array(DestinationSchema);

/*
 * Requests: the generated strict schemas as they are (a key the contract does
 * not declare is our own mistake and fails before sending). Their types are
 * the schemas' inputs: a default the contract declares is the service's to
 * apply, so it may be left out.
 */

/** `credentials` as sent (contract `BulkExportDestinationS3Credentials`): static keys, optionally with a session token. Never returned by the service. */
export const DestinationCredentialsSchema = zBulkExportDestinationS3Credentials;
/** `credentials` as sent. */
export type DestinationCredentials = z.input<typeof DestinationCredentialsSchema>;

/** `config.config_kwargs_s3` as sent (contract `BotocoreS3Config`): botocore client settings. */
export const S3ClientConfigInputSchema = zBotocoreS3Config;
/** `config.config_kwargs_s3` as sent. */
export type S3ClientConfigInput = z.input<typeof S3ClientConfigInputSchema>;

/** `config` as sent on create (contract `BulkExportDestinationS3Config`). */
export const DestinationConfigInputSchema = zBulkExportDestinationS3Config;
/** `config` as sent on create. */
export type DestinationConfigInput = z.input<typeof DestinationConfigInputSchema>;

/**
 * Body of `POST /bulk-exports/destinations` (contract
 * `BulkExportDestinationCreate`). Omit `credentials` only on self-hosted
 * installs or with `aws_role_arn`. The same schema with `display_name` checked
 * first, so that a bad name is the mistake reported (a request error names
 * the first field that fails).
 */
export const CreateDestinationRequestSchema = zBulkExportDestinationCreate.pick({ display_name: true }).extend(zBulkExportDestinationCreate.shape);
/** Body of `POST /bulk-exports/destinations`. */
export type CreateDestinationRequest = z.input<typeof CreateDestinationRequestSchema>;

/** Body of `PATCH /bulk-exports/destinations/{id}` (contract `BulkExportDestinationUpdate`): credential rotation, the only change the contract allows. */
export const PatchDestinationRequestSchema = zBulkExportDestinationUpdate;
/** Body of `PATCH /bulk-exports/destinations/{id}`. */
export type PatchDestinationRequest = z.input<typeof PatchDestinationRequestSchema>;
