/** The AlertRule resource: an alert on a project's metric (error rate, latency, cost, feedback) with notification targets. */
import { defineEndpoint } from "../client/endpoint";
import { zAlertsCreateAlertRuleRequest, zAlertsUpdateAlertRuleRequest } from "../client/wire/tracingAndEvaluation.requests";
import { zGetV1PlatformAlertsBySessionIdByAlertRuleIdResponse, zPostV1PlatformAlertsBySessionIdResponse } from "../client/wire/tracingAndEvaluation.responses";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../engine/kind";
import { emptyAsUnset, exampleRef, unknownOr, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { uuid } from "../engine/fields/validators";
import { configKeyFor, requireSecret, setSecretStep } from "../engine/fields/secretSteps";
import { z } from "zod";

const ONE = "/v1/platform/alerts/{projectId}/{id}";

/** `POST /v1/platform/alerts/{session_id}` and `GET`/`PATCH`/`DELETE .../{alert_rule_id}`; no list. `{projectId}` is the input of that name. */
export const ALERT_RULE_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: "/v1/platform/alerts/{projectId}",
    request: zAlertsCreateAlertRuleRequest,
    response: zPostV1PlatformAlertsBySessionIdResponse,
  }),
  get: defineEndpoint({ method: "GET", path: ONE, response: zGetV1PlatformAlertsBySessionIdByAlertRuleIdResponse }),
  update: defineEndpoint({ method: "PATCH", path: ONE, request: zAlertsUpdateAlertRuleRequest }),
  delete: defineEndpoint({ method: "DELETE", path: ONE }),
} satisfies CrudEndpoints;

/** Metrics an alert watches. */
export const ALERT_ATTRIBUTES = ["latency", "error_count", "feedback_score", "run_latency", "run_count", "total_cost"] as const;

const Action = z.strictObject({
  target: z.enum(["pagerduty", "webhook", "dynatrace"]).describe("Where the notification goes."),
  config: z
    .record(z.string(), z.unknown())
    .describe(
      "The target's settings: a webhook's `url` (and optional `headers`, `body`), PagerDuty's `integration_key` (and optional `severity`), Dynatrace's.",
    ),
});

// Only the required fields are read back always; the service answers the optional ones with empty values when unset.
const inPlace = { required: false, effect: "inPlace", secret: false, fromWire: emptyAsUnset } as const;
const always = { ...inPlace, refresh: "always" } as const;
// The numbers a Go service answers as 0 when unset.
const goZero = { ...inPlace, fromWire: (value: unknown) => (value === 0 ? undefined : emptyAsUnset(value)) } as const;

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
    example: { value: exampleRef("langsmith:index:Project"), changed: exampleRef("langsmith:index:Project", { other: true }) },
  },
  {
    ...always,
    path: "name",
    wire: "rule.name",
    type: "string",
    doc: "Name of the alert.",
    schema: z.string().trim().min(1),
    required: true,
    reason: 'name is required, e.g. "error rate"',
    example: { value: "error rate", changed: "slow runs" },
  },
  {
    ...inPlace,
    path: "description",
    wire: "rule.description",
    type: "string",
    doc: "What the alert means.",
    schema: z.string(),
    default: "",
    example: { value: "Too many runs fail.", changed: "Runs take too long." },
  },
  {
    ...always,
    path: "attribute",
    wire: "rule.attribute",
    type: ALERT_ATTRIBUTES.map((a) => `\`${a}\``).join(" \\| "),
    doc: "The metric watched.",
    schema: z.enum(ALERT_ATTRIBUTES),
    required: true,
    reason: `attribute is required: one of ${ALERT_ATTRIBUTES.join(", ")}`,
    example: { value: "error_count", changed: "latency" },
  },
  {
    ...always,
    path: "aggregation",
    wire: "rule.aggregation",
    type: "`avg` \\| `sum` \\| `pct`",
    doc: "How the metric is aggregated over the window (`pct`: a share of the runs, e.g. the error rate).",
    schema: z.enum(["avg", "sum", "pct"]),
    required: true,
    reason: 'aggregation is required: "avg", "sum" or "pct"',
    example: { value: "pct", changed: "avg" },
  },
  {
    ...always,
    path: "operator",
    wire: "rule.operator",
    type: "`gte` \\| `lte` \\| `gt` \\| `lt`",
    doc: "How the aggregate compares with the threshold.",
    schema: z.enum(["gte", "lte", "gt", "lt"]),
    required: true,
    reason: 'operator is required: "gte", "lte", "gt" or "lt"',
    example: { value: "gte", changed: "gt" },
  },
  {
    ...inPlace,
    path: "threshold",
    wire: "rule.threshold",
    type: "number",
    doc: "The threshold (a share from 0 to 1 for `pct`).",
    schema: z.number(),
    requiredWhen: { path: "type", in: ["threshold"], unset: true },
    reason: "threshold is required for a threshold rule (the default type), e.g. 0.05",
    example: { value: 0.05, changed: 5 },
  },
  {
    ...always,
    path: "windowMinutes",
    wire: "rule.window_minutes",
    type: "integer, 1 to 60",
    doc: "Length of the window the metric is aggregated over, in minutes.",
    schema: z.number().int().min(1).max(60),
    required: true,
    reason: "windowMinutes is required: 1 to 60 minutes",
    example: { value: 15, changed: 30 },
  },
  {
    ...inPlace,
    path: "type",
    wire: "rule.type",
    type: "`threshold` \\| `change`",
    doc: "`threshold`: the aggregate crosses `threshold`; `change`: it changes by `thresholdMultiplier` times against the previous `thresholdWindowMinutes`.",
    schema: z.enum(["threshold", "change"]),
    default: "threshold",
    example: { value: "threshold", changed: "change" },
  },
  {
    ...goZero,
    path: "thresholdMultiplier",
    wire: "rule.threshold_multiplier",
    type: "number",
    doc: "For a `change` rule: how many times the previous window's aggregate the current one must reach.",
    schema: z.number().positive(),
    requiredWhen: { path: "type", in: ["change"] },
    reason: "thresholdMultiplier is required for a change rule, e.g. 2 for twice the previous window",
    example: { value: 2, changed: 3 },
  },
  {
    ...goZero,
    path: "thresholdWindowMinutes",
    wire: "rule.threshold_window_minutes",
    type: "integer, 1 to 60 minutes",
    doc: "For a `change` rule: the length of the previous window compared against, in minutes; default the service's (the rule's window).",
    schema: z.number().int().min(1).max(60),
    example: { value: 30, changed: 60 },
  },
  {
    ...inPlace,
    path: "filter",
    wire: "rule.filter",
    type: "string",
    doc: "Which runs count (LangSmith's filter language).",
    schema: z.string().min(1),
    example: { value: "eq(is_root, true)", changed: 'and(eq(is_root, true), eq(run_type, "llm"))' },
  },
  {
    ...inPlace,
    path: "denominatorFilter",
    wire: "rule.denominator_filter",
    type: "string",
    doc: "For `pct`: which runs the share is taken of (LangSmith's filter language); default all the runs `filter` is applied to.",
    schema: z.string().min(1),
    example: { value: "eq(is_root, true)", changed: 'eq(run_type, "llm")' },
  },
  {
    path: "actions",
    wire: "actions",
    type: "list of `{target, config}` (secret)",
    doc: "Notification targets (`webhook`, `pagerduty`, `dynatrace`) with their configuration; always a Pulumi secret (URLs and integration keys), kept only as a salted fingerprint.",
    schema: z.array(Action).min(1),
    // An import writes `actions: []` (the service never returns them, they hold URLs and keys): say how to fill them in.
    reason: (inputs) => {
      const key = configKeyFor(inputs["name"], "webhookUrl", "alertWebhookUrl");
      return `actions is required: at least one { target, config }, and the service never returns them (an imported alert has none); for a webhook, ${setSecretStep(key, `actions: [{ target: "webhook", config: { url: ${requireSecret(key)} } }]`, "<url>")}`;
    },
    required: true,
    effect: "inPlace",
    secret: true,
    example: {
      value: [{ target: "webhook", config: { url: "https://hooks.example.com/alerts/{canary}" } }],
      changed: [
        { target: "webhook", config: { url: "https://hooks.example.com/alerts/v2/{canary}" } },
        { target: "pagerduty", config: { integration_key: "pd-{canary}" } },
      ],
    },
  },
] as const satisfies FieldTable;

/** An AlertRule's checked inputs. */
export type AlertRuleInputs = InputsOf<typeof ALERT_RULE_FIELDS>;

/** The AlertRule, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:AlertRule",
  listing: { none: "the service has no list of a project's alert rules in the contract." },
  kind: "alert rule",
  description:
    "An alert on a LangSmith project: a metric (latency, error count, feedback score, run count, cost) aggregated over a window and compared with a threshold, " +
    "notifying webhooks, PagerDuty or Dynatrace (their configuration is secret). Everything but the project changes in place. Import by `<projectId>/<id>`.",
  scope: "workspace",
  base: "origin",
  fields: ALERT_RULE_FIELDS,
  nameField: "name",
  updateSendsAll: true,
  idOf: (created) => String((created?.["rule"] as Record<string, unknown> | undefined)?.["id"] ?? ""),
  endpoints: ALERT_RULE_ENDPOINTS,
  outputs: [],
});
