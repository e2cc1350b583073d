/** The Project resource: a LangSmith tracing project, where a deployment's or an application's runs land. */
import { defineEndpoint } from "../client/endpoint";
import { zTracerSessionCreate, zTracerSessionUpdate } from "../client/wire/tracingAndEvaluation.requests";
import {
  zGetApiV1SessionsBySessionIdResponse,
  zGetApiV1SessionsResponse,
  zPatchApiV1SessionsBySessionIdResponse,
  zPostApiV1SessionsResponse,
} from "../client/wire/tracingAndEvaluation.responses";
import { type CrudEndpoints, declareKind, descriptionField, workspaceIdField } from "../engine/kind";
import { exampleRef, unknownOr, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { timestamp, uuid } from "../engine/fields/validators";
import { z } from "zod";

/** `/api/v1/sessions` (create; list, filtered by `name`) and `/{session_id}` (get, PATCH, delete). */
export const PROJECT_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/sessions", request: zTracerSessionCreate, response: zPostApiV1SessionsResponse }),
  list: defineEndpoint({ method: "GET", path: "/sessions", response: zGetApiV1SessionsResponse }),
  get: defineEndpoint({ method: "GET", path: "/sessions/{id}", response: zGetApiV1SessionsBySessionIdResponse }),
  update: defineEndpoint({ method: "PATCH", path: "/sessions/{id}", request: zTracerSessionUpdate, response: zPatchApiV1SessionsBySessionIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/sessions/{id}" }),
} satisfies CrudEndpoints;

/** Trace tiers of a project: `shortlived` (base retention, 14 days) or `longlived` (extended, 400 days). */
export const PROJECT_TRACE_TIERS = ["longlived", "shortlived"] as const;

/** Every input field of a Project. */
export const PROJECT_FIELDS = [
  workspaceIdField("project"),
  {
    path: "name",
    wire: "name",
    refresh: "always",
    type: "string",
    doc: "The project's name, which tracers send runs to (`LANGSMITH_PROJECT`); unique in the workspace (`pulumi import` accepts it instead of the id).",
    schema: z.string().trim().min(1).max(255),
    reason: 'name is required: the project\'s name, e.g. "support-agent-prod" (at most 255 characters)',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "support-agent", changed: "support-agent-v2", other: "support-agent-b" },
  },
  descriptionField("What the project holds."),
  {
    path: "metadata",
    wire: "extra.metadata",
    type: "map of any",
    doc: "Metadata shown with the project (the service's `extra.metadata`).",
    schema: z.record(z.string(), z.unknown()),
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: { team: "support" }, changed: { team: "support", environment: "production" } },
  },
  {
    path: "defaultDatasetId",
    wire: "default_dataset_id",
    type: "string (UUID)",
    doc: "Dataset that runs of this project are added to by default (a `Dataset`'s id).",
    schema: unknownOr(uuid("defaultDatasetId")),
    required: false,
    effect: "inPlace",
    secret: false,
    // The second object (the target of changed references) links to the second Dataset.
    example: {
      value: exampleRef("langsmith:index:Dataset"),
      changed: exampleRef("langsmith:index:Dataset", { other: true }),
      other: exampleRef("langsmith:index:Dataset", { other: true }),
    },
  },
  {
    path: "traceTier",
    wire: "trace_tier",
    type: "`longlived` \\| `shortlived`",
    doc: "Retention of the project's new traces; default the workspace's (`TtlSettings`).",
    schema: z.enum(PROJECT_TRACE_TIERS),
    reason: 'traceTier must be "shortlived" (14 days) or "longlived" (400 days)',
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: "shortlived", changed: "longlived" },
  },
  {
    path: "referenceDatasetId",
    wire: "reference_dataset_id",
    type: "string (UUID)",
    doc: "Makes the project an experiment on this `Dataset` (its runs are the experiment's, scored against the dataset's examples); the service cannot change it, and deleting the dataset deletes its experiments.",
    schema: unknownOr(uuid("referenceDatasetId")),
    required: false,
    effect: "replace",
    secret: false,
    example: {
      value: exampleRef("langsmith:index:Dataset"),
      why: "another dataset replaces the project, and with it the alert rules and run rules the program keeps on it: the change step would then send no update to them",
    },
  },
  {
    path: "startTime",
    wire: "start_time",
    refresh: "always",
    type: "string (ISO 8601)",
    doc: "When the project starts (its runs are shown from then); the service's default is the time of the create, which the state records when it is not set. The service cannot change it. Written in UTC (`Z`), as the service answers it.",
    schema: timestamp("startTime"),
    fromWire: isoInstant,
    serviceDefault: true,
    required: false,
    defaultDoc: "the create's time (service's)",
    effect: "replace",
    secret: false,
    example: {
      value: "2026-01-01T00:00:00Z",
      why: "another start replaces the project, and with it the alert rules and run rules the program keeps on it: the change step would then send no update to them",
    },
  },
  {
    path: "endTime",
    wire: "end_time",
    type: "string (ISO 8601)",
    doc: "When the project ended (an experiment's end, shown in its comparisons); unset, it is open. Written in UTC (`Z`), as the service answers it.",
    schema: timestamp("endTime"),
    fromWire: isoInstant,
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: "2026-12-31T00:00:00Z", changed: "2027-01-31T00:00:00Z" },
  },
] as const satisfies FieldTable;

/** A time as the service answers it, in the form the inputs write it (UTC, `Z`, no milliseconds when there are none). */
export function isoInstant(value: unknown): unknown {
  if (typeof value !== "string" || Number.isNaN(Date.parse(value))) return value ?? undefined;
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`).toISOString().replace(".000Z", "Z");
}

/** A Project's checked inputs. */
export type ProjectInputs = InputsOf<typeof PROJECT_FIELDS>;

/** The Project, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:Project",
  listing: {
    filters: {
      name: { type: "string", query: "name", output: "name", doc: "Only the project of this exact name." },
      nameContains: { type: "string", query: "name_contains", output: "name", match: "contains", doc: "Only projects whose name contains this text." },
    },
    // A statistic, which drifts with every trace: listed, never recorded by the resource.
    listedOnly: { runCount: { wire: "run_count", type: "integer", doc: "How many runs the project holds, when the service listed it." } },
  },
  kind: "project",
  description:
    "A LangSmith tracing project (the service's session): where runs are traced to, by name. Every field changes in place but `referenceDatasetId` and `startTime`, which replace it; deleting a project deletes its runs. " +
    "`BulkExport.projectId`, run rules and alert rules take its id. Import by id or by name.",
  scope: "workspace",
  fields: PROJECT_FIELDS,
  nameField: "name",
  naturalKey: "name",
  naturalKeyQuery: "name",
  unique: ["name"],
  endpoints: PROJECT_ENDPOINTS,
  // A refresh reads them through the list: page by page, then filtered by id.
  batchRead: { by: "pages", pageSize: 100, idsQuery: "id" },
  outputs: [],
});
