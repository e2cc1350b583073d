/**
 * The one place that talks HTTP: {@link HttpClient.request} owns the
 * per-request timeout, retries, redaction, response parsing and validation,
 * and the mapping of every failure to an error class from `errors.ts`.
 *
 * axios is configured to follow no redirect (`maxRedirects: 0`: a redirect
 * would carry the key elsewhere), to never throw on status
 * (`validateStatus: () => true`) and to hand back raw text. axios errors never
 * escape (they carry the request config and headers): they are converted to
 * `ApiConnectionError` / `ApiTimeoutError` keeping only the code.
 *
 * One attempt is sent by `httpAttempt.ts`, a 2xx body is parsed and validated
 * by `responseParsing.ts`; the request and response shapes are in
 * `httpTypes.ts` (re-exported here).
 */
import type { AxiosInstance } from "axios";
import { z } from "zod";
import { type Credentials, authHeaders, credentialValues, hasCredentials } from "./auth";
import { type Clock, systemClock } from "./clock";
import { DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, type HttpClientOptions } from "./options";
import { errorFromResponse } from "./errorResponse";
import { AbortedError, type HttpMethod, LangSmithError, MissingCredentialsError, RateLimitWaitError } from "./errors";
import type { AttemptOutcome, ConcurrencyLimiter } from "./concurrency";
import { credentialFingerprint, sharedLimiter } from "./concurrencyRegistry";
import { type Attempt, sendAttempt } from "./httpAttempt";
import type { ApiResponse, RequestSpec } from "./httpTypes";
import { collectSensitiveStrings } from "./redact";
import { headerString, parseResponse, safeRequestId } from "./responseParsing";
import { type AttemptFailure, DEFAULT_MAX_RATE_LIMIT_WAIT_MS, DEFAULT_MAX_RETRY_AFTER_MS, backoffMs, isRateLimited, isRetryable, retryAfterMs } from "./retry";
import { userAgent as defaultUserAgent } from "./version";

export { DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, type HttpClientOptions } from "./options";
export type { ApiResponse, RequestSpec } from "./httpTypes";
export { renderPath } from "./responseParsing";

/** Largest response body accepted, in bytes (32 MiB). */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** A retry count: a whole number of at least 0; `fallback` when absent or not a finite number. */
function retryCount(value: number | undefined, fallback: number): number {
  return value === undefined || !Number.isFinite(value) ? fallback : Math.max(0, Math.floor(value));
}

/** HTTP client with a single {@link HttpClient.request} method. */
export class HttpClient {
  // ES private fields: invisible to util.inspect (even with showHidden), JSON.stringify and Object.keys.
  // Made on the first request (see transport()).
  #axios: Promise<AxiosInstance> | undefined;
  readonly #credentials: Credentials;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly maxRetryAfterMs: number;
  private readonly maxRateLimitWaitMs: number;
  private readonly userAgent: string;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly operationSignal: () => AbortSignal | undefined;
  private readonly adaptiveConcurrency: boolean;
  private readonly maxRequestsPerSecond: number | undefined;
  readonly #credentialFingerprint: string;

  /**
   * @param options credentials and transport settings (the fields of `ClientOptions` but the base URLs); all optional
   * @throws ConfigurationError when a credential cannot be sent in a header.
   */
  constructor(options: HttpClientOptions = {}) {
    this.#credentials = {
      ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
      ...(options.bearerToken !== undefined ? { bearerToken: options.bearerToken } : {}),
      ...(options.workspaceId !== undefined ? { workspaceId: options.workspaceId } : {}),
    };
    const sent = authHeaders(this.#credentials); // validate header safety now; throws ConfigurationError
    this.#credentialFingerprint = credentialFingerprint(sent["X-Api-Key"] ?? sent["Authorization"]);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxRetries = retryCount(options.maxRetries, DEFAULT_MAX_RETRIES);
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
    this.maxRateLimitWaitMs = options.maxRateLimitWaitMs ?? DEFAULT_MAX_RATE_LIMIT_WAIT_MS;
    this.userAgent = options.userAgent ?? defaultUserAgent();
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.operationSignal = options.operationSignal ?? (() => undefined);
    this.adaptiveConcurrency = options.adaptiveConcurrency ?? true;
    this.maxRequestsPerSecond = options.maxRequestsPerSecond;
  }

  /**
   * The axios instance, loaded and made on the first request. Loading axios
   * (its dependencies, and the fetch support it probes, which loads Node.js's
   * undici) costs tens of milliseconds of CPU that a plugin process only
   * previewing, which sends no request, never needs.
   */
  private transport(): Promise<AxiosInstance> {
    this.#axios ??= import("axios").then(({ default: axios }) =>
      axios.create({
        maxRedirects: 0,
        validateStatus: () => true,
        responseType: "text",
        transformResponse: [(data: unknown) => data],
        timeout: 0,
        maxContentLength: MAX_RESPONSE_BYTES,
      }),
    );
    return this.#axios;
  }

  /** `spec` whose signal also aborts when the operation in progress is cancelled. */
  private withOperationSignal<T extends RequestSpec>(spec: T): T {
    const operation = this.operationSignal();
    if (operation === undefined || operation === spec.signal) return spec;
    return { ...spec, signal: spec.signal === undefined ? operation : AbortSignal.any([spec.signal, operation]) };
  }

  /** Send a request expecting a JSON body validated by `schema`. */
  request<S extends z.ZodType>(spec: RequestSpec & { readonly schema: S }): Promise<ApiResponse<z.output<S>>>;
  /** Send a request whose response body is ignored (e.g. DELETE answering 204). */
  request(spec: RequestSpec & { readonly schema?: undefined }): Promise<ApiResponse<undefined>>;
  /**
   * Send `spec`, retrying per `retry.ts`, and return the validated body. Each
   * attempt first takes a slot of the window shared by the origin and
   * credential (`concurrency.ts`), unless `adaptiveConcurrency` is false.
   *
   * @throws MissingCredentialsError before sending when no API key or bearer token is configured.
   * @throws ApiStatusError subclasses for non-2xx responses, ApiConnectionError/ApiTimeoutError when no
   *   response came, ResponseValidationError when a 2xx body does not match `schema`, AbortedError on abort,
   *   RateLimitWaitError when queued behind other requests' 429s past `maxRateLimitWaitMs`.
   */
  async request(given: RequestSpec & { readonly schema?: z.ZodType }): Promise<ApiResponse<unknown>> {
    const spec = this.withOperationSignal(given);
    if (!hasCredentials(this.#credentials)) {
      throw new MissingCredentialsError(
        `${spec.action}: no LangSmith credentials: set it with: pulumi config set --secret langsmith:apiKey <key> ` +
          "(or the LANGSMITH_API_KEY variable; a bearer token goes in langsmith:bearerToken or LANGSMITH_BEARER_TOKEN)",
      );
    }
    const url = new URL(`${spec.baseUrl}${spec.path}`);
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      if (Array.isArray(value)) for (const item of value as readonly string[]) url.searchParams.append(key, item);
      else if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const info = { method: spec.method, path: url.pathname };
    // `false` keeps axios from adding a form Content-Type to a POST without a body (e.g. redeploy).
    const headers: Record<string, string | false> = {
      ...authHeaders(this.#credentials),
      "User-Agent": this.userAgent,
      Accept: "application/json",
      "Content-Type": false,
    };
    let data: string | undefined;
    if (spec.body !== undefined) {
      data = JSON.stringify(spec.body);
      headers["Content-Type"] = "application/json";
    }
    const secrets = new Set<string>([...credentialValues(this.#credentials), ...(spec.secrets ?? []), ...collectSensitiveStrings(spec.body)]);
    const timeoutMs = spec.timeoutMs ?? this.timeoutMs;
    const maxRetries = retryCount(spec.maxRetries, this.maxRetries);

    const limiter = this.adaptiveConcurrency ? sharedLimiter(this.clock, url.origin, this.#credentialFingerprint, this.maxRequestsPerSecond) : undefined;

    let counted = 0; // retries that count against maxRetries
    let rateLimitedRetries = 0;
    let rateLimitedWaitMs = 0; // waits on 429s: this request's own, and time queued behind the origin's
    for (let attempt = 0; ; attempt++) {
      if (spec.signal?.aborted) throw new AbortedError(`${spec.action}: aborted`, info);
      const release = await this.takeSlot(limiter, spec, info, url.origin, attempt > 0, rateLimitedWaitMs);
      rateLimitedWaitMs += release.waitedMs;
      let result: Attempt;
      try {
        result = await sendAttempt(await this.transport(), url, spec, headers, data, timeoutMs, attempt);
      } catch (err) {
        release.done({ kind: "noAnswer" });
        throw err;
      }
      let failure: AttemptFailure;
      let error: LangSmithError;
      if (result.kind === "response") {
        const { response } = result;
        const requestId = safeRequestId(response.headers);
        if (response.status >= 200 && response.status < 300) {
          release.done({ kind: "answered" });
          return parseResponse(spec, response, requestId, secrets);
        }
        failure = { kind: "status", status: response.status };
        error = errorFromResponse({
          ...info,
          action: spec.action,
          status: response.status,
          requestId,
          bodyText: typeof response.data === "string" ? response.data : "",
          secrets,
        });
      } else {
        failure = result.failure;
        error = result.error;
      }
      const rateLimited = isRateLimited(failure);
      const hinted =
        result.kind === "response"
          ? retryAfterMs(
              headerString(result.response.headers, "retry-after"),
              headerString(result.response.headers, "retry-after-ms"),
              this.clock.now(),
              this.maxRetryAfterMs,
            )
          : undefined;
      const delayMs = hinted ?? backoffMs(rateLimited ? rateLimitedRetries : counted, this.random);
      // A 429 holds the whole origin for the delay this request will wait; other answers grow the window.
      release.done(rateLimited ? { kind: "rateLimited", retryAfterMs: delayMs } : result.kind === "response" ? { kind: "answered" } : { kind: "noAnswer" });
      if (maxRetries === 0 || !isRetryable(spec.method, failure)) throw error;
      if (!rateLimited && counted >= maxRetries) throw error;
      if (rateLimited) {
        if (rateLimitedWaitMs + delayMs > this.maxRateLimitWaitMs) throw error;
        rateLimitedWaitMs += delayMs;
        rateLimitedRetries++;
      } else {
        counted++;
      }
      try {
        await this.clock.sleep(delayMs, spec.signal);
      } catch {
        throw new AbortedError(`${spec.action}: aborted while waiting to retry`, info);
      }
    }
  }

  /**
   * Waits for a slot of `limiter` (none: at once), at most the rest of the
   * request's 429 budget; a retry queues ahead of requests not yet sent.
   * Returns how to release it and how long the wait took, in milliseconds.
   */
  private async takeSlot(
    limiter: ConcurrencyLimiter | undefined,
    spec: RequestSpec,
    info: { method: HttpMethod; path: string },
    origin: string,
    retry: boolean,
    rateLimitedWaitMs: number,
  ): Promise<{ readonly done: (outcome: AttemptOutcome) => void; readonly waitedMs: number }> {
    if (limiter === undefined) return { done: () => undefined, waitedMs: 0 };
    const slot = await limiter.acquire({
      ...(spec.signal !== undefined ? { signal: spec.signal } : {}),
      maxWaitMs: Math.max(0, this.maxRateLimitWaitMs - rateLimitedWaitMs),
      priority: retry,
    });
    if (slot.kind === "aborted") throw new AbortedError(`${spec.action}: aborted while waiting for a request slot`, info);
    if (slot.kind === "timedOut") {
      throw new RateLimitWaitError(
        `${spec.action}: rate limited: not sent after waiting ${rateLimitedWaitMs + slot.waitedMs} ms in all on 429 answers from ${origin} ` +
          `(maxRateLimitWaitMs ${this.maxRateLimitWaitMs})`,
        { ...info, status: 429 },
      );
    }
    return { done: (outcome) => slot.permit.release(outcome), waitedMs: slot.waitedMs };
  }
}
