/** The TagValue resource: one value under a workspace's tag key (e.g. `env` = `production`). */
import { crudResource } from "../shared/crud";
import { CREATED_AT_OUTPUT, UPDATED_AT_OUTPUT } from "../shared/outputs";
import { TAG_VALUE_ENDPOINTS } from "./endpoints";
import { TAG_VALUE_FIELDS } from "./fields";

export { TAG_VALUE_FIELDS, type TagValueInputs } from "./fields";

/** The TagValue, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:TagValue",
  kind: "tag value",
  description:
    "One value under a workspace's `TagKey` (e.g. `production` under `env`); a `Tagging` attaches it to an object. " +
    "Value and description change in place; another key replaces it. Import by `<tagKeyId>/<id>` or `<tagKeyId>/<value>`.",
  scope: "workspace",
  fields: TAG_VALUE_FIELDS,
  nameField: "value",
  naturalKey: "value",
  unique: ["value"],
  endpoints: TAG_VALUE_ENDPOINTS,
  // A refresh reads them together: the key's whole list, one answer.
  batchRead: { by: "list" },
  outputs: [
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
    { ...UPDATED_AT_OUTPUT, wire: "updated_at" },
  ],
});
