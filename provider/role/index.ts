/**
 * The Role resource: a custom role of the organization, granting a set of
 * workspace permissions; members and API keys take its id. Needs an
 * organization-scoped API key.
 */
import { crudResource } from "../shared/crud";
import { OUTPUT_TYPES } from "../shared/outputs";
import { ROLE_ENDPOINTS } from "./endpoints";
import { ROLE_FIELDS } from "./fields";
import { checkRolePermissions } from "./permissions";

export { ROLE_FIELDS, type RoleInputs } from "./fields";

/** The Role, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:Role",
  kind: "role",
  description:
    "A custom role of the LangSmith organization: a named set of workspace permissions that organization and workspace members, and API keys, can hold. " +
    "Every field changes in place. Permissions are checked against the organization's list before anything is sent. Needs an organization-scoped API key. " +
    "Import by id or by display name. The built-in roles (`WORKSPACE_ADMIN`, ...) are read with `getRole`, not managed.",
  scope: "organization",
  fields: ROLE_FIELDS,
  nameField: "displayName",
  naturalKey: "displayName",
  unique: ["displayName"],
  updateSendsAll: true,
  endpoints: ROLE_ENDPOINTS,
  beforeWrite: checkRolePermissions,
  manages: (role) => role["name"] === "CUSTOM",
  outputs: [
    { name: "name", type: OUTPUT_TYPES.string, doc: "The service's role name (`CUSTOM` for every custom role).", changesOnUpdate: false, wire: "name" },
    { name: "accessScope", type: OUTPUT_TYPES.string, doc: "`workspace`: where the role's permissions apply.", changesOnUpdate: false, wire: "access_scope" },
  ],
});
