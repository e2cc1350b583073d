/**
 * The two option types of the client, after openai-node's `ClientOptions`
 * and `RequestOptions`: {@link ClientOptions} configures a client once
 * (`createClient`, `new LangSmithClient`, `new HttpClient`), and
 * {@link RequestOptions} adjusts one call.
 */
import type { Credentials } from "./auth";
import type { Clock } from "./clock";

/** Default per-attempt timeout, in milliseconds (30 000). */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Default number of retries after the first attempt (4). */
export const DEFAULT_MAX_RETRIES = 4;

/**
 * Everything a client is configured with. Only the two base URLs are
 * required; missing credentials are not an error until the first API call
 * (`MissingCredentialsError`), so previews of new resources need none.
 */
export interface ClientOptions extends Credentials {
  /** Control plane base URL, e.g. `https://api.host.langchain.com` (see `resolveHosts`). */
  readonly controlPlaneUrl: string;
  /** REST API base URL, with or without `/api/v1`, e.g. `https://api.smith.langchain.com`. */
  readonly apiUrl: string;
  /** Per-attempt timeout in milliseconds, covering connect, send and the whole response; default 30 000. */
  readonly timeoutMs?: number;
  /**
   * Retries after the first attempt for retryable failures other than 429
   * (see `retry.ts`); default 4; 0 disables retries, 429 included.
   */
  readonly maxRetries?: number;
  /** Cap on a server-requested `Retry-After`, in milliseconds; default 60 000. */
  readonly maxRetryAfterMs?: number;
  /**
   * Total time one request may spend waiting on 429 answers before the
   * `RateLimitError` is thrown, in milliseconds; default 300 000 (five
   * minutes). 429 retries do not count against `maxRetries`.
   */
  readonly maxRateLimitWaitMs?: number;
  /**
   * Share one adaptive in-flight window per API origin and credential across
   * every client of the process (see `concurrency.ts`): at most 8 requests in
   * flight at first, growing by one per success until the first 429, then
   * halved on 429s and grown by about one per round trip; every new request
   * is held until a 429's `Retry-After` instant. Time spent queued counts
   * against `maxRateLimitWaitMs`, not `timeoutMs`. Default true; false sends
   * each request at once and retries each 429 on its own.
   */
  readonly adaptiveConcurrency?: boolean;
  /**
   * Most API requests a second this client's process sends to one origin
   * with one credential, from the first request on (the shared window's
   * pace never grows above it). For stacks that update at once against one
   * organization's limit: each gets its share, and none runs into 429s.
   * Default none: the pace is learnt from 429s. Needs `adaptiveConcurrency`.
   */
  readonly maxRequestsPerSecond?: number;
  /** `User-Agent` header; default `pulumi-langsmith/<package version>`. */
  readonly userAgent?: string;
  /** Clock for retry backoff and waits; default real time (tests inject a fake one). */
  readonly clock?: Clock;
  /** Random source in [0, 1) for backoff jitter; default `Math.random`. */
  readonly random?: () => number;
  /**
   * The cancellation signal of the operation in progress, read as each
   * request starts; when it aborts, requests in flight and pending retries end
   * with `AbortedError` (besides any call's own `signal`). Default: none.
   */
  readonly operationSignal?: () => AbortSignal | undefined;
}

/** Options of one call; each overrides the client's setting for that call only. */
export interface RequestOptions {
  /** Cancels the request and any pending retry (`AbortedError`). */
  readonly signal?: AbortSignal;
  /** Per-attempt timeout of this call, in milliseconds; default the client's `timeoutMs` (30 000). */
  readonly timeoutMs?: number;
  /** Retries after the first attempt for this call; default the client's `maxRetries` (4); 0 disables retries. */
  readonly maxRetries?: number;
  /** Resource name used in error messages (e.g. `agent` gives `reading deployment "agent"`); default the id. */
  readonly name?: string;
}

/** The fields of {@link ClientOptions} that `HttpClient` uses (all but the base URLs). */
export type HttpClientOptions = Omit<ClientOptions, "controlPlaneUrl" | "apiUrl">;

/** The transport fields of `options` (`signal`, `timeoutMs`, `maxRetries`), without `undefined` values. */
export function transportOptions(options: RequestOptions | undefined): Omit<RequestOptions, "name"> {
  return {
    ...(options?.signal !== undefined ? { signal: options.signal } : {}),
    ...(options?.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options?.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
  };
}
