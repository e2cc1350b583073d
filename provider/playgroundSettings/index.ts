/** The PlaygroundSettings resource: a saved model configuration of the LangSmith playground. */
import { crudResource } from "../shared/crud";
import { CREATED_AT_OUTPUT } from "../shared/outputs";
import { PLAYGROUND_SETTINGS_ENDPOINTS } from "./endpoints";
import { PLAYGROUND_SETTINGS_FIELDS } from "./fields";

export { PLAYGROUND_SETTINGS_FIELDS, type PlaygroundSettingsInputs } from "./fields";

/** The PlaygroundSettings, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:PlaygroundSettings",
  kind: "playground settings",
  description: "A saved model configuration of the LangSmith playground (and evaluators): name, description, the model settings and a rate limit, changed in place. Import by id.",
  scope: "workspace",
  fields: PLAYGROUND_SETTINGS_FIELDS,
  nameField: "name",
  endpoints: PLAYGROUND_SETTINGS_ENDPOINTS,
  // A refresh reads them together: the whole list, one answer.
  batchRead: { by: "list" },
  outputs: [{ ...CREATED_AT_OUTPUT, wire: "created_at" }],
});
