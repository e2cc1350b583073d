/** The RunRule resource: an automation on a project's runs (sampling into datasets and queues, webhooks, online evaluators). */
import { defineEndpoint } from "../client/endpoint";
import { zRunRulesCreateSchema, zRunRulesUpdateSchema } from "../client/wire/tracingAndEvaluation.requests";
import { zGetApiV1RunsRulesResponse, zPatchApiV1RunsRulesByRuleIdResponse, zPostApiV1RunsRulesResponse } from "../client/wire/tracingAndEvaluation.responses";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../engine/kind";
import { exampleRef, unknownOr, type FieldExamples, type FieldTable, type InputsOf, type RequiredWhen } from "../engine/fields/fields";
import { httpUrl, timestamp, uuid } from "../engine/fields/validators";
import { CREATED_AT_OUTPUT } from "../engine/state/outputs";
import { z } from "zod";
import { OPTIONAL_IN_PLACE as flag, RUN_RULE_EVALUATOR_FIELDS } from "./runRuleEvaluators";

/** `/api/v1/runs/rules` (create, list) and `/{rule_id}` (PATCH of the whole rule, delete); no GET of one. */
export const RUN_RULE_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/runs/rules", request: zRunRulesCreateSchema, response: zPostApiV1RunsRulesResponse }),
  list: defineEndpoint({ method: "GET", path: "/runs/rules", response: zGetApiV1RunsRulesResponse }),
  update: defineEndpoint({ method: "PATCH", path: "/runs/rules/{id}", request: zRunRulesUpdateSchema, response: zPatchApiV1RunsRulesByRuleIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/runs/rules/{id}" }),
} satisfies CrudEndpoints;

const Webhook = z.strictObject({
  url: httpUrl("webhooks[].url").describe("Where the runs are posted (http or https)."),
  headers: z.record(z.string(), z.string()).optional().describe("Headers sent with each post (e.g. a token)."),
});

const id = (path: string, wire: string, doc: string, example: FieldExamples, requiredWhen?: RequiredWhen) =>
  ({
    path,
    wire,
    refresh: "always",
    type: "string (UUID)",
    doc,
    schema: unknownOr(uuid(path)),
    required: false,
    effect: "inPlace",
    secret: false,
    example,
    ...(requiredWhen === undefined
      ? {}
      : { requiredWhen, reason: `${path} or ${requiredWhen.path} is required: the rule reads a project's runs or a dataset's experiments` }),
  }) as const;

/** Inputs that extend the retention of the traces a rule's actions touch: input, wire key, which traces. */
const RETENTION_EXTENSIONS = [
  ["extendEvaluatorTraceRetention", "extend_evaluator_trace_retention", "the rule's evaluators score"],
  ["extendDatasetTraceRetention", "extend_dataset_trace_retention", "the rule adds to its dataset"],
  ["extendAnnotationQueueTraceRetention", "extend_annotation_queue_trace_retention", "the rule adds to its annotation queue"],
  ["extendWebhookTraceRetention", "extend_webhook_trace_retention", "the rule posts to its webhooks"],
] as const;

/** A PagerDuty alert of a rule. */
const PagerDutyAlert = z.strictObject({
  routingKey: z.string().min(1).describe("The PagerDuty integration's routing key (secret)."),
  summary: z.string().optional().describe("The incident's summary."),
  severity: z.enum(["critical", "error", "warning", "info"]).optional().describe("The incident's severity; default `warning`."),
});
type PagerDutyAlertInput = z.infer<typeof PagerDutyAlert>;

/** Every input field of a RunRule. */
export const RUN_RULE_FIELDS = [
  workspaceIdField("run rule"),
  {
    path: "displayName",
    wire: "display_name",
    refresh: "always",
    type: "string",
    doc: "Name of the rule, shown in LangSmith.",
    schema: z.string().trim().min(1).max(255),
    reason: 'displayName is required: the rule\'s name, e.g. "errored runs to review"',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "errored runs to review", changed: "errored root runs to review" },
  },
  // A rule reads exactly one of a project and a dataset (the service refuses both, or neither): one variant each.
  id(
    "projectId",
    "session_id",
    "The `Project` whose runs the rule reads (set it or `datasetId`).",
    { variant: "project", value: exampleRef("langsmith:index:Project"), changed: exampleRef("langsmith:index:Project", { other: true }) },
    { path: "datasetId", unset: true },
  ),
  id(
    "datasetId",
    "dataset_id",
    "The `Dataset` whose experiment runs the rule reads.",
    { variant: "dataset", value: exampleRef("langsmith:index:Dataset"), changed: exampleRef("langsmith:index:Dataset", { other: true }) },
    { path: "projectId", unset: true },
  ),
  {
    path: "samplingRate",
    wire: "sampling_rate",
    refresh: "always",
    type: "number, 0 to 1",
    doc: "Share of the matching runs the rule acts on, e.g. `0.1` for 10 %.",
    schema: z.number().min(0).max(1),
    reason: "samplingRate is required: a number from 0 to 1, e.g. 0.1 for 10 % of the matching runs",
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: 0.1, changed: 0.5 },
  },
  {
    path: "filter",
    wire: "filter",
    refresh: "always",
    type: "string",
    doc: "Run filter, e.g. `eq(error, true)` (LangSmith's filter language).",
    schema: z.string().min(1),
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: "eq(error, true)", changed: "and(eq(error, true), eq(is_root, true))" },
  },
  {
    path: "traceFilter",
    wire: "trace_filter",
    refresh: "always",
    type: "string",
    doc: "Filter on the run's trace (its root run).",
    schema: z.string().min(1),
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: 'has(tags, "production")', changed: 'and(has(tags, "production"), gt(latency, 5))' },
  },
  {
    path: "enabled",
    wire: "is_enabled",
    refresh: "always",
    type: "boolean",
    doc: "Whether the rule runs.",
    schema: z.boolean(),
    required: false,
    default: true,
    effect: "inPlace",
    secret: false,
    example: { value: true, changed: false },
  },
  id("addToAnnotationQueueId", "add_to_annotation_queue_id", "Adds the sampled runs to this `AnnotationQueue`.", {
    value: exampleRef("langsmith:index:AnnotationQueue"),
    changed: exampleRef("langsmith:index:AnnotationQueue", { other: true }),
  }),
  id("addToDatasetId", "add_to_dataset_id", "Adds the sampled runs to this `Dataset` as examples.", {
    value: exampleRef("langsmith:index:Dataset"),
    changed: exampleRef("langsmith:index:Dataset", { other: true }),
  }),
  id("evaluatorId", "evaluator_id", "Scores the sampled runs with this evaluator (online evaluation).", {
    value: exampleRef("langsmith:index:Evaluator"),
    why: "the second Evaluator the matrix declares has only its name and type, and the service refuses an evaluator without its type's settings (a prompt or code), so there is none to move to",
  }),
  {
    path: "webhooks",
    wire: "webhooks",
    type: "list of `{url, headers?}` (secret)",
    doc: "Webhooks the sampled runs are posted to. Always a Pulumi secret (URLs and headers often carry tokens), kept only as a salted fingerprint.",
    schema: z.array(Webhook),
    required: false,
    effect: "inPlace",
    secret: true,
    example: {
      value: [{ url: "https://hooks.example.com/runs/{canary}", headers: { Authorization: "Bearer {canary}" } }],
      changed: [{ url: "https://hooks.example.com/runs/v2/{canary}", headers: { Authorization: "Bearer {canary}-v2" } }],
    },
  },
  {
    ...flag,
    path: "treeFilter",
    wire: "tree_filter",
    type: "string",
    doc: "Filter on any run of the trace (the rule matches a run whose trace has a run matching it).",
    schema: z.string().min(1),
    example: { value: 'eq(run_type, "tool")', changed: 'and(eq(run_type, "tool"), eq(error, true))' },
  },
  {
    ...flag,
    path: "backfillFrom",
    wire: "backfill_from",
    type: "string (ISO 8601)",
    doc: "Also applies the rule to the runs since this time that came before the rule (a backfill the service runs once).",
    schema: timestamp("backfillFrom"),
    fromWire: (value: unknown) => (typeof value === "string" ? new Date(value).toISOString().replace(".000Z", "Z") : undefined),
    example: { value: "2026-01-01T00:00:00Z", changed: "2026-02-01T00:00:00Z" },
  },
  ...RUN_RULE_EVALUATOR_FIELDS,
  {
    ...flag,
    path: "evaluatorVersion",
    wire: "evaluator_version",
    type: "integer",
    doc: "Version of the online-evaluation engine the rule's evaluators run on.",
    schema: z.number().int().min(1),
    unsetMeans: 1,
    defaultDoc: "`1` (service's)",
    example: { value: 2, changed: 3 },
  },
  {
    ...flag,
    path: "useCorrectionsDataset",
    wire: "use_corrections_dataset",
    type: "boolean",
    doc: "Whether the rule's LLM judges learn from the corrections reviewers make to their scores.",
    schema: z.boolean(),
    unsetMeans: false,
    defaultDoc: "`false` (service's)",
    example: { value: true, changed: false },
  },
  {
    ...flag,
    path: "numFewShotExamples",
    wire: "num_few_shot_examples",
    type: "integer",
    doc: "How many corrections the judges' prompts are given as few-shot examples (with `useCorrectionsDataset`).",
    schema: z.number().int().min(0),
    example: { value: 3, changed: 5 },
  },
  {
    ...flag,
    path: "addToDatasetPreferCorrection",
    wire: "add_to_dataset_prefer_correction",
    type: "boolean",
    doc: "Whether runs added to `addToDatasetId` take a reviewer's correction of their outputs, when there is one, instead of the outputs.",
    schema: z.boolean(),
    unsetMeans: false,
    defaultDoc: "`false` (service's)",
    example: { value: true, changed: false },
  },
  {
    ...flag,
    path: "extendOnly",
    wire: "extend_only",
    type: "boolean",
    doc: "Whether the rule only extends the retention of the sampled runs' traces (to the long-lived tier), with no other action.",
    schema: z.boolean(),
    unsetMeans: false,
    defaultDoc: "`false` (service's)",
    example: { value: true, changed: false },
  },
  {
    ...flag,
    path: "transient",
    wire: "transient",
    type: "boolean",
    doc: "The service's `transient` flag of a rule: kept and answered as given.",
    schema: z.boolean(),
    unsetMeans: false,
    defaultDoc: "`false` (service's)",
    example: { value: true, changed: false },
  },
  {
    ...flag,
    path: "includeExtendedStats",
    wire: "include_extended_stats",
    type: "boolean",
    doc: "Whether the rule's evaluations record extended statistics (token counts and costs of the judges' runs).",
    schema: z.boolean(),
    unsetMeans: false,
    defaultDoc: "`false` (service's)",
    example: { value: true, changed: false },
  },
  {
    ...flag,
    path: "tracingDisabled",
    wire: "is_tracing_disabled",
    type: "boolean",
    doc: "Whether the runs of the rule's own evaluators go untraced (no trace of the judges' calls in LangSmith).",
    schema: z.boolean(),
    unsetMeans: false,
    defaultDoc: "`false` (service's)",
    example: { value: true, changed: false },
  },
  ...RETENTION_EXTENSIONS.map(
    ([path, wire, what]) =>
      ({
        ...flag,
        path,
        wire,
        type: "boolean",
        doc: `Whether the traces ${what} are kept with extended (long-lived) retention.`,
        schema: z.boolean(),
        example: { value: true, changed: false },
      }) as const,
  ),
  {
    ...flag,
    path: "groupBy",
    wire: "group_by",
    type: "`thread_id`",
    doc: "Applies the rule to whole threads (the runs sharing a `thread_id`) instead of single runs.",
    schema: z.enum(["thread_id"]),
    example: { value: "thread_id", why: "the only value: unsetting it is the only change, which the full program's second step does not make" },
  },
  {
    ...flag,
    path: "spendLimit",
    wire: "spend_limit",
    toWire: (value: unknown) => ({ limit_usd: (value as { limitUsd: number }).limitUsd, window: (value as { window?: string }).window ?? "weekly" }),
    fromWire: (value: unknown) =>
      value !== null && typeof value === "object"
        ? { limitUsd: Number((value as Record<string, unknown>)["limit_usd"]), window: (value as Record<string, unknown>)["window"] }
        : undefined,
    type: "`{limitUsd, window}`",
    doc: "Caps what the rule's LLM judges spend: `limitUsd` US dollars per `window` (`weekly`, the only window).",
    schema: z.strictObject({
      limitUsd: z.number().positive().describe("The cap, in US dollars."),
      window: z.enum(["weekly"]).default("weekly").describe("The period the cap applies to; default `weekly`."),
    }),
    example: { value: { limitUsd: 25, window: "weekly" }, changed: { limitUsd: 50, window: "weekly" } },
  },
  {
    ...flag,
    path: "createAlignmentQueue",
    wire: "create_alignment_queue",
    refresh: "never",
    type: "boolean",
    doc: "Whether the service makes an annotation queue where reviewers align the rule's judges with their own scores (on the write that sets it; the rule does not answer it).",
    schema: z.boolean(),
    example: { value: true, why: "a request-only flag the service does not answer: the matrix sets it once" },
  },
  {
    path: "tracerSessionIssueId",
    wire: "tracer_session_issue_id",
    updateWire: null,
    refresh: "never",
    type: "string (UUID)",
    doc: "The issue of the rule's project (one LangSmith's UI tracks) the rule is made for. Taken at the create only and never answered: the service's update has no such field, so another issue replaces the rule.",
    schema: unknownOr(uuid("tracerSessionIssueId")),
    required: false,
    effect: "replace",
    secret: false,
    example: { value: "{uuid}", why: "the service cannot change it: another issue would replace the rule, which the other inputs' changes exercise" },
  },
  {
    path: "alerts",
    wire: "alerts",
    toWire: (value: unknown) =>
      (value as PagerDutyAlertInput[]).map((alert) => ({
        type: "pagerduty",
        routing_key: alert.routingKey,
        summary: alert.summary ?? null,
        severity: alert.severity ?? "warning",
      })),
    type: "list of `{routingKey, summary?, severity?}` (secret)",
    doc: "PagerDuty incidents raised for the sampled runs: the integration's routing key (secret), the incident's summary and severity (`critical`, `error`, `warning`: default, `info`). Always a Pulumi secret, kept only as a salted fingerprint.",
    schema: z.array(PagerDutyAlert),
    required: false,
    clearWith: [],
    effect: "inPlace",
    secret: true,
    example: {
      value: [{ routingKey: "pd-{canary}", summary: "errored runs" }],
      changed: [{ routingKey: "pd-v2-{canary}", summary: "errored runs", severity: "critical" }],
    },
  },
] as const satisfies FieldTable;

/** A RunRule's checked inputs. */
export type RunRuleInputs = InputsOf<typeof RUN_RULE_FIELDS>;

/** The RunRule, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:RunRule",
  listing: {
    filters: {
      projectId: { type: "uuid", query: "session_id", output: "projectId", doc: "Only rules of this tracing project." },
      datasetId: { type: "uuid", query: "dataset_id", output: "datasetId", doc: "Only rules of this dataset." },
      nameContains: {
        type: "string",
        query: "name_contains",
        output: "displayName",
        match: "contains",
        doc: "Only rules whose display name contains this text.",
      },
      type: {
        type: "string",
        query: "type",
        values: ["session", "dataset"],
        doc: "Only the rules of a tracing project (`session`) or of a dataset (`dataset`).",
        // The type is which of `projectId` and `datasetId` a rule has.
        matrix: {
          hit: (recorded) => (typeof recorded["projectId"] === "string" ? "session" : typeof recorded["datasetId"] === "string" ? "dataset" : undefined),
          miss: (recorded) => (typeof recorded["projectId"] === "string" ? "dataset" : typeof recorded["datasetId"] === "string" ? "session" : undefined),
        },
      },
    },
  },
  kind: "run rule",
  description:
    "A LangSmith automation rule on a project's (or a dataset's) runs: the runs matching a filter, sampled at a rate, are added to a dataset or an annotation queue, " +
    "posted to webhooks (secret) or scored by an evaluator. Every field changes in place (one PATCH of the whole rule) but `tracerSessionIssueId`, which replaces it. Import by id.",
  scope: "workspace",
  fields: RUN_RULE_FIELDS,
  nameField: "displayName",
  // Rules may share a name: the lookup by name refuses one that several have.
  lookup: { byName: true },
  updateSendsAll: true,
  endpoints: RUN_RULE_ENDPOINTS,
  outputs: [{ ...CREATED_AT_OUTPUT, wire: "created_at" }],
});
