/** The RunRule resource: an automation on a project's runs (sampling into datasets and queues, webhooks, online evaluators). */
import { defineEndpoint } from "../client/endpoint";
import { zRunRulesCreateSchema, zRunRulesUpdateSchema } from "../client/wire/tracingAndEvaluation.requests";
import { zGetApiV1RunsRulesResponse, zPatchApiV1RunsRulesByRuleIdResponse, zPostApiV1RunsRulesResponse } from "../client/wire/tracingAndEvaluation.responses";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../engine/kind";
import { exampleRef, unknownOr, type FieldExamples, type FieldTable, type InputsOf, type RequiredWhen } from "../engine/fields/fields";
import { httpUrl, uuid } from "../engine/fields/validators";
import { CREATED_AT_OUTPUT } from "../engine/state/outputs";
import { z } from "zod";

/** `/api/v1/runs/rules` (create, list) and `/{rule_id}` (PATCH of the whole rule, delete); no GET of one. */
export const RUN_RULE_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/runs/rules", request: zRunRulesCreateSchema, response: zPostApiV1RunsRulesResponse }),
  list: defineEndpoint({ method: "GET", path: "/runs/rules", response: zGetApiV1RunsRulesResponse }),
  update: defineEndpoint({ method: "PATCH", path: "/runs/rules/{id}", request: zRunRulesUpdateSchema, response: zPatchApiV1RunsRulesByRuleIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/runs/rules/{id}" }),
} satisfies CrudEndpoints;

const Webhook = z.strictObject({ url: httpUrl("webhooks[].url"), headers: z.record(z.string(), z.string()).optional() });

const id = (path: string, wire: string, doc: string, example: FieldExamples, requiredWhen?: RequiredWhen) =>
  ({ path, wire, refresh: "always", type: "string (UUID)", doc, schema: unknownOr(uuid(path)), required: false, effect: "inPlace", secret: false, example, ...(requiredWhen === undefined ? {} : { requiredWhen, reason: `${path} or ${requiredWhen.path} is required: the rule reads a project's runs or a dataset's experiments` }) }) as const;

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
  id("projectId", "session_id", "The `Project` whose runs the rule reads (set it or `datasetId`).", { variant: "project", value: exampleRef("langsmith:index:Project"), changed: exampleRef("langsmith:index:Project", { other: true }) }, { path: "datasetId", unset: true }),
  id("datasetId", "dataset_id", "The `Dataset` whose experiment runs the rule reads.", { variant: "dataset", value: exampleRef("langsmith:index:Dataset"), changed: exampleRef("langsmith:index:Dataset", { other: true }) }, { path: "projectId", unset: true }),
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
  { path: "filter", wire: "filter", refresh: "always", type: "string", doc: 'Run filter, e.g. `eq(error, true)` (LangSmith\'s filter language).', schema: z.string().min(1), required: false, effect: "inPlace", secret: false, example: { value: "eq(error, true)", changed: "and(eq(error, true), eq(is_root, true))" } },
  { path: "traceFilter", wire: "trace_filter", refresh: "always", type: "string", doc: "Filter on the run's trace (its root run).", schema: z.string().min(1), required: false, effect: "inPlace", secret: false, example: { value: 'has(tags, "production")', changed: 'and(has(tags, "production"), gt(latency, 5))' } },
  { path: "enabled", wire: "is_enabled", refresh: "always", type: "boolean", doc: "Whether the rule runs.", schema: z.boolean(), required: false, default: true, effect: "inPlace", secret: false, example: { value: true, changed: false } },
  id("addToAnnotationQueueId", "add_to_annotation_queue_id", "Adds the sampled runs to this `AnnotationQueue`.", { value: exampleRef("langsmith:index:AnnotationQueue"), changed: exampleRef("langsmith:index:AnnotationQueue", { other: true }) }),
  id("addToDatasetId", "add_to_dataset_id", "Adds the sampled runs to this `Dataset` as examples.", { value: exampleRef("langsmith:index:Dataset"), changed: exampleRef("langsmith:index:Dataset", { other: true }) }),
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
] as const satisfies FieldTable;

/** A RunRule's checked inputs. */
export type RunRuleInputs = InputsOf<typeof RUN_RULE_FIELDS>;

/** The RunRule, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:RunRule",
  kind: "run rule",
  description:
    "A LangSmith automation rule on a project's (or a dataset's) runs: the runs matching a filter, sampled at a rate, are added to a dataset or an annotation queue, " +
    "posted to webhooks (secret) or scored by an evaluator. Every field changes in place (one PATCH of the whole rule). Import by id.",
  scope: "workspace",
  fields: RUN_RULE_FIELDS,
  nameField: "displayName",
  updateSendsAll: true,
  endpoints: RUN_RULE_ENDPOINTS,
  outputs: [{ ...CREATED_AT_OUTPUT, wire: "created_at" }],
});
