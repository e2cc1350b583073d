/**
 * Mapping between the BulkExportDestination's camelCase inputs/outputs and
 * the service's wire shapes, and the plain-words summaries kept in
 * `lastOperation`. Nothing here ever renders a credential value.
 */
import { z } from "zod";
import type { CreateDestinationRequest, Destination, DestinationConfig, DestinationConfigInput, DestinationCredentials } from "./client";
import { ADDRESSING_STYLES, type S3ClientConfigInput, US_EAST_1_ENDPOINT_MODES } from "./client/schemas/destinations";
import { type CredentialsFingerprint, fingerprintCredentials } from "./destinationFingerprint";
import {
  type AddressingStyle,
  DESTINATION_TYPES,
  type DestinationConfigInputs,
  type DestinationCredentialInputs,
  type DestinationInputs,
  type DestinationOutputs,
  STATE_VERSION,
} from "./destinationSchema";

/** Parses checked inputs (as `create` and `update` receive them); `__provider` and unknown keys are dropped. */
export const DestinationInputsSchema = z.object({
  displayName: z.string(),
  destinationType: z.enum(DESTINATION_TYPES).default("s3"),
  config: z.object({
    bucketName: z.string(),
    prefix: z.string(),
    region: z.string().nullish().transform((v) => v ?? undefined),
    endpointUrl: z.string().nullish().transform((v) => v ?? undefined),
    includeBucketInPrefix: z.boolean().nullish().transform((v) => v ?? true),
    addressingStyle: z.enum(ADDRESSING_STYLES).nullish().transform((v) => v ?? undefined),
    payloadSigningEnabled: z.boolean().nullish().transform((v) => v ?? undefined),
    usEast1RegionalEndpoint: z.enum(US_EAST_1_ENDPOINT_MODES).nullish().transform((v) => v ?? undefined),
    useAccelerateEndpoint: z.boolean().nullish().transform((v) => v ?? undefined),
    s3AdditionalKwargs: z.record(z.string(), z.string()).nullish().transform((v) => v ?? undefined),
  }),
  awsRoleArn: z.string().nullish().transform((v) => v ?? undefined),
  credentials: z
    .object({
      accessKeyId: z.string(),
      secretAccessKey: z.string(),
      sessionToken: z.string().nullish().transform((v) => v ?? undefined),
    })
    .nullish()
    .transform((v) => v ?? undefined),
  adoptExistingId: z.string().nullish().transform((v) => v ?? undefined),
});

/**
 * Parses checked inputs, naming the first bad field (never its value).
 * @param action e.g. `creating bulk-export destination`.
 */
export function parseInputs(raw: Record<string, unknown>, action: string): DestinationInputs {
  const parsed = DestinationInputsSchema.safeParse(raw);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join(".") ?? "(inputs)";
    throw new Error(`${action}: invalid input ${field}`);
  }
  return compact(parsed.data) as DestinationInputs;
}

/** Drops keys whose value is `undefined` (the engine's Struct cannot carry them), recursively in plain objects. */
export function compact<T>(value: T): T {
  if (Array.isArray(value)) return value.map(compact) as T;
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) if (child !== undefined) out[key] = compact(child);
    return out as T;
  }
  return value;
}

/** `credentials` on the wire. */
export function toWireCredentials(credentials: DestinationCredentialInputs): DestinationCredentials {
  return {
    access_key_id: credentials.accessKeyId,
    secret_access_key: credentials.secretAccessKey,
    ...(credentials.sessionToken !== undefined ? { session_token: credentials.sessionToken } : {}),
  };
}

/** `config` on the wire (with `aws_role_arn` from the top-level `awsRoleArn`). */
export function toWireConfig(inputs: DestinationInputs): DestinationConfigInput {
  const c = inputs.config;
  const clientConfig = compact<S3ClientConfigInput>({
    addressing_style: c.addressingStyle,
    payload_signing_enabled: c.payloadSigningEnabled,
    us_east_1_regional_endpoint: c.usEast1RegionalEndpoint,
    use_accelerate_endpoint: c.useAccelerateEndpoint,
  });
  return compact<DestinationConfigInput>({
    bucket_name: c.bucketName,
    prefix: c.prefix,
    region: c.region,
    endpoint_url: c.endpointUrl,
    include_bucket_in_prefix: c.includeBucketInPrefix ?? true,
    config_kwargs_s3: Object.keys(clientConfig).length > 0 ? clientConfig : undefined,
    aws_role_arn: inputs.awsRoleArn,
    s3_additional_kwargs: c.s3AdditionalKwargs,
  });
}

/** Body of the create request. */
export function toCreateRequest(inputs: DestinationInputs): CreateDestinationRequest {
  return {
    destination_type: inputs.destinationType,
    display_name: inputs.displayName,
    config: toWireConfig(inputs),
    ...(inputs.credentials !== undefined ? { credentials: toWireCredentials(inputs.credentials) } : {}),
  };
}

function isAddressingStyle(value: unknown): value is AddressingStyle {
  return typeof value === "string" && (ADDRESSING_STYLES as readonly string[]).includes(value);
}

/** A returned `config` in the outputs' camelCase form (unset fields left out, defaults as the service applies them). */
export function configFromWire(config: DestinationConfig): DestinationConfigInputs {
  const clientConfig = config.config_kwargs_s3 ?? {};
  const style = clientConfig["addressing_style"];
  const endpointMode = clientConfig["us_east_1_regional_endpoint"];
  return compact({
    bucketName: config.bucket_name,
    prefix: config.prefix,
    region: config.region ?? undefined,
    endpointUrl: config.endpoint_url ?? undefined,
    includeBucketInPrefix: config.include_bucket_in_prefix ?? true,
    addressingStyle: isAddressingStyle(style) ? style : undefined,
    payloadSigningEnabled: booleanOrUndefined(clientConfig["payload_signing_enabled"]),
    usEast1RegionalEndpoint: (US_EAST_1_ENDPOINT_MODES as readonly unknown[]).includes(endpointMode) ? (endpointMode as DestinationConfigInputs["usEast1RegionalEndpoint"]) : undefined,
    useAccelerateEndpoint: booleanOrUndefined(clientConfig["use_accelerate_endpoint"]),
    s3AdditionalKwargs: stringMapOrUndefined(config.s3_additional_kwargs),
  });
}

function booleanOrUndefined(value: unknown): boolean | undefined {
  return typeof value === "boolean" ? value : undefined;
}

/** A returned `s3_additional_kwargs` as a string map; non-string values are rendered as JSON so drift still shows. */
function stringMapOrUndefined(value: Record<string, unknown> | null | undefined): Record<string, string> | undefined {
  if (value === null || value === undefined || Object.keys(value).length === 0) return undefined;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typeof item === "string" ? item : JSON.stringify(item)]));
}

/** Where the service's test object goes, e.g. `s3://bucket/prefix/tmp/` (plus ` at <endpoint>` for non-AWS stores). */
export function testWriteLocation(config: DestinationConfigInputs): string {
  const prefix = config.prefix.replace(/^\/+|\/+$/g, "");
  const path = [config.bucketName, prefix, "tmp"].filter((p) => p !== "").join("/");
  return `s3://${path}/${config.endpointUrl !== undefined ? ` at ${config.endpointUrl}` : ""}`;
}

/** The outputs echoing `inputs` (what `diff` compares), without the create-only `adoptExistingId` and without credentials. */
export function echoInputs(inputs: DestinationInputs): Omit<DestinationInputs, "adoptExistingId" | "credentials"> {
  const { adoptExistingId: _ignored, credentials: _secret, ...rest } = inputs;
  return compact({ ...rest, config: { ...rest.config, includeBucketInPrefix: rest.config.includeBucketInPrefix ?? true } });
}

/**
 * Outputs after a create, adoption or rotation: the inputs echoed plus what
 * the service returned (a PATCH response may omit config and names; they come
 * from the inputs, never from the response).
 */
export function outputsFor(
  inputs: DestinationInputs,
  destination: Destination,
  extra: {
    lastOperation: string;
    credentialsUpdatedAt?: string | undefined;
    /** Fingerprint of the credentials now in use; default: computed from `inputs.credentials`. */
    credentialsFingerprint?: CredentialsFingerprint | undefined;
    fallback?: Partial<DestinationOutputs>;
  },
): DestinationOutputs {
  const fingerprint =
    "credentialsFingerprint" in extra ? extra.credentialsFingerprint : inputs.credentials && fingerprintCredentials(inputs.credentials);
  return compact({
    ...echoInputs(inputs),
    credentialsFingerprint: fingerprint,
    tenantId: destination.tenant_id,
    createdAt: destination.created_at ?? extra.fallback?.createdAt ?? undefined,
    updatedAt: destination.updated_at ?? extra.fallback?.updatedAt ?? undefined,
    credentialsKeys: destination.credentials_keys ?? extra.fallback?.credentialsKeys ?? [],
    credentialsUpdatedAt: extra.credentialsUpdatedAt,
    lastOperation: extra.lastOperation,
    stateVersion: STATE_VERSION,
  });
}

/**
 * Outputs after a refresh: the service's view of every field it returns,
 * the rest (the credentials' fingerprint, since credentials are never
 * returned, and the provider's own fields) kept from the state, so drift shows in the next preview.
 */
export function refreshedOutputs(state: Record<string, unknown>, destination: Destination): Record<string, unknown> {
  const out: Record<string, unknown> = { ...state };
  if (typeof destination.display_name === "string") out["displayName"] = destination.display_name;
  if (typeof destination.destination_type === "string") out["destinationType"] = destination.destination_type;
  if (destination.config) {
    out["config"] = configFromWire(destination.config);
    if (destination.config.aws_role_arn) out["awsRoleArn"] = destination.config.aws_role_arn;
    else delete out["awsRoleArn"];
  }
  out["tenantId"] = destination.tenant_id;
  if (destination.created_at) out["createdAt"] = destination.created_at;
  if (destination.updated_at) out["updatedAt"] = destination.updated_at;
  if (destination.credentials_keys) out["credentialsKeys"] = destination.credentials_keys;
  out["stateVersion"] = STATE_VERSION;
  return compact(out);
}

/**
 * The service's view of a destination as inputs-like values, for comparing an
 * adopted destination with the inputs (fields the service does not return are
 * taken from the inputs; credentials are left out).
 */
export function serviceView(destination: Destination, inputs: DestinationInputs): Record<string, unknown> {
  return refreshedOutputs({ ...echoInputs(inputs) }, destination);
}

/**
 * Says which credential fields a rotation changes, in words (never values),
 * e.g. `access key id and secret access key changed`.
 *
 * @param changed the changed fields from `diff` (e.g. `credentials.secretAccessKey`).
 * @param previous fingerprint of the credentials in use (undefined: none were set).
 */
export function describeCredentialChange(changed: readonly string[], previous: CredentialsFingerprint | undefined, news: DestinationCredentialInputs): string {
  if (previous === undefined) return "static credentials set";
  const keys: string[] = [];
  if (changed.includes("credentials.accessKeyId")) keys.push("access key id");
  if (changed.includes("credentials.secretAccessKey")) keys.push("secret access key");
  const parts = keys.length === 0 ? [] : [`${keys.join(" and ")} changed`];
  if (changed.includes("credentials.sessionToken")) {
    if (previous.sessionToken === undefined) parts.push("session token added");
    else if (news.sessionToken === undefined) parts.push("session token removed");
    else parts.push("session token changed");
  }
  return parts.length === 0 ? "credentials sent again" : parts.join(", ");
}
