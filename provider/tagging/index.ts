/** The Tagging resource: a workspace tag value attached to one object (a project, dataset, deployment, ...). */
import { crudResource } from "../shared/crud";
import { CREATED_AT_OUTPUT } from "../shared/outputs";
import { TAGGING_ENDPOINTS, taggingsOf } from "./endpoints";
import { TAGGING_FIELDS } from "./fields";

export { TAGGING_FIELDS, type TaggingInputs } from "./fields";

/** The Tagging, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:Tagging",
  kind: "tagging",
  description:
    "Attaches a workspace's `TagValue` to one object (a project, dataset, deployment, prompt, ...). " +
    "The service cannot change a tagging: every change replaces it (the new one first). Import by id.",
  scope: "workspace",
  fields: TAGGING_FIELDS,
  nameField: "resourceId",
  endpoints: TAGGING_ENDPOINTS,
  listItems: taggingsOf,
  outputs: [{ ...CREATED_AT_OUTPUT, wire: "created_at", onlyAtCreate: true }],
});
