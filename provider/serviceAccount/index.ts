/** The ServiceAccount resource: a non-human identity of the organization, for machines' API keys. */
import { crudResource } from "../shared/crud";
import { CREATED_AT_OUTPUT, OUTPUT_TYPES } from "../shared/outputs";
import { SERVICE_ACCOUNT_ENDPOINTS } from "./endpoints";
import { SERVICE_ACCOUNT_FIELDS } from "./fields";

export { SERVICE_ACCOUNT_FIELDS, type ServiceAccountInputs } from "./fields";

/** The ServiceAccount, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:ServiceAccount",
  kind: "service account",
  description:
    "A service account of the LangSmith organization: an identity for machines (CI, a deployment) that joins workspaces with a role and holds API keys. " +
    "The service cannot change one: every change replaces it (the new one first). Needs an organization-scoped API key. Import by id.",
  scope: "organization",
  fields: SERVICE_ACCOUNT_FIELDS,
  nameField: "name",
  endpoints: SERVICE_ACCOUNT_ENDPOINTS,
  outputs: [
    { name: "organizationId", type: OUTPUT_TYPES.string, doc: "Organization the account belongs to.", changesOnUpdate: false, wire: "organization_id" },
    { name: "defaultWorkspaceId", type: OUTPUT_TYPES.string, doc: "The account's default workspace.", changesOnUpdate: false, wire: "default_workspace_id" },
    { name: "organizationIdentityId", type: OUTPUT_TYPES.string, doc: "The account's identity in the organization (known from the create answer only).", changesOnUpdate: false, wire: "organization_identity_id", onlyAtCreate: true },
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
  ],
});
