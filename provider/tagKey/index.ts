/** The TagKey resource: a resource-tag key of a workspace (e.g. `env`); its values are `TagValue`s. */
import { crudResource } from "../shared/crud";
import { CREATED_AT_OUTPUT, UPDATED_AT_OUTPUT } from "../shared/outputs";
import { TAG_KEY_ENDPOINTS } from "./endpoints";
import { TAG_KEY_FIELDS } from "./fields";

export { TAG_KEY_FIELDS, type TagKeyInputs } from "./fields";

/** The TagKey, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:TagKey",
  kind: "tag key",
  description:
    "A resource-tag key of a LangSmith workspace (e.g. `env`). Its values are `TagValue`s; a `Tagging` attaches a value to a project, dataset, deployment or other object. " +
    "Key and description change in place; deleting a key deletes its values. Import by id or by key.",
  scope: "workspace",
  fields: TAG_KEY_FIELDS,
  nameField: "key",
  naturalKey: "key",
  unique: ["key"],
  endpoints: TAG_KEY_ENDPOINTS,
  // A refresh reads them together: the whole list, one answer.
  batchRead: { by: "list" },
  outputs: [
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
    { ...UPDATED_AT_OUTPUT, wire: "updated_at" },
  ],
});
