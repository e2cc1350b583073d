/**
 * Waiting for long-running work: a revision to become `DEPLOYED`
 * ({@link waitForRevision}) and a deployment to disappear after DELETE
 * ({@link waitForDeletion}). Pulumi's customTimeouts and Ctrl-C never reach a
 * dynamic provider, so every wait has its own deadline and an `AbortSignal`.
 *
 * Bound: a wait ends (with its result or {@link WaitTimeoutError}) no later
 * than its deadline plus `MIN_POLL_REQUEST_TIMEOUT_MS` (1 s), plus processing
 * time. The loop already tolerates transient errors, so each poll request is
 * sent once (`maxRetries: 0`: no hidden retries inside a poll) with a
 * per-attempt timeout no longer than the time left until the deadline (but at
 * least 1 s, and never more than `requestTimeoutMs`); sleeps never pass the
 * deadline; a poll that timed out at the deadline ends the wait; no request
 * starts after the deadline except one final poll when a sleep ends at it.
 * See `waitDeadline.ts`.
 *
 * Prediction: given how long the deployment's earlier revisions took (the
 * `history` option, and the service's revision list when `historyLimit` > 0),
 * the wait sleeps through the expected build in long steps and polls tightly
 * only around the expected `DEPLOYED` (see `revisionTimings.ts`). Without
 * history it polls on the status-based schedule of {@link pollIntervalMs}.
 */
import { type Clock, systemClock } from "./clock";
import { AbortedError, NotFoundError, RateLimitError, RevisionFailedError, WaitTimeoutError, isTransientError } from "./errors";
import type { DeploymentsApi } from "./deployments";
import { DEFAULT_TIMEOUT_MS } from "./options";
import { WaitDeadline } from "./waitDeadline";
import {
  isDeployPhase,
  mergeTimings,
  nextPollDelayMs,
  parseTimestampMs,
  predictRevision,
  type RevisionPrediction,
  type RevisionTiming,
  timingsFromRevisions,
} from "./revisionTimings";
import type { Revision } from "./schemas/deployments";

/** Default deadline of a wait, in milliseconds (30 minutes, like the reference client). */
export const DEFAULT_WAIT_TIMEOUT_MS = 30 * 60 * 1000;
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
/** Default poll interval of {@link waitForDeletion}, in milliseconds. */
export const DEFAULT_DELETION_INTERVAL_MS = 5_000;

/** The status a revision is waited for. */
const SUCCESS_STATUS = "DEPLOYED";
/** The status of a revision superseded by a newer one. */
const SUPERSEDED_STATUS = "SKIPPED";

async function sleepOrAbort(clock: Clock, ms: number, signal: AbortSignal | undefined, who: string): Promise<void> {
  try {
    await clock.sleep(ms, signal);
  } catch {
    throw new AbortedError(`waiting for ${who}: aborted`);
  }
}

/** True for failure statuses: anything containing `FAILED`. */
export function isFailedStatus(status: string): boolean {
  return status.includes("FAILED");
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

/** Reported to `onStatus` each time the observed status (or the revision followed) changes. */
export interface RevisionStatusEvent {
  /** Revision whose status this is. */
  readonly revisionId: string;
  /** New status. */
  readonly status: string;
  /** Status seen before for the same revision, if any. */
  readonly previousStatus?: string;
  /** Set when this revision replaced a `SKIPPED` one being waited for. */
  readonly supersededRevisionId?: string;
  /** Time since the wait started, in milliseconds. */
  readonly elapsedMs: number;
}

/** Options of {@link waitForRevision}. */
export interface WaitForRevisionOptions {
  readonly deploymentId: string;
  readonly revisionId: string;
  /** Deployment name for messages; default the id. */
  readonly name?: string;
  /** Deadline of the whole wait, in milliseconds; default 1 800 000 (30 minutes). */
  readonly waitTimeoutMs?: number;
  /** Shortest poll interval, in milliseconds; default 2 500. */
  readonly minIntervalMs?: number;
  /** Longest poll interval, in milliseconds; default 9 000. */
  readonly maxIntervalMs?: number;
  /** Called at every status change (and when following a newer revision). Errors it throws end the wait. */
  readonly onStatus?: (event: RevisionStatusEvent) => void;
  /** Stops the wait with `AbortedError`. */
  readonly signal?: AbortSignal;
  /** Time source; default real time. */
  readonly clock?: Clock;
  /**
   * Longest per-attempt timeout of each poll request, in milliseconds; default 30 000
   * (`LangSmithClient` passes its own `timeoutMs`). Shortened to the time left (at least 1 000).
   */
  readonly requestTimeoutMs?: number;
  /**
   * How long earlier revisions of this deployment took, as recorded by earlier waits
   * (see {@link WaitForRevisionResult.timing}), newest first; default none.
   */
  readonly history?: readonly RevisionTiming[];
  /**
   * Earlier revisions read from the service's revision list, whose `created_at`/`updated_at`
   * give their durations; default 0 (none). When above 0 the first poll is that list
   * (one GET, `limit` = this value, at most 100) instead of the revision itself.
   */
  readonly historyLimit?: number;
  /**
   * Longest sleep while a predicted `DEPLOYED` is still far off, in milliseconds; default 20 000.
   * Only used when there is history (see `revisionTimings.ts`).
   */
  readonly idleIntervalMs?: number;
  /** Shortest poll interval around a predicted `DEPLOYED`, in milliseconds; default 400. Only used with history. */
  readonly tightIntervalMs?: number;
  /** How long after a predicted `DEPLOYED` the first poll is made, in milliseconds; default 250. Only used with history. */
  readonly detectionOffsetMs?: number;
  /** Longest interval inside a predicted window, in milliseconds; default 1 000. Only used with history. */
  readonly windowMaxIntervalMs?: number;
  /** Longest interval once a predicted window has passed, in milliseconds; default 2 000. Only used with history. */
  readonly lateMaxIntervalMs?: number;
}

/** Result of a successful {@link waitForRevision}. */
export interface WaitForRevisionResult {
  /** The revision that reached `DEPLOYED` (a newer one than asked for when some were `SKIPPED`). */
  readonly revision: Revision;
  /** Revisions that were `SKIPPED` and replaced by a newer one, oldest first. */
  readonly supersededRevisionIds: readonly string[];
  /** Time the wait took, in milliseconds. */
  readonly elapsedMs: number;
  /**
   * How long the `DEPLOYED` revision took, for the next wait's {@link WaitForRevisionOptions.history};
   * absent when its creation time is unknown.
   */
  readonly timing?: RevisionTiming;
  /** The prediction the wait followed; absent when there was no history. */
  readonly prediction?: RevisionPrediction;
}

/** What the waits need from the deployments API. */
export type RevisionReader = Pick<DeploymentsApi, "getRevision" | "listRevisions">;
/** What {@link waitForDeletion} needs from the deployments API. */
export type DeploymentReader = Pick<DeploymentsApi, "get">;

/**
 * Poll a revision until it is `DEPLOYED`.
 * - a status containing `FAILED` throws {@link RevisionFailedError} (revision id and status);
 * - `SKIPPED` follows the newest revision (`resources[0]` of the revision list);
 * - `INTERRUPTED`, `UNKNOWN`, unseen values and transient errors (429, 5xx, connection) keep polling;
 * - past `waitTimeoutMs` throws {@link WaitTimeoutError} with the last status.
 *
 * With history (`history`, `historyLimit`), polls follow the prediction of
 * `nextPollDelayMs` in `revisionTimings.ts`; without, {@link pollIntervalMs}.
 * After consecutive 429s it sleeps at least {@link rateLimitedDelayMs}.
 */
export async function waitForRevision(api: RevisionReader, options: WaitForRevisionOptions): Promise<WaitForRevisionResult> {
  const clock = options.clock ?? systemClock;
  const waitTimeoutMs = options.waitTimeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS;
  const minIntervalMs = options.minIntervalMs ?? DEFAULT_MIN_INTERVAL_MS;
  const maxIntervalMs = options.maxIntervalMs ?? DEFAULT_MAX_INTERVAL_MS;
  const who = options.name !== undefined ? `deployment "${options.name}"` : `deployment ${options.deploymentId}`;
  const deadline = new WaitDeadline(clock, waitTimeoutMs, options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS, options);
  const superseded: string[] = [];
  let current = options.revisionId;
  let lastStatus: string | undefined;
  let supersededFrom: string | undefined;
  // The prediction: history read once (from the options, and from the service's list when asked).
  let historyToRead = Math.min(100, Math.max(0, Math.floor(options.historyLimit ?? 0)));
  let prediction = predictRevision(mergeTimings([], options.history ?? []));
  // What this wait saw of the current revision, on the wait's clock.
  let track = newTrack(deadline.startMs);
  let rateLimited = 0;

  for (;;) {
    if (options.signal?.aborted) throw new AbortedError(`waiting for ${who}: aborted`);
    let status: string | undefined;
    try {
      let revision: Revision | undefined;
      if (historyToRead > 0) {
        const read = await readWithHistory(api, options.deploymentId, current, historyToRead, deadline);
        historyToRead = 0;
        prediction = predictRevision(mergeTimings(read.timings, options.history ?? [])) ?? prediction;
        revision = read.revision;
      }
      revision ??= await api.getRevision(options.deploymentId, current, deadline.pollOptions());
      rateLimited = 0;
      status = revision.status;
      observe(track, revision, clock.now());
      if (status !== lastStatus) {
        const event: RevisionStatusEvent = {
          revisionId: current,
          status,
          elapsedMs: deadline.elapsedMs(),
          ...(lastStatus !== undefined ? { previousStatus: lastStatus } : {}),
          ...(supersededFrom !== undefined ? { supersededRevisionId: supersededFrom } : {}),
        };
        supersededFrom = undefined;
        lastStatus = status;
        options.onStatus?.(event);
      }
      if (status === SUCCESS_STATUS) {
        const timing = timingOf(track, revision, clock.now());
        return {
          revision,
          supersededRevisionIds: superseded,
          elapsedMs: deadline.elapsedMs(),
          ...(timing !== undefined ? { timing } : {}),
          ...(prediction !== undefined ? { prediction } : {}),
        };
      }
      if (isFailedStatus(status)) {
        throw new RevisionFailedError(
          `waiting for ${who}: revision ${current} ended in ${status}; see the revision's build and deploy logs in LangSmith`,
          { deploymentId: options.deploymentId, revisionId: current, revisionStatus: status },
        );
      }
      // Past the deadline no further request starts: the timeout below reports SKIPPED.
      if (status === SUPERSEDED_STATUS && !deadline.passed()) {
        const page = await api.listRevisions(options.deploymentId, { limit: 1 }, deadline.pollOptions());
        const newest = page.resources[0];
        if (newest !== undefined && newest.id !== current) {
          superseded.push(current);
          supersededFrom = current;
          current = newest.id;
          lastStatus = undefined;
          track = newTrack(clock.now());
          if (!deadline.passed()) continue;
        }
      }
    } catch (err) {
      if (!isTransientError(err)) throw err;
      if (err instanceof RateLimitError) rateLimited += 1;
      deadline.failed(err);
    }
    if (deadline.passed()) {
      throw new WaitTimeoutError(
        `waiting for ${who}: revision ${current} is still ${lastStatus ?? "unknown"} after ${Math.round(waitTimeoutMs / 1000)} s ` +
          "(raise the wait timeout, or run pulumi up again to resume waiting)",
        { waitTimeoutMs, revisionId: current, ...(lastStatus !== undefined ? { lastStatus } : {}) },
      );
    }
    const fallbackMs = pollIntervalMs(status ?? lastStatus, minIntervalMs, maxIntervalMs);
    const plannedMs = nextPollDelayMs({
      nowMs: clock.now(),
      status: status ?? lastStatus,
      createdAtMs: track.createdAtMs,
      prediction,
      fallbackMs,
      ...(options.idleIntervalMs !== undefined ? { idleIntervalMs: options.idleIntervalMs } : {}),
      ...(options.tightIntervalMs !== undefined ? { tightIntervalMs: options.tightIntervalMs } : {}),
      ...(options.detectionOffsetMs !== undefined ? { detectionOffsetMs: options.detectionOffsetMs } : {}),
      ...(options.windowMaxIntervalMs !== undefined ? { windowMaxIntervalMs: options.windowMaxIntervalMs } : {}),
      ...(options.lateMaxIntervalMs !== undefined ? { lateMaxIntervalMs: options.lateMaxIntervalMs } : {}),
      ...stepStarts(track),
    });
    await sleepOrAbort(clock, deadline.sleepMs(rateLimitedDelayMs(plannedMs, fallbackMs, rateLimited)), options.signal, who);
  }
}

/**
 * Longest sleep after repeated 429s during a wait, in milliseconds (60 000).
 * Poll requests are sent once (no retries inside a poll), so the wait itself
 * backs off: after the n-th 429 in a row it sleeps at least the status-based
 * interval times 2^(n-1), up to this.
 */
const MAX_RATE_LIMITED_SLEEP_MS = 60_000;

/** The planned sleep, slowed down after `rateLimited` 429s in a row (see {@link MAX_RATE_LIMITED_SLEEP_MS}). */
export function rateLimitedDelayMs(plannedMs: number, fallbackMs: number, rateLimited: number): number {
  if (rateLimited <= 0) return plannedMs;
  return Math.max(plannedMs, Math.min(MAX_RATE_LIMITED_SLEEP_MS, Math.max(1, fallbackMs) * 2 ** (rateLimited - 1)));
}

/** What one wait saw of the revision it follows, on the wait's clock (milliseconds) unless named otherwise. */
interface RevisionTrack {
  /** When the revision id became known to the wait: the revision existed by then. */
  readonly knownSinceMs: number;
  createdAtMs: number | undefined;
  firstDeployPhaseMs: number | undefined;
  lastPendingInDeployMs: number | undefined;
  /** The service's `created_at`, on the service's clock. */
  serviceCreatedMs: number | undefined;
  /** The service's `updated_at` of a poll that saw `AWAITING_DEPLOY` (when the build ended), on the service's clock. */
  serviceDeployPhaseStartMs: number | undefined;
  /** The service's `updated_at` of a poll that saw `DEPLOYING` (when it began), on the service's clock. */
  serviceDeployingStartMs: number | undefined;
}

function newTrack(knownSinceMs: number): RevisionTrack {
  return {
    knownSinceMs,
    createdAtMs: undefined,
    firstDeployPhaseMs: undefined,
    lastPendingInDeployMs: undefined,
    serviceCreatedMs: undefined,
    serviceDeployPhaseStartMs: undefined,
    serviceDeployingStartMs: undefined,
  };
}

/**
 * When the current revision's deploy steps began, on the wait's clock: the
 * service's `updated_at` (the start of the status a poll saw) as a duration
 * since its `created_at`, added to the creation time on the wait's clock, so
 * the two clocks never need to agree.
 */
function stepStarts(track: RevisionTrack): { deployPhaseStartMs?: number; deployingStartMs?: number } {
  const { createdAtMs, serviceCreatedMs } = track;
  if (createdAtMs === undefined || serviceCreatedMs === undefined) return {};
  const onWaitClock = (serviceMs: number | undefined) => (serviceMs !== undefined ? createdAtMs + (serviceMs - serviceCreatedMs) : undefined);
  const deployPhaseStartMs = onWaitClock(track.serviceDeployPhaseStartMs);
  const deployingStartMs = onWaitClock(track.serviceDeployingStartMs);
  return { ...(deployPhaseStartMs !== undefined ? { deployPhaseStartMs } : {}), ...(deployingStartMs !== undefined ? { deployingStartMs } : {}) };
}

function observe(track: RevisionTrack, revision: Revision, nowMs: number): void {
  if (track.createdAtMs === undefined) {
    // The service's creation time, but never later than when the wait learned the id: a service clock
    // running ahead of ours would otherwise push every predicted poll late.
    const created = parseTimestampMs(revision.created_at);
    if (created !== undefined) {
      track.createdAtMs = Math.min(created, track.knownSinceMs);
      track.serviceCreatedMs = created;
    }
  }
  if (revision.status === SUCCESS_STATUS) return;
  if (isDeployPhase(revision.status)) {
    track.firstDeployPhaseMs ??= nowMs;
    track.lastPendingInDeployMs = nowMs;
    const stepStart = parseTimestampMs(revision.updated_at);
    if (stepStart !== undefined && revision.status === "AWAITING_DEPLOY") track.serviceDeployPhaseStartMs ??= stepStart;
    if (stepStart !== undefined && revision.status === "DEPLOYING") track.serviceDeployingStartMs ??= stepStart;
  }
}

/**
 * How long the revision took: the service's `updated_at - created_at` when it
 * has both (exact, and on one clock), else from its creation to this poll on
 * the wait's clock. The deploy steps are exact from the service's timestamps
 * when a poll saw them (`AWAITING_DEPLOY`: the tail from the build's end;
 * `DEPLOYING`: that step alone); without an `updated_at` the tail is a lower bound,
 * from the first poll that saw a deploy step to the last one that saw it
 * still pending.
 */
function timingOf(track: RevisionTrack, revision: Revision, nowMs: number): RevisionTiming | undefined {
  const created = parseTimestampMs(revision.created_at);
  const updated = parseTimestampMs(revision.updated_at);
  const serviceTotal = created !== undefined && updated !== undefined && updated > created ? updated - created : undefined;
  const totalMs = serviceTotal ?? (track.createdAtMs !== undefined ? nowMs - track.createdAtMs : undefined);
  if (totalMs === undefined || !(totalMs > 0)) return undefined;
  const since = (startMs: number | undefined) =>
    updated !== undefined && startMs !== undefined && updated >= startMs && updated - startMs <= totalMs ? updated - startMs : undefined;
  const seen =
    track.firstDeployPhaseMs !== undefined && track.lastPendingInDeployMs !== undefined
      ? Math.min(totalMs, track.lastPendingInDeployMs - track.firstDeployPhaseMs)
      : 0;
  const tail = since(track.serviceDeployPhaseStartMs) ?? (updated === undefined && seen > 0 ? seen : undefined);
  const deploying = since(track.serviceDeployingStartMs);
  return {
    revisionId: revision.id,
    totalMs,
    ...(tail !== undefined ? { deployMs: tail } : {}),
    ...(deploying !== undefined ? { deployingMs: deploying } : {}),
  };
}

/**
 * The first poll of a wait with history: the newest revisions (one GET), which
 * carry the current one when it is among them. A list the service refuses
 * (anything but a transient error) gives no history, and the revision is read
 * alone.
 */
async function readWithHistory(
  api: RevisionReader,
  deploymentId: string,
  revisionId: string,
  limit: number,
  deadline: WaitDeadline,
): Promise<{ revision: Revision | undefined; timings: RevisionTiming[] }> {
  try {
    const page = await api.listRevisions(deploymentId, { limit }, deadline.pollOptions());
    return { revision: page.resources.find((r) => r.id === revisionId), timings: timingsFromRevisions(page.resources, revisionId) };
  } catch (err) {
    if (isTransientError(err) || err instanceof AbortedError) throw err;
    return { revision: undefined, timings: [] };
  }
}

/** Reported to `onStatus` of {@link waitForDeletion} at each deployment status change. */
export interface DeletionStatusEvent {
  /** Deployment status (e.g. `AWAITING_DELETE`), or `UNKNOWN` when the response has none. */
  readonly status: string;
  /** Time since the wait started, in milliseconds. */
  readonly elapsedMs: number;
}

/** Options of {@link waitForDeletion}. */
export interface WaitForDeletionOptions {
  readonly deploymentId: string;
  /** Deployment name for messages; default the id. */
  readonly name?: string;
  /** Deadline of the whole wait, in milliseconds; default 1 800 000 (30 minutes). */
  readonly waitTimeoutMs?: number;
  /** Poll interval, in milliseconds; default 5 000. */
  readonly intervalMs?: number;
  /** Called at every status change. */
  readonly onStatus?: (event: DeletionStatusEvent) => void;
  /** Stops the wait with `AbortedError`. */
  readonly signal?: AbortSignal;
  /** Time source; default real time. */
  readonly clock?: Clock;
  /**
   * Longest per-attempt timeout of each poll request, in milliseconds; default 30 000
   * (`LangSmithClient` passes its own `timeoutMs`). Shortened to the time left (at least 1 000).
   */
  readonly requestTimeoutMs?: number;
}

/**
 * Poll `GET /v2/deployments/{id}` until it answers 404 (deletion is
 * asynchronous). Transient errors keep polling; past `waitTimeoutMs` throws
 * {@link WaitTimeoutError} with the last deployment status.
 */
export async function waitForDeletion(api: DeploymentReader, options: WaitForDeletionOptions): Promise<{ elapsedMs: number }> {
  const clock = options.clock ?? systemClock;
  const waitTimeoutMs = options.waitTimeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS;
  const intervalMs = options.intervalMs ?? DEFAULT_DELETION_INTERVAL_MS;
  const who = options.name !== undefined ? `deployment "${options.name}"` : `deployment ${options.deploymentId}`;
  const deadline = new WaitDeadline(clock, waitTimeoutMs, options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS, options);
  let lastStatus: string | undefined;

  for (;;) {
    if (options.signal?.aborted) throw new AbortedError(`waiting for ${who} to be deleted: aborted`);
    try {
      const deployment = await api.get(options.deploymentId, deadline.pollOptions());
      const status = deployment.status ?? "UNKNOWN";
      if (status !== lastStatus) {
        lastStatus = status;
        options.onStatus?.({ status, elapsedMs: deadline.elapsedMs() });
      }
    } catch (err) {
      if (err instanceof NotFoundError) return { elapsedMs: deadline.elapsedMs() };
      if (!isTransientError(err)) throw err;
      deadline.failed(err);
    }
    if (deadline.passed()) {
      throw new WaitTimeoutError(
        `waiting for ${who} to be deleted: still present (${lastStatus ?? "unknown"}) after ${Math.round(waitTimeoutMs / 1000)} s`,
        { waitTimeoutMs, ...(lastStatus !== undefined ? { lastStatus } : {}) },
      );
    }
    await sleepOrAbort(clock, deadline.sleepMs(intervalMs), options.signal, `${who} to be deleted`);
  }
}
