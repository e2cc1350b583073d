/**
 * The pieces the native provider's invokes (`functions.ts`) are described
 * with: property specs by type, the outputs several invokes share (a
 * deployment, a bulk export, a workspace, a role, a named object) and the
 * small readers of their arguments and results.
 */
import type { PulumiPropertySpec, PulumiTypeSpec } from "./pulumiTypes";

export const str = (description: string): PulumiPropertySpec => ({ type: "string", description });
export const num = (description: string): PulumiPropertySpec => ({ type: "number", description });
export const bool = (description: string): PulumiPropertySpec => ({ type: "boolean", description });
export const list = (items: PulumiTypeSpec, description: string): PulumiPropertySpec => ({ type: "array", items, description });
export const anyMap = (description: string): PulumiPropertySpec => ({ type: "object", additionalProperties: { $ref: "pulumi.json#/Any" }, description });
export const ANY: PulumiTypeSpec = { $ref: "pulumi.json#/Any" };

export const DEPLOYMENT_OUTPUTS: Record<string, PulumiPropertySpec> = {
  found: bool("Whether a deployment matched; when false, no other property is set."),
  id: str("Deployment id."),
  name: str("Deployment name."),
  source: str("Source kind, e.g. `github`."),
  status: str("Deployment status."),
  latestRevisionId: str("Newest revision."),
  activeRevisionId: str("Revision serving traffic."),
  tenantId: str("Workspace."),
  createdAt: str("ISO 8601 creation time."),
  updatedAt: str("ISO 8601 time of the last change."),
  sourceConfig: anyMap("`source_config` as the service returns it (snake_case)."),
  sourceRevisionConfig: anyMap("`source_revision_config` as the service returns it (snake_case)."),
  secretNames: list({ type: "string" }, "Names of the deployment's secrets (never their values)."),
};

export const BULK_EXPORT_OUTPUTS: Record<string, PulumiPropertySpec> = {
  found: bool("Whether the export exists in the workspace; when false, no other property is set."),
  id: str("Bulk export id."),
  destinationId: str("Destination id."),
  projectId: str("Tracing project id (`session_id`)."),
  status: str("Export status."),
  startTime: str("Start of the window."),
  endTime: str("End of the window (one-off exports)."),
  intervalHours: num("Interval of a scheduled export."),
  filter: str("Filter."),
  format: str("File format."),
  formatVersion: str("File layout version."),
  compression: str("Compression."),
  createdAt: str("ISO 8601 creation time."),
  finishedAt: str("ISO 8601 end time."),
};

export const WORKSPACE_OUTPUTS: Record<string, PulumiPropertySpec> = {
  found: bool("Whether a workspace matched; when false, no other property is set."),
  id: str("Workspace id (the tenant id)."),
  displayName: str("Name shown in LangSmith."),
  handle: str("The service's `tenant_handle`, if set."),
  organizationId: str("Organization the workspace belongs to."),
  createdAt: str("ISO 8601 creation time."),
  isPersonal: bool("Whether it is a personal workspace."),
  isDeleted: bool("Whether it is deleted."),
  readOnly: bool("Whether the caller may only read it."),
  roleId: str("The caller's role in the workspace, if reported."),
  roleName: str("Name of that role, if reported."),
  permissions: list({ type: "string" }, "The caller's permissions in the workspace, if reported."),
  dataPlaneUrl: str("URL of the workspace's data plane, if any."),
};

export const ROLE_OUTPUTS: Record<string, PulumiPropertySpec> = {
  found: bool("Whether a role matched; when false, no other property is set."),
  id: str("Role id (what members, service accounts and keys name as `roleId`)."),
  name: str("The service's name: `WORKSPACE_ADMIN`, ..., or `CUSTOM` for every custom role."),
  displayName: str("Name shown in LangSmith."),
  description: str("Description."),
  organizationId: str("Organization of a custom role; unset for a built-in one."),
  accessScope: str("`organization` or `workspace`: where the role applies."),
  permissions: list({ type: "string" }, "The permissions the role grants."),
  builtIn: bool("Whether it is a built-in role (which cannot be changed)."),
};

export const API_KEY_ITEMS =
  "`id`, `description`, `shortKey`, `readOnly`, `expiresAt`, `createdAt`, `lastUsedAt`, `workspaceNames`, `defaultWorkspaceName` (never the key itself)";

/** A non-empty string argument, or `undefined`. */
export function stringArg(args: Record<string, unknown>, key: string): string | undefined {
  const value = args[key];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** The outputs of a project or dataset lookup. */
export const NAMED_OUTPUTS = (kind: string): Record<string, PulumiPropertySpec> => ({
  found: bool(`Whether a ${kind} matched; when false, no other property is set.`),
  id: str(`The ${kind}'s id.`),
  name: str(`The ${kind}'s name.`),
  description: str("Its description."),
  details: anyMap(
    kind === "project"
      ? "Its settings and statistics as the service reports them (snake_case): `tenant_id`, `start_time`, `end_time`, `default_dataset_id`, `reference_dataset_id`, `trace_tier`, `extra`, `run_count`, `last_run_start_time`."
      : "Its settings and statistics as the service reports them (snake_case): `tenant_id`, `created_at`, `modified_at`, `data_type`, `inputs_schema_definition`, `outputs_schema_definition`, `transformations`, `metadata`, `externally_managed`, `example_count`, `session_count`, `last_session_start_time`.",
  ),
});

/** `{ id }` or `{ name }` from an invoke's arguments. */
export function idOrName(args: Record<string, unknown>): { id?: string; name?: string } {
  const id = stringArg(args, "id");
  const name = stringArg(args, "name");
  return { ...(id !== undefined ? { id } : {}), ...(name !== undefined ? { name } : {}) };
}

/** `value` without `undefined` properties (the protocol has no undefined). */
export function found<T extends object>(value: T | undefined): Record<string, unknown> {
  return value === undefined ? { found: false } : { found: true, ...value };
}

/** Every invoke of the native provider. */
