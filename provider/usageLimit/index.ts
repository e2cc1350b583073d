/** The UsageLimit resource: a monthly trace limit of one workspace. */
import { crudResource } from "../shared/crud";
import { CREATED_AT_OUTPUT, UPDATED_AT_OUTPUT } from "../shared/outputs";
import { USAGE_LIMIT_ENDPOINTS } from "./endpoints";
import { USAGE_LIMIT_FIELDS } from "./fields";

export { USAGE_LIMIT_FIELDS, type UsageLimitInputs } from "./fields";

/** The UsageLimit, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:UsageLimit",
  kind: "usage limit",
  description:
    "A monthly trace limit of a LangSmith workspace (`monthly_traces` or `monthly_longlived_traces`; one of each per workspace). " +
    "The value changes in place; another type replaces it. A create refuses a type the workspace already limits (import it instead: by id or by type). Destroy removes the limit.",
  scope: "workspace",
  fields: USAGE_LIMIT_FIELDS,
  nameField: "limitType",
  naturalKey: "limitType",
  unique: ["limitType"],
  createUpserts: true,
  updateSendsAll: true,
  updateBodyHasId: true,
  endpoints: USAGE_LIMIT_ENDPOINTS,
  outputs: [
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
    { ...UPDATED_AT_OUTPUT, wire: "updated_at" },
  ],
});
