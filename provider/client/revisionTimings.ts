/**
 * Predicting when a revision becomes `DEPLOYED`, from how long the
 * deployment's earlier revisions took, so that {@link waitForRevision} can
 * sleep through the build and poll tightly only around the expected
 * transition.
 *
 * Two sources of history, both durations (so the service's and this
 * machine's clocks never need to agree):
 * - the service's revision list: a `DEPLOYED` revision's `updated_at` minus
 *   its `created_at` is how long it took from creation to `DEPLOYED`;
 * - what this provider itself observed while waiting (kept in the resource's
 *   outputs): the same total, and a lower bound of the deploy tail (from the
 *   end of `BUILDING` to `DEPLOYED`).
 *
 * The schedule ({@link nextPollDelayMs}) is a pure function of the time, the
 * prediction and what the wait has seen, so tests drive it with plain numbers.
 *
 * @see waitForRevision in `wait.ts`
 */
import type { Revision } from "./contractTypes/controlPlane";

/** How long one earlier revision took. */
export interface RevisionTiming {
  /** The revision these figures are about. */
  readonly revisionId: string;
  /** From the revision's creation to `DEPLOYED`, in milliseconds. */
  readonly totalMs: number;
  /**
   * The deploy tail: from the end of the build (the start of `AWAITING_DEPLOY`)
   * to `DEPLOYED`, in milliseconds, when a poll saw `AWAITING_DEPLOY`; absent
   * otherwise. Written by earlier releases as a lower bound, which is read
   * the same way.
   */
  readonly deployMs?: number;
  /** From the start of `DEPLOYING` to `DEPLOYED`, in milliseconds, when a poll saw `DEPLOYING`; absent otherwise. */
  readonly deployingMs?: number;
}

/**
 * What the history predicts for the next revision: each duration as the
 * distribution of the earlier revisions' values (ascending samples), so the
 * schedule polls densely where the next value is likely to fall and sparsely
 * elsewhere.
 */
export interface RevisionPrediction {
  /** Creation to `DEPLOYED`, ascending, in milliseconds. */
  readonly totalsMs: readonly number[];
  /** End of the build to `DEPLOYED` (the deploy tail), ascending, in milliseconds; empty when none was observed. */
  readonly deployTailsMs: readonly number[];
  /** Start of `DEPLOYING` to `DEPLOYED`, ascending, in milliseconds; empty when none was observed. */
  readonly deployingMs: readonly number[];
  /** Number of revisions the prediction rests on. */
  readonly samples: number;
}

/** Most timings kept and used: the newest {@link MAX_TIMINGS} (10). */
const MAX_TIMINGS = 10;

/** Revisions longer than this (6 hours, in milliseconds) are not builds worth learning from. */
const MAX_PLAUSIBLE_TOTAL_MS = 6 * 60 * 60 * 1000;

/**
 * After the predicted transition, the first poll is made this long later
 * (250 ms), so that timestamps rounded to the millisecond and the service's
 * own bookkeeping do not make it land a moment early.
 */
export const DETECTION_OFFSET_MS = 250;
/** Shortest poll interval around a predicted transition, in milliseconds (400). */
export const TIGHT_INTERVAL_MS = 400;
/**
 * Longest interval inside a predicted window, in milliseconds (1 000): the
 * delay after `DEPLOYED` is then at most about a second while it lands where
 * the history says it should.
 */
export const WINDOW_MAX_INTERVAL_MS = 1_000;
/**
 * Longest interval once a predicted window has passed, in milliseconds
 * (2 000): a revision later than any before it is still seen within about
 * two seconds, and polled every two seconds at most (half the time since
 * the window ended, at least the tight interval, before that).
 */
export const LATE_MAX_INTERVAL_MS = 2_000;
/**
 * A window is the samples' range widened on each side by this fraction of
 * it (0.25), so that the next value, which falls outside the range of n
 * earlier ones with probability 2/(n+1), mostly still lands inside.
 */
const WINDOW_WIDENING = 0.25;
/**
 * Past durations whose shortest is at least this fraction of their median
 * (0.75) are "alike": the windows computed from them are trusted enough to
 * sleep up to the idle interval before them.
 */
const ALIKE_RATIO = 0.75;
/** Fewest recorded deploy tails (3) that describe the deploy steps on their own. */
const MIN_TRUSTED_SAMPLES = 3;
/**
 * Default longest sleep while the predicted transition is still far off, in
 * milliseconds (20 000): a failure (`BUILD_FAILED`…) is still noticed within 20 s.
 */
export const DEFAULT_IDLE_INTERVAL_MS = 20_000;
/** Default number of earlier revisions read from the service by the provider's waits (10). */
export const DEFAULT_HISTORY_LIMIT = 10;

const DEPLOY_PHASE = new Set(["AWAITING_DEPLOY", "DEPLOYING"]);

/** True for the statuses after the build: `AWAITING_DEPLOY`, `DEPLOYING`. */
export function isDeployPhase(status: string | undefined): boolean {
  return status !== undefined && DEPLOY_PHASE.has(status);
}

/** Epoch milliseconds of an ISO timestamp, or `undefined` when it is missing or unparsable. */
export function parseTimestampMs(value: string | null | undefined): number | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * Timings of the `DEPLOYED` revisions of a revision list (newest first), except
 * `excludeRevisionId` (the one being waited for): `updated_at - created_at`.
 * Revisions without both timestamps, or with implausible durations, are left out.
 */
export function timingsFromRevisions(revisions: readonly Revision[], excludeRevisionId: string): RevisionTiming[] {
  const out: RevisionTiming[] = [];
  for (const revision of revisions) {
    if (revision.id === excludeRevisionId || revision.status !== "DEPLOYED") continue;
    const created = parseTimestampMs(revision.created_at);
    const updated = parseTimestampMs(revision.updated_at);
    if (created === undefined || updated === undefined) continue;
    const totalMs = updated - created;
    if (totalMs > 0 && totalMs <= MAX_PLAUSIBLE_TOTAL_MS) out.push({ revisionId: revision.id, totalMs });
  }
  return out;
}

/**
 * One list of timings, newest first, at most `limit` long: the service's
 * totals (exact) win over the provider's own for the same revision, whose
 * deploy tail is kept. `observed` is the provider's record, newest first.
 *
 * @param limit default {@link MAX_TIMINGS}
 */
export function mergeTimings(fromService: readonly RevisionTiming[], observed: readonly RevisionTiming[], limit: number = MAX_TIMINGS): RevisionTiming[] {
  const byId = new Map<string, RevisionTiming>();
  const order: string[] = [];
  for (const timing of [...fromService, ...observed]) {
    const known = byId.get(timing.revisionId);
    if (known === undefined) {
      byId.set(timing.revisionId, timing);
      order.push(timing.revisionId);
    } else {
      const merged = {
        ...known,
        ...(known.deployMs === undefined && timing.deployMs !== undefined ? { deployMs: timing.deployMs } : {}),
        ...(known.deployingMs === undefined && timing.deployingMs !== undefined ? { deployingMs: timing.deployingMs } : {}),
      };
      byId.set(timing.revisionId, merged);
    }
  }
  return order.slice(0, Math.max(0, limit)).map((id) => byId.get(id) as RevisionTiming);
}

/** Reads timings kept in outputs; malformed entries are dropped. */
export function parseTimings(value: unknown): RevisionTiming[] {
  if (!Array.isArray(value)) return [];
  const out: RevisionTiming[] = [];
  for (const entry of value) {
    if (entry === null || typeof entry !== "object") continue;
    const record = entry as Record<string, unknown>;
    const { revisionId, totalMs, deployMs, deployingMs } = record;
    if (typeof revisionId !== "string" || typeof totalMs !== "number" || !(totalMs > 0) || totalMs > MAX_PLAUSIBLE_TOTAL_MS) continue;
    const tail = typeof deployMs === "number" && deployMs >= 0 && deployMs <= totalMs ? { deployMs } : {};
    const deploying = typeof deployingMs === "number" && deployingMs >= 0 && deployingMs <= totalMs ? { deployingMs } : {};
    out.push({ revisionId, totalMs, ...tail, ...deploying });
  }
  return out;
}

const ascending = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);

/** The prediction from up to {@link MAX_TIMINGS} timings (newest first); `undefined` without history. */
export function predictRevision(timings: readonly RevisionTiming[]): RevisionPrediction | undefined {
  const used = timings.slice(0, MAX_TIMINGS);
  if (used.length === 0) return undefined;
  return {
    totalsMs: ascending(used.map((t) => t.totalMs)),
    deployTailsMs: ascending(used.flatMap((t) => (t.deployMs !== undefined ? [t.deployMs] : []))),
    deployingMs: ascending(used.flatMap((t) => (t.deployingMs !== undefined ? [t.deployingMs] : []))),
    samples: used.length,
  };
}

/** What {@link nextPollDelayMs} needs to know. All times are on the wait's clock, in milliseconds. */
export interface ScheduleInput {
  /** Now. */
  readonly nowMs: number;
  /** Status seen by the last successful poll, if any. */
  readonly status: string | undefined;
  /** When the revision being waited for was created, on the wait's clock; `undefined` when unknown. */
  readonly createdAtMs: number | undefined;
  /** The history's prediction; `undefined` when there is no history. */
  readonly prediction: RevisionPrediction | undefined;
  /** The status-based interval the wait uses without a prediction (see `pollIntervalMs`). */
  readonly fallbackMs: number;
  /** Longest sleep while the predicted transition is far off; default {@link DEFAULT_IDLE_INTERVAL_MS}. */
  readonly idleIntervalMs?: number;
  /** Shortest interval around the predicted transition; default {@link TIGHT_INTERVAL_MS}. */
  readonly tightIntervalMs?: number;
  /** How long after a predicted transition the first poll is made; default {@link DETECTION_OFFSET_MS}. */
  readonly detectionOffsetMs?: number;
  /** Longest interval inside a predicted window; default {@link WINDOW_MAX_INTERVAL_MS}. */
  readonly windowMaxIntervalMs?: number;
  /** Longest interval once a predicted window has passed; default {@link LATE_MAX_INTERVAL_MS}. */
  readonly lateMaxIntervalMs?: number;
  /** When the current revision's build ended (`AWAITING_DEPLOY` began), when a poll saw it; on the wait's clock. */
  readonly deployPhaseStartMs?: number;
  /** When the current revision's `DEPLOYING` began, when a poll saw it; on the wait's clock. */
  readonly deployingStartMs?: number;
}

/** Where `DEPLOYED` is expected: an interval on the wait's clock. */
interface Window {
  readonly fromMs: number;
  readonly toMs: number;
}

/**
 * The samples' range after `startMs`, widened by {@link WINDOW_WIDENING} of
 * it on each side and shifted by the detection offset.
 */
function windowAfter(startMs: number, samples: readonly number[], offsetMs: number): Window {
  const low = samples[0] as number;
  const high = samples[samples.length - 1] as number;
  const widen = (high - low) * WINDOW_WIDENING;
  return { fromMs: startMs + low - widen + offsetMs, toMs: startMs + high + widen + offsetMs };
}

/**
 * How far apart to poll so that one poll lands inside a step whose past
 * durations are `samples` (ascending): a fraction of the shortest, the square
 * of its ratio to the median, from 0.3 (the step varies a lot: the next one
 * may be shorter still) to 0.8 (they are all alike).
 */
function probeIntervalMs(samples: readonly number[]): number {
  const shortest = samples[0] as number;
  const middle = samples[Math.floor(samples.length / 2)] as number;
  const ratio = middle > 0 ? shortest / middle : 0;
  return shortest * Math.min(0.8, Math.max(0.3, ratio * ratio));
}

/**
 * Longest sleep before a window computed from `samples` (ascending), once
 * the step they measure has begun: `idleMs` when they are alike, but when
 * the shortest is under {@link ALIKE_RATIO} of the median the step varies so
 * much that the next one may end well before the window, so at most twice
 * `lateMaxMs`.
 */
function preWindowSleepMs(samples: readonly number[], idleMs: number, lateMaxMs: number): number {
  const middle = samples[Math.floor(samples.length / 2)] as number;
  return middle > 0 && (samples[0] as number) / middle < ALIKE_RATIO ? Math.min(idleMs, 2 * lateMaxMs) : idleMs;
}

/** Sleeps of at most `idleMs`, spread evenly so that the last one ends at `targetMs`. */
function sleepToward(nowMs: number, targetMs: number, idleMs: number): number {
  const leftMs = targetMs - nowMs;
  return Math.ceil(leftMs / Math.ceil(leftMs / idleMs));
}

/**
 * How long to sleep before the next poll, in milliseconds.
 *
 * Without a prediction (no history, or creation time unknown) this is
 * `fallbackMs`: the status-based schedule. With one, the schedule narrows
 * where `DEPLOYED` is expected as the revision advances, each step known
 * exactly from the service's `updated_at` (the start of the current status):
 * 1. `DEPLOYING` seen, with its durations in the history: the window is its
 *    start plus those durations;
 * 2. `AWAITING_DEPLOY` seen, with `DEPLOYING` durations in the history:
 *    poll often enough (see {@link probeIntervalMs}) that one lands in `DEPLOYING`
 *    (case 1); with deploy tails only: the build's end plus those tails;
 * 3. still building, with deploy-step durations in the history: sleep until
 *    the earliest the deploy steps can begin, then poll often enough that
 *    one poll lands inside them and case 1 or 2 applies;
 * 4. otherwise (history of totals only, e.g. read from the service): the
 *    revision's creation plus the totals.
 * Before a window: sleeps of at most `idleIntervalMs`, the last one ending at
 * its start. Inside: a third of its width apart (from `tightIntervalMs` to
 * `windowMaxIntervalMs`). After it: half the lateness, from
 * `tightIntervalMs` to `lateMaxIntervalMs`, so a revision later than
 * any before it costs a few short polls, not a long sleep.
 */
export function nextPollDelayMs(input: ScheduleInput): number {
  const { nowMs, prediction, createdAtMs, fallbackMs } = input;
  if (prediction === undefined || createdAtMs === undefined) return fallbackMs;
  const floorMs = Math.max(1, input.tightIntervalMs ?? TIGHT_INTERVAL_MS);
  const offsetMs = Math.max(0, input.detectionOffsetMs ?? DETECTION_OFFSET_MS);
  const idleMs = Math.max(floorMs, input.idleIntervalMs ?? DEFAULT_IDLE_INTERVAL_MS);
  const windowMaxMs = Math.max(floorMs, input.windowMaxIntervalMs ?? WINDOW_MAX_INTERVAL_MS);
  const lateMaxMs = Math.max(floorMs, input.lateMaxIntervalMs ?? LATE_MAX_INTERVAL_MS);
  const building = !isDeployPhase(input.status);

  let window: Window;
  let beforeWindowMs = idleMs;
  // The deploy steps last at least as long as DEPLOYING alone: with few tails recorded, DEPLOYING's durations count too.
  const deploySteps =
    prediction.deployTailsMs.length >= MIN_TRUSTED_SAMPLES
      ? prediction.deployTailsMs
      : [...prediction.deployTailsMs, ...prediction.deployingMs].sort((a, b) => a - b);
  if (input.deployingStartMs !== undefined && prediction.deployingMs.length > 0) {
    window = windowAfter(input.deployingStartMs, prediction.deployingMs, offsetMs);
    beforeWindowMs = preWindowSleepMs(prediction.deployingMs, idleMs, lateMaxMs);
  } else if (input.status === "AWAITING_DEPLOY" && prediction.deployingMs.length > 0) {
    // Waiting for DEPLOYING to begin: poll often enough that one poll lands inside it.
    return Math.ceil(Math.min(idleMs, Math.max(floorMs, probeIntervalMs(prediction.deployingMs))));
  } else if (input.deployPhaseStartMs !== undefined && prediction.deployTailsMs.length > 0) {
    window = windowAfter(input.deployPhaseStartMs, prediction.deployTailsMs, offsetMs);
    beforeWindowMs = preWindowSleepMs(prediction.deployTailsMs, idleMs, lateMaxMs);
  } else if (building && deploySteps.length > 0) {
    // Probe for the deploy steps, which cannot begin before the earliest total less the longest of them.
    const totals = windowAfter(createdAtMs, prediction.totalsMs, 0);
    const earliestMs = totals.fromMs - (deploySteps[deploySteps.length - 1] as number);
    const probeMs = Math.min(idleMs, Math.max(floorMs, probeIntervalMs(deploySteps)));
    return nowMs < earliestMs ? sleepToward(nowMs, earliestMs, idleMs) : Math.ceil(probeMs);
  } else {
    window = windowAfter(createdAtMs, prediction.totalsMs, offsetMs);
  }
  if (nowMs < window.fromMs) return sleepToward(nowMs, window.fromMs, beforeWindowMs);
  if (nowMs < window.toMs) {
    const spacingMs = Math.min(windowMaxMs, Math.max(floorMs, (window.toMs - window.fromMs) / 3));
    return Math.ceil(Math.max(floorMs, Math.min(spacingMs, window.toMs - nowMs)));
  }
  return Math.round(Math.min(lateMaxMs, Math.max(floorMs, (nowMs - window.toMs) / 2)));
}
