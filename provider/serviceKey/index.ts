/**
 * The ServiceKey resource: an organization service key (organization-scoped,
 * with an organization role and workspaces). Like `ApiKey`: the key is a
 * secret output from the create answer; every change makes a new key first.
 */
import { KEY_OUTPUTS } from "../apiKey/outputs";
import { SERVICE_KEY_FIELDS } from "../apiKey/fields";
import { crudResource } from "../shared/crud";
import { SERVICE_KEY_ENDPOINTS } from "./endpoints";

/** The ServiceKey, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:ServiceKey",
  kind: "service key",
  description:
    "An organization service key of LangSmith: acts for the organization (with an organization role) and in the workspaces it names (with `roleId`). " +
    "The `key` output is a secret the service shows once, at create; every input change replaces the key, the new one first. Needs an organization-scoped API key. Import by id.",
  scope: "organization",
  fields: SERVICE_KEY_FIELDS,
  nameField: "description",
  endpoints: SERVICE_KEY_ENDPOINTS,
  outputs: KEY_OUTPUTS,
});
