/**
 * The Project's inputs (a tracing project, the service's "session"): name,
 * description, metadata, default dataset and trace tier, all changed in
 * place (one PATCH). Check, diff, the wire mapping, refresh, import, the
 * schema and the reference table derive from {@link PROJECT_FIELDS}.
 */
import { z } from "zod";
import { workspaceIdField } from "../shared/crud";
import { type FieldTable, type InputsOf, unknownOr } from "../shared/fields";
import { uuid } from "../shared/validators";

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
  },
  {
    path: "description",
    wire: "description",
    type: "string",
    doc: "What the project holds.",
    schema: z.string(),
    required: false,
    effect: "inPlace",
    secret: false,
  },
  {
    path: "metadata",
    wire: "extra.metadata",
    type: "map of any",
    doc: "Metadata shown with the project (the service's `extra.metadata`).",
    schema: z.record(z.string(), z.unknown()),
    required: false,
    effect: "inPlace",
    secret: false,
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
  },
] as const satisfies FieldTable;

/** A Project's checked inputs. */
export type ProjectInputs = InputsOf<typeof PROJECT_FIELDS>;
