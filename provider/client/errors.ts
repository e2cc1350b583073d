/**
 * Error classes of the LangSmith client.
 *
 * Every error the client throws is a {@link LangSmithError}. Callers branch on
 * the class (`err instanceof NotFoundError`), never on the message text.
 *
 * Safety contract: no error carries a request or response header value, a
 * request or response body, or a secret value. Messages are built from the
 * action, the HTTP status and a redacted, truncated server `detail`. No error
 * keeps a `cause` (an axios error would carry the request headers), and
 * {@link LangSmithError.toJSON} lists exactly the safe fields.
 */

/** HTTP methods the client uses. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Where a request was going when an error happened; every field is safe to print. */
export interface RequestInfo {
  /** HTTP method of the request. */
  readonly method?: HttpMethod;
  /** URL path of the request, without query string (e.g. `/v2/deployments/123`). */
  readonly path?: string;
  /** Value of the `x-request-id` response header, when the server sent one. */
  readonly requestId?: string;
}

/** Plain, safe view of an error returned by `toJSON()`. */
export interface SafeErrorJson {
  readonly name: string;
  readonly message: string;
  readonly status?: number;
  readonly method?: HttpMethod;
  readonly path?: string;
  readonly requestId?: string;
  readonly [extra: string]: string | number | boolean | undefined;
}

/** Base class of every error thrown by the client. */
export class LangSmithError extends Error {
  /** HTTP status, when a response was received. */
  readonly status?: number;
  /** HTTP method of the failed request, when the error came from a request. */
  readonly method?: HttpMethod;
  /** URL path (no query string) of the failed request. */
  readonly path?: string;
  /** Request id sent by the server (`x-request-id`), for support tickets. */
  readonly requestId?: string;

  constructor(message: string, info: RequestInfo & { status?: number } = {}) {
    super(message);
    this.name = new.target.name;
    if (info.status !== undefined) this.status = info.status;
    if (info.method !== undefined) this.method = info.method;
    if (info.path !== undefined) this.path = info.path;
    if (info.requestId !== undefined) this.requestId = info.requestId;
  }

  /** Safe JSON view: name, message, status, method, path, request id and class-specific safe fields. */
  toJSON(): SafeErrorJson {
    return {
      name: this.name,
      message: this.message,
      status: this.status,
      method: this.method,
      path: this.path,
      requestId: this.requestId,
      ...this.extraJson(),
    };
  }

  /** Class-specific safe fields added to {@link toJSON}. */
  protected extraJson(): Record<string, string | number | boolean | undefined> {
    return {};
  }
}

/** Invalid client configuration (bad URL, bad region, unusable header value). Never retried. */
export class ConfigurationError extends LangSmithError {}

/** No API key or bearer token was configured; raised at the first API call, not at construction. */
export class MissingCredentialsError extends ConfigurationError {}

/** An argument failed client-side validation; no request was sent. */
export class InvalidRequestError extends LangSmithError {}

/** The caller's `AbortSignal` fired; the operation stopped. */
export class AbortedError extends LangSmithError {}

/** One parsed entry of a 422 `HTTPValidationError` list (no `input`/`ctx`: they may echo secrets). */
export interface ValidationIssue {
  /** Location, e.g. `["query", "provider_id"]`. */
  readonly loc: readonly (string | number)[];
  /** Server message, redacted. */
  readonly msg: string;
  /** Error type, e.g. `missing`. */
  readonly type: string;
}

/** The server answered with a non-2xx status. Subclasses exist per status kind. */
export class ApiStatusError extends LangSmithError {
  declare readonly status: number;
  /** Redacted, truncated server explanation (`detail`, `error` code or rendered 422 list); empty when none. */
  readonly detail: string;

  /** @param info `detail` defaults to `''` (for errors built by callers that re-word a service error). */
  constructor(message: string, info: RequestInfo & { status: number; detail?: string }) {
    super(message, info);
    this.detail = info.detail ?? "";
  }

  protected override extraJson(): Record<string, string | number | boolean | undefined> {
    return { detail: this.detail };
  }
}

/** 400: the request was rejected (e.g. destination credentials failed the test write). */
export class BadRequestError extends ApiStatusError {}
/** 401: the API key or bearer token is missing, invalid or expired. */
export class AuthenticationError extends ApiStatusError {}
/** 403: the credentials lack permission for this action. */
export class PermissionDeniedError extends ApiStatusError {}
/** 403 from an organization-scoped key used without a workspace: set `langsmith:workspaceId`. */
export class WorkspaceRequiredError extends PermissionDeniedError {}
/** 403 because the organization does not have the feature (e.g. deployments) enabled. */
export class FeatureNotEnabledError extends PermissionDeniedError {}
/** 404: the resource does not exist in this workspace. */
export class NotFoundError extends ApiStatusError {}
/** 405: the service has no such operation on this path (e.g. DELETE of a bulk-export destination). Never retried. */
export class MethodNotAllowedError extends ApiStatusError {}
/** 409: a conflict that retrying will not fix (e.g. a destination still used by an export). Never retried. */
export class ConflictError extends ApiStatusError {}

/** 422: request validation failed; {@link issues} holds the parsed `loc`/`msg`/`type` list. */
export class UnprocessableEntityError extends ApiStatusError {
  /** Parsed validation issues (empty when `detail` was a plain string). */
  readonly issues: readonly ValidationIssue[];

  /** @param info `issues` defaults to `[]`. */
  constructor(message: string, info: RequestInfo & { status: number; detail?: string; issues?: readonly ValidationIssue[] }) {
    super(message, info);
    this.issues = info.issues ?? [];
  }
}

/** 429: rate limited, still limited after the configured retries. */
export class RateLimitError extends ApiStatusError {}
/**
 * 429 answers to other requests of the same origin and credential kept this
 * request queued (never sent) past its `maxRateLimitWaitMs`; `status` is 429,
 * there is no request id.
 */
export class RateLimitWaitError extends RateLimitError {}
/** 5xx: the service failed, still failing after the configured retries (GET/DELETE) or not retried (POST/PATCH). */
export class ServerError extends ApiStatusError {}
/** Any other non-2xx status, including a 3xx redirect (never followed: it would carry the key elsewhere). */
export class UnexpectedStatusError extends ApiStatusError {}

/** No HTTP response was received (refused, reset, DNS failure...). */
export class ApiConnectionError extends LangSmithError {
  /** Node/axios error code such as `ECONNREFUSED`, when known. */
  readonly code?: string;

  constructor(message: string, info: RequestInfo & { code?: string }) {
    super(message, info);
    if (info.code !== undefined) this.code = info.code;
  }

  protected override extraJson(): Record<string, string | number | boolean | undefined> {
    return { code: this.code };
  }
}

/** One attempt exceeded the per-request timeout (`timeoutMs`, default 30 000 ms). */
export class ApiTimeoutError extends ApiConnectionError {
  /** The per-request timeout that expired, in milliseconds. */
  readonly timeoutMs: number;

  constructor(message: string, info: RequestInfo & { timeoutMs: number }) {
    super(message, { ...info, code: "ETIMEDOUT" });
    this.timeoutMs = info.timeoutMs;
  }

  protected override extraJson(): Record<string, string | number | boolean | undefined> {
    return { code: this.code, timeoutMs: this.timeoutMs };
  }
}

/** A 2xx response did not match the expected shape; {@link field} names the first bad field. */
export class ResponseValidationError extends LangSmithError {
  declare readonly status: number;
  /** Path of the first offending field, e.g. `resources[0].id`; `(body)` for the whole body. */
  readonly field: string;

  constructor(message: string, info: RequestInfo & { status: number; field: string }) {
    super(message, info);
    this.field = info.field;
  }

  protected override extraJson(): Record<string, string | number | boolean | undefined> {
    return { field: this.field };
  }
}

/** A revision reached a status containing `FAILED` (e.g. `BUILD_FAILED`). */
export class RevisionFailedError extends LangSmithError {
  /** Deployment the revision belongs to. */
  readonly deploymentId: string;
  /** The failed revision. */
  readonly revisionId: string;
  /** The failure status, e.g. `BUILD_FAILED`. */
  readonly revisionStatus: string;

  constructor(message: string, info: { deploymentId: string; revisionId: string; revisionStatus: string }) {
    super(message);
    this.deploymentId = info.deploymentId;
    this.revisionId = info.revisionId;
    this.revisionStatus = info.revisionStatus;
  }

  protected override extraJson(): Record<string, string | number | boolean | undefined> {
    return { deploymentId: this.deploymentId, revisionId: this.revisionId, revisionStatus: this.revisionStatus };
  }
}

/**
 * An object the service builds asynchronously reached a status that is
 * neither ready nor on its way there (e.g. a data plane's
 * `provisioning_failed`), or vanished while it was waited for.
 */
export class ObjectStatusError extends LangSmithError {
  /** The status the object reached (`gone` when it vanished). */
  readonly objectStatus: string;
  /** The object's last answer, when it still exists: what a create that fails this way records (never serialized into the error). */
  readonly lastAnswer?: Record<string, unknown>;

  constructor(message: string, info: { objectStatus: string; lastAnswer?: Record<string, unknown> }) {
    super(message);
    this.objectStatus = info.objectStatus;
    if (info.lastAnswer !== undefined) this.lastAnswer = info.lastAnswer;
  }

  protected override extraJson(): Record<string, string | number | boolean | undefined> {
    return { objectStatus: this.objectStatus };
  }
}

/**
 * The service named a URL the provider will not send the API key to (e.g. a
 * data plane's API over plain HTTP, or one with user info, a query or a
 * fragment).
 */
export class UntrustedUrlError extends LangSmithError {}

/** A wait (revision or deletion) passed its deadline. */
export class WaitTimeoutError extends LangSmithError {
  /** Last status seen before the deadline (`undefined` if none was read). */
  readonly lastStatus?: string;
  /** Revision being waited for, when waiting for a revision. */
  readonly revisionId?: string;
  /** The deadline that expired, in milliseconds. */
  readonly waitTimeoutMs: number;

  constructor(message: string, info: { lastStatus?: string; revisionId?: string; waitTimeoutMs: number }) {
    super(message);
    if (info.lastStatus !== undefined) this.lastStatus = info.lastStatus;
    if (info.revisionId !== undefined) this.revisionId = info.revisionId;
    this.waitTimeoutMs = info.waitTimeoutMs;
  }

  protected override extraJson(): Record<string, string | number | boolean | undefined> {
    return { lastStatus: this.lastStatus, revisionId: this.revisionId, waitTimeoutMs: this.waitTimeoutMs };
  }
}

/**
 * True for failures that may go away by themselves: 408, 429, 5xx, connection errors and timeouts.
 * Waits use it to keep polling through transient trouble.
 */
export function isTransientError(err: unknown): boolean {
  if (err instanceof ApiConnectionError) return true;
  if (err instanceof RateLimitError || err instanceof ServerError) return true;
  return err instanceof UnexpectedStatusError && err.status === 408;
}

/**
 * The result of a read, or `undefined` when the service answers 404: for
 * reads where "not there" is an answer (refresh, import, lookups by id),
 * instead of a try/catch at each call. Every other failure is thrown.
 */
export async function found<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}
