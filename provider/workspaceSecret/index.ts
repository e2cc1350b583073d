/**
 * The WorkspaceSecret resource: one key/value secret of a workspace (read by
 * evaluators, the playground and online evaluations by its key). Its id is
 * its key; create, update and delete are the service's one upsert.
 */
import { crudResource } from "../shared/crud";
import { WORKSPACE_SECRET_ENDPOINTS, secretsOf } from "./endpoints";
import { WORKSPACE_SECRET_FIELDS } from "./fields";

export { WORKSPACE_SECRET_FIELDS, type WorkspaceSecretInputs } from "./fields";

/** The WorkspaceSecret, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:WorkspaceSecret",
  kind: "secret",
  description:
    "One key/value secret of a LangSmith workspace (e.g. a model provider's key for evaluators and the playground). The value is always a Pulumi secret, kept only as a salted fingerprint, and never read back: " +
    "a value changed outside Pulumi is not seen by refresh. A new value is one upsert; a new key replaces it. A create refuses a key the workspace already has (import it: `pulumi import langsmith:index:WorkspaceSecret <name> [<workspaceId>/]<key>`, then the next up sets the value).",
  scope: "workspace",
  fields: WORKSPACE_SECRET_FIELDS,
  nameField: "key",
  naturalKey: "key",
  unique: ["key"],
  createUpserts: true,
  updateSendsAll: true,
  endpoints: WORKSPACE_SECRET_ENDPOINTS,
  listItems: secretsOf,
  wrapBody: (body) => [body],
  deleteBody: (key) => [{ key, value: null }],
  idOf: (_created, inputs) => String(inputs["key"]),
  outputs: [],
});
