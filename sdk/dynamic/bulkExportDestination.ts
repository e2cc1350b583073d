import * as pulumi from "@pulumi/pulumi";
import { DESTINATION_OUTPUT_SPECS } from "../../provider/exports/destination/outputs";
import { secretOutputNames, unsetOutputs } from "../../provider/engine/state/outputs";
import { providerShim } from "./providerShim";

/** Where exports are written: an AWS S3 bucket or any S3-compatible store. Changing any field replaces the destination. */
export interface BulkExportDestinationConfigArgs {
  /** Bucket to write to. Required. */
  bucketName: pulumi.Input<string>;
  /** Root prefix inside the bucket, e.g. `"langsmith/exports"`; `""` for the bucket root. Required. */
  prefix: pulumi.Input<string>;
  /** Region of the bucket, e.g. `"us-east-1"`. Required for AWS S3 (when `endpointUrl` is unset). Default: unset. */
  region?: pulumi.Input<string>;
  /**
   * Endpoint of a non-AWS S3-compatible store (http or https URL), e.g. the
   * XML API address of an object store. Omit for AWS S3. Default: unset.
   */
  endpointUrl?: pulumi.Input<string>;
  /** Default `true`. Set `false` when `endpointUrl` already contains the bucket name (virtual-hosted style endpoint). */
  includeBucketInPrefix?: pulumi.Input<boolean>;
  /**
   * `virtual` (bucket in the host name), `path` (bucket in the URL path) or
   * `auto`. Default: unset, which the service treats as `auto`. Set
   * `virtual` when creation fails with `InvalidBucketName`.
   */
  addressingStyle?: pulumi.Input<"virtual" | "path" | "auto">;
  /** botocore's `payload_signing_enabled`: sign the payload of each write. Some S3-compatible stores need `true`. Default: unset (botocore's choice). */
  payloadSigningEnabled?: pulumi.Input<boolean>;
  /** botocore's `us_east_1_regional_endpoint`: `regional` or `legacy`. Default: unset (botocore's choice). */
  usEast1RegionalEndpoint?: pulumi.Input<"regional" | "legacy">;
  /** botocore's `use_accelerate_endpoint`: write through S3 Transfer Acceleration. Default: unset (off). */
  useAccelerateEndpoint?: pulumi.Input<boolean>;
  /**
   * Extra arguments of every S3 write (`s3_additional_kwargs`), as strings, e.g.
   * `{ ServerSideEncryption: "aws:kms", SSEKMSKeyId: "<key arn>" }`. Default: unset.
   */
  s3AdditionalKwargs?: pulumi.Input<Record<string, pulumi.Input<string>>>;
}

/** Static S3 credentials. Always stored as a Pulumi secret. Changing them rotates them in place (PATCH). */
export interface BulkExportDestinationCredentialsArgs {
  /** Access key id of a key pair with write access (`s3:PutObject`) to the bucket and prefix. */
  accessKeyId: pulumi.Input<string>;
  /** Secret access key of the pair. */
  secretAccessKey: pulumi.Input<string>;
  /** Session token, for temporary credentials (needs LangSmith Helm chart 0.10.34+ when self-hosted). Default: unset. */
  sessionToken?: pulumi.Input<string>;
}

/** Inputs of {@link BulkExportDestination}. */
export interface BulkExportDestinationArgs {
  /**
   * Human-readable name; letters, digits, spaces, `-`, `_` and `'` only (at
   * most 255 characters). Changing it replaces the destination.
   */
  displayName: pulumi.Input<string>;
  /** Destination type; only `"s3"` exists. Default `"s3"`. Changing it replaces the destination. */
  destinationType?: pulumi.Input<"s3">;
  /** Bucket, prefix and addressing. Changing any field replaces the destination (new one first, then the old one is deleted). */
  config: pulumi.Input<BulkExportDestinationConfigArgs>;
  /**
   * IAM role ARN for role-based access instead of keys (sent as
   * `config.aws_role_arn`). Excludes `credentials`. Default: unset. Changing it
   * replaces the destination.
   */
  awsRoleArn?: pulumi.Input<string>;
  /**
   * Static credentials; the whole object is always a Pulumi secret, even when
   * given as plain strings. Required on LangSmith cloud unless `awsRoleArn` is
   * set; omit only on self-hosted installs to use the service's environment
   * credentials. Changing it rotates the credentials in place (the service
   * test-writes with the new ones first); removing it replaces the destination.
   */
  credentials?: pulumi.Input<BulkExportDestinationCredentialsArgs>;
  /**
   * Id of an existing destination of the workspace to take over instead of
   * creating one (the import path: dynamic providers cannot serve
   * `pulumi import`). On create the provider reads it, checks that
   * `displayName`, `destinationType`, `config` and `awsRoleArn` match, and
   * sets `credentials` if given. Ignored after creation. Default: unset.
   */
  adoptExistingId?: pulumi.Input<string>;
}

/**
 * A LangSmith bulk-export destination: an S3 or S3-compatible bucket that
 * trace exports are written to. The resource `id` is the destination's id
 * (use it to reference the destination; it stays known in update previews).
 *
 * The service test-writes an object under `<prefix>/tmp/` on create and on
 * every credential rotation, so both fail early with bad keys. Changing only
 * `credentials` rotates them in place; changing anything else creates a new
 * destination and then deletes the old one.
 */
export class BulkExportDestination extends pulumi.dynamic.Resource {
  /** The display name, as given. */
  declare readonly displayName: pulumi.Output<string>;
  /** Always `"s3"`. */
  declare readonly destinationType: pulumi.Output<string>;
  /** Bucket configuration (as the service reports it after a refresh), with `includeBucketInPrefix` defaulted. */
  declare readonly config: pulumi.Output<{
    bucketName: string;
    prefix: string;
    region?: string;
    endpointUrl?: string;
    includeBucketInPrefix: boolean;
    addressingStyle?: "virtual" | "path" | "auto";
    payloadSigningEnabled?: boolean;
    usEast1RegionalEndpoint?: "regional" | "legacy";
    useAccelerateEndpoint?: boolean;
    s3AdditionalKwargs?: Record<string, string>;
  }>;
  /** Role ARN for role-based access, when set. */
  declare readonly awsRoleArn: pulumi.Output<string | undefined>;
  /**
   * Salted scrypt fingerprints of the credentials last accepted by the
   * service, one per field (a Pulumi secret). The credentials themselves are
   * never outputs: the provider compares new credentials with these.
   */
  declare readonly credentialsFingerprint: pulumi.Output<
    { algorithm: string; salt: string; accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined
  >;
  /** Workspace (tenant) id the destination belongs to. */
  declare readonly tenantId: pulumi.Output<string>;
  /** Creation time reported by the service (ISO 8601). */
  declare readonly createdAt: pulumi.Output<string>;
  /** Last change time reported by the service (ISO 8601). */
  declare readonly updatedAt: pulumi.Output<string>;
  /** Names of the credential fields the service holds, e.g. `["access_key_id", "secret_access_key"]`; never values. */
  declare readonly credentialsKeys: pulumi.Output<string[]>;
  /** Time (ISO 8601) of the create or of the last successful credential rotation. */
  declare readonly credentialsUpdatedAt: pulumi.Output<string | undefined>;
  /** Plain-words, non-secret summary of what the last create or update did. */
  declare readonly lastOperation: pulumi.Output<string>;
  /** Layout version of the outputs (1). */
  declare readonly stateVersion: pulumi.Output<number>;

  constructor(name: string, args: BulkExportDestinationArgs, opts?: pulumi.CustomResourceOptions) {
    const props = {
      displayName: args.displayName,
      destinationType: args.destinationType,
      config: args.config,
      awsRoleArn: args.awsRoleArn,
      credentials: args.credentials === undefined ? undefined : pulumi.secret(args.credentials),
      adoptExistingId: args.adoptExistingId,
      // Every output of the resource, unset until the provider answers (provider/destination/outputs.ts).
      ...unsetOutputs(DESTINATION_OUTPUT_SPECS),
    };
    const secretOutputs = [...(opts?.additionalSecretOutputs ?? []), "credentials", ...secretOutputNames(DESTINATION_OUTPUT_SPECS)];
    super(providerShim("destination"), name, props, { ...opts, additionalSecretOutputs: [...new Set(secretOutputs)] }, "langsmith", "BulkExportDestination");
  }
}
