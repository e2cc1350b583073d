import { createHash } from "node:crypto";
import { REVISION_STEPS, type RevisionFailureStatus, type RevisionRecord, type RevisionStep } from "../core/types";

/** One status change of a revision. */
export interface RevisionTransition {
  status: string;
  /** When the revision entered `status`, epoch milliseconds. */
  atMs: number;
}

/** Statuses after which a revision never changes. */
export const TERMINAL_REVISION_STATUSES: ReadonlySet<string> = new Set(["DEPLOYED", "CREATE_FAILED", "BUILD_FAILED", "DEPLOY_FAILED", "SKIPPED"]);

/** The step at whose end each injected failure status happens by default. */
export const DEFAULT_FAILURE_STEP: Readonly<Record<RevisionFailureStatus, RevisionStep>> = {
  CREATE_FAILED: "CREATING",
  BUILD_FAILED: "BUILDING",
  DEPLOY_FAILED: "DEPLOYING",
};

function transitionsUntil(revision: RevisionRecord, horizonMs: number): RevisionTransition[] {
  const history: RevisionTransition[] = [{ status: "CREATING", atMs: revision.createdAtMs }];
  let stepStartMs = revision.createdAtMs;
  for (let i = 0; i < REVISION_STEPS.length; i += 1) {
    const step = REVISION_STEPS[i] as RevisionStep;
    const stepEndMs = stepStartMs + revision.stepDurationsMs[step];
    if (stepEndMs > horizonMs) break;
    if (revision.failure?.atStep === step) {
      history.push({ status: revision.failure.status, atMs: stepEndMs });
      break;
    }
    history.push({ status: REVISION_STEPS[i + 1] ?? "DEPLOYED", atMs: stepEndMs });
    stepStartMs = stepEndMs;
  }
  return history;
}

/**
 * The status history of a revision at `nowMs`, computed from its creation time,
 * step durations, injected failure and supersession time (no timers, so a
 * restarted emulator continues where it was).
 */
export function revisionHistory(revision: RevisionRecord, nowMs: number): RevisionTransition[] {
  const skippedAtMs = revision.skippedAtMs;
  if (skippedAtMs === null || skippedAtMs > nowMs) return transitionsUntil(revision, nowMs);
  const history = transitionsUntil(revision, skippedAtMs);
  const last = history[history.length - 1];
  if (last && !TERMINAL_REVISION_STATUSES.has(last.status)) history.push({ status: "SKIPPED", atMs: skippedAtMs });
  return history;
}

/** The latest transition of a revision at `nowMs`. */
export function currentTransition(revision: RevisionRecord, nowMs: number): RevisionTransition {
  const history = revisionHistory(revision, nowMs);
  return history[history.length - 1] ?? { status: "CREATING", atMs: revision.createdAtMs };
}

/** Whether the revision has finished building (reached `AWAITING_DEPLOY` or later) at `nowMs`. */
export function isBuilt(revision: RevisionRecord, nowMs: number): boolean {
  return revisionHistory(revision, nowMs).some((t) => t.status === "AWAITING_DEPLOY");
}

/** The commit SHA a `repo_ref` "resolves" to: itself when already 40 hex digits, else a stable hash. */
export function resolveCommitSha(repoUrl: string | null, repoRef: string): string {
  if (/^[0-9a-f]{40}$/i.test(repoRef)) return repoRef.toLowerCase();
  return createHash("sha1")
    .update(`${repoUrl ?? ""}@${repoRef}`)
    .digest("hex");
}

/**
 * Marks every revision of `revisions` that is unfinished at `nowMs` as superseded
 * (it turns `SKIPPED` at `nowMs`).
 */
export function supersede(revisions: readonly RevisionRecord[], nowMs: number): void {
  for (const revision of revisions) {
    if (revision.skippedAtMs !== null) continue;
    if (!TERMINAL_REVISION_STATUSES.has(currentTransition(revision, nowMs).status)) revision.skippedAtMs = nowMs;
  }
}
