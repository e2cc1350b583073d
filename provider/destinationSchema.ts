/**
 * The BulkExportDestination's inputs and outputs as the provider sees them,
 * and, next to each field, its zod check and what a change of it does
 * (`update` = PATCH credentials in place, `replace` = create a new destination
 * then delete the old one). `check` and `diff` are driven by this table.
 */
import { z } from "zod";
import { ADDRESSING_STYLES, DISPLAY_NAME_PATTERN, US_EAST_1_ENDPOINT_MODES } from "./client/schemas/destinations";
import type { CredentialsFingerprint } from "./destinationFingerprint";

/** `config.addressingStyle` values: `virtual`, `path` or `auto` (the service's default). */
export type AddressingStyle = (typeof ADDRESSING_STYLES)[number];

/** The destination types the service supports (only `s3`). */
export const DESTINATION_TYPES = ["s3"] as const;
/** A destination type. */
export type DestinationType = (typeof DESTINATION_TYPES)[number];

/** `config` inputs of a destination (camelCase of the wire's `config`). */
export interface DestinationConfigInputs {
  /** Bucket to write to. */
  bucketName: string;
  /** Root prefix inside the bucket (may be `""`). */
  prefix: string;
  /** Region of the bucket; required without `endpointUrl`. */
  region?: string;
  /** Endpoint of a non-AWS S3-compatible store; omitted for AWS S3. */
  endpointUrl?: string;
  /** Default `true`; `false` when the endpoint already contains the bucket name. */
  includeBucketInPrefix?: boolean;
  /** Default: unset (the service decides, as `auto`). */
  addressingStyle?: AddressingStyle;
  /** botocore `payload_signing_enabled`; default unset (botocore's choice). Some S3-compatible stores need `true`. */
  payloadSigningEnabled?: boolean;
  /** botocore `us_east_1_regional_endpoint`, `regional` or `legacy`; default unset (botocore's choice). */
  usEast1RegionalEndpoint?: (typeof US_EAST_1_ENDPOINT_MODES)[number];
  /** botocore `use_accelerate_endpoint` (S3 Transfer Acceleration); default unset (off). */
  useAccelerateEndpoint?: boolean;
  /**
   * Extra arguments of every S3 write (`s3_additional_kwargs`), e.g.
   * `{ ServerSideEncryption: "aws:kms", SSEKMSKeyId: "…" }`; default unset.
   */
  s3AdditionalKwargs?: Record<string, string>;
}

/** Static S3 credentials (always a Pulumi secret). */
export interface DestinationCredentialInputs {
  accessKeyId: string;
  secretAccessKey: string;
  /** For temporary credentials. */
  sessionToken?: string;
}

/** Inputs after `check` (defaults applied). */
export interface DestinationInputs {
  displayName: string;
  /** Default `s3`. */
  destinationType: DestinationType;
  config: DestinationConfigInputs;
  /** Role-based access instead of keys; excludes `credentials`. */
  awsRoleArn?: string;
  credentials?: DestinationCredentialInputs;
  /** Create only: take over this existing destination instead of POSTing a new one. */
  adoptExistingId?: string;
}

/** Version of the output layout written by this release. */
export const STATE_VERSION = 1;

/**
 * Outputs of the resource: the inputs the diff compares, echoed (credentials
 * as salted fingerprints, never as values), plus what the service and
 * provider add.
 */
export interface DestinationOutputs extends Omit<DestinationInputs, "adoptExistingId" | "credentials"> {
  /** Salted fingerprints of the credentials last accepted by the service (a Pulumi secret); absent without credentials. */
  credentialsFingerprint?: CredentialsFingerprint;
  /** Workspace the destination lives in. */
  tenantId: string;
  /** ISO 8601 creation time reported by the service. */
  createdAt?: string;
  /** ISO 8601 time of the last change reported by the service. */
  updatedAt?: string;
  /** Names (never values) of the credential fields the service holds. */
  credentialsKeys: string[];
  /** `updated_at` of the create or of the last successful rotation. */
  credentialsUpdatedAt?: string;
  /** Plain-words, non-secret summary of what the last create/update did. */
  lastOperation: string;
  /** Layout version of these outputs ({@link STATE_VERSION}). */
  stateVersion: number;
}

/** What changing a field does: PATCH in place, replace, or nothing (`ignored`: create-only inputs). */
export type ChangeEffect = "update" | "replace" | "ignored";

/** One input field: where it is, how it is checked, its default, and what a change does. */
export interface FieldRule {
  /** Dotted path in the inputs, e.g. `config.region`; also the name in check failures and `replaces`. */
  readonly path: string;
  /** Leaf check; its messages are never shown (reasons below are), so values never leak. */
  readonly schema: z.ZodType;
  /** Reason shown when {@link schema} rejects the value; says what to set. */
  readonly reason: string;
  /** Whether the field must be set. */
  readonly required: boolean;
  /** Value `check` fills in when the field is unset; `undefined` for none. */
  readonly default?: unknown;
  /** Value an unset field is compared as in `diff` (same behaviour on the service), when it differs from {@link default}. */
  readonly unsetMeans?: unknown;
  /** What a change does. */
  readonly onChange: ChangeEffect;
  /** Part of the secret `credentials` object: compared without ever being printed. */
  readonly secret: boolean;
}

const nonEmpty = z.string().trim().min(1);

/** `endpointUrl`: an http(s) URL without user info, query or fragment. */
export const EndpointUrlSchema = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.username === "" && url.password === "" && url.search === "" && url.hash === "";
  } catch {
    return false;
  }
});

/** `awsRoleArn`: an IAM role ARN. */
export const ROLE_ARN_PATTERN = /^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@/-]+$/;

/** Longest `displayName` the service accepts, in characters. */
export const MAX_DISPLAY_NAME_LENGTH = 255;

/** Every input field, with its check and change effect. Order is the order of check failures. */
export const DESTINATION_FIELDS: readonly FieldRule[] = [
  {
    path: "displayName",
    schema: z.string().min(1).max(MAX_DISPLAY_NAME_LENGTH).regex(DISPLAY_NAME_PATTERN),
    reason: `displayName is required and may contain only letters, digits, spaces, "-", "_" and "'" (at most ${MAX_DISPLAY_NAME_LENGTH} characters); set displayName to e.g. "trace exports"`,
    required: true,
    onChange: "replace",
    secret: false,
  },
  {
    path: "destinationType",
    schema: z.enum(DESTINATION_TYPES),
    reason: 'destinationType must be "s3" (the only type the service supports); omit it to use the default',
    required: false,
    default: "s3",
    onChange: "replace",
    secret: false,
  },
  {
    path: "config.bucketName",
    schema: z.string().min(3).max(63),
    reason: "config.bucketName is required: set it to the name of the bucket to write exports to (3 to 63 characters)",
    required: true,
    onChange: "replace",
    secret: false,
  },
  {
    path: "config.prefix",
    schema: z.string(),
    reason: 'config.prefix is required: set it to the root prefix inside the bucket, e.g. "langsmith/exports" ("" for the bucket root)',
    required: true,
    onChange: "replace",
    secret: false,
  },
  {
    path: "config.region",
    schema: nonEmpty,
    reason: 'config.region must be a non-empty region name such as "us-east-1"',
    required: false,
    onChange: "replace",
    secret: false,
  },
  {
    path: "config.endpointUrl",
    schema: EndpointUrlSchema,
    reason:
      "config.endpointUrl must be an http(s) URL of an S3-compatible endpoint without user info, query or fragment, e.g. https://storage.googleapis.com; omit it for AWS S3",
    required: false,
    onChange: "replace",
    secret: false,
  },
  {
    path: "config.includeBucketInPrefix",
    schema: z.boolean(),
    reason: "config.includeBucketInPrefix must be true or false (default true; false when the endpoint already contains the bucket name)",
    required: false,
    default: true,
    onChange: "replace",
    secret: false,
  },
  {
    path: "config.addressingStyle",
    schema: z.enum(ADDRESSING_STYLES),
    reason: 'config.addressingStyle must be "virtual", "path" or "auto" (default: unset, which the service treats as "auto")',
    required: false,
    unsetMeans: "auto",
    onChange: "replace",
    secret: false,
  },
  {
    path: "config.payloadSigningEnabled",
    schema: z.boolean(),
    reason: "config.payloadSigningEnabled must be true or false (default: unset, botocore's choice)",
    required: false,
    onChange: "replace",
    secret: false,
  },
  {
    path: "config.usEast1RegionalEndpoint",
    schema: z.enum(US_EAST_1_ENDPOINT_MODES),
    reason: 'config.usEast1RegionalEndpoint must be "regional" or "legacy" (default: unset)',
    required: false,
    onChange: "replace",
    secret: false,
  },
  {
    path: "config.useAccelerateEndpoint",
    schema: z.boolean(),
    reason: "config.useAccelerateEndpoint must be true or false (default: unset, off)",
    required: false,
    onChange: "replace",
    secret: false,
  },
  {
    path: "config.s3AdditionalKwargs",
    schema: z.record(z.string().min(1), z.string()).refine((value) => Object.keys(value).length <= 50),
    reason:
      'config.s3AdditionalKwargs must be a map of S3 PutObject argument names to strings (at most 50), e.g. { ServerSideEncryption: "aws:kms" }',
    required: false,
    onChange: "replace",
    secret: false,
  },
  {
    path: "awsRoleArn",
    schema: z.string().regex(ROLE_ARN_PATTERN),
    reason: "awsRoleArn must be an IAM role ARN such as arn:aws:iam::123456789012:role/langsmith-exports",
    required: false,
    onChange: "replace",
    secret: false,
  },
  {
    path: "credentials.accessKeyId",
    schema: nonEmpty,
    reason: "credentials.accessKeyId must be a non-empty string (the access key id of a key pair with write access to the bucket)",
    required: false,
    onChange: "update",
    secret: true,
  },
  {
    path: "credentials.secretAccessKey",
    schema: nonEmpty,
    reason: "credentials.secretAccessKey must be a non-empty string (the secret of the key pair)",
    required: false,
    onChange: "update",
    secret: true,
  },
  {
    path: "credentials.sessionToken",
    schema: nonEmpty,
    reason: "credentials.sessionToken must be a non-empty string when set (temporary credentials); omit it for static keys",
    required: false,
    onChange: "update",
    secret: true,
  },
  {
    path: "adoptExistingId",
    schema: z.string().regex(/^[A-Za-z0-9_-]{1,256}$/),
    reason:
      "adoptExistingId must be the id of an existing destination of this workspace (letters, digits, '_' and '-'; see GET /api/v1/bulk-exports/destinations)",
    required: false,
    onChange: "ignored",
    secret: false,
  },
];

/** Top-level keys of the inputs, with the nested objects' own keys. */
export const KNOWN_KEYS: Readonly<Record<string, ReadonlySet<string>>> = {
  "": new Set(["displayName", "destinationType", "config", "awsRoleArn", "credentials", "adoptExistingId"]),
  config: new Set([
    "bucketName",
    "prefix",
    "region",
    "endpointUrl",
    "includeBucketInPrefix",
    "addressingStyle",
    "payloadSigningEnabled",
    "usEast1RegionalEndpoint",
    "useAccelerateEndpoint",
    "s3AdditionalKwargs",
  ]),
  credentials: new Set(["accessKeyId", "secretAccessKey", "sessionToken"]),
};

/** Reads a dotted path from a JSON-like value (`undefined` when any step is missing or not an object). */
export function getPath(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const part of path.split(".")) {
    if (current === null || typeof current !== "object" || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}
