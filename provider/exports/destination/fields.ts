/**
 * The BulkExportDestination's inputs: one row per field with its check, wire
 * key, effect of a change (`inPlace` = PATCH credentials, i.e. rotation;
 * `replace` = create a new destination, then delete the old one), secrecy,
 * default and docs. Check, diff, the wire mapping, refresh and the reference
 * table in docs/resources.md derive from {@link DESTINATION_FIELDS}.
 */
import { z } from "zod";
import { ADDRESSING_STYLES, DISPLAY_NAME_PATTERN, US_EAST_1_ENDPOINT_MODES } from "../../client/contractTypes/destinations";
import type { FieldTable, InputsOf } from "../../engine/fields/fields";
import { isCleanHttpUrl } from "../../engine/fields/urls";

/** The destination types the service supports (only `s3`). */
export const DESTINATION_TYPES = ["s3"] as const;

const nonEmpty = z.string().trim().min(1);

/** `endpointUrl`: an http(s) URL without user info, query or fragment. */
export const EndpointUrlSchema = z.string().refine(isCleanHttpUrl);

/** `awsRoleArn`: an IAM role ARN. */
export const ROLE_ARN_PATTERN = /^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@/-]+$/;

/** Longest `displayName` the service accepts, in characters. */
export const MAX_DISPLAY_NAME_LENGTH = 255;

const booleanOrUnset = (value: unknown): unknown => (typeof value === "boolean" ? value : undefined);
const oneOf =
  (values: readonly string[]) =>
  (value: unknown): unknown =>
    typeof value === "string" && values.includes(value) ? value : undefined;
/** A returned `s3_additional_kwargs` as a string map; non-string values are rendered as JSON so drift still shows. */
const stringMapOrUnset = (value: unknown): unknown => {
  if (value === null || typeof value !== "object" || Object.keys(value).length === 0) return undefined;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typeof item === "string" ? item : JSON.stringify(item)]));
};

/** Every input field, with its check and change effect. Order is the order of check failures. */
export const DESTINATION_FIELDS = [
  {
    path: "displayName",
    wire: "display_name",
    refresh: "always",
    type: "string: letters, digits, spaces, `-`, `_`, `'`; at most 255",
    doc: "Name shown in LangSmith.",
    schema: z.string().min(1).max(MAX_DISPLAY_NAME_LENGTH).regex(DISPLAY_NAME_PATTERN),
    reason: `displayName is required and may contain only letters, digits, spaces, "-", "_" and "'" (at most ${MAX_DISPLAY_NAME_LENGTH} characters); set displayName to e.g. "trace exports"`,
    required: true,
    effect: "replace",
    secret: false,
    example: { value: "trace exports", changed: "trace exports v2", other: "trace exports b" },
  },
  {
    path: "destinationType",
    wire: "destination_type",
    refresh: "always",
    type: '`"s3"`',
    doc: "The only type the service supports.",
    schema: z.enum(DESTINATION_TYPES),
    reason: 'destinationType must be "s3" (the only type the service supports); omit it to use the default',
    required: false,
    default: "s3",
    effect: "replace",
    secret: false,
    example: { value: "s3", why: "s3 is the only destination type the service supports" },
  },
  {
    path: "config.bucketName",
    wire: "config.bucket_name",
    refresh: "always",
    type: "string, 3 to 63 characters",
    doc: "Bucket to write exports to.",
    schema: z.string().min(3).max(63),
    reason: "config.bucketName is required: set it to the name of the bucket to write exports to (3 to 63 characters)",
    required: true,
    effect: "replace",
    secret: false,
    example: { value: "{s3.bucket}", why: "the matrix's S3 store has one bucket: another name fails the service's test write" },
  },
  {
    path: "config.prefix",
    wire: "config.prefix",
    refresh: "always",
    type: 'string (`""` = bucket root)',
    doc: "Root prefix inside the bucket, e.g. `langsmith/exports`.",
    schema: z.string(),
    reason: 'config.prefix is required: set it to the root prefix inside the bucket, e.g. "langsmith/exports" ("" for the bucket root)',
    required: true,
    effect: "replace",
    secret: false,
    example: { value: "langsmith/exports", changed: "langsmith/exports-v2" },
  },
  {
    path: "config.region",
    wire: "config.region",
    refresh: "always",
    type: "string, e.g. `us-east-1`",
    doc: "Region of the bucket; required when `endpointUrl` is unset (AWS S3).",
    defaultDoc: "unset",
    schema: nonEmpty,
    reason: 'config.region must be a non-empty region name such as "us-east-1"',
    required: false,
    effect: "replace",
    secret: false,
    example: {
      value: "{s3.region}",
      why: "the matrix's S3 store answers in one region: another fails the service's test write (AuthorizationHeaderMalformed)",
      shown: true,
    },
  },
  {
    path: "config.endpointUrl",
    wire: "config.endpoint_url",
    refresh: "always",
    type: "http(s) URL",
    doc: "Endpoint of a non-AWS S3-compatible store; omit for AWS S3.",
    defaultDoc: "unset (AWS S3)",
    schema: EndpointUrlSchema,
    reason:
      "config.endpointUrl must be an http(s) URL of an S3-compatible endpoint without user info, query or fragment, e.g. https://storage.googleapis.com; omit it for AWS S3",
    required: false,
    effect: "replace",
    secret: false,
    // The changed endpoint addresses the bucket itself (with includeBucketInPrefix false). A minimal object needs it: the matrix's store is not AWS.
    example: { value: "{s3.endpoint}", changed: "{s3.endpoint}/{s3.bucket}", minimal: true, shown: false },
  },
  {
    path: "config.includeBucketInPrefix",
    wire: "config.include_bucket_in_prefix",
    fromWire: (value) => (typeof value === "boolean" ? value : true),
    refresh: "always",
    type: "boolean",
    doc: "`false` when the endpoint already contains the bucket name.",
    schema: z.boolean(),
    reason: "config.includeBucketInPrefix must be true or false (default true; false when the endpoint already contains the bucket name)",
    required: false,
    default: true,
    effect: "replace",
    secret: false,
    example: { value: true, changed: false },
  },
  {
    path: "config.addressingStyle",
    wire: "config.config_kwargs_s3.addressing_style",
    fromWire: oneOf(ADDRESSING_STYLES),
    refresh: "always",
    type: "`virtual` | `path` | `auto`",
    doc: "Bucket in the host name (`virtual`) or in the path; set `virtual` when creation fails with `InvalidBucketName`.",
    defaultDoc: "unset (the service decides, as `auto`)",
    schema: z.enum(ADDRESSING_STYLES),
    reason: 'config.addressingStyle must be "virtual", "path" or "auto" (default: unset, which the service treats as "auto")',
    required: false,
    unsetMeans: "auto",
    effect: "replace",
    secret: false,
    // A local S3 store needs path-style addressing; `auto` is path style for a custom endpoint.
    example: { value: "path", changed: "auto" },
  },
  {
    path: "config.payloadSigningEnabled",
    wire: "config.config_kwargs_s3.payload_signing_enabled",
    fromWire: booleanOrUnset,
    refresh: "always",
    type: "boolean",
    doc: "botocore `payload_signing_enabled`; some S3-compatible stores need `true`.",
    defaultDoc: "unset",
    schema: z.boolean(),
    reason: "config.payloadSigningEnabled must be true or false (default: unset, botocore's choice)",
    required: false,
    effect: "replace",
    secret: false,
    example: { value: true, changed: false },
  },
  {
    path: "config.usEast1RegionalEndpoint",
    wire: "config.config_kwargs_s3.us_east_1_regional_endpoint",
    fromWire: oneOf(US_EAST_1_ENDPOINT_MODES),
    refresh: "always",
    type: "`regional` | `legacy`",
    doc: "botocore `us_east_1_regional_endpoint`.",
    defaultDoc: "unset",
    schema: z.enum(US_EAST_1_ENDPOINT_MODES),
    reason: 'config.usEast1RegionalEndpoint must be "regional" or "legacy" (default: unset)',
    required: false,
    effect: "replace",
    secret: false,
    example: { value: "regional", changed: "legacy" },
  },
  {
    path: "config.useAccelerateEndpoint",
    wire: "config.config_kwargs_s3.use_accelerate_endpoint",
    fromWire: booleanOrUnset,
    refresh: "always",
    type: "boolean",
    doc: "botocore `use_accelerate_endpoint` (S3 Transfer Acceleration).",
    defaultDoc: "unset",
    schema: z.boolean(),
    reason: "config.useAccelerateEndpoint must be true or false (default: unset, off)",
    required: false,
    effect: "replace",
    secret: false,
    example: {
      value: false,
      why: "true cannot be combined with a custom endpoint (botocore refuses S3 Accelerate with endpoint_url), and the matrix's S3 store is one",
    },
  },
  {
    path: "config.s3AdditionalKwargs",
    wire: "config.s3_additional_kwargs",
    fromWire: stringMapOrUnset,
    refresh: "always",
    type: "map of strings",
    doc: 'Extra arguments of every S3 write, e.g. `{ ServerSideEncryption: "aws:kms" }`.',
    defaultDoc: "unset",
    schema: z.record(z.string().min(1), z.string()).refine((value) => Object.keys(value).length <= 50),
    reason: 'config.s3AdditionalKwargs must be a map of S3 PutObject argument names to strings (at most 50), e.g. { ServerSideEncryption: "aws:kms" }',
    required: false,
    effect: "replace",
    secret: false,
    example: { value: { ServerSideEncryption: "AES256" }, changed: { ServerSideEncryption: "AES256", StorageClass: "STANDARD_IA" } },
  },
  {
    path: "awsRoleArn",
    wire: "config.aws_role_arn",
    refresh: "always",
    type: "IAM role ARN",
    doc: "Role-based access instead of keys (sent as `config.aws_role_arn`); excludes `credentials`.",
    defaultDoc: "unset",
    schema: z.string().regex(ROLE_ARN_PATTERN),
    reason: "awsRoleArn must be an IAM role ARN such as arn:aws:iam::123456789012:role/langsmith-exports",
    required: false,
    effect: "replace",
    secret: false,
    example: {
      notSet:
        "it excludes credentials, and a role needs a real IAM role that trusts LangSmith: the emulator does not model role-based access and refuses a destination without keys (400 credentials are required), and the matrix's S3 store knows only key pairs",
    },
  },
  {
    path: "credentials.accessKeyId",
    wire: "credentials.access_key_id",
    refresh: "never",
    type: "string",
    doc: "Access key id of a key pair with `s3:PutObject` on the bucket and prefix.",
    defaultDoc: "required with `credentials`",
    schema: nonEmpty,
    reason: "credentials.accessKeyId must be a non-empty string (the access key id of a key pair with write access to the bucket)",
    required: false,
    effect: "inPlace",
    effectDoc: "update: PATCH (rotation; the service test-writes with the new keys first)",
    secret: true,
    // A minimal object needs keys: the service refuses a destination without them outside self-hosted installs.
    example: { value: "{s3.accessKeyId}", changed: "{s3.accessKeyId2}", minimal: true },
  },
  {
    path: "credentials.secretAccessKey",
    wire: "credentials.secret_access_key",
    refresh: "never",
    type: "string",
    doc: "Secret of the key pair.",
    defaultDoc: "required with `credentials`",
    schema: nonEmpty,
    reason: "credentials.secretAccessKey must be a non-empty string (the secret of the key pair)",
    required: false,
    effect: "inPlace",
    effectDoc: "update: PATCH (rotation; the service test-writes with the new keys first)",
    secret: true,
    example: { value: "{s3.secretAccessKey}", changed: "{s3.secretAccessKey2}", minimal: true },
  },
  {
    path: "credentials.sessionToken",
    wire: "credentials.session_token",
    refresh: "never",
    type: "string",
    doc: "Session token of temporary credentials.",
    defaultDoc: "unset",
    schema: nonEmpty,
    reason: "credentials.sessionToken must be a non-empty string when set (temporary credentials); omit it for static keys",
    required: false,
    effect: "inPlace",
    effectDoc: "update: PATCH (rotation; the service test-writes with the new keys first)",
    secret: true,
    example: { value: "session-{canary}", changed: "session-{canary}-rotated" },
  },
  {
    path: "adoptExistingId",
    type: "destination id",
    doc: "Take over this existing destination instead of creating one (the import path of dynamic providers).",
    schema: z.string().regex(/^[A-Za-z0-9_-]{1,256}$/),
    reason:
      "adoptExistingId must be the id of an existing destination of this workspace (letters, digits, '_' and '-'; see GET /api/v1/bulk-exports/destinations)",
    required: false,
    effect: "createOnly",
    secret: false,
    example: { notSet: "it must name a destination that already exists, which a generated program cannot know" },
  },
] as const satisfies FieldTable;

type TableInputs = InputsOf<typeof DESTINATION_FIELDS>;

/** Static S3 credentials (always a Pulumi secret): both keys of the pair once `check` passed (the table's rows are optional one by one). */
export type DestinationCredentialInputs = NonNullable<TableInputs["credentials"]> & { accessKeyId: string; secretAccessKey: string };

/** Inputs after `check`, all values known, defaults applied: inferred from the table (`config` required, `credentials` a whole pair). */
export type DestinationInputs = Omit<TableInputs, "config" | "credentials"> & {
  config: NonNullable<TableInputs["config"]>;
  credentials?: DestinationCredentialInputs;
};

/** `config` inputs of a destination (camelCase of the wire's `config`). */
export type DestinationConfigInputs = DestinationInputs["config"];
