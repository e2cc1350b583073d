import type { Clock } from "../../provider/client/clock";
import type { RevisionReader } from "../../provider/client/wait";

/** Options of {@link fixedIntervalWait}. */
export interface FixedIntervalWaitOptions {
  readonly deploymentId: string;
  readonly revisionId: string;
  /** Time between two GETs, in milliseconds. */
  readonly intervalMs: number;
  /** Give up after this long, in milliseconds. */
  readonly waitTimeoutMs: number;
  readonly clock: Clock;
}

/** How a fixed-interval wait ended. */
export type FixedIntervalOutcome = "DEPLOYED" | "FAILED" | "TIMEOUT";

/**
 * The spec's reference client (and the naive fixed poller): GET the revision,
 * stop on `DEPLOYED` or any status containing `FAILED`, else sleep
 * `intervalMs` and poll again, giving up after `waitTimeoutMs`.
 */
export async function fixedIntervalWait(api: RevisionReader, options: FixedIntervalWaitOptions): Promise<FixedIntervalOutcome> {
  const start = options.clock.now();
  const maxPolls = Math.ceil(options.waitTimeoutMs / Math.max(1, options.intervalMs)) + 1;
  for (let poll = 0; poll < maxPolls; poll += 1) {
    const revision = await api.getRevision(options.deploymentId, options.revisionId);
    if (revision.status === "DEPLOYED") return "DEPLOYED";
    if (revision.status.includes("FAILED")) return "FAILED";
    if (options.clock.now() - start >= options.waitTimeoutMs) return "TIMEOUT";
    await options.clock.sleep(options.intervalMs);
  }
  return "TIMEOUT";
}
