/**
 * The AlertRule's inputs: a project (fixed), the metric watched (attribute,
 * aggregation, window), the condition (operator, threshold) and the actions
 * (notification targets, secret). Everything but the project changes in
 * place (one PATCH of rule and actions). Check, diff, the wire mapping,
 * refresh, import, the schema and the reference table derive from
 * {@link ALERT_RULE_FIELDS}.
 */
import { z } from "zod";
import { workspaceIdField } from "../shared/crud";
import { emptyAsUnset, type FieldTable, type InputsOf, unknownOr } from "../shared/fields";
import { uuid } from "../shared/validators";

/** Metrics an alert watches. */
export const ALERT_ATTRIBUTES = ["latency", "error_count", "feedback_score", "run_latency", "run_count", "total_cost"] as const;

const Action = z.strictObject({ target: z.enum(["pagerduty", "webhook", "dynatrace"]), config: z.record(z.string(), z.unknown()) });

// Only the required fields are read back always; the service answers the optional ones with empty values when unset.
const inPlace = { required: false, effect: "inPlace", secret: false, fromWire: emptyAsUnset } as const;
const always = { ...inPlace, refresh: "always" } as const;

/** Every input field of an AlertRule. */
export const ALERT_RULE_FIELDS = [
  workspaceIdField("alert rule"),
  {
    path: "projectId",
    type: "string (UUID)",
    doc: "The `Project` the alert watches; the service cannot move an alert.",
    schema: unknownOr(uuid("projectId")),
    reason: "projectId is required: set it to a Project's id",
    required: true,
    effect: "replace",
    secret: false,
  },
  { ...always, path: "name", wire: "rule.name", type: "string", doc: "Name of the alert.", schema: z.string().trim().min(1), required: true, reason: 'name is required, e.g. "error rate"' },
  { ...inPlace, path: "description", wire: "rule.description", type: "string", doc: "What the alert means.", schema: z.string(), default: "" },
  { ...always, path: "attribute", wire: "rule.attribute", type: ALERT_ATTRIBUTES.map((a) => `\`${a}\``).join(" \\| "), doc: "The metric watched.", schema: z.enum(ALERT_ATTRIBUTES), required: true, reason: `attribute is required: one of ${ALERT_ATTRIBUTES.join(", ")}` },
  { ...always, path: "aggregation", wire: "rule.aggregation", type: "`avg` \\| `sum` \\| `pct`", doc: "How the metric is aggregated over the window (`pct`: a share of the runs, e.g. the error rate).", schema: z.enum(["avg", "sum", "pct"]), required: true, reason: 'aggregation is required: "avg", "sum" or "pct"' },
  { ...always, path: "operator", wire: "rule.operator", type: "`gte` \\| `lte` \\| `gt` \\| `lt`", doc: "How the aggregate compares with the threshold.", schema: z.enum(["gte", "lte", "gt", "lt"]), required: true, reason: 'operator is required: "gte", "lte", "gt" or "lt"' },
  { ...inPlace, path: "threshold", wire: "rule.threshold", type: "number", doc: "The threshold (a share from 0 to 1 for `pct`).", schema: z.number() },
  { ...always, path: "windowMinutes", wire: "rule.window_minutes", type: "integer, 1 to 60", doc: "Length of the window the metric is aggregated over, in minutes.", schema: z.number().int().min(1).max(60), required: true, reason: "windowMinutes is required: 1 to 60 minutes" },
  { ...inPlace, path: "type", wire: "rule.type", type: "`threshold` \\| `change`", doc: "`threshold`: the aggregate crosses the threshold; `change`: it changes by `threshold` times.", schema: z.enum(["threshold", "change"]), default: "threshold" },
  { ...inPlace, path: "filter", wire: "rule.filter", type: "string", doc: "Which runs count (LangSmith's filter language).", schema: z.string().min(1) },
  {
    path: "actions",
    wire: "actions",
    type: "list of `{target, config}` (secret)",
    doc: "Notification targets (`webhook`, `pagerduty`, `dynatrace`) with their configuration; always a Pulumi secret (URLs and integration keys), kept only as a salted fingerprint.",
    schema: z.array(Action).min(1),
    reason: "actions is required: at least one { target, config }, e.g. { target: \"webhook\", config: { url: \"https://…\" } }",
    required: true,
    effect: "inPlace",
    secret: true,
  },
] as const satisfies FieldTable;

/** An AlertRule's checked inputs. */
export type AlertRuleInputs = InputsOf<typeof ALERT_RULE_FIELDS>;
