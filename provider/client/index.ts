/**
 * Typed REST client for the LangSmith control plane API and the REST API:
 * the transport (retries, rate limits, errors, redaction), the endpoint
 * senders the kinds send their declared endpoints through, the waits and
 * the contract's types as the kinds name them (`contractTypes/`). Imports
 * no Pulumi code. Start with {@link createClient} (or `new
 * LangSmithClient(...)`) and {@link resolveHosts}.
 */
export { type Credentials, authHeaders, hasCredentials } from "./auth";
export {
  type DeleteResult,
  type Endpoint,
  type EndpointCall,
  EndpointGroup,
  type EndpointResult,
  type PathParams,
  type Query,
  defineEndpoint,
  describeParam,
  fillPath,
  subject,
} from "./endpoint";
export { LangSmithClient } from "./client";
export { type Clock, systemClock } from "./clock";
export { errorFromResponse, parseErrorBody, renderLoc } from "./errorResponse";
export {
  AbortedError,
  ApiConnectionError,
  ApiStatusError,
  ApiTimeoutError,
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  ConflictError,
  MethodNotAllowedError,
  FeatureNotEnabledError,
  type HttpMethod,
  InvalidRequestError,
  isTransientError,
  LangSmithError,
  MissingCredentialsError,
  NotFoundError,
  ObjectStatusError,
  PermissionDeniedError,
  RateLimitError,
  RateLimitWaitError,
  type RequestInfo,
  ResponseValidationError,
  RevisionFailedError,
  type SafeErrorJson,
  ServerError,
  UnexpectedStatusError,
  UnprocessableEntityError,
  UntrustedUrlError,
  type ValidationIssue,
  WaitTimeoutError,
  WorkspaceRequiredError,
} from "./errors";
export {
  type AcquireOptions,
  type AcquireResult,
  type AttemptOutcome,
  ConcurrencyLimiter,
  type ConcurrencyLimiterOptions,
  DEFAULT_INITIAL_WINDOW,
  type LimiterSnapshot,
  MAX_WINDOW,
  type Permit,
} from "./concurrency";
export { credentialFingerprint, sharedLimiter } from "./concurrencyRegistry";
export { createClient } from "./factory";
export {
  type HostOptions,
  isRegion,
  normalizeApiUrl,
  normalizeControlPlaneUrl,
  normalizeSelfHostedUrl,
  REGION_HOSTS,
  REGIONS,
  type Region,
  type ResolvedHosts,
  resolveHosts,
  validateBaseUrl,
} from "./hosts";
export { type ApiResponse, HttpClient, MAX_RESPONSE_BYTES, type RequestSpec } from "./http";
export { ResourcesApi } from "./resources";
export { type ClientOptions, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, type HttpClientOptions, type RequestOptions } from "./options";
export { MAX_DETAIL_CHARS, MIN_SECRET_LENGTH, REDACTED, collectSensitiveStrings, maskableSecrets, redactText } from "./redact";
export { type AttemptFailure, DEFAULT_MAX_RETRY_AFTER_MS, INITIAL_BACKOFF_MS, MAX_BACKOFF_MS, backoffMs, isRetryable, retryAfterMs } from "./retry";
export * from "./contractTypes/controlPlane";
export * from "./contractTypes/destinations";
export * from "./contractTypes/bulkExports";
export * from "./errorBody";
export { packageVersion, userAgent } from "./version";
export {
  DEFAULT_DELETION_INTERVAL_MS,
  DEFAULT_MAX_INTERVAL_MS,
  DEFAULT_MIN_INTERVAL_MS,
  DEFAULT_WAIT_TIMEOUT_MS,
  type DeletionStatusEvent,
  type DeploymentReader,
  isFailedStatus,
  pollIntervalMs,
  type RevisionReader,
  type RevisionStatusEvent,
  waitForDeletion,
  waitForRevision,
  type WaitForDeletionOptions,
  type WaitForRevisionOptions,
  type WaitForRevisionResult,
} from "./wait";
export { MIN_POLL_REQUEST_TIMEOUT_MS, WaitDeadline, pollRequestOptions } from "./waitDeadline";
