/**
 * A revision's build log during the Deployment's wait: while it builds, its
 * newest line shows as the resource's progress (a status line, replaced by
 * the next, not kept); when the build fails, the last lines of the log go
 * into the error. Log reads are best effort: one that fails never fails the
 * deployment, and the wait goes on as before.
 */
import type { LangSmithClient } from "../../client";
import type { OperationContext } from "../../engine/context/operation";
import { logProgress } from "../../engine/context/progress";
import { readDeploymentLogPage } from "../deploymentLogs";

/** How often the newest build line is read while a revision builds, in milliseconds. */
export const BUILD_LOG_INTERVAL_MS = 2_000;

/** Lines of a failed build's log its error carries (langgraph-cli shows 30). */
export const FAILED_BUILD_TAIL_LINES = 30;

/** Longest line shown as progress, in characters (a status line is one row). */
const PROGRESS_LINE_CHARS = 160;

/** Where a follower reads from and writes to. */
export interface BuildLogTarget {
  readonly context: OperationContext;
  readonly client: LangSmithClient;
  readonly deploymentId: string;
  /** The deployment's name, for the progress lines. */
  readonly name: string;
}

/**
 * Follows the build log of the revision {@link followBuildLog.revision}
 * names, every {@link BUILD_LOG_INTERVAL_MS}, until stopped.
 */
export interface BuildLogFollower {
  /** The revision followed now (the wait may move to a newer one). */
  revision(revisionId: string): void;
  /** Stops reading; resolves once a read in flight has ended. */
  stop(): Promise<void>;
}

/** Starts following `revisionId`'s build log (see {@link BuildLogFollower}). */
export function followBuildLog(target: BuildLogTarget, revisionId: string, intervalMs: number = BUILD_LOG_INTERVAL_MS): BuildLogFollower {
  let followed = revisionId;
  let lastShown: string | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  const read = async (): Promise<void> => {
    try {
      const page = await readDeploymentLogPage(
        target.client,
        { deploymentId: target.deploymentId, revisionId: followed, type: "build", order: "desc", limit: 1 },
        {
          name: target.name,
          signal: target.context.signal,
        },
      );
      const newest = page.logs[0];
      if (newest === undefined || newest.id === lastShown) return;
      lastShown = newest.id;
      logProgress(target.context, "deployment", target.name, `build: ${oneRow(newest.message)}`);
    } catch {
      // Best effort: the wait's own polls say what happens to the revision.
    }
  };
  const next = (): void => {
    inFlight = inFlight.then(read);
  };
  next();
  const timer = setInterval(next, intervalMs);
  timer.unref();
  return {
    revision(revisionId: string): void {
      followed = revisionId;
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await inFlight;
    },
  };
}

/** The message on one row: its first line, at most {@link PROGRESS_LINE_CHARS} characters. */
function oneRow(message: string): string {
  const first = message.split(/\r?\n/, 1)[0] ?? "";
  return first.length > PROGRESS_LINE_CHARS ? `${first.slice(0, PROGRESS_LINE_CHARS - 1)}…` : first;
}

/**
 * The last lines of a failed build's log, oldest first, as a block for its
 * error (`\n  <level> <message>` each); empty when the log cannot be read
 * or holds nothing.
 */
export async function failedBuildTail(target: Omit<BuildLogTarget, "context">, revisionId: string): Promise<string> {
  try {
    const page = await readDeploymentLogPage(
      target.client,
      { deploymentId: target.deploymentId, revisionId, type: "build", order: "desc", limit: FAILED_BUILD_TAIL_LINES },
      { name: target.name },
    );
    if (page.logs.length === 0) return "";
    const lines = [...page.logs].reverse().map((line) => `  ${line.level} ${line.message}`);
    return `\nthe last ${lines.length} lines of its build log:\n${lines.join("\n")}`;
  } catch {
    return "";
  }
}
