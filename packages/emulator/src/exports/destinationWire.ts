/**
 * Bulk-export destinations as the REST API answers them (create, GET, list
 * and PATCH alike): a full `BulkExportDestination` with every property of the
 * contract present, defaults applied (`destination_type: "s3"`, `prefix: ""`,
 * `include_bucket_in_prefix: true`) and unset fields `null`. Credential values
 * are never included, only `credentials_keys`.
 */
import type { DestinationRecord } from "../core/types";

/** Every property of the contract's `BulkExportDestinationS3Config`, unset. */
const CONFIG_DEFAULTS: Readonly<Record<string, unknown>> = {
  aws_role_arn: null,
  bucket_name: null,
  config_kwargs_s3: null,
  endpoint_url: null,
  include_bucket_in_prefix: true,
  prefix: "",
  region: null,
  s3_additional_kwargs: null,
};

/** Every property of the contract's `BotocoreS3Config`, unset. */
const BOTOCORE_DEFAULTS: Readonly<Record<string, unknown>> = {
  addressing_style: null,
  payload_signing_enabled: null,
  us_east_1_regional_endpoint: null,
  use_accelerate_endpoint: null,
};

function definedEntries(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

/** A destination `config` with every declared key (stored state may predate some of them). */
export function renderDestinationConfig(config: Record<string, unknown>): Record<string, unknown> {
  const kwargs = config["config_kwargs_s3"];
  return {
    ...CONFIG_DEFAULTS,
    ...definedEntries(config),
    config_kwargs_s3: kwargs !== null && typeof kwargs === "object" ? { ...BOTOCORE_DEFAULTS, ...(kwargs as Record<string, unknown>) } : null,
  };
}

/** Renders a destination as every destination operation returns it. */
export function renderDestination(destination: DestinationRecord): Record<string, unknown> {
  return {
    id: destination.id,
    tenant_id: destination.tenantId,
    destination_type: destination.destinationType,
    display_name: destination.displayName,
    config: renderDestinationConfig(destination.config),
    credentials_keys: [...destination.credentialsKeys],
    created_at: new Date(destination.createdAtMs).toISOString(),
    updated_at: new Date(destination.updatedAtMs).toISOString(),
  };
}
