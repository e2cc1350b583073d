/**
 * Waiting for a deployment to disappear after DELETE ({@link waitForDeletion}):
 * deletion is asynchronous, so `GET /v2/deployments/{id}` is polled until it
 * answers 404. Same bounds as the revision wait of `wait.ts`: its own deadline
 * and `AbortSignal`, and poll requests sent once with a timeout cut to the
 * time left (see `waitDeadline.ts`).
 */
import { type Clock, systemClock } from "./clock";
import { AbortedError, NotFoundError, WaitTimeoutError, isTransientError } from "./errors";
import { DEFAULT_TIMEOUT_MS, type RequestOptions } from "./options";
import type { Deployment } from "./contractTypes/controlPlane";
import { sleepOrAbort } from "./pollSchedule";
import { DEFAULT_WAIT_TIMEOUT_MS, WaitDeadline } from "./waitDeadline";

/** Default poll interval of {@link waitForDeletion}, in milliseconds. */
export const DEFAULT_DELETION_INTERVAL_MS = 5_000;

/** What {@link waitForDeletion} needs from the deployments API: a deployment by id (404 once it is gone). */
export interface DeploymentReader {
  /** `GET /v2/deployments/{id}`. */
  get(deploymentId: string, options?: RequestOptions): Promise<Deployment>;
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
  /** Deployment whose deletion is awaited. */
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
 * {@link WaitTimeoutError} with the last deployment status; an abort of
 * `signal` throws {@link AbortedError}. Resolves with the time the wait took
 * (`elapsedMs`, in milliseconds).
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
      throw new WaitTimeoutError(`waiting for ${who} to be deleted: still present (${lastStatus ?? "unknown"}) after ${Math.round(waitTimeoutMs / 1000)} s`, {
        waitTimeoutMs,
        ...(lastStatus !== undefined ? { lastStatus } : {}),
      });
    }
    await sleepOrAbort(clock, deadline.sleepMs(intervalMs), options.signal, `${who} to be deleted`);
  }
}
