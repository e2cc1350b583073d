/** The Evaluator resource: a reusable evaluator (an LLM judge or code) that run rules and experiments score with. */
import { defineEndpoint } from "../client/endpoint";
import { zEvaluatorsCreateEvaluatorRequest, zEvaluatorsUpdateEvaluatorRequest } from "../client/wire/tracingAndEvaluation.requests";
import {
  zEvaluatorsEvaluator,
  zGetV1PlatformEvaluatorsByEvaluatorIdResponse,
  zGetV1PlatformEvaluatorsResponse,
  zPatchV1PlatformEvaluatorsByEvaluatorIdResponse,
  zPostV1PlatformEvaluatorsResponse,
} from "../client/wire/tracingAndEvaluation.responses";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../engine/kind";
import { emptyAsUnset, exampleRef, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { isRecord } from "../engine/fields/paths";
import { CREATED_AT_OUTPUT, OUTPUT_TYPES } from "../engine/state/outputs";
import { z } from "zod";

const ONE = "/v1/platform/evaluators/{id}";

/** `/v1/platform/evaluators` (create `{evaluator}`, list `{evaluators}`) and `/{evaluator_id}` (get, PATCH, delete). */
export const EVALUATOR_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: "/v1/platform/evaluators",
    request: zEvaluatorsCreateEvaluatorRequest,
    response: zPostV1PlatformEvaluatorsResponse,
  }),
  list: defineEndpoint({ method: "GET", path: "/v1/platform/evaluators", response: zGetV1PlatformEvaluatorsResponse }),
  get: defineEndpoint({ method: "GET", path: ONE, response: zGetV1PlatformEvaluatorsByEvaluatorIdResponse }),
  update: defineEndpoint({ method: "PATCH", path: ONE, request: zEvaluatorsUpdateEvaluatorRequest, response: zPatchV1PlatformEvaluatorsByEvaluatorIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: ONE }),
} satisfies CrudEndpoints;

/** Kinds of evaluator: an LLM judging with a prompt, or code. */
export const EVALUATOR_TYPES = ["llm", "code"] as const;

// The service answers the other kind's fields as empty strings: read as unset.
const inPlace = { required: false, effect: "inPlace", secret: false, fromWire: emptyAsUnset } as const;

/** Every input field of an Evaluator. */
export const EVALUATOR_FIELDS = [
  workspaceIdField("evaluator"),
  {
    ...inPlace,
    refresh: "always",
    path: "name",
    wire: "name",
    type: "string",
    doc: "Name of the evaluator.",
    schema: z.string().trim().min(1).max(255),
    required: true,
    reason: 'name is required, e.g. "correctness judge"',
    example: { value: "correctness judge", changed: "correctness judge v2" },
  },
  {
    path: "type",
    wire: "type",
    refresh: "always",
    type: "`llm` \\| `code`",
    doc: "An LLM judge (set `promptHandle`) or code (set `code`); the service cannot change it.",
    schema: z.enum(EVALUATOR_TYPES),
    reason: 'type is required: "llm" or "code"',
    required: true,
    effect: "replace",
    secret: false,
    example: [
      { variant: "llm", value: "llm", why: "the variant's kind: the service refuses the prompt fields (`llm_evaluator`) on a code evaluator" },
      { variant: "code", value: "code", why: "the variant's kind: the service refuses `code` and `language` (`code_evaluator`) on an LLM evaluator" },
    ],
  },
  {
    ...inPlace,
    path: "promptHandle",
    wire: "llm_evaluator.prompt_repo_handle",
    requiredWhen: { path: "type", in: ["llm"] },
    reason: "promptHandle is required for an llm evaluator: the handle of the judge's Prompt",
    type: "string",
    doc: "The judge's `Prompt` (its handle), for `llm`.",
    schema: z.string().min(1),
    example: {
      variant: "llm",
      value: exampleRef("langsmith:index:Prompt"),
      why: "the second Prompt the matrix declares has only its handle, no manifest, so no commit a judge can use (the service answers 400)",
    },
  },
  {
    ...inPlace,
    path: "promptCommit",
    wire: "llm_evaluator.commit_hash_or_tag",
    type: "string",
    doc: "The prompt's commit hash or tag (e.g. `production`), for `llm`; default its latest commit.",
    schema: z.string().min(1),
    example: { variant: "llm", value: "latest", changed: exampleRef("langsmith:index:Prompt", { output: "latestCommitHash" }) },
  },
  {
    ...inPlace,
    path: "numFewShotExamples",
    wire: "llm_evaluator.num_few_shot_examples",
    createWire: null,
    type: "integer",
    doc: "For `llm`: how many corrected examples from the corrections dataset the judge's prompt is given as few-shot examples (with `useCorrectionsDataset`).",
    schema: z.number().int().min(0),
    fromWire: (value: unknown) => (value === 0 ? undefined : value),
    example: { variant: "llm", value: 3, changed: 5 },
  },
  {
    ...inPlace,
    path: "useCorrectionsDataset",
    wire: "llm_evaluator.use_corrections_dataset",
    createWire: null,
    type: "boolean",
    doc: "For `llm`: whether the judge learns from the corrections reviewers make to its scores (a corrections dataset the service keeps).",
    schema: z.boolean(),
    unsetMeans: false,
    defaultDoc: "`false` (service's)",
    example: { variant: "llm", value: true, changed: false },
  },
  {
    path: "deleteRunRulesOnDestroy",
    type: "boolean",
    doc: "Whether destroying the evaluator also deletes the run rules that use it (ones this program does not manage); without it the service refuses to delete an evaluator rules still use.",
    schema: z.boolean(),
    required: false,
    default: false,
    effect: "local",
    secret: false,
    example: { value: true, changed: false },
  },
  {
    ...inPlace,
    path: "variableMapping",
    wire: "llm_evaluator.variable_mapping",
    type: "map of any",
    doc: 'The prompt\'s variables, each mapped to a path of the run (e.g. `{ question: "input.question" }`), for `llm`.',
    schema: z.record(z.string(), z.unknown()),
    example: { variant: "llm", value: { question: "input.question" }, changed: { question: "input.question", answer: "output.answer" } },
  },
  {
    ...inPlace,
    path: "code",
    wire: "code_evaluator.code",
    requiredWhen: { path: "type", in: ["code"] },
    reason: "code is required for a code evaluator: the evaluator's source",
    type: "string",
    doc: "The evaluator's source, for `code`.",
    schema: z.string().min(1),
    example: {
      variant: "code",
      value: 'def perform_eval(run, example):\n    return {"correct": run["outputs"] == example["outputs"]}\n',
      changed: "function performEval(run, example) {\n  return { correct: JSON.stringify(run.outputs) === JSON.stringify(example.outputs) };\n}\n",
    },
  },
  {
    ...inPlace,
    path: "language",
    wire: "code_evaluator.language",
    type: "`python` \\| `javascript`",
    doc: "Language of `code`.",
    schema: z.enum(["python", "javascript"]),
    requiredWhen: { path: "type", in: ["code"] },
    reason: 'language is required for a code evaluator: "python" or "javascript"',
    example: { variant: "code", value: "python", changed: "javascript" },
  },
] as const satisfies FieldTable;

/** An Evaluator's checked inputs. */
export type EvaluatorInputs = InputsOf<typeof EVALUATOR_FIELDS>;

/** The Evaluator, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:Evaluator",
  listing: {
    filters: {
      type: { type: "string", query: "type", output: "type", values: ["llm", "code"], doc: "Only evaluators of this type: `llm` or `code`." },
      nameContains: { type: "string", query: "name_contains", output: "name", match: "contains", doc: "Only evaluators whose name contains this text." },
    },
    paging: { by: "offset", pageSize: 100 },
  },
  kind: "evaluator",
  description:
    "A reusable LangSmith evaluator: an LLM judge (a hub prompt at a commit or tag, its variables mapped from the run) or code. `RunRule.evaluatorId` takes its id for online evaluation. " +
    "Its kind is fixed; everything else changes in place. Import by id.",
  scope: "workspace",
  base: "origin",
  fields: EVALUATOR_FIELDS,
  nameField: "name",
  object: zEvaluatorsEvaluator,
  // Create and update answer `{ evaluator }`, get the evaluator itself.
  unwrap: (answer) => ("evaluator" in answer && isRecord(answer.evaluator) ? answer.evaluator : answer),
  listItems: (answer) => answer.evaluators ?? [],
  endpoints: EVALUATOR_ENDPOINTS,
  deleteQuery: (outputs) => (outputs["deleteRunRulesOnDestroy"] === true ? { delete_run_rules: "true" } : undefined),
  outputs: [
    { name: "feedbackKeys", type: OUTPUT_TYPES.stringList, doc: "Feedback keys the evaluator scores under.", changesOnUpdate: true, wire: "feedback_keys" },
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
  ],
});
