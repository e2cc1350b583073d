/** The Dataset resource: a LangSmith dataset of examples, for evaluations and online sampling. */
import { crudResource } from "../shared/crud";
import { CREATED_AT_OUTPUT } from "../shared/outputs";
import { DATASET_ENDPOINTS } from "./endpoints";
import { DATASET_FIELDS } from "./fields";

export { DATASET_FIELDS, type DatasetInputs } from "./fields";

/** The Dataset, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:Dataset",
  kind: "dataset",
  description:
    "A LangSmith dataset: examples for evaluations, filled by hand, by `Example` resources or by run rules. Name, description, schemas and transformations change in place; " +
    "another data type replaces it. Deleting a dataset deletes its examples. Import by id or by name.",
  scope: "workspace",
  fields: DATASET_FIELDS,
  nameField: "name",
  naturalKey: "name",
  naturalKeyQuery: "name",
  unique: ["name"],
  endpoints: DATASET_ENDPOINTS,
  // A refresh reads them through the list: page by page, then filtered by id.
  batchRead: { by: "pages", pageSize: 100, idsQuery: "id" },
  outputs: [{ ...CREATED_AT_OUTPUT, wire: "created_at" }],
});
