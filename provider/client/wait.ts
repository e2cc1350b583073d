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
 */
import { type Clock, systemClock } from "./clock";
import { AbortedError, NotFoundError, RevisionFailedError, WaitTimeoutError, isTransientError } from "./errors";
import type { DeploymentsApi } from "./deployments";
import { DEFAULT_TIMEOUT_MS } from "./options";
import { WaitDeadline } from "./waitDeadline";
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
export const SUCCESS_STATUS = "DEPLOYED";
/** The status of a revision superseded by a newer one. */
export const SUPERSEDED_STATUS = "SKIPPED";

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
}

/** Result of a successful {@link waitForRevision}. */
export interface WaitForRevisionResult {
  /** The revision that reached `DEPLOYED` (a newer one than asked for when some were `SKIPPED`). */
  readonly revision: Revision;
  /** Revisions that were `SKIPPED` and replaced by a newer one, oldest first. */
  readonly supersededRevisionIds: readonly string[];
  /** Time the wait took, in milliseconds. */
  readonly elapsedMs: number;
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

  for (;;) {
    if (options.signal?.aborted) throw new AbortedError(`waiting for ${who}: aborted`);
    let status: string | undefined;
    try {
      const revision = await api.getRevision(options.deploymentId, current, deadline.pollOptions());
      status = revision.status;
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
        return { revision, supersededRevisionIds: superseded, elapsedMs: deadline.elapsedMs() };
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
          if (!deadline.passed()) continue;
        }
      }
    } catch (err) {
      if (!isTransientError(err)) throw err;
      deadline.failed(err);
    }
    if (deadline.passed()) {
      throw new WaitTimeoutError(
        `waiting for ${who}: revision ${current} is still ${lastStatus ?? "unknown"} after ${Math.round(waitTimeoutMs / 1000)} s ` +
          "(raise the wait timeout, or run pulumi up again to resume waiting)",
        { waitTimeoutMs, revisionId: current, ...(lastStatus !== undefined ? { lastStatus } : {}) },
      );
    }
    await sleepOrAbort(clock, deadline.sleepMs(pollIntervalMs(status ?? lastStatus, minIntervalMs, maxIntervalMs)), options.signal, who);
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
