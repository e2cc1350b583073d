/**
 * The build and deploy logs of revisions (`POST /v1/projects/{id}/revisions/
 * {revision_id}/build_logs`, `.../deploy_logs`, and a deployment's deploy
 * logs, `POST /v1/projects/{id}/deploy_logs`). Lines are computed from a
 * revision's timestamped history, as its status is (no timers): each line
 * has the time of the step that writes it and is answered once that time has
 * come, so a log grows while the revision moves on, and a restarted emulator
 * answers the same lines.
 */
import { EMULATED_IMAGE_VERSION } from "./deploymentWire";
import { deploymentRevisions } from "./deploymentStore";
import { type FastApiValidationError, ValidationFailure } from "../http/errors";
import { type RevisionTransition, revisionHistory } from "./revisions";
import type { DeploymentLogsBody } from "./deploymentSchemas";
import type { EmulatorState, LogLevel, RevisionRecord } from "../core/types";

/** Which log of a revision. */
export type LogKind = "build" | "deploy";

/** A log line as the endpoints answer it. */
export interface LogEntry {
  /** Stable id: `<revision id>:<kind>:<n>`. */
  id: string;
  /** When the line was written, epoch milliseconds. */
  timestamp: number;
  level: LogLevel;
  message: string;
}

/** A page of log lines. */
export interface LogPage {
  logs: LogEntry[];
  /** Opaque: where the next page starts (after the last line answered, in the order asked); `null` when the page is empty. */
  next_offset: string | null;
}

/** Lines a page answers when the request names no `limit`. */
export const DEFAULT_LOG_LIMIT = 100;
/** Largest `limit` a page accepts. */
export const MAX_LOG_LIMIT = 1000;

interface TimedLine {
  atMs: number;
  level: LogLevel;
  message: string;
}

function entered(history: RevisionTransition[], status: string): number | undefined {
  return history.find((t) => t.status === status)?.atMs;
}

function line(atMs: number, level: LogLevel, message: string): TimedLine {
  return { atMs, level, message };
}

/** What a build does, by source, when no archive was inspected (GitHub, images, templates). */
function defaultBuildLines(revision: RevisionRecord): string[] {
  const config = revision.sourceRevisionConfig;
  if (revision.source === "github")
    return [`Cloning ${revision.repoUrl ?? "the repository"} at ${String(config["repo_ref"] ?? "its default branch")}`, "Building image"];
  if (typeof config["image_uri"] === "string") return [`Using image ${config["image_uri"]}: nothing to build`];
  return ["Building image"];
}

function buildLines(revision: RevisionRecord, history: RevisionTransition[]): TimedLine[] {
  const lines: TimedLine[] = [];
  const queued = entered(history, "AWAITING_BUILD");
  if (queued !== undefined) lines.push(line(queued, "INFO", `Build of revision ${revision.id} queued`));
  const started = entered(history, "BUILDING");
  if (started === undefined) return lines;
  const content = revision.sourceBuild?.lines ?? defaultBuildLines(revision).map((message) => ({ level: "INFO" as const, message }));
  const durationMs = revision.stepDurationsMs.BUILDING;
  content.forEach((l, i) => lines.push(line(started + Math.floor((i * durationMs) / Math.max(1, content.length)), l.level, l.message)));
  const last = history[history.length - 1];
  if (last?.status === "BUILD_FAILED") {
    const why = revision.sourceBuild?.failure ?? "the emulator was told to fail this build (/__emulator/revision-failures)";
    lines.push(line(last.atMs, "ERROR", `Build failed: ${why}`));
  }
  const built = entered(history, "AWAITING_DEPLOY");
  if (built !== undefined) lines.push(line(built, "INFO", "Build complete"));
  else if (last?.status === "SKIPPED") lines.push(line(last.atMs, "WARNING", "Build cancelled: a newer revision superseded this one"));
  return lines;
}

function deployLines(revision: RevisionRecord, history: RevisionTransition[]): TimedLine[] {
  const lines: TimedLine[] = [];
  const started = entered(history, "DEPLOYING");
  if (started === undefined) return lines;
  lines.push(line(started, "INFO", `Deploying revision ${revision.id}`));
  lines.push(line(started, "INFO", `Starting the agent server (image ${EMULATED_IMAGE_VERSION})`));
  const last = history[history.length - 1];
  if (last?.status === "DEPLOY_FAILED")
    lines.push(line(last.atMs, "ERROR", "Deploy failed: the emulator was told to fail this deploy (/__emulator/revision-failures)"));
  if (last?.status === "SKIPPED") lines.push(line(last.atMs, "WARNING", "Deploy cancelled: a newer revision superseded this one"));
  const deployed = entered(history, "DEPLOYED");
  if (deployed !== undefined) {
    lines.push(line(deployed, "INFO", "Application startup complete"));
    lines.push(line(deployed, "INFO", `Revision ${revision.id} is live`));
  }
  return lines;
}

/** Every line of one log of a revision written by `nowMs`, oldest first. */
export function revisionLog(revision: RevisionRecord, kind: LogKind, nowMs: number): LogEntry[] {
  const history = revisionHistory(revision, nowMs);
  const lines = kind === "build" ? buildLines(revision, history) : deployLines(revision, history);
  return lines.filter((l) => l.atMs <= nowMs).map((l, i) => ({ id: `${revision.id}:${kind}:${i}`, timestamp: l.atMs, level: l.level, message: l.message }));
}

/** The deploy lines of every revision of a deployment written by `nowMs`, oldest first. */
export function deploymentDeployLog(state: EmulatorState, deploymentId: string, nowMs: number): LogEntry[] {
  return deploymentRevisions(state, deploymentId)
    .reverse()
    .flatMap((revision) => revisionLog(revision, "deploy", nowMs))
    .map((entry, position) => ({ entry, position }))
    .sort((a, b) => a.entry.timestamp - b.entry.timestamp || a.position - b.position)
    .map(({ entry }) => entry);
}

function cursorOf(position: number): string {
  return Buffer.from(`log:${position}`, "utf8").toString("base64url");
}

function positionOf(offset: string, errors: FastApiValidationError[]): number | undefined {
  const match = /^log:(\d+)$/.exec(Buffer.from(offset, "base64url").toString("utf8"));
  if (match) return Number(match[1]);
  errors.push({
    type: "value_error",
    loc: ["body", "offset"],
    msg: "Value error, offset is not a next_offset this API answered",
    input: offset,
    ctx: { error: {} },
  });
  return undefined;
}

function timeOf(value: string | null | undefined, field: string, errors: FastApiValidationError[]): number | undefined {
  if (value === null || value === undefined) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms))
    errors.push({ type: "datetime_from_date_parsing", loc: ["body", field], msg: "Input should be a valid datetime or date", input: value });
  return ms;
}

/**
 * One page of a log: the lines matching the filters (`level`, case-insensitive;
 * `query`, a case-insensitive substring of the message; `start_time`
 * inclusive and `end_time` exclusive, ISO 8601), in the order asked (`desc`
 * by default), `limit` of them (default {@link DEFAULT_LOG_LIMIT}, at most
 * {@link MAX_LOG_LIMIT}), after the line an `offset` (a `next_offset`)
 * points at.
 *
 * @throws ValidationFailure 422 on a limit above the maximum, an offset this
 * API did not answer, or a time that is not ISO 8601.
 */
export function logPage(log: readonly LogEntry[], body: DeploymentLogsBody): LogPage {
  const errors: FastApiValidationError[] = [];
  const limit = body.limit ?? DEFAULT_LOG_LIMIT;
  if (limit > MAX_LOG_LIMIT)
    errors.push({
      type: "less_than_equal",
      loc: ["body", "limit"],
      msg: `Input should be less than or equal to ${MAX_LOG_LIMIT}`,
      input: limit,
      ctx: { le: MAX_LOG_LIMIT },
    });
  const after = body.offset === null || body.offset === undefined ? undefined : positionOf(body.offset, errors);
  const startMs = timeOf(body.start_time, "start_time", errors);
  const endMs = timeOf(body.end_time, "end_time", errors);
  if (errors.length > 0) throw new ValidationFailure(errors);
  const descending = (body.order ?? "desc") === "desc";
  const level = body.level?.toUpperCase();
  const query = body.query?.toLowerCase();
  const matching = log
    .map((entry, position) => ({ entry, position }))
    .filter(({ entry }) => (level === undefined || entry.level === level) && (query === undefined || entry.message.toLowerCase().includes(query)))
    .filter(({ entry }) => (startMs === undefined || entry.timestamp >= startMs) && (endMs === undefined || entry.timestamp < endMs))
    .filter(({ position }) => after === undefined || (descending ? position < after : position > after));
  if (descending) matching.reverse();
  const page = matching.slice(0, limit);
  const last = page[page.length - 1];
  return { logs: page.map(({ entry }) => entry), next_offset: last === undefined ? null : cursorOf(last.position) };
}
