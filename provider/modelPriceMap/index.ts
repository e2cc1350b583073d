/** The ModelPriceMap resource: one entry of a workspace's model prices, used to compute the cost of runs. */
import { crudResource } from "../shared/crud";
import { MODEL_PRICE_MAP_ENDPOINTS } from "./endpoints";
import { MODEL_PRICE_MAP_FIELDS } from "./fields";

export { MODEL_PRICE_MAP_FIELDS, type ModelPriceMapInputs } from "./fields";

/** The ModelPriceMap entry, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:ModelPriceMap",
  kind: "model price",
  description:
    "One entry of a LangSmith workspace's model price map: the models it matches (a pattern over run fields) and their cost per prompt and completion token, used for the cost of runs. " +
    "Every field changes in place (one PUT of the whole entry). Import by id.",
  scope: "workspace",
  fields: MODEL_PRICE_MAP_FIELDS,
  nameField: "name",
  updateSendsAll: true,
  listItems: (answer) => (Array.isArray(answer) ? (answer as Record<string, unknown>[]) : []),
  endpoints: MODEL_PRICE_MAP_ENDPOINTS,
  outputs: [],
});
