/**
 * What one revision wait (`wait.ts`) saw of the revision it follows
 * ({@link RevisionTrack}): when it was created and when its deploy steps
 * began, from the service's timestamps and the wait's own polls. From it come
 * the step starts the prediction needs ({@link stepStarts}) and, once the
 * revision is `DEPLOYED`, how long it took ({@link timingOf}) for the next
 * wait's history (see `revisionTimings.ts`).
 */
import { isDeployPhase, parseTimestampMs, type RevisionTiming } from "./revisionTimings";
import type { Revision } from "./contractTypes/controlPlane";

/** The status a revision is waited for. */
export const SUCCESS_STATUS = "DEPLOYED";

/** What one wait saw of the revision it follows, on the wait's clock (milliseconds) unless named otherwise. */
export interface RevisionTrack {
  /** When the revision id became known to the wait: the revision existed by then. */
  readonly knownSinceMs: number;
  /** The revision's creation time on the wait's clock (never after {@link RevisionTrack.knownSinceMs}); unknown until a poll gives `created_at`. */
  createdAtMs: number | undefined;
  /** The first poll that saw a deploy step (`AWAITING_DEPLOY`, `DEPLOYING`). */
  firstDeployPhaseMs: number | undefined;
  /** The last poll that saw a deploy step still pending. */
  lastPendingInDeployMs: number | undefined;
  /** The service's `created_at`, on the service's clock. */
  serviceCreatedMs: number | undefined;
  /** The service's `updated_at` of a poll that saw `AWAITING_DEPLOY` (when the build ended), on the service's clock. */
  serviceDeployPhaseStartMs: number | undefined;
  /** The service's `updated_at` of a poll that saw `DEPLOYING` (when it began), on the service's clock. */
  serviceDeployingStartMs: number | undefined;
}

/** A track with nothing seen yet, of a revision whose id the wait learned at `knownSinceMs` (the wait clock's milliseconds). */
export function newTrack(knownSinceMs: number): RevisionTrack {
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
export function stepStarts(track: RevisionTrack): { deployPhaseStartMs?: number; deployingStartMs?: number } {
  const { createdAtMs, serviceCreatedMs } = track;
  if (createdAtMs === undefined || serviceCreatedMs === undefined) return {};
  const onWaitClock = (serviceMs: number | undefined) => (serviceMs !== undefined ? createdAtMs + (serviceMs - serviceCreatedMs) : undefined);
  const deployPhaseStartMs = onWaitClock(track.serviceDeployPhaseStartMs);
  const deployingStartMs = onWaitClock(track.serviceDeployingStartMs);
  return { ...(deployPhaseStartMs !== undefined ? { deployPhaseStartMs } : {}), ...(deployingStartMs !== undefined ? { deployingStartMs } : {}) };
}

/** Record in `track` what a poll at `nowMs` (the wait clock's milliseconds) read of the revision. */
export function observe(track: RevisionTrack, revision: Revision, nowMs: number): void {
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
 * still pending. Durations in milliseconds; `undefined` when the creation
 * time is unknown or the total is not above 0.
 */
export function timingOf(track: RevisionTrack, revision: Revision, nowMs: number): RevisionTiming | undefined {
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
