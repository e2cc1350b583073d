/** The pollers the time-to-ready benchmark compares: ours (with and without history) and fixed-interval ones. */
import type { Clock } from "../../provider/client/clock";
import type { LangSmithClient } from "../../provider/client/client";
import {
  DEFAULT_HISTORY_LIMIT,
  DEFAULT_IDLE_INTERVAL_MS,
  DETECTION_OFFSET_MS,
  LATE_MAX_INTERVAL_MS,
  type RevisionTiming,
  TIGHT_INTERVAL_MS,
  WINDOW_MAX_INTERVAL_MS,
} from "../../provider/client/revisionTimings";
import { DEFAULT_MAX_INTERVAL_MS, DEFAULT_MIN_INTERVAL_MS, DEFAULT_WAIT_TIMEOUT_MS, waitForRevision } from "../../provider/client/wait";
import { deploymentCalls } from "../../provider/deployments/deployment/endpoints";
import { fixedIntervalWait } from "./fixedPoller";

/** A way of waiting for a revision; times are full scale and divided by `scaleFactor`. */
export interface Poller {
  readonly name: string;
  /** True when the poller also waits for the earlier revisions and learns from them (ours with history). */
  readonly learns?: boolean;
  /**
   * Waits until the revision is `DEPLOYED`; returns what the wait recorded of
   * it (pollers that learn nothing return undefined). `history` is what the
   * poller's earlier waits recorded, newest first.
   */
  wait(
    api: LangSmithClient,
    ids: { deploymentId: string; revisionId: string },
    clock: Clock,
    scaleFactor: number,
    history: readonly RevisionTiming[],
  ): Promise<RevisionTiming | undefined>;
}

/** Our waiter's fixed times divided by `scaleFactor` (the scaled mode's real-time run). */
function scaledWaitTimes(scaleFactor: number) {
  return {
    minIntervalMs: DEFAULT_MIN_INTERVAL_MS / scaleFactor,
    maxIntervalMs: DEFAULT_MAX_INTERVAL_MS / scaleFactor,
    waitTimeoutMs: DEFAULT_WAIT_TIMEOUT_MS / scaleFactor,
  };
}

/**
 * The provider's waiter as the Deployment provider calls it: default
 * intervals, the timings its earlier waits recorded (`history`), and the
 * service's revision list read as history (`historyLimit`). The scaled mode
 * divides its fixed times too.
 */
export const ADAPTIVE_POLLER: Poller = {
  name: "ours (history)",
  learns: true,
  async wait(api, ids, clock, scaleFactor, history) {
    const result = await waitForRevision(deploymentCalls.reader(api), {
      ...ids,
      clock,
      ...scaledWaitTimes(scaleFactor),
      idleIntervalMs: DEFAULT_IDLE_INTERVAL_MS / scaleFactor,
      tightIntervalMs: TIGHT_INTERVAL_MS / scaleFactor,
      detectionOffsetMs: DETECTION_OFFSET_MS / scaleFactor,
      windowMaxIntervalMs: WINDOW_MAX_INTERVAL_MS / scaleFactor,
      lateMaxIntervalMs: LATE_MAX_INTERVAL_MS / scaleFactor,
      history,
      historyLimit: DEFAULT_HISTORY_LIMIT,
    });
    return result.timing;
  },
};

/** The same waiter with no history, as on a create (the deployment's first revision): the status-based schedule alone. */
export const NO_HISTORY_POLLER: Poller = {
  name: "ours (no history)",
  async wait(api, ids, clock, scaleFactor) {
    await waitForRevision(deploymentCalls.reader(api), { ...ids, clock, ...scaledWaitTimes(scaleFactor) });
    return undefined;
  },
};

function fixedPoller(name: string, intervalMs: number, waitTimeoutMs: number): Poller {
  return {
    name,
    async wait(api, ids, clock, scaleFactor) {
      const outcome = await fixedIntervalWait(deploymentCalls.reader(api), {
        ...ids,
        clock,
        intervalMs: intervalMs / scaleFactor,
        waitTimeoutMs: waitTimeoutMs / scaleFactor,
      });
      if (outcome !== "DEPLOYED") throw new Error(`${name}: revision ${ids.revisionId} ended with ${outcome}`);
      return undefined;
    },
  };
}

/** The spec's reference client: fixed 60 s polling, 1800 s cap. */
export const REFERENCE_POLLER = fixedPoller("reference (60 s)", 60_000, 1_800_000);
/** A naive fixed 5 s poller. */
export const FIXED_5S_POLLER = fixedPoller("fixed 5 s", 5_000, 1_800_000);
/** A fixed 10 s poller: the GET budget of the targets. */
export const FIXED_10S_POLLER = fixedPoller("fixed 10 s", 10_000, 1_800_000);
/** The pollers compared, ours first. */
export const POLLERS: readonly Poller[] = [ADAPTIVE_POLLER, NO_HISTORY_POLLER, REFERENCE_POLLER, FIXED_5S_POLLER, FIXED_10S_POLLER];
