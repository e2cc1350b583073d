/**
 * The ApiKey resource: an API key of one workspace. The key is a secret
 * output, known from the create answer only; every input change makes a
 * new key before the old one is deleted, which is how a key is rotated.
 */
import { crudResource } from "../shared/crud";
import { API_KEY_ENDPOINTS } from "./endpoints";
import { API_KEY_FIELDS } from "./fields";
import { KEY_OUTPUTS } from "./outputs";

export { API_KEY_FIELDS, type ApiKeyInputs, SERVICE_KEY_FIELDS, type ServiceKeyInputs } from "./fields";

/** The ApiKey, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:ApiKey",
  kind: "API key",
  description:
    "An API key of a LangSmith workspace, e.g. for a `Deployment`'s secret or a CI job. The `key` output is a secret the service shows once, at create. " +
    "Every input change replaces the key, the new one first: feed `key` to its users and they switch on the same `pulumi up` (see the rotation pattern in docs/organization.md). Import by id (the key itself cannot be imported).",
  scope: "workspace",
  fields: API_KEY_FIELDS,
  nameField: "description",
  endpoints: API_KEY_ENDPOINTS,
  outputs: KEY_OUTPUTS,
});
