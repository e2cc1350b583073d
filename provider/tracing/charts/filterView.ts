/**
 * The FilterView resource: a saved filter view of a tracing project (a
 * named set of run, trace, tree and thread filters and a time range, which
 * the LangSmith UI offers on the project's runs or threads). The project
 * replaces the view; every other input changes in place (one PATCH).
 */
import { defineEndpoint } from "../../client/endpoint";
import { zFilterViewCreate, zFilterViewUpdate } from "../../client/wire/additions.requests";
import {
  zFilterView,
  zGetApiV1SessionsBySessionIdViewsByViewIdResponse,
  zGetApiV1SessionsBySessionIdViewsResponse,
  zPatchApiV1SessionsBySessionIdViewsByViewIdResponse,
  zPostApiV1SessionsBySessionIdViewsResponse,
} from "../../client/wire/additions.responses";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../../engine/kind";
import { exampleRef, unknownOr, type FieldTable, type InputsOf } from "../../engine/fields/fields";
import { timestamp, uuid } from "../../engine/fields/validators";
import { CREATED_AT_OUTPUT } from "../../engine/state/outputs";
import { isoInstant } from "../project";
import { z } from "zod";

const VIEWS = "/sessions/{projectId}/views";
const ONE = `${VIEWS}/{id}`;

/** `/api/v1/sessions/{session_id}/views` (create; list, not paged, by `type`) and `/{view_id}` (get, PATCH, delete). `{projectId}` is the input of that name. */
export const FILTER_VIEW_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: VIEWS, request: zFilterViewCreate, response: zPostApiV1SessionsBySessionIdViewsResponse }),
  list: defineEndpoint({ method: "GET", path: VIEWS, response: zGetApiV1SessionsBySessionIdViewsResponse }),
  get: defineEndpoint({ method: "GET", path: ONE, response: zGetApiV1SessionsBySessionIdViewsByViewIdResponse }),
  update: defineEndpoint({ method: "PATCH", path: ONE, request: zFilterViewUpdate, response: zPatchApiV1SessionsBySessionIdViewsByViewIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: ONE }),
} satisfies CrudEndpoints;

/** What a view filters: a project's runs, its threads, or one run. */
export const FILTER_VIEW_TYPES = ["runs", "threads", "single_run"] as const;

const KIND = "filter view";

/** An optional text input changed in place (cleared with `null` when removed). */
const text = (path: string, wire: string, doc: string, example: { value: string; changed: string }) =>
  ({ path, wire, type: "string", doc, schema: z.string().min(1), required: false, effect: "inPlace", secret: false, example }) as const;

/** An optional time (ISO 8601, written in UTC as the service answers it) changed in place; another spelling of the same time is no drift. */
const time = (path: string, wire: string, doc: string, example: { value: string; changed: string }) =>
  ({
    path,
    wire,
    type: "string (ISO 8601)",
    doc: `${doc} Written in UTC (\`Z\`), as the service answers it.`,
    schema: timestamp(path),
    fromWire: isoInstant,
    required: false,
    effect: "inPlace",
    secret: false,
    example,
  }) as const;

/** Every input field of a FilterView. */
export const FILTER_VIEW_FIELDS = [
  workspaceIdField(KIND),
  {
    path: "projectId",
    type: "string (UUID)",
    doc: "The `Project` (tracing project) the view belongs to; another project replaces the view.",
    schema: unknownOr(uuid("projectId")),
    reason: "projectId is required: set it to a Project's id",
    required: true,
    effect: "replace",
    secret: false,
    example: { value: exampleRef("langsmith:index:Project"), changed: exampleRef("langsmith:index:Project", { other: true }) },
  },
  {
    path: "displayName",
    wire: "display_name",
    refresh: "always",
    type: "string",
    doc: "The view's name, shown in the project's view picker.",
    schema: z.string().trim().min(1),
    reason: 'displayName is required, e.g. "errors in production"',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "matrix errors", changed: "matrix errors v2" },
  },
  text("description", "description", "What the view shows; default none.", {
    value: "declared by the conformance matrix",
    changed: "changed by the conformance matrix",
  }),
  text("filterString", "filter_string", "Which runs show (LangSmith's filter language), e.g. `eq(error, true)`.", {
    value: "eq(is_root, true)",
    changed: 'and(eq(is_root, true), eq(run_type, "llm"))',
  }),
  text("traceFilterString", "trace_filter_string", "Which traces show, by their root run (filter language).", {
    value: 'eq(run_type, "chain")',
    changed: 'eq(run_type, "llm")',
  }),
  text("treeFilterString", "tree_filter_string", "Which traces show, by any run in them (filter language).", {
    value: 'eq(name, "retriever")',
    changed: 'eq(name, "reranker")',
  }),
  text("threadFilterString", "thread_filter_string", "Which threads show, for a `threads` view (filter language).", {
    value: "gt(latency, 5)",
    changed: "gt(latency, 10)",
  }),
  {
    path: "type",
    wire: "type",
    type: FILTER_VIEW_TYPES.map((type) => `\`${type}\``).join(" \\| "),
    doc: "What the view filters: the project's `runs`, its `threads`, or a `single_run`.",
    schema: z.enum(FILTER_VIEW_TYPES),
    required: false,
    default: "runs",
    effect: "inPlace",
    secret: false,
    example: { value: "threads", changed: "runs" },
  },
  {
    path: "syntaxVersion",
    wire: "syntax_version",
    type: "`1` \\| `2`",
    doc: "The version of the filter language the filters are written in.",
    schema: z.number().int().min(1).max(2),
    required: false,
    default: 1,
    effect: "inPlace",
    secret: false,
    example: { value: 2, changed: 1 },
  },
  time("startTime", "start_time", "Start of a fixed time range the view shows; default none.", {
    value: "2026-01-01T00:00:00Z",
    changed: "2026-02-01T00:00:00Z",
  }),
  time("endTime", "end_time", "End of a fixed time range the view shows; default none.", { value: "2026-01-31T00:00:00Z", changed: "2026-02-28T00:00:00Z" }),
  text("duration", "duration", "A rolling time range instead of a fixed one, as the UI writes it, e.g. `7d`; default none.", { value: "7d", changed: "1d" }),
] as const satisfies FieldTable;

/** A FilterView's checked inputs. */
export type FilterViewInputs = InputsOf<typeof FILTER_VIEW_FIELDS>;

/** The FilterView, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:FilterView",
  listing: {
    filters: {
      type: {
        type: "string",
        query: "type",
        output: "type",
        values: [...FILTER_VIEW_TYPES],
        doc: "Only views of this type: `runs`, `threads` or `single_run`.",
      },
    },
    paging: { by: "none" },
  },
  kind: KIND,
  description:
    "A saved filter view of a LangSmith tracing project: run, trace, tree and thread filters and a time range, offered in the project's view picker. " +
    "`projectId` replaces the view; every other input changes in place. Import by `<projectId>/<id>`.",
  scope: "workspace",
  fields: FILTER_VIEW_FIELDS,
  nameField: "displayName",
  endpoints: FILTER_VIEW_ENDPOINTS,
  object: zFilterView,
  outputs: [{ ...CREATED_AT_OUTPUT, wire: "created_at" }],
});
