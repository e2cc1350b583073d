/**
 * Errors of the BulkExportDestination provider: the service's test-write
 * refusals turned into messages with the spec's hint for each case. Messages
 * are built from the client's safe message (action, status, redacted server
 * detail) and fixed hint texts: never a credential.
 */
import type { ApiStatusError } from "../../client/errors";
import { ApiConnectionError, BadRequestError, ConflictError, LangSmithError, NotFoundError, PermissionDeniedError, ServerError } from "../../client/errors";

/** Why the service refused a test write (from the spec's table of creation errors). */
export type TestWriteFailureKind =
  "invalidBucketName" | "unknownKeyId" | "accessDenied" | "bucketNotValid" | "invalidEndpoint" | "credentialsRequired" | "other";

/**
 * How each refusal is recognised in the service's `detail` and what to do
 * about it. The detail text is the only signal the service gives (all are
 * 400s), so this table matches it; provider code branches on the resulting
 * kind, not on text.
 */
export const TEST_WRITE_FAILURES: readonly { kind: Exclude<TestWriteFailureKind, "other">; pattern: RegExp; hint: string }[] = [
  {
    kind: "invalidBucketName",
    pattern: /InvalidBucketName/,
    hint: 'the endpoint rejected the bucket name, which usually means an addressing style mismatch: set config.addressingStyle to "virtual"',
  },
  {
    kind: "unknownKeyId",
    pattern: /key id you provided does not exist|InvalidAccessKeyId/i,
    hint: "credentials.accessKeyId is not a valid access key id for this store: check the key pair (and, for non-AWS stores, config.endpointUrl)",
  },
  {
    kind: "accessDenied",
    pattern: /access denied|AccessDenied/i,
    hint:
      "the credentials or bucket are invalid, or the key pair lacks permission for the bucket or operation: " +
      "grant s3:PutObject on the bucket and prefix (s3:DeleteObject, s3:GetObject and s3:AbortMultipartUpload are recommended)",
  },
  {
    kind: "bucketNotValid",
    pattern: /bucket is not valid|NoSuchBucket/i,
    hint: "the bucket does not exist or does not permit writes: check config.bucketName and config.region (or config.endpointUrl)",
  },
  {
    kind: "invalidEndpoint",
    pattern: /invalid endpoint/i,
    hint: "config.endpointUrl is not a valid S3-compatible endpoint: fix it, or omit config.endpointUrl for AWS S3",
  },
  {
    kind: "credentialsRequired",
    pattern: /credentials are required/i,
    hint: "this install needs static credentials: set credentials.accessKeyId and credentials.secretAccessKey (environment credentials work only on self-hosted installs)",
  },
];

/** The refusal kind of a 400 from a create or a rotation. */
export function classifyTestWriteFailure(error: ApiStatusError): TestWriteFailureKind {
  return TEST_WRITE_FAILURES.find((entry) => entry.pattern.test(error.detail))?.kind ?? "other";
}

/** A destination operation failed; the message names the action, the destination and the cause. */
export class DestinationOperationError extends LangSmithError {
  /** The test-write refusal, when the service refused one. */
  readonly testWriteFailure?: TestWriteFailureKind;

  constructor(message: string, info: { status?: number; requestId?: string; testWriteFailure?: TestWriteFailureKind } = {}) {
    super(message, { ...(info.status !== undefined ? { status: info.status } : {}), ...(info.requestId !== undefined ? { requestId: info.requestId } : {}) });
    if (info.testWriteFailure !== undefined) this.testWriteFailure = info.testWriteFailure;
  }
}

const PERMISSION_HINT = "the API key needs the bulk-exports:manage (or workspaces:manage) permission in this workspace";

function debugHint(location: string): string {
  return `to debug, copy a small file to ${location} with an S3 client using the same key pair, region and endpoint: if that fails, the service fails the same way`;
}

/**
 * The error for a failed create (or adoption's rotation): test-write refusals
 * get the spec's hint. Non-client errors pass through unchanged.
 *
 * @param location where the test object goes, e.g. `s3://bucket/prefix/tmp/`.
 */
export function createFailure(error: unknown, location: string): unknown {
  if (error instanceof BadRequestError) {
    const kind = classifyTestWriteFailure(error);
    const hint = TEST_WRITE_FAILURES.find((entry) => entry.kind === kind)?.hint;
    const parts = [error.message, hint, kind === "credentialsRequired" ? undefined : debugHint(location)].filter((p): p is string => p !== undefined);
    return new DestinationOperationError(parts.join("; "), { status: error.status, ...requestIdOf(error), testWriteFailure: kind });
  }
  if (error instanceof PermissionDeniedError) {
    return new DestinationOperationError(`${error.message}; ${PERMISSION_HINT}`, { status: error.status, ...requestIdOf(error) });
  }
  return error;
}

/**
 * The error for a failed rotation. A 400 means the new credentials failed the
 * service's test write and the old ones are still in use.
 *
 * @param action e.g. `rotating credentials of bulk-export destination "exports"`.
 * @param location where the test object goes.
 */
export function rotateFailure(error: unknown, action: string, location: string): unknown {
  if (error instanceof BadRequestError) {
    const kind = classifyTestWriteFailure(error);
    const hint = TEST_WRITE_FAILURES.find((entry) => entry.kind === kind)?.hint;
    const cause = error.detail === "" ? "400 BadRequest" : `400 BadRequest - ${error.detail}`;
    return new DestinationOperationError(
      `${action}: the new credentials could not write to ${location} (${cause}); the destination still uses the previous credentials` +
        `${hint === undefined ? "" : `; ${hint}`}; give the new key pair write access (s3:PutObject) to the bucket and prefix, then run pulumi up again`,
      { status: error.status, ...requestIdOf(error), testWriteFailure: kind },
    );
  }
  if (error instanceof NotFoundError) {
    return new DestinationOperationError(
      `${error.message}; the destination no longer exists in this workspace: run pulumi refresh to drop it from the state, then pulumi up to create it again`,
      { status: error.status, ...requestIdOf(error) },
    );
  }
  if (error instanceof PermissionDeniedError) {
    return new DestinationOperationError(`${error.message}; ${PERMISSION_HINT}`, { status: error.status, ...requestIdOf(error) });
  }
  return error;
}

/** The error for a failed delete: 409 means an export still uses the destination. */
export function deleteFailure(error: unknown): unknown {
  if (error instanceof ConflictError) {
    return new DestinationOperationError(
      `${error.message}; an export still uses this destination: wait for running exports to finish (or cancel them), then run pulumi up or pulumi destroy again`,
      { status: error.status, ...requestIdOf(error) },
    );
  }
  return error;
}

/** True for failures after which a POST may or may not have created the destination. */
export function isAmbiguousCreateFailure(error: unknown): boolean {
  return error instanceof ApiConnectionError || error instanceof ServerError;
}

function requestIdOf(error: LangSmithError): { requestId?: string } {
  return error.requestId === undefined ? {} : { requestId: error.requestId };
}
