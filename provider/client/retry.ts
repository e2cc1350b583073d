/**
 * Retry policy: which failures are retried, and how long to wait in between.
 *
 * - GET, PUT (the service's PUTs set a whole object: sending one twice ends
 *   the same) and DELETE: 408, 429, 5xx (except 501 and 505, which never change),
 *   connection errors and timeouts.
 * - POST and PATCH (not idempotent on the wire): only 429, and connection
 *   failures where nothing was sent (refused, DNS failure).
 * - 409 is never retried: here it means a conflict that will not go away.
 * - Budgets: a 429 means the request was not processed, so 429 answers do
 *   not use up `maxRetries`; they are retried while the time spent waiting
 *   on 429s for that request stays within `maxRateLimitWaitMs` (default
 *   300 000 ms). Every other retryable failure counts against `maxRetries`.
 *   `maxRetries: 0` disables all retries, 429 included.
 * - Delay: `Retry-After` (seconds or HTTP date) or `retry-after-ms` when
 *   present, capped at `maxRetryAfterMs`; otherwise 500 ms doubling per
 *   attempt up to 8 000 ms, minus up to 25 % jitter.
 */
import type { HttpMethod } from "./errors";

/** First backoff delay, in milliseconds (500). */
export const INITIAL_BACKOFF_MS = 500;
/** Largest backoff delay, in milliseconds (8 000). */
export const MAX_BACKOFF_MS = 8_000;
/** Default cap on a server-requested `Retry-After`, in milliseconds (60 000). */
export const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;

/** Default total time one request may spend waiting on 429 answers, in milliseconds (300 000, five minutes). */
export const DEFAULT_MAX_RATE_LIMIT_WAIT_MS = 300_000;

/** Connection error codes that prove nothing reached the server, so even a POST may be retried. */
const NOTHING_SENT_CODES: ReadonlySet<string> = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"]);

/** How one attempt ended (when it did not succeed). */
export type AttemptFailure =
  { readonly kind: "status"; readonly status: number } | { readonly kind: "connection"; readonly code?: string } | { readonly kind: "timeout" };

/** Whether a failure is a rate-limit answer (429), which has its own time budget instead of a retry count. */
export function isRateLimited(failure: AttemptFailure): boolean {
  return failure.kind === "status" && failure.status === 429;
}

/** Whether a failed attempt of `method` may be retried (see the module doc). */
export function isRetryable(method: HttpMethod, failure: AttemptFailure): boolean {
  const idempotent = method === "GET" || method === "PUT" || method === "DELETE";
  switch (failure.kind) {
    case "status": {
      const s = failure.status;
      if (s === 429) return true;
      if (!idempotent) return false;
      return s === 408 || (s >= 500 && s <= 599 && s !== 501 && s !== 505);
    }
    case "connection":
      return idempotent || (failure.code !== undefined && NOTHING_SENT_CODES.has(failure.code));
    case "timeout":
      return idempotent;
  }
}

/**
 * Parse retry hints into a delay in milliseconds, or `undefined` when absent
 * or unparsable. `retry-after-ms` wins over `Retry-After`; an HTTP date in the
 * past gives 0. The result is capped at `maxRetryAfterMs`.
 */
export function retryAfterMs(
  retryAfter: string | undefined,
  retryAfterMsHeader: string | undefined,
  nowMs: number,
  maxRetryAfterMs: number = DEFAULT_MAX_RETRY_AFTER_MS,
): number | undefined {
  let ms: number | undefined;
  if (retryAfterMsHeader !== undefined && /^\s*\d+(\.\d+)?\s*$/.test(retryAfterMsHeader)) {
    ms = Number(retryAfterMsHeader);
  } else if (retryAfter !== undefined) {
    const text = retryAfter.trim();
    if (/^\d+(\.\d+)?$/.test(text)) {
      ms = Number(text) * 1000;
    } else {
      const date = Date.parse(text);
      if (!Number.isNaN(date)) ms = Math.max(0, date - nowMs);
    }
  }
  if (ms === undefined || !Number.isFinite(ms)) return undefined;
  return Math.min(Math.round(ms), maxRetryAfterMs);
}

/**
 * Backoff before retry number `attempt` (0 for the first retry): 500 ms
 * doubling up to 8 000 ms, reduced by up to 25 % using `random()` in [0, 1).
 */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(INITIAL_BACKOFF_MS * 2 ** Math.max(0, attempt), MAX_BACKOFF_MS);
  const jitter = 1 - Math.min(Math.max(random(), 0), 1) * 0.25;
  return Math.round(base * jitter);
}
