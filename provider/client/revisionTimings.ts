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
import type { Revision } from "./schemas/deployments";

/** How long one earlier revision took. */
export interface RevisionTiming {
  /** The revision these figures are about. */
  readonly revisionId: string;
  /** From the revision's creation to `DEPLOYED`, in milliseconds. */
  readonly totalMs: number;
  /**
   * A lower bound of the deploy tail (end of `BUILDING` to `DEPLOYED`), in
   * milliseconds, when the wait saw the deploy steps; absent otherwise.
   */
  readonly deployMs?: number;
}

/** What the history predicts for the next revision. */
export interface RevisionPrediction {
  /** Expected time from creation to `DEPLOYED` (median of the history), in milliseconds. */
  readonly expectedTotalMs: number;
  /** Largest distance of a history total from that median, in milliseconds (0 with one sample). */
  readonly spreadMs: number;
  /** Smallest recorded deploy tail (a lower bound), in milliseconds; absent when none was recorded. */
  readonly deployTailMs?: number;
  /** Number of revisions the prediction rests on. */
  readonly samples: number;
}

/** Most timings kept and used: the newest {@link MAX_TIMINGS} (5). */
const MAX_TIMINGS = 5;

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
 * After the predicted window ended without `DEPLOYED`, the interval is this
 * fraction of the time since the window ended (1), at least the tight
 * interval: it doubles at each poll, so a prediction wrong by L costs about
 * log2(L / 400 ms) extra GETs and a delay of at most about L.
 */
const LATE_INTERVAL_FRACTION = 1;
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
    } else if (known.deployMs === undefined && timing.deployMs !== undefined) {
      byId.set(timing.revisionId, { ...known, deployMs: timing.deployMs });
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
    const { revisionId, totalMs, deployMs } = record;
    if (typeof revisionId !== "string" || typeof totalMs !== "number" || !(totalMs > 0) || totalMs > MAX_PLAUSIBLE_TOTAL_MS) continue;
    const tail = typeof deployMs === "number" && deployMs >= 0 && deployMs <= totalMs ? { deployMs } : {};
    out.push({ revisionId, totalMs, ...tail });
  }
  return out;
}

function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The prediction from up to {@link MAX_TIMINGS} timings (newest first); `undefined` without history. */
export function predictRevision(timings: readonly RevisionTiming[]): RevisionPrediction | undefined {
  const used = timings.slice(0, MAX_TIMINGS);
  if (used.length === 0) return undefined;
  const totals = used.map((t) => t.totalMs);
  const expectedTotalMs = medianOf(totals);
  const spreadMs = Math.max(...totals.map((t) => Math.abs(t - expectedTotalMs)));
  const tails = used.flatMap((t) => (t.deployMs !== undefined ? [t.deployMs] : []));
  return { expectedTotalMs, spreadMs, ...(tails.length > 0 ? { deployTailMs: Math.min(...tails) } : {}), samples: used.length };
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
  /**
   * When a poll last saw a status before the deploy steps (queued, building…),
   * on the wait's clock; see {@link predictedDeployedAtMs}.
   */
  readonly lastPendingBeforeDeployMs?: number;
}

/**
 * When `DEPLOYED` is expected, on the wait's clock: creation plus the
 * expected total, but never earlier than the recorded deploy tail after a
 * poll that still saw the build running (`lastPendingBeforeDeployMs`).
 */
export function predictedDeployedAtMs(
  createdAtMs: number,
  prediction: RevisionPrediction,
  lastPendingBeforeDeployMs?: number,
): number {
  const fromHistory = createdAtMs + prediction.expectedTotalMs;
  if (prediction.deployTailMs === undefined || lastPendingBeforeDeployMs === undefined) return fromHistory;
  return Math.max(fromHistory, lastPendingBeforeDeployMs + prediction.deployTailMs);
}

/**
 * How long to sleep before the next poll, in milliseconds.
 *
 * Without a prediction (no history, or creation time unknown) this is
 * `fallbackMs`: the status-based schedule. With one, the window of the
 * transition is the predicted time ± the history's spread:
 * - before the window: sleeps of at most `idleIntervalMs`, spread evenly so
 *   that the last one ends exactly at the window's start (plus
 *   {@link DETECTION_OFFSET_MS});
 * - in the window: every `spread / 4` (at least `tightIntervalMs`,
 *   at most `fallbackMs`);
 * - after it (the revision is late): {@link LATE_INTERVAL_FRACTION} of the
 *   lateness, up to `fallbackMs`, so a badly wrong prediction costs a few GETs
 *   and then becomes the ordinary schedule.
 */
export function nextPollDelayMs(input: ScheduleInput): number {
  const { nowMs, prediction, createdAtMs, fallbackMs, lastPendingBeforeDeployMs } = input;
  if (prediction === undefined || createdAtMs === undefined) return fallbackMs;
  const floorMs = Math.max(1, input.tightIntervalMs ?? TIGHT_INTERVAL_MS);
  const offsetMs = Math.max(0, input.detectionOffsetMs ?? DETECTION_OFFSET_MS);
  const idleMs = Math.max(floorMs, input.idleIntervalMs ?? DEFAULT_IDLE_INTERVAL_MS);
  const predictedMs = predictedDeployedAtMs(createdAtMs, prediction, lastPendingBeforeDeployMs);
  const tightMs = Math.min(Math.max(floorMs, prediction.spreadMs / 4), Math.max(floorMs, fallbackMs));
  const windowStartMs = predictedMs - prediction.spreadMs + offsetMs;
  const windowEndMs = predictedMs + prediction.spreadMs + offsetMs;
  if (nowMs < windowStartMs) {
    const leftMs = windowStartMs - nowMs;
    const sleeps = Math.ceil(leftMs / idleMs);
    return Math.ceil(leftMs / sleeps);
  }
  if (nowMs < windowEndMs) return Math.ceil(Math.min(tightMs, windowEndMs - nowMs));
  const lateMs = nowMs - windowEndMs;
  return Math.round(Math.min(Math.max(tightMs, fallbackMs), Math.max(tightMs, lateMs * LATE_INTERVAL_FRACTION)));
}
