import { AbortedError } from "../../provider/client/errors";
import type { Clock } from "../../provider/client/clock";

/**
 * A clock whose time moves only when someone sleeps: `sleep(ms)` adds `ms`
 * and resolves at once. Shared by one emulator (its `now` option) and one
 * poller at a time, it replays a revision's real-world timeline exactly,
 * in milliseconds of CPU time. HTTP round trips take no virtual time.
 */
export class VirtualClock implements Clock {
  /** @param nowMs starting time, epoch milliseconds. */
  constructor(private nowMs: number) {}

  /** Current virtual time, epoch milliseconds. */
  now(): number {
    return this.nowMs;
  }

  /** Moves time forward by `ms` (negative values are ignored). */
  advance(ms: number): void {
    this.nowMs += Math.max(0, ms);
  }

  /** Moves time forward by `ms` and resolves; rejects when `signal` has fired. */
  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw new AbortedError("operation aborted");
    this.advance(ms);
  }
}
