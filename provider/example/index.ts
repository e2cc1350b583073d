/** The Example resource: one example (inputs, expected outputs) of a dataset. */
import { crudResource } from "../shared/crud";
import { CREATED_AT_OUTPUT } from "../shared/outputs";
import { EXAMPLE_ENDPOINTS } from "./endpoints";
import { EXAMPLE_FIELDS } from "./fields";

export { EXAMPLE_FIELDS, type ExampleInputs } from "./fields";

/** The Example, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:Example",
  kind: "example",
  description: "One example of a LangSmith dataset: inputs, expected outputs, metadata and split, changed in place; another dataset replaces it. Import by id.",
  scope: "workspace",
  fields: EXAMPLE_FIELDS,
  nameField: "split",
  endpoints: EXAMPLE_ENDPOINTS,
  // A refresh reads them through the list: page by page, then filtered by id.
  batchRead: { by: "pages", pageSize: 100, idsQuery: "id" },
  outputs: [{ ...CREATED_AT_OUTPUT, wire: "created_at" }],
});
