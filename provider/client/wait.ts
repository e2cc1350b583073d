/**
 * Waiting for a revision to become `DEPLOYED` ({@link waitForRevision}).
 * Pulumi's customTimeouts and Ctrl-C never reach a dynamic provider, so every
 * wait has its own deadline and an `AbortSignal`. The wait for a deployment to
 * disappear after DELETE is in `deletionWait.ts`, re-exported here with the
 * poll schedule of `pollSchedule.ts` and {@link DEFAULT_WAIT_TIMEOUT_MS}.
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
 * only around the expected `DEPLOYED` (see `revisionTimings.ts`); what the
 * wait saw of the revision is kept in `revisionTrack.ts`. Without history it
 * polls on the status-based schedule of {@link pollIntervalMs}.
 */
import { type Clock, systemClock } from "./clock";
import { AbortedError, RateLimitError, RevisionFailedError, WaitTimeoutError, isTransientError } from "./errors";
import { DEFAULT_TIMEOUT_MS, type RequestOptions } from "./options";
import { DEFAULT_MAX_INTERVAL_MS, DEFAULT_MIN_INTERVAL_MS, pollIntervalMs, rateLimitedDelayMs, sleepOrAbort } from "./pollSchedule";
import { DEFAULT_WAIT_TIMEOUT_MS, WaitDeadline } from "./waitDeadline";
import { mergeTimings, nextPollDelayMs, predictRevision, type RevisionPrediction, type RevisionTiming, timingsFromRevisions } from "./revisionTimings";
import { SUCCESS_STATUS, newTrack, observe, stepStarts, timingOf } from "./revisionTrack";
import type { Revision, RevisionPage } from "./contractTypes/controlPlane";

export { DEFAULT_WAIT_TIMEOUT_MS } from "./waitDeadline";
export { DEFAULT_MAX_INTERVAL_MS, DEFAULT_MIN_INTERVAL_MS, pollIntervalMs, rateLimitedDelayMs } from "./pollSchedule";
export { DEFAULT_DELETION_INTERVAL_MS, type DeletionStatusEvent, type DeploymentReader, waitForDeletion, type WaitForDeletionOptions } from "./deletionWait";

/** The status of a revision superseded by a newer one. */
const SUPERSEDED_STATUS = "SKIPPED";

/** True for failure statuses: anything containing `FAILED`. */
export function isFailedStatus(status: string): boolean {
  return status.includes("FAILED");
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
  /** Deployment the revision belongs to. */
  readonly deploymentId: string;
  /** Revision to wait for (a newer one is followed when it is `SKIPPED`). */
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

/** What {@link waitForRevision} needs from the deployments API: a revision by id, and a page of revisions newest first. */
export interface RevisionReader {
  /** `GET /v2/deployments/{id}/revisions/{revisionId}`. */
  getRevision(deploymentId: string, revisionId: string, options?: RequestOptions): Promise<Revision>;
  /** `GET /v2/deployments/{id}/revisions` with `limit` (1 to 100); newest first. */
  listRevisions(deploymentId: string, params: { readonly limit?: number }, options?: RequestOptions): Promise<RevisionPage>;
}

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
        throw new RevisionFailedError(`waiting for ${who}: revision ${current} ended in ${status}; see the revision's build and deploy logs in LangSmith`, {
          deploymentId: options.deploymentId,
          revisionId: current,
          revisionStatus: status,
        });
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
