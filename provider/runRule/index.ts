/** The RunRule resource: an automation on a project's runs (sampling into datasets and queues, webhooks, online evaluators). */
import { crudResource } from "../shared/crud";
import { CREATED_AT_OUTPUT } from "../shared/outputs";
import { RUN_RULE_ENDPOINTS } from "./endpoints";
import { RUN_RULE_FIELDS } from "./fields";

export { RUN_RULE_FIELDS, type RunRuleInputs } from "./fields";

/** The RunRule, as the native provider serves it. */
export const resource = crudResource({
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
