/**
 * A manual clock for the adaptive concurrency limiter's unit tests
 * (provider/client/concurrency.ts), and the small steps they share: time moves
 * only when a test advances it, so a test sees each grant, pause and wait limit
 * happen at the millisecond it expects.
 */
import { AbortedError } from "../../provider/client/errors";
import type { Clock } from "../../provider/client/clock";
import type { AcquireResult, ConcurrencyLimiter, Permit } from "../../provider/client/concurrency";

/** A clock whose sleeps end only when the test advances it; it starts at 1 000 000 ms. */
export class ManualClock implements Clock {
  /** The clock's time, in milliseconds; starts at 1 000 000. */
  nowMs = 1_000_000;
  private timers: { at: number; resolve: () => void }[] = [];

  /** The clock's time, in milliseconds. */
  now(): number {
    return this.nowMs;
  }

  /** Resolves once the test has advanced the clock by `ms` milliseconds; rejects with AbortedError on `signal`. */
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(new AbortedError("aborted"));
        return;
      }
      const timer = { at: this.nowMs + Math.max(0, ms), resolve };
      this.timers.push(timer);
      signal?.addEventListener(
        "abort",
        () => {
          this.timers = this.timers.filter((t) => t !== timer);
          reject(new AbortedError("aborted"));
        },
        { once: true },
      );
    });
  }

  /** The sleeps not yet ended, a count. */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms`, ending the sleeps due on the way, in order. */
  async advance(ms: number): Promise<void> {
    const target = this.nowMs + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at)[0];
      if (due === undefined) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.nowMs = due.at;
      due.resolve();
      await flush();
    }
    this.nowMs = target;
    await flush();
  }
}

/** Lets settled promises run their callbacks (five microtask turns). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

/** Starts an acquire and records its result, `undefined` until it settles. */
export function track(promise: Promise<AcquireResult>): { result: AcquireResult | undefined } {
  const box: { result: AcquireResult | undefined } = { result: undefined };
  void promise.then((r) => {
    box.result = r;
  });
  return box;
}

/** The permit of a tracked acquire; throws if it was not granted. */
export function permitOf(box: { result: AcquireResult | undefined }): Permit {
  const result = box.result;
  if (result?.kind !== "granted") throw new Error(`not granted: ${JSON.stringify(result)}`);
  return result.permit;
}

/** Acquires a slot that the limiter grants at once; throws if it does not. */
export async function grantNow(limiter: ConcurrencyLimiter): Promise<Permit> {
  const result = await limiter.acquire();
  if (result.kind !== "granted") throw new Error("not granted");
  return result.permit;
}
