/**
 * The Workspace resource: a workspace of the organization (one per
 * environment, typically), renamed in place, deleted with everything in it.
 * Needs an organization-scoped API key.
 */
import { crudResource } from "../shared/crud";
import { CREATED_AT_OUTPUT, OUTPUT_TYPES } from "../shared/outputs";
import { WORKSPACE_ENDPOINTS } from "./endpoints";
import { WORKSPACE_FIELDS } from "./fields";

export { WORKSPACE_FIELDS, type WorkspaceInputs } from "./fields";

/** The Workspace, as both the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:Workspace",
  kind: "workspace",
  description:
    "A LangSmith workspace of the organization: the home of deployments, projects, datasets and keys of one team or environment. " +
    "Renaming is in place; a new handle replaces it. Deleting a workspace deletes everything in it. Needs an organization-scoped API key. " +
    "Import by id or by display name: `pulumi import langsmith:index:Workspace dev agents-dev`.",
  scope: "organization",
  fields: WORKSPACE_FIELDS,
  nameField: "displayName",
  naturalKey: "displayName",
  unique: ["displayName"],
  endpoints: WORKSPACE_ENDPOINTS,
  outputs: [
    { name: "organizationId", type: OUTPUT_TYPES.string, doc: "Organization the workspace belongs to.", changesOnUpdate: false, wire: "organization_id" },
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
  ],
});
