/**
 * Reading a deployment's logs: a revision's build or deploy log, or the
 * deployment's deploy log (every revision's), filtered by level, text and
 * time, one page at a time ({@link readDeploymentLogPage}) or paged by the
 * service's opaque `next_offset` up to a bound of lines
 * ({@link readDeploymentLogs}). Lines come back as the service gives them,
 * their timestamps as ISO 8601 strings. Used by the `getDeploymentLogs`
 * invoke, and meant for the Deployment's progress while a revision builds.
 * The arguments are checked before anything is sent.
 */
import type { LangSmithClient } from "../client/client";
import { InvalidRequestError } from "../client/errors";
import type { RequestOptions } from "../client/options";
import { type DeploymentLogsPage, type DeploymentLogsRequest, deploymentLogCalls } from "./logEndpoints";

/** The two logs of a revision: `build` (the image build) and `deploy` (the agent server's runtime). */
export const DEPLOYMENT_LOG_TYPES = ["build", "deploy"] as const;
/** Which log to read. */
export type DeploymentLogType = (typeof DEPLOYMENT_LOG_TYPES)[number];
/** The levels a read may keep (langgraph-cli's `--level` choices); given in any case, sent upper-cased. */
export const DEPLOYMENT_LOG_LEVELS = ["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] as const;
/** The orders of a read: `asc` (oldest first) or `desc` (newest first). */
export const DEPLOYMENT_LOG_ORDERS = ["asc", "desc"] as const;
/** The order of a read. */
export type DeploymentLogOrder = (typeof DEPLOYMENT_LOG_ORDERS)[number];

/** Lines a page asks for when no `limit` is given, and the page size of {@link readDeploymentLogs} (langgraph-cli's default, 100). */
export const DEFAULT_LOG_PAGE_SIZE = 100;
/** Lines {@link readDeploymentLogs} reads at most when no `maxLines` is given (1 000). */
export const DEFAULT_MAX_LOG_LINES = 1_000;
/** The largest `maxLines` accepted (10 000 lines). */
export const MAX_LOG_LINES = 10_000;

/** What to read and how to filter it; every filter is optional. */
export interface DeploymentLogQuery {
  /** The deployment's id. */
  readonly deploymentId: string;
  /** The revision whose log is read. Required for `build`; for `deploy`, absent reads the deployment's deploy log (every revision's). */
  readonly revisionId?: string;
  /** Which log. */
  readonly type: DeploymentLogType;
  /** `desc` (newest first) or `asc` (oldest first); default `desc`, the service's and langgraph-cli's order. */
  readonly order?: DeploymentLogOrder;
  /** Only lines of this level: one of {@link DEPLOYMENT_LOG_LEVELS}, in any case; default every level. */
  readonly level?: string;
  /** Only lines whose message contains this text (the service decides how it matches; the emulator ignores case); default all. */
  readonly query?: string;
  /** Only lines written at or after this time, ISO 8601 (e.g. `2026-03-08T00:00:00Z`); default no bound. */
  readonly startTime?: string;
  /** Only lines written before this time, ISO 8601; default no bound. */
  readonly endTime?: string;
  /** Start after the lines a previous read ended with: its `nextOffset` (opaque, the service's); default the start of the log. */
  readonly offset?: string;
}

/** One page: {@link DeploymentLogQuery} and its size. */
export interface DeploymentLogPageQuery extends DeploymentLogQuery {
  /** Lines in the page, an integer of at least 1; default {@link DEFAULT_LOG_PAGE_SIZE}. */
  readonly limit?: number;
}

/** One log line as the service gives it (its message is not redacted: a log may carry anything the agent printed). */
export interface DeploymentLogLine {
  /** The line's id, stable across reads. */
  id: string;
  /** When it was written, ISO 8601 (see {@link logTimestamp}). */
  timestamp: string;
  /** Its level, as the service gives it (e.g. `INFO`). */
  level: string;
  message: string;
}

/** One page of lines, in the order asked. */
export interface DeploymentLogPage {
  logs: DeploymentLogLine[];
  /** Where the next page starts (pass it as `offset`); absent when the service gave none (the page was empty). */
  nextOffset?: string;
}

/** The lines of {@link readDeploymentLogs}. */
export interface DeploymentLogLines {
  /** At most `maxLines` lines, in the order asked. */
  logs: DeploymentLogLine[];
  /** Set when the read stopped at `maxLines` with the service offering more: pass it as `offset` to read on (that read may find none). */
  nextOffset?: string;
}

/** Bounds of {@link readDeploymentLogs}. */
export interface DeploymentLogBounds {
  /** Lines read at most, 1 to {@link MAX_LOG_LINES}; default {@link DEFAULT_MAX_LOG_LINES}. */
  readonly maxLines?: number;
  /** Lines asked for per request, an integer of at least 1; default {@link DEFAULT_LOG_PAGE_SIZE}. */
  readonly pageSize?: number;
}

const ACTION = "reading deployment logs";
/** ISO 8601 dates and date-times (`2026-03-08`, `2026-03-08T00:00:00Z`, `2026-03-08 00:00:00.123+01:00`). */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

function isIso8601(value: string): boolean {
  return ISO_8601.test(value) && !Number.isNaN(Date.parse(value.replace(" ", "T")));
}

/**
 * A log line's time as ISO 8601: epoch milliseconds (what the emulator and,
 * per langgraph-cli, the service send) become `2026-03-08T12:00:00.000Z`; a
 * string already in ISO 8601 is kept as given (its precision and offset
 * too); another date string is converted; anything else is kept as given.
 */
export function logTimestamp(value: number | string): string {
  if (typeof value === "number") {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
  }
  if (isIso8601(value)) return value;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}

function refuse(why: string): never {
  throw new InvalidRequestError(`${ACTION}: ${why}`);
}

function checkTime(value: string | undefined, name: string): void {
  if (value !== undefined && !isIso8601(value)) refuse(`${name} must be an ISO 8601 time such as 2026-03-08T00:00:00Z, got "${value.slice(0, 40)}"`);
}

function checkInteger(value: number | undefined, name: string, min: number, max = Number.MAX_SAFE_INTEGER): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < min || value > max) refuse(`${name} must be an integer from ${min} to ${max}, got ${String(value)}`);
}

/**
 * The request body of a read, after checking every argument.
 *
 * @throws InvalidRequestError naming the argument: an unknown `type`,
 *   `order` or `level`, a build log without `revisionId`, a time that is not
 *   ISO 8601, a `limit` below 1.
 */
export function deploymentLogRequest(query: DeploymentLogPageQuery): DeploymentLogsRequest {
  if (!(DEPLOYMENT_LOG_TYPES as readonly string[]).includes(query.type)) refuse(`type must be "build" or "deploy", got "${String(query.type)}"`);
  if (query.type === "build" && (query.revisionId === undefined || query.revisionId === ""))
    refuse("a build log is a revision's: give revisionId (e.g. the deployment's latestRevisionId)");
  const order = query.order ?? "desc";
  if (!(DEPLOYMENT_LOG_ORDERS as readonly string[]).includes(order)) refuse(`order must be "asc" or "desc", got "${String(order)}"`);
  const level = query.level?.toUpperCase();
  if (level !== undefined && !(DEPLOYMENT_LOG_LEVELS as readonly string[]).includes(level))
    refuse(`level must be one of ${DEPLOYMENT_LOG_LEVELS.join(", ")}, got "${String(query.level).slice(0, 40)}"`);
  checkTime(query.startTime, "startTime");
  checkTime(query.endTime, "endTime");
  checkInteger(query.limit, "limit", 1);
  return {
    order,
    limit: query.limit ?? DEFAULT_LOG_PAGE_SIZE,
    ...(query.offset !== undefined && query.offset !== "" ? { offset: query.offset } : {}),
    ...(level !== undefined ? { level } : {}),
    ...(query.query !== undefined && query.query !== "" ? { query: query.query } : {}),
    ...(query.startTime !== undefined ? { start_time: query.startTime } : {}),
    ...(query.endTime !== undefined ? { end_time: query.endTime } : {}),
  };
}

function send(client: LangSmithClient, query: DeploymentLogQuery, body: DeploymentLogsRequest, options?: RequestOptions): Promise<DeploymentLogsPage> {
  const { deploymentId, revisionId } = query;
  if (revisionId === undefined || revisionId === "") return deploymentLogCalls.deploymentDeployLogs(client, deploymentId, body, options);
  return query.type === "build"
    ? deploymentLogCalls.revisionBuildLogs(client, deploymentId, revisionId, body, options)
    : deploymentLogCalls.revisionDeployLogs(client, deploymentId, revisionId, body, options);
}

/**
 * One page of a log: `limit` lines (default {@link DEFAULT_LOG_PAGE_SIZE})
 * matching the filters, in the order asked, after `offset`; one request.
 *
 * @throws InvalidRequestError before anything is sent (see {@link deploymentLogRequest});
 *   NotFoundError when the deployment or the revision does not exist.
 */
export async function readDeploymentLogPage(client: LangSmithClient, query: DeploymentLogPageQuery, options?: RequestOptions): Promise<DeploymentLogPage> {
  const page = await send(client, query, deploymentLogRequest(query), options);
  const logs = page.logs.map((line) => ({ id: line.id, timestamp: logTimestamp(line.timestamp), level: line.level, message: line.message }));
  return { logs, ...(typeof page.next_offset === "string" && page.next_offset !== "" ? { nextOffset: page.next_offset } : {}) };
}

/**
 * The lines of a log matching the filters, in the order asked, read page
 * after page (each starting at the previous one's `next_offset`) until the
 * service answers an empty page or no `next_offset`, or `maxLines` lines
 * are read (then `nextOffset` says where to read on). With the default
 * order (`desc`), the bound keeps the newest lines.
 *
 * @throws InvalidRequestError before anything is sent, for a bound out of
 *   range or an argument {@link deploymentLogRequest} refuses; NotFoundError
 *   when the deployment or the revision does not exist.
 */
export async function readDeploymentLogs(
  client: LangSmithClient,
  query: DeploymentLogQuery,
  bounds: DeploymentLogBounds = {},
  options?: RequestOptions,
): Promise<DeploymentLogLines> {
  checkInteger(bounds.maxLines, "maxLines", 1, MAX_LOG_LINES);
  checkInteger(bounds.pageSize, "pageSize", 1);
  const maxLines = bounds.maxLines ?? DEFAULT_MAX_LOG_LINES;
  const pageSize = bounds.pageSize ?? DEFAULT_LOG_PAGE_SIZE;
  deploymentLogRequest(query);
  const logs: DeploymentLogLine[] = [];
  let offset = query.offset;
  for (;;) {
    const page = await readDeploymentLogPage(
      client,
      { ...query, limit: Math.min(pageSize, maxLines - logs.length), ...(offset !== undefined ? { offset } : {}) },
      options,
    );
    logs.push(...page.logs);
    // The end: no line, no offset to go on from, or one that does not move (a service that ignores it).
    if (page.logs.length === 0 || page.nextOffset === undefined || page.nextOffset === offset) return { logs };
    offset = page.nextOffset;
    if (logs.length >= maxLines) return { logs, nextOffset: offset };
  }
}
