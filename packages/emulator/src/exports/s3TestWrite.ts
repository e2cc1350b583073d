import { randomUUID } from "node:crypto";
import { DeleteObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { detailError, type HttpError } from "../http/errors";
import { createS3Client, objectKey, type S3Target } from "./s3Client";
import type { S3Credentials } from "./destinationSchemas";

/** Outcome of a successful test write. */
export interface TestWriteResult {
  /** Key of the test object (under `<prefix>/tmp/`). */
  key: string;
  /** Whether the test object was deleted again (false when delete is not permitted). */
  deleted: boolean;
}

/** Node.js network error codes that mean the endpoint cannot be reached. */
const NETWORK_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPROTO",
  "ERR_SSL_WRONG_VERSION_NUMBER",
]);

interface ErrorShape {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
  $fault?: string;
  cause?: unknown;
}

function shapeOf(error: unknown): ErrorShape {
  return typeof error === "object" && error !== null ? (error as ErrorShape) : {};
}

function networkCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const shape = shapeOf(current);
    if (shape.code && NETWORK_ERROR_CODES.has(shape.code)) return shape.code;
    if (shape.name === "TimeoutError") return "ETIMEDOUT";
    current = shape.cause;
  }
  return undefined;
}

/**
 * Maps an S3 failure of a test write to the 400 the service answers, with the
 * spec's wording: "Access denied", "Bucket is not valid", "Key ID you provided
 * does not exist", "Invalid endpoint", "InvalidBucketName".
 */
export function describeS3Failure(error: unknown, target: S3Target, operation: string): HttpError {
  const shape = shapeOf(error);
  const code = shape.name ?? shape.code ?? "UnknownError";
  const where = `bucket '${target.bucketName}'${target.endpoint ? ` at ${target.endpoint}` : ""}`;
  const prefix = `Failed to validate the S3 destination (${operation}):`;
  const net = networkCode(error);
  if (net) {
    return detailError(
      400,
      `${prefix} Invalid endpoint: could not reach ${target.endpoint ?? "the AWS S3 endpoint"} (${net}). ` +
        "endpoint_url must be an S3-compatible endpoint; omit endpoint_url for AWS S3.",
    );
  }
  switch (code) {
    case "CredentialsProviderError":
      return detailError(400, `${prefix} Access denied: no credentials were given and none were found in the environment of the service.`);
    case "AccessDenied":
    case "AllAccessDisabled":
    case "AccountProblem":
    case "SignatureDoesNotMatch":
    case "InvalidToken":
    case "ExpiredToken":
      return detailError(
        400,
        `${prefix} Access denied (${code}) writing to ${where}: the credentials or bucket are invalid, ` +
          "or the key pair lacks permission for the bucket or operation (s3:PutObject is required).",
      );
    case "NoSuchBucket":
      return detailError(400, `${prefix} Bucket is not valid: ${where} does not exist or does not permit writes.`);
    case "InvalidAccessKeyId":
      return detailError(400, `${prefix} The AWS Access Key Id you provided does not exist in our records (Key ID you provided does not exist).`);
    case "InvalidBucketName":
      return detailError(
        400,
        `${prefix} InvalidBucketName: the endpoint rejected the bucket name '${target.bucketName}'; ` +
          "this usually means an addressing style mismatch: set config_kwargs_s3.addressing_style to 'virtual'.",
      );
    default:
      break;
  }
  const status = shape.$metadata?.httpStatusCode;
  if (status === undefined || status === 404 || status === 405 || status === 501 || code === "UnknownError" || code === "Unknown") {
    return detailError(
      400,
      `${prefix} Invalid endpoint: ${target.endpoint ?? "the endpoint"} did not answer as an S3-compatible endpoint ` +
        `(${code}${status !== undefined ? `, HTTP ${status}` : ""}); omit endpoint_url for AWS S3.`,
    );
  }
  return detailError(400, `${prefix} ${code} (HTTP ${status}) writing to ${where}.`);
}

/** Content of the test object. */
export const TEST_OBJECT_BODY = "pulumi-langsmith emulator: bulk-export destination test write\n";

/**
 * Writes a small test object under `<prefix>/tmp/` with the given credentials,
 * then deletes it when permitted (a denied delete leaves it, as the service
 * does). Throws the 400 `HttpError` of {@link describeS3Failure} when the
 * write fails.
 * @param timeoutMs timeout of each S3 call, in milliseconds.
 */
export async function testWrite(target: S3Target, credentials: S3Credentials | null, timeoutMs: number): Promise<TestWriteResult> {
  const client = createS3Client(target, credentials, timeoutMs);
  const key = objectKey(target, "tmp", `langsmith-destination-test-${randomUUID()}.txt`);
  try {
    try {
      await client.send(new PutObjectCommand({ Bucket: target.bucketParam, Key: key, Body: TEST_OBJECT_BODY, ContentType: "text/plain" }));
    } catch (error) {
      throw describeS3Failure(error, target, "PutObject");
    }
    try {
      await client.send(new DeleteObjectCommand({ Bucket: target.bucketParam, Key: key }));
      return { key, deleted: true };
    } catch {
      return { key, deleted: false };
    }
  } finally {
    client.destroy();
  }
}
