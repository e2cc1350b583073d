/**
 * `check` of the BulkExportDestination: the field table's rules and those
 * across fields (region or endpoint, key pairs, role or keys), without any request, skipping values
 * still unknown during a preview. One failure per bad property; reasons say
 * what to set and never repeat a value.
 */
import type * as pulumi from "@pulumi/pulumi";
import { checkFields, withDefaults } from "../../engine/fields/fields";
import { isRecord, isUnset } from "../../engine/fields/paths";
import { UNKNOWN } from "../../engine/fields/values";
import { DESTINATION_FIELDS } from "./fields";

/** What the check needs to know about the configured install. */
export interface DestinationCheckOptions {
  /**
   * True for a self-hosted install (`langsmith:selfHostedUrl`, or an
   * `apiUrl` that is not a LangSmith cloud host): only there may
   * `credentials` be omitted (the service then uses its environment's credentials).
   */
  readonly selfHosted: boolean;
  /**
   * True when the previous inputs describe a destination that already exists
   * without credentials in the program (imported: the service never returns
   * them): the program may go on omitting them, and adding them later
   * rotates them (one PATCH). Default false.
   */
  readonly existsWithoutCredentials?: boolean;
}

/** Result of {@link checkDestinationInputs}: inputs with defaults applied, and the failures. */
export interface DestinationCheckResult {
  readonly inputs: Record<string, unknown>;
  readonly failures: pulumi.dynamic.CheckFailure[];
}

type Json = Record<string, unknown>;

/** Set to a known value (neither unset nor unknown). */
function isKnownSet(value: unknown): boolean {
  return !isUnset(value) && value !== UNKNOWN;
}

/** Reason text for the rules that span several fields. */
export const CROSS_FIELD_REASONS = {
  regionOrEndpoint: "config.region is required for AWS S3 buckets; for other S3-compatible stores set config.endpointUrl",
  emptyCredentials:
    "credentials is empty: set credentials.accessKeyId and credentials.secretAccessKey, or remove credentials (self-hosted installs only) or use awsRoleArn",
  accessKeyIdMissing: "credentials.accessKeyId is required with credentials.secretAccessKey: set both keys of the pair",
  secretAccessKeyMissing: "credentials.secretAccessKey is required with credentials.accessKeyId: set both keys of the pair",
  sessionTokenAlone:
    "credentials.sessionToken needs credentials.accessKeyId and credentials.secretAccessKey (temporary credentials are a key pair plus a session token)",
  roleWithCredentials: "awsRoleArn excludes credentials: remove credentials to use role-based access, or remove awsRoleArn to use the key pair",
  credentialsRequired:
    "credentials are required on LangSmith cloud: set credentials.accessKeyId and credentials.secretAccessKey (a key pair with write access to the bucket), " +
    "or awsRoleArn for role-based access; only self-hosted installs (langsmith:selfHostedUrl or a self-hosted langsmith:apiUrl) may omit them",
  configRequired: "config is required: set config.bucketName, config.prefix, and config.region (AWS S3) or config.endpointUrl (other S3-compatible stores)",
} as const;

/**
 * Whether previous inputs are those of an existing destination with neither
 * credentials nor a role in them (what `pulumi import` reads back).
 */
export function existsWithoutCredentials(olds: Json): boolean {
  return typeof olds["displayName"] === "string" && isUnset(olds["credentials"]) && isUnset(olds["awsRoleArn"]);
}

/**
 * Validates destination inputs and applies defaults (`destinationType: "s3"`,
 * `config.includeBucketInPrefix: true`). Unknown values are accepted as they are.
 *
 * @param news the resource's new inputs (may hold `__provider` and unknown values).
 * @param options what the check needs to know about the install.
 */
export function checkDestinationInputs(news: Json, options: DestinationCheckOptions): DestinationCheckResult {
  const failures = new Map<string, string>();
  const fail = (property: string, reason: string): void => {
    if (!failures.has(property)) failures.set(property, reason);
  };
  if (isUnset(news["config"])) fail("config", CROSS_FIELD_REASONS.configRequired);
  for (const failure of checkFields(DESTINATION_FIELDS, news, "BulkExportDestination")) fail(failure.property, failure.reason);

  // Rules across fields.
  const config = news["config"];
  if (isRecord(config) && isUnset(config["region"]) && isUnset(config["endpointUrl"])) {
    fail("config.region", CROSS_FIELD_REASONS.regionOrEndpoint);
  }
  const credentials = news["credentials"];
  const role = news["awsRoleArn"];
  if (isRecord(credentials)) {
    const keyId = credentials["accessKeyId"];
    const secret = credentials["secretAccessKey"];
    const token = credentials["sessionToken"];
    if (isUnset(keyId) && isUnset(secret) && isUnset(token)) fail("credentials", CROSS_FIELD_REASONS.emptyCredentials);
    else if (isUnset(keyId) && !isUnset(secret)) fail("credentials.accessKeyId", CROSS_FIELD_REASONS.accessKeyIdMissing);
    else if (!isUnset(keyId) && isUnset(secret)) fail("credentials.secretAccessKey", CROSS_FIELD_REASONS.secretAccessKeyMissing);
    if (!isUnset(token) && (isUnset(keyId) || isUnset(secret))) fail("credentials.sessionToken", CROSS_FIELD_REASONS.sessionTokenAlone);
  }
  if (isKnownSet(role) && isKnownSet(credentials)) fail("awsRoleArn", CROSS_FIELD_REASONS.roleWithCredentials);
  if (isUnset(credentials) && isUnset(role) && !options.selfHosted && options.existsWithoutCredentials !== true)
    fail("credentials", CROSS_FIELD_REASONS.credentialsRequired);

  return {
    inputs: withDefaults(DESTINATION_FIELDS, news),
    failures: [...failures].map(([property, reason]) => ({ property, reason })),
  };
}
