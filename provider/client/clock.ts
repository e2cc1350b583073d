/**
 * Time source used for retry backoff and wait polling; injectable so tests
 * can run waits without real sleeping. Per-request timeouts always use real
 * timers (they bound real sockets).
 */
import { AbortedError } from "./errors";

/** Clock abstraction: current time and an abortable sleep. */
export interface Clock {
  /** Current time in milliseconds since the epoch. */
  now(): number;
  /**
   * Resolve after `ms` milliseconds; reject with {@link AbortedError} as soon
   * as `signal` fires (immediately if it already has).
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Real time: `Date.now()` and `setTimeout`. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(new AbortedError("operation aborted"));
        return;
      }
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(new AbortedError("operation aborted"));
      };
      const timer = setTimeout(
        () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
        Math.max(0, ms),
      );
      signal?.addEventListener("abort", onAbort, { once: true });
    }),
};
