/** The Evaluator resource: a reusable evaluator (an LLM judge or code) that run rules and experiments score with. */
import { crudResource } from "../shared/crud";
import { CREATED_AT_OUTPUT, OUTPUT_TYPES } from "../shared/outputs";
import { EVALUATOR_ENDPOINTS } from "./endpoints";
import { EVALUATOR_FIELDS } from "./fields";

export { EVALUATOR_FIELDS, type EvaluatorInputs } from "./fields";

/** The Evaluator, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:Evaluator",
  kind: "evaluator",
  description:
    "A reusable LangSmith evaluator: an LLM judge (a hub prompt at a commit or tag, its variables mapped from the run) or code. `RunRule.evaluatorId` takes its id for online evaluation. " +
    "Its kind is fixed; everything else changes in place. Import by id.",
  scope: "workspace",
  base: "origin",
  fields: EVALUATOR_FIELDS,
  nameField: "name",
  unwrap: (answer) => (answer["evaluator"] as Record<string, unknown> | undefined) ?? answer,
  listItems: (answer) => (answer as { evaluators?: Record<string, unknown>[] }).evaluators ?? [],
  endpoints: EVALUATOR_ENDPOINTS,
  outputs: [
    { name: "feedbackKeys", type: OUTPUT_TYPES.stringList, doc: "Feedback keys the evaluator scores under.", changesOnUpdate: true, wire: "feedback_keys" },
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
  ],
});
