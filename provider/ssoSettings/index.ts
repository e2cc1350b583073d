/** The SsoSettings resource: the organization's SAML single sign-on. */
import { crudResource } from "../shared/crud";
import { OUTPUT_TYPES } from "../shared/outputs";
import { SSO_SETTINGS_ENDPOINTS } from "./endpoints";
import { SSO_SETTINGS_FIELDS } from "./fields";

export { SSO_SETTINGS_FIELDS, type SsoSettingsInputs } from "./fields";

/** The SsoSettings, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:SsoSettings",
  kind: "SSO settings",
  description:
    "SAML single sign-on of the LangSmith organization: the identity provider's metadata (URL, or XML kept as a secret), the workspaces and role new users get, SSO groups. " +
    "Every field changes in place; destroy removes SSO. Needs an organization-scoped API key. Import by id (the XML is not imported: set it in the program).",
  scope: "organization",
  fields: SSO_SETTINGS_FIELDS,
  nameField: "metadataUrl",
  endpoints: SSO_SETTINGS_ENDPOINTS,
  outputs: [{ name: "providerId", type: OUTPUT_TYPES.string, doc: "The identity provider's id in LangSmith.", changesOnUpdate: false, wire: "provider_id" }],
});
