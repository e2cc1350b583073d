/**
 * The status-based poll schedule of the waits (`wait.ts`, `deletionWait.ts`):
 * default poll intervals, the interval for a revision status
 * ({@link pollIntervalMs}), the back-off after repeated 429s
 * ({@link rateLimitedDelayMs}) and the abortable sleep between polls
 * ({@link sleepOrAbort}). With history, `revisionTimings.ts` plans the polls
 * and the interval here is its fallback.
 */
import type { Clock } from "./clock";
import { AbortedError } from "./errors";

/**
 * Default shortest poll interval (used close to the end: `AWAITING_DEPLOY`, `DEPLOYING`), in milliseconds.
 * With {@link DEFAULT_MAX_INTERVAL_MS}, tuned by `npm run bench` (see docs/performance.md): a median
 * detection delay about 1 s on a 60 s build + 15 s deploy, with fewer GETs than a fixed 5 s poller.
 */
export const DEFAULT_MIN_INTERVAL_MS = 2_500;
/**
 * Default longest poll interval (used while `BUILDING`), in milliseconds. Kept well under a short
 * build-and-deploy (a 5 s build + 4 s deploy), which a longer `BUILDING` sleep would overshoot.
 */
export const DEFAULT_MAX_INTERVAL_MS = 9_000;

/**
 * Sleep `ms` milliseconds on `clock`.
 *
 * @param who what is waited for, in the message: `waiting for ${who}: aborted`
 * @throws AbortedError when `signal` aborts (before or during the sleep).
 */
export async function sleepOrAbort(clock: Clock, ms: number, signal: AbortSignal | undefined, who: string): Promise<void> {
  try {
    await clock.sleep(ms, signal);
  } catch {
    throw new AbortedError(`waiting for ${who}: aborted`);
  }
}

const NEAR_DONE = new Set(["AWAITING_DEPLOY", "DEPLOYING"]);
const SLOW = new Set(["BUILDING"]);

/**
 * Poll interval for a status, in milliseconds: `minIntervalMs` near the end
 * (`AWAITING_DEPLOY`, `DEPLOYING`), `maxIntervalMs` while `BUILDING`, and
 * their geometric mean otherwise (queued, unknown, interrupted, unseen values).
 */
export function pollIntervalMs(status: string | undefined, minIntervalMs: number, maxIntervalMs: number): number {
  const lo = Math.max(0, Math.min(minIntervalMs, maxIntervalMs));
  const hi = Math.max(minIntervalMs, maxIntervalMs);
  if (status !== undefined && NEAR_DONE.has(status)) return lo;
  if (status !== undefined && SLOW.has(status)) return hi;
  return Math.round(Math.sqrt(lo * hi));
}

/**
 * Longest sleep after repeated 429s during a wait, in milliseconds (60 000).
 * Poll requests are sent once (no retries inside a poll), so the wait itself
 * backs off: after the n-th 429 in a row it sleeps at least the status-based
 * interval times 2^(n-1), up to this.
 */
const MAX_RATE_LIMITED_SLEEP_MS = 60_000;

/**
 * The planned sleep, slowed down after `rateLimited` 429s in a row (see {@link MAX_RATE_LIMITED_SLEEP_MS}),
 * in milliseconds: `plannedMs` when there was none, else at least `fallbackMs` (the status-based
 * interval) times 2^(rateLimited-1), capped at 60 000, and never less than `plannedMs`.
 */
export function rateLimitedDelayMs(plannedMs: number, fallbackMs: number, rateLimited: number): number {
  if (rateLimited <= 0) return plannedMs;
  return Math.max(plannedMs, Math.min(MAX_RATE_LIMITED_SLEEP_MS, Math.max(1, fallbackMs) * 2 ** (rateLimited - 1)));
}
