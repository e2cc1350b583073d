/** The FeedbackConfig resource: how scores under one feedback key are read (bounds, categories, direction). */
import { crudResource } from "../shared/crud";
import { OUTPUT_TYPES } from "../shared/outputs";
import { FEEDBACK_CONFIG_ENDPOINTS, feedbackConfigsOf } from "./endpoints";
import { FEEDBACK_CONFIG_FIELDS } from "./fields";

export { FEEDBACK_CONFIG_FIELDS, type FeedbackConfigInputs } from "./fields";

/** The FeedbackConfig, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:FeedbackConfig",
  kind: "feedback config",
  description:
    "The configuration of one feedback key of a LangSmith workspace (e.g. `correctness`: continuous between 0 and 1), used by annotation rubrics and evaluators. " +
    "Its id is the key; everything else changes in place. Import by key.",
  scope: "workspace",
  fields: FEEDBACK_CONFIG_FIELDS,
  nameField: "feedbackKey",
  naturalKey: "feedbackKey",
  naturalKeyQuery: "key",
  unique: ["feedbackKey"],
  updateSendsAll: true,
  idQuery: "feedback_key",
  idOf: (_created, inputs) => String(inputs["feedbackKey"]),
  listItems: feedbackConfigsOf,
  endpoints: FEEDBACK_CONFIG_ENDPOINTS,
  outputs: [{ name: "modifiedAt", type: OUTPUT_TYPES.string, doc: "When the config last changed (ISO 8601).", changesOnUpdate: true, wire: "modified_at" }],
});
