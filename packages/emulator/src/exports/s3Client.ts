import { lookup as dnsLookup } from "node:dns";
import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import type { LookupFunction } from "node:net";
import { S3Client } from "@aws-sdk/client-s3";
import type { S3Credentials } from "./destinationSchemas";

/** Where and how S3 calls for one destination are made. */
export interface S3Target {
  /** Endpoint URL, or undefined for real AWS in `region`. */
  endpoint: string | undefined;
  region: string;
  /** Path-style addressing (`<endpoint>/<bucket>/<key>`). */
  forcePathStyle: boolean;
  /**
   * The endpoint already addresses the bucket (`include_bucket_in_prefix: false`):
   * requests go to `<endpoint>/<key>` with no bucket segment.
   */
  bucketEndpoint: boolean;
  /** The `Bucket` parameter: the bucket name, or the endpoint URL when `bucketEndpoint`. */
  bucketParam: string;
  /** Bucket name, for messages. */
  bucketName: string;
  /** Normalised prefix without leading or trailing slashes ("" for none). */
  prefix: string;
}

/** The parts of a destination `config` that decide the S3 target. */
export interface S3TargetConfig {
  bucket_name: string;
  prefix: string;
  region?: string | null;
  endpoint_url?: string | null;
  include_bucket_in_prefix?: boolean | null;
  config_kwargs_s3?: { addressing_style?: string | null } | null;
}

/**
 * Decides the S3 target of a destination the way the service's S3 library does:
 * `path` forces path style, `virtual` puts the bucket in the host name, `auto`
 * (default) uses path style for a custom `endpoint_url` and virtual hosts on
 * AWS. AWS-style destinations (no `endpoint_url`) go to `endpointOverride` when
 * set, in path style unless `virtual` is asked for.
 */
export function resolveS3Target(config: S3TargetConfig, endpointOverride: string | undefined): S3Target {
  const style = config.config_kwargs_s3?.addressing_style ?? "auto";
  const customEndpoint = config.endpoint_url ?? undefined;
  const endpoint = customEndpoint ?? endpointOverride;
  const forcePathStyle = style === "path" || (style === "auto" && endpoint !== undefined);
  const bucketEndpoint = config.include_bucket_in_prefix === false && customEndpoint !== undefined;
  return {
    endpoint,
    region: config.region ?? "us-east-1",
    forcePathStyle,
    bucketEndpoint,
    bucketParam: bucketEndpoint && customEndpoint !== undefined ? customEndpoint : config.bucket_name,
    bucketName: config.bucket_name,
    prefix: config.prefix.replace(/^\/+|\/+$/g, ""),
  };
}

/**
 * A DNS lookup that maps `localhost` and every `*.localhost` name to 127.0.0.1
 * (so virtual-host addressing really reaches `<bucket>.localhost`), and defers
 * to the system resolver otherwise.
 */
export const loopbackAwareLookup: LookupFunction = (hostname, options, callback) => {
  if (hostname === "localhost" || hostname.endsWith(".localhost")) {
    if (options.all) callback(null, [{ address: "127.0.0.1", family: 4 }]);
    else callback(null, "127.0.0.1", 4);
    return;
  }
  dnsLookup(hostname, options, callback);
};

/**
 * Creates an S3 client for a target with static credentials (`null`: the SDK's
 * default credential chain, for self-hosted installs): one attempt per
 * call, connection and request timeouts of `timeoutMs`, checksums only when
 * required, and the {@link loopbackAwareLookup}.
 */
export function createS3Client(target: S3Target, credentials: S3Credentials | null, timeoutMs: number): S3Client {
  return new S3Client({
    region: target.region,
    ...(target.endpoint !== undefined ? { endpoint: target.endpoint } : {}),
    forcePathStyle: target.forcePathStyle,
    bucketEndpoint: target.bucketEndpoint,
    ...(credentials
      ? {
          credentials: {
            accessKeyId: credentials.access_key_id,
            secretAccessKey: credentials.secret_access_key,
            ...(credentials.session_token ? { sessionToken: credentials.session_token } : {}),
          },
        }
      : {}),
    maxAttempts: 1,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: {
      httpAgent: new HttpAgent({ lookup: loopbackAwareLookup, keepAlive: false }),
      httpsAgent: new HttpsAgent({ lookup: loopbackAwareLookup, keepAlive: false }),
      connectionTimeout: timeoutMs,
      requestTimeout: timeoutMs,
    },
  });
}

/** The object key for `name` under the target's prefix and `folder` (e.g. `tmp`). */
export function objectKey(target: S3Target, folder: string, name: string): string {
  return [target.prefix, folder, name].filter((part) => part !== "").join("/");
}
