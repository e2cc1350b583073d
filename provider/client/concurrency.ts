/**
 * Adaptive concurrency for one API origin and credential: an in-flight window
 * that shrinks on 429 answers and grows back on successes (AIMD, as TCP does
 * for congestion), and a pause that holds every new request until the
 * instant a 429's `Retry-After` named.
 *
 * - Slow start: the window starts at `initialWindow` (default 8 requests)
 *   and grows by one per success until the first 429.
 * - On a 429 from a request sent since the last decrease, the window becomes
 *   half of the requests then in flight (at least 1), and growth turns
 *   additive: 1/window per success (about one more request per round trip).
 *   429s from requests sent before that decrease (answers to the same burst)
 *   do not shrink it again.
 * - Every 429 holds the origin until its retry instant: no request of this
 *   limiter is granted before it; waiting requests are then served first in,
 *   first out, a request retrying after its own 429 ahead of new ones.
 * - Pacing: the first 429 of a burst also sets a pace, 95 % of the rate the
 *   service accepted over the period of its hint (answers in the last
 *   `max(1 s, Retry-After)`); grants are then spaced `1 / pace` apart, so a
 *   service limiting requests per second is not run into again and again
 *   (each 429 costs a whole Retry-After of silence). The pace grows by
 *   0.1 request/s each second of successes, quicker once above the rate
 *   measured at that 429 (by 0.3 request/s more for each second spent
 *   above it: a client that shared the limit with others takes up what they
 *   leave when they finish). With fewer than 5 answers in
 *   that period (a client that shares the limit with many others gets a few
 *   a second), the period doubles, up to 8 s, until it holds 5 (measured
 *   from the limiter's first answer when that is later); with fewer than 5
 *   even then, no pace is set.
 * - A waiting request honours its abort signal and its `maxWaitMs`.
 *
 * The limiter only orders and holds requests; which failures are retried is
 * `retry.ts`'s call. One limiter is shared by every client of an origin and
 * credential through `concurrencyRegistry.ts`.
 */
import type { Clock } from "./clock";

/** Default window before the first 429, in requests in flight (8). */
export const DEFAULT_INITIAL_WINDOW = 8;
/** Largest window, in requests in flight (1 024): growth stops there. */
export const MAX_WINDOW = 1_024;
/** Share of the measured accepted rate a 429 sets the pace to (0.95). */
export const PACE_FACTOR = 0.95;
/** Growth of the pace, in requests per second gained per second of successes (0.1). */
export const PACE_GROWTH_PER_S = 0.1;
/**
 * How growth quickens once the pace is above the rate measured at the last
 * 429 (3): each second there adds 3 times {@link PACE_GROWTH_PER_S} to the
 * growth, so a client that shared the limit with others takes up what they
 * leave when they finish, while one near its own limit grows slowly.
 */
export const PROBE_ACCELERATION = 3;
/** Slowest pace a 429 sets, in requests per second (1). */
export const MIN_PACE_PER_S = 1;
/** Fewest answers in a 429's period that set a pace (5): fewer measure no rate. */
export const MIN_PACE_ANSWERS = 5;
/** Longest period a 429 measures the accepted rate over, in milliseconds (8 000). */
export const MAX_PACE_PERIOD_MS = 8_000;
/** Answers remembered to measure the accepted rate (the newest 4 096). */
const ANSWERS_KEPT = 4_096;

/** Options of {@link ConcurrencyLimiter}. */
export interface ConcurrencyLimiterOptions {
  /** Time source for pauses and wait deadlines. */
  readonly clock: Clock;
  /** Requests in flight allowed before the first 429, at least 1; default {@link DEFAULT_INITIAL_WINDOW} (8). */
  readonly initialWindow?: number;
  /**
   * Most grants a second, from the first request on (a share of a limit the
   * client shares with others: `langsmith:maxRequestsPerSecond`); the pace
   * never grows above it. Default none (the pace is learnt from 429s).
   */
  readonly maxPerSecond?: number;
}

/** How an attempt sent under a {@link Permit} ended. */
export type AttemptOutcome =
  /** The service answered with anything but 429 (the request was not refused for rate). */
  | { readonly kind: "answered" }
  /** The service answered 429; `retryAfterMs` (milliseconds from now) is the hold the answer asked for, or the backoff used without one. */
  | { readonly kind: "rateLimited"; readonly retryAfterMs: number }
  /** No answer (connection error, timeout, abort): says nothing about the rate, the window is left as it is. */
  | { readonly kind: "noAnswer" };

/** The right to send one attempt; {@link Permit.release} must be called exactly once. */
export interface Permit {
  /** Frees the slot and adapts the window to how the attempt ended (later calls do nothing). */
  release(outcome: AttemptOutcome): void;
}

/** Options of one {@link ConcurrencyLimiter.acquire}. */
export interface AcquireOptions {
  /** Stops waiting (result `aborted`) when it fires. */
  readonly signal?: AbortSignal;
  /** Longest wait for a slot, in milliseconds (result `timedOut` after it); default no limit. */
  readonly maxWaitMs?: number;
  /** Queue ahead of requests not yet sent (a retry after the request's own 429); default false. */
  readonly priority?: boolean;
}

/** The result of {@link ConcurrencyLimiter.acquire}; `waitedMs` is the time spent waiting, in milliseconds. */
export type AcquireResult =
  | { readonly kind: "granted"; readonly permit: Permit; readonly waitedMs: number }
  | { readonly kind: "aborted"; readonly waitedMs: number }
  | { readonly kind: "timedOut"; readonly waitedMs: number };

/** A read-only view of a limiter's state, for tests and benchmarks. */
export interface LimiterSnapshot {
  /** Current window, in requests (may be fractional; `floor` of it, at least 1, may be in flight). */
  readonly window: number;
  /** Requests in flight. */
  readonly inFlight: number;
  /** Requests waiting for a slot. */
  readonly waiting: number;
  /** Instant (clock milliseconds) before which no request is granted; 0 when never paused. */
  readonly pausedUntilMs: number;
  /** Number of window decreases so far. */
  readonly decreases: number;
  /** Pace of grants, in requests per second; `Infinity` before any 429 measured one. */
  readonly pacePerSecond: number;
}

interface Waiter {
  readonly grant: (permit: Permit) => void;
}

/** The shared in-flight window and pause of one origin and credential (see the module doc). */
export class ConcurrencyLimiter {
  private readonly clock: Clock;
  private window: number;
  private slowStartThreshold = Number.POSITIVE_INFINITY;
  private inFlight = 0;
  private pausedUntilMs = 0;
  private epoch = 0;
  private readonly queue: Waiter[] = [];
  private wake: AbortController | undefined;
  private wakeAtMs = 0;
  private pacePerSecond = Number.POSITIVE_INFINITY;
  private nextGrantAtMs = 0;
  private answersAtMs: number[] = [];
  private firstAnswerAtMs: number | undefined;
  private readonly maxPerSecond: number = Number.POSITIVE_INFINITY;
  private rateAtLimitPerSecond = 0;
  private aboveLimitSinceMs: number | undefined;

  /** @param options the clock and the initial window (default 8 requests) */
  constructor(options: ConcurrencyLimiterOptions) {
    this.clock = options.clock;
    const initial = options.initialWindow ?? DEFAULT_INITIAL_WINDOW;
    this.window = Number.isFinite(initial) ? Math.min(MAX_WINDOW, Math.max(1, Math.floor(initial))) : DEFAULT_INITIAL_WINDOW;
    if (options.maxPerSecond !== undefined && options.maxPerSecond > 0) {
      this.maxPerSecond = options.maxPerSecond;
      this.pacePerSecond = options.maxPerSecond;
    }
  }

  /** The current state (a copy). */
  snapshot(): LimiterSnapshot {
    return {
      window: this.window,
      inFlight: this.inFlight,
      waiting: this.queue.length,
      pausedUntilMs: this.pausedUntilMs,
      decreases: this.epoch,
      pacePerSecond: this.pacePerSecond,
    };
  }

  /**
   * Waits for a slot: until no pause holds the origin, fewer than the window
   * are in flight and every request queued ahead has been served. Never
   * rejects: an abort or the end of `maxWaitMs` is reported in the result.
   */
  acquire(options: AcquireOptions = {}): Promise<AcquireResult> {
    const startedMs = this.clock.now();
    if (options.signal?.aborted) return Promise.resolve({ kind: "aborted", waitedMs: 0 });
    if (this.queue.length === 0 && this.canGrant(startedMs)) {
      return Promise.resolve({ kind: "granted", permit: this.grantPermit(), waitedMs: 0 });
    }
    return new Promise<AcquireResult>((resolve) => {
      const stopDeadline = new AbortController();
      const finish = (result: AcquireResult): void => {
        stopDeadline.abort();
        options.signal?.removeEventListener("abort", onAbort);
        resolve(result);
      };
      const waiter: Waiter = {
        grant: (permit) => finish({ kind: "granted", permit, waitedMs: this.clock.now() - startedMs }),
      };
      const leave = (kind: "aborted" | "timedOut"): void => {
        const index = this.queue.indexOf(waiter);
        if (index < 0) return; // already granted
        this.queue.splice(index, 1);
        finish({ kind, waitedMs: this.clock.now() - startedMs });
        this.pump();
      };
      const onAbort = (): void => leave("aborted");
      options.signal?.addEventListener("abort", onAbort, { once: true });
      if (options.maxWaitMs !== undefined) {
        this.clock.sleep(Math.max(0, options.maxWaitMs), stopDeadline.signal).then(
          () => leave("timedOut"),
          () => undefined, // granted or aborted first
        );
      }
      if (options.priority === true) this.queue.unshift(waiter);
      else this.queue.push(waiter);
      this.pump();
    });
  }

  private capacity(): number {
    return Math.max(1, Math.floor(this.window));
  }

  /** The instant before which nothing is granted: the end of the pause, or the next paced grant. */
  private notBeforeMs(): number {
    return Math.max(this.pausedUntilMs, this.nextGrantAtMs);
  }

  private canGrant(nowMs: number): boolean {
    return nowMs >= this.notBeforeMs() && this.inFlight < this.capacity();
  }

  private grantPermit(): Permit {
    this.inFlight += 1;
    if (Number.isFinite(this.pacePerSecond)) {
      this.nextGrantAtMs = Math.max(this.clock.now(), this.nextGrantAtMs) + 1000 / this.pacePerSecond;
    }
    const epoch = this.epoch;
    let released = false;
    return {
      release: (outcome) => {
        if (released) return;
        released = true;
        this.onRelease(epoch, outcome);
      },
    };
  }

  private onRelease(epoch: number, outcome: AttemptOutcome): void {
    if (outcome.kind === "answered") {
      const step = this.window < this.slowStartThreshold ? 1 : 1 / this.window;
      this.window = Math.min(MAX_WINDOW, this.window + step);
      this.answersAtMs.push(this.clock.now());
      this.firstAnswerAtMs ??= this.clock.now();
      if (this.answersAtMs.length > ANSWERS_KEPT) this.answersAtMs.splice(0, this.answersAtMs.length - ANSWERS_KEPT);
      if (Number.isFinite(this.pacePerSecond)) {
        const nowMs = this.clock.now();
        if (this.pacePerSecond <= this.rateAtLimitPerSecond) this.aboveLimitSinceMs = undefined;
        else this.aboveLimitSinceMs ??= nowMs;
        const probingS = this.aboveLimitSinceMs === undefined ? 0 : (nowMs - this.aboveLimitSinceMs) / 1000;
        this.pacePerSecond = Math.min(this.maxPerSecond, this.pacePerSecond + (PACE_GROWTH_PER_S * (1 + PROBE_ACCELERATION * probingS)) / this.pacePerSecond);
      }
    } else if (outcome.kind === "rateLimited") {
      if (epoch === this.epoch) {
        this.setPace(Math.max(1000, outcome.retryAfterMs));
        // Half of what was in flight (this request included), not of a window that was never filled.
        const halved = Math.max(1, Math.floor(Math.min(this.window, this.inFlight) / 2));
        this.window = halved;
        this.slowStartThreshold = halved;
        this.epoch += 1;
      }
      const until = this.clock.now() + Math.max(0, outcome.retryAfterMs);
      if (until > this.pausedUntilMs) this.pausedUntilMs = until;
    }
    this.inFlight -= 1;
    this.pump();
  }

  /**
   * Paces grants at {@link PACE_FACTOR} of the rate answered over the last
   * `periodMs`, doubled up to {@link MAX_PACE_PERIOD_MS} until it holds
   * {@link MIN_PACE_ANSWERS} answers (fewer even then: no pace).
   */
  private setPace(periodMs: number): void {
    const nowMs = this.clock.now();
    for (let period = periodMs; ; period = Math.min(MAX_PACE_PERIOD_MS, period * 2)) {
      const answered = this.answersAtMs.filter((at) => at >= nowMs - period).length;
      if (answered >= MIN_PACE_ANSWERS) {
        // A limiter answering for less than the period measures over the time it has been answering.
        const spanMs = Math.max(periodMs, Math.min(period, nowMs - (this.firstAnswerAtMs ?? nowMs)));
        this.rateAtLimitPerSecond = (answered * 1000) / spanMs;
        this.aboveLimitSinceMs = undefined;
        this.pacePerSecond = Math.min(this.maxPerSecond, Math.max(MIN_PACE_PER_S, this.rateAtLimitPerSecond * PACE_FACTOR));
        return;
      }
      if (period >= MAX_PACE_PERIOD_MS) return;
    }
  }

  /** Grants slots to waiting requests in order, or arms one wake-up at the end of the pause or pacing interval. */
  private pump(): void {
    while (this.queue.length > 0) {
      const nowMs = this.clock.now();
      if (nowMs < this.notBeforeMs()) {
        this.armWake(nowMs);
        return;
      }
      if (this.inFlight >= this.capacity()) break;
      const waiter = this.queue.shift() as Waiter;
      waiter.grant(this.grantPermit());
    }
    this.disarmWake();
  }

  private armWake(nowMs: number): void {
    const atMs = this.notBeforeMs();
    if (this.wake !== undefined && this.wakeAtMs === atMs) return;
    this.disarmWake();
    const wake = new AbortController();
    this.wake = wake;
    this.wakeAtMs = atMs;
    this.clock.sleep(atMs - nowMs, wake.signal).then(
      () => {
        if (this.wake !== wake) return;
        this.wake = undefined;
        this.pump();
      },
      () => undefined, // disarmed
    );
  }

  private disarmWake(): void {
    this.wake?.abort();
    this.wake = undefined;
  }
}
