/**
 * Saved filter views of a tracing project (`/api/v1/sessions/{session_id}/views`):
 * a named set of filters (runs, traces, trees, threads) and a time range
 * the LangSmith UI applies to the project's runs or threads.
 *
 * What the service does that the contract cannot say (the emulator's choices
 * where nothing public says it):
 * - The project must be one of the workspace's (404 otherwise); a view goes
 *   with its project.
 * - `filter_string`, `trace_filter_string`, `tree_filter_string` and
 *   `thread_filter_string` are LangSmith's filter language (400 when one
 *   does not parse). `type` is `runs` (the default), `threads` or
 *   `single_run`; `syntax_version` 1 (the default) or 2.
 * - A `PATCH` with `display_name`, `type` or `syntax_version` sent as `null`
 *   leaves them (the service's optional update fields); the other fields
 *   sent as `null` are cleared. `DELETE` answers `{}`.
 * - The list reads `type` (only views of that type); it is not paged.
 *   Display names need not be unique.
 * - Permissions: `projects:read` to read, `projects:update` to write.
 */
import { detailError } from "../../http/errors";
import { zFilterViewCreate, zFilterViewUpdate } from "../../wire/additions";
import { defineKind } from "../../kinds/declaration";
import { runFilterProblem } from "../runFilter";
import { SESSIONS } from "../sessions";

type Json = Record<string, unknown>;

/** The filter fields of a view, each in LangSmith's filter language. */
const FILTER_FIELDS = ["filter_string", "trace_filter_string", "tree_filter_string", "thread_filter_string"] as const;

/** The fields a view answers `null` when not given. */
const NULLABLE = [...FILTER_FIELDS, "description", "start_time", "end_time", "duration"] as const;

/** Refuses a filter that does not parse (400). */
function checkFilters(body: Json): void {
  for (const field of FILTER_FIELDS) {
    const filter = body[field];
    if (typeof filter !== "string" || filter.trim() === "") continue;
    const problem = runFilterProblem(filter);
    if (problem !== undefined) throw detailError(400, `${field} is not a valid filter: ${problem}`);
  }
}

/** The filter view kind. */
export const FILTER_VIEWS = defineKind({
  name: "filterViews",
  noun: "Filter view",
  scope: "workspace",
  collection: "/api/v1/sessions/:session_id/views",
  idParam: "view_id",
  parent: { param: "session_id", kind: SESSIONS.name },
  permissions: { read: "projects:read", write: "projects:update" },
  create: {
    schema: zFilterViewCreate,
    defaults: { ...Object.fromEntries(NULLABLE.map((field) => [field, null])), type: "runs", syntax_version: 1 },
    derive: (body, call) => {
      checkFilters(body);
      return { session_id: call.parentId };
    },
  },
  get: true,
  patch: {
    schema: zFilterViewUpdate,
    check: (body) => checkFilters(body),
    derive: (changes, record) =>
      Object.fromEntries(
        (["display_name", "type", "syntax_version"] as const).filter((field) => changes[field] === null).map((field) => [field, record.wire[field]]),
      ),
  },
  delete: { answer: "emptyObject" },
  listQuery: { type: { type: "enum", values: ["runs", "threads", "single_run"], filters: "type" } },
});
