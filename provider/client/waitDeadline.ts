/**
 * The deadline of one wait and the options of its poll requests. A wait's
 * loop already tolerates transient errors, so each poll request is sent once
 * (`maxRetries: 0`) with a per-attempt timeout cut to the time left: no poll
 * can carry the wait minutes past its deadline.
 */
import type { Clock } from "./clock";
import { ApiTimeoutError } from "./errors";
import type { RequestOptions } from "./options";

/** Default deadline of a wait, in milliseconds (30 minutes, like the reference client). */
export const DEFAULT_WAIT_TIMEOUT_MS = 30 * 60 * 1000;

/**
 * Shortest per-attempt timeout of a poll request, in milliseconds (1 000):
 * what a poll made at (or just before) the deadline still gets. A wait ends
 * at most this long after its deadline (plus processing time).
 */
export const MIN_POLL_REQUEST_TIMEOUT_MS = 1_000;

/**
 * Options of one poll request made at `nowMs` for a wait ending at
 * `deadlineMs` (both in the wait clock's milliseconds): no retries, and a
 * per-attempt timeout of the time left, at least
 * {@link MIN_POLL_REQUEST_TIMEOUT_MS} and at most `requestTimeoutMs` (all in milliseconds).
 */
export function pollRequestOptions(nowMs: number, deadlineMs: number, requestTimeoutMs: number, base: Pick<RequestOptions, "signal" | "name">): RequestOptions {
  const timeoutMs = Math.min(requestTimeoutMs, Math.max(MIN_POLL_REQUEST_TIMEOUT_MS, Math.ceil(deadlineMs - nowMs)));
  return {
    maxRetries: 0,
    timeoutMs: Math.max(1, timeoutMs),
    ...(base.signal !== undefined ? { signal: base.signal } : {}),
    ...(base.name !== undefined ? { name: base.name } : {}),
  };
}

/** One wait's deadline, on the wait's clock. */
export class WaitDeadline {
  /** When the wait started, in the clock's milliseconds. */
  readonly startMs: number;
  /** When the wait ends, in the clock's milliseconds. */
  readonly atMs: number;
  private lastPoll: { readonly startedMs: number; readonly timeoutMs: number } | undefined;
  private exhausted = false;

  /**
   * @param clock the wait's clock
   * @param waitTimeoutMs length of the wait, in milliseconds
   * @param requestTimeoutMs longest per-attempt timeout of a poll request, in milliseconds
   * @param base `signal` and `name` passed on to every poll request
   */
  constructor(
    private readonly clock: Clock,
    waitTimeoutMs: number,
    private readonly requestTimeoutMs: number,
    private readonly base: Pick<RequestOptions, "signal" | "name">,
  ) {
    this.startMs = clock.now();
    this.atMs = this.startMs + waitTimeoutMs;
  }

  /** Time since the wait started, in milliseconds. */
  elapsedMs(): number {
    return this.clock.now() - this.startMs;
  }

  /** Options of the next poll request (see {@link pollRequestOptions}); remembers when it started. */
  pollOptions(): RequestOptions {
    const startedMs = this.clock.now();
    const options = pollRequestOptions(startedMs, this.atMs, this.requestTimeoutMs, this.base);
    this.lastPoll = { startedMs, timeoutMs: options.timeoutMs ?? this.requestTimeoutMs };
    return options;
  }

  /**
   * Note a transient failure of the last poll. A poll that timed out after
   * being given all the time left has used the wait up: {@link passed} is
   * then true even if the clock reads a moment before the deadline.
   */
  failed(err: unknown): void {
    if (err instanceof ApiTimeoutError && this.lastPoll !== undefined && this.lastPoll.startedMs + this.lastPoll.timeoutMs >= this.atMs) {
      this.exhausted = true;
    }
  }

  /** True once the deadline has passed (or a poll timed out at it). */
  passed(): boolean {
    return this.exhausted || this.clock.now() >= this.atMs;
  }

  /** How long to sleep before the next poll, in milliseconds: `intervalMs`, cut to the time left. */
  sleepMs(intervalMs: number): number {
    return Math.max(0, Math.min(intervalMs, this.atMs - this.clock.now()));
  }
}
