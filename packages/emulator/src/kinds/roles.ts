/**
 * Custom roles of the organization (`/api/v1/orgs/current/roles`) and the
 * permissions they may hold (`/api/v1/orgs/permissions`). The built-in roles
 * are listed beside the custom ones and cannot be changed; a role naming a
 * permission the organization does not know answers 400 naming it.
 */
import { detailError } from "../errors";
import type { EmulatorState } from "../types";
import { zCreateRoleRequest, zUpdateRoleRequest } from "../wire/organizationAndAccess";
import { defineKind, type KindCall, type KindRecord } from "./declaration";

/** A permission as `/api/v1/orgs/permissions` lists it. */
export interface PermissionEntry {
  name: string;
  description: string;
  access_scope: "organization" | "workspace";
}

/** The permissions the emulator's organizations know: the service's `Permission` enum as its published API document lists it. */
const WORKSPACE_PERMISSIONS: readonly string[] = [
  ...["annotation-queues", "charts", "deployments", "feedback", "issues", "rules"].flatMap((area) => ["create", "delete", "read", "update"].map((verb) => `${area}:${verb}`)),
  "datasets:create", "datasets:delete", "datasets:read", "datasets:share", "datasets:update",
  "experiments:run",
  "projects:create", "projects:delete", "projects:read", "projects:update", "projects:increase-trace-tier", "projects:decrease-trace-tier",
  "prompts:create", "prompts:delete", "prompts:read", "prompts:update", "prompts:share",
  "runs:create", "runs:read", "runs:share", "runs:delete",
  "sandboxes:create", "sandboxes:delete", "sandboxes:read", "sandboxes:update", "sandboxes:exec",
  "workspaces:manage-members", "workspaces:manage-secrets", "workspaces:manage", "workspaces:manage-model-configs", "workspaces:read",
  "alerts:create", "alerts:update", "alerts:delete", "alerts:read",
  "bulk-exports:read", "bulk-exports:manage",
  "mcp-servers:create", "mcp-servers:delete", "mcp-servers:invoke", "mcp-servers:read", "mcp-servers:update",
  "gateway:invoke",
  "fleet:read-admin-config", "fleet:write-admin-config",
];
const ORGANIZATION_PERMISSIONS: readonly string[] = ["organization:pats:create", "organization:read", "organization:manage"];

/** The permissions the emulator's organizations know, as `/api/v1/orgs/permissions` lists them. */
export const PERMISSIONS: readonly PermissionEntry[] = [
  ...ORGANIZATION_PERMISSIONS.map((name): PermissionEntry => ({ name, description: `Organization permission ${name}`, access_scope: "organization" })),
  ...WORKSPACE_PERMISSIONS.map((name): PermissionEntry => ({ name, description: `Workspace permission ${name}`, access_scope: "workspace" })),
];

const readOnly = (names: readonly string[]): string[] => names.filter((name) => name.endsWith(":read"));

/** The built-in roles every organization has (fixed ids, so they are the same in every emulator); custom roles are named `CUSTOM`. */
const BUILT_IN: readonly { id: string; name: string; display_name: string; description: string; scope: "organization" | "workspace"; permissions: readonly string[] }[] = [
  { id: "00000000-0000-4000-8000-000000000a01", name: "ORGANIZATION_ADMIN", display_name: "Organization Admin", description: "Manages the organization; admin in every workspace", scope: "organization", permissions: ORGANIZATION_PERMISSIONS },
  { id: "00000000-0000-4000-8000-000000000a02", name: "ORGANIZATION_OPERATOR", display_name: "Organization Operator", description: "Manages the organization except admins, SSO and custom roles", scope: "organization", permissions: ORGANIZATION_PERMISSIONS },
  { id: "00000000-0000-4000-8000-000000000a03", name: "ORGANIZATION_USER", display_name: "Organization User", description: "Reads the organization", scope: "organization", permissions: ["organization:read", "organization:pats:create"] },
  { id: "00000000-0000-4000-8000-000000000a04", name: "ORGANIZATION_VIEWER", display_name: "Organization Viewer", description: "Reads the organization", scope: "organization", permissions: ["organization:read"] },
  { id: "00000000-0000-4000-8000-000000000a05", name: "WORKSPACE_ADMIN", display_name: "Workspace Admin", description: "Full access to a workspace", scope: "workspace", permissions: WORKSPACE_PERMISSIONS },
  { id: "00000000-0000-4000-8000-000000000a06", name: "WORKSPACE_USER", display_name: "Workspace Editor", description: "Reads and writes a workspace's objects", scope: "workspace", permissions: WORKSPACE_PERMISSIONS.filter((name) => !name.startsWith("workspaces:manage")) },
  { id: "00000000-0000-4000-8000-000000000a07", name: "WORKSPACE_VIEWER", display_name: "Workspace Viewer", description: "Reads a workspace's objects", scope: "workspace", permissions: readOnly(WORKSPACE_PERMISSIONS) },
];

/** Ids of the built-in roles by name (`WORKSPACE_ADMIN`, ...). */
export const BUILT_IN_ROLE_IDS: Readonly<Record<string, string>> = Object.fromEntries(BUILT_IN.map((r) => [r.name, r.id]));

function builtIn(call: KindCall): KindRecord[] {
  return BUILT_IN.map((role) => ({
    id: role.id,
    scopeId: call.scopeId,
    parentId: null,
    wire: { id: role.id, name: role.name, display_name: role.display_name, description: role.description, organization_id: null, permissions: [...role.permissions], access_scope: role.scope },
  }));
}

/** A custom role holds workspace permissions only, each one the organization knows (400 naming the others). */
function checkPermissions(body: Record<string, unknown>): void {
  const permissions = body["permissions"] as string[];
  const unknown = permissions.filter((p) => !WORKSPACE_PERMISSIONS.includes(p) && !ORGANIZATION_PERMISSIONS.includes(p));
  if (unknown.length > 0) throw detailError(400, `Unknown permission(s): ${unknown.join(", ")}`);
  const organizationWide = permissions.filter((p) => ORGANIZATION_PERMISSIONS.includes(p));
  if (organizationWide.length > 0) throw detailError(400, `A custom role holds workspace permissions only; not: ${organizationWide.join(", ")}`);
}

/** The custom role kind. */
export const ROLES = defineKind({
  name: "roles",
  noun: "Role",
  scope: "organization",
  collection: "/api/v1/orgs/current/roles",
  idParam: "role_id",
  permissions: { read: "organization:read", write: "organization:manage" },
  create: {
    schema: zCreateRoleRequest,
    derive(body, call) {
      checkPermissions(body);
      return { name: "CUSTOM", organization_id: call.scopeId, access_scope: "workspace" };
    },
  },
  patch: { schema: zUpdateRoleRequest, check: checkPermissions },
  delete: { answer: "object" },
  unique: ["display_name"],
  timestamps: false,
  builtIn,
});

/** A role as members, service accounts and API keys name it: built in, or a custom role of the organization. */
export interface RoleRef {
  id: string;
  /** `ORGANIZATION_ADMIN`, ..., or `CUSTOM`. */
  name: string;
  display_name: string;
  access_scope: "organization" | "workspace";
  permissions: readonly string[];
}

/** The role `roleId` of an organization (a built-in role, or one of its custom roles); undefined when it has none. */
export function findRole(state: EmulatorState, organizationId: string, anyCaseRoleId: string): RoleRef | undefined {
  const roleId = anyCaseRoleId.toLowerCase();
  const builtIn = BUILT_IN.find((r) => r.id === roleId);
  if (builtIn !== undefined) return { id: builtIn.id, name: builtIn.name, display_name: builtIn.display_name, access_scope: builtIn.scope, permissions: builtIn.permissions };
  const custom = state.objects["roles"]?.find((r) => r.id === roleId && r.scopeId === organizationId);
  if (custom === undefined) return undefined;
  return { id: custom.id, name: "CUSTOM", display_name: String(custom.wire["display_name"]), access_scope: "workspace", permissions: custom.wire["permissions"] as string[] };
}

/**
 * The role a write names for `field`, which must be a role of the
 * organization with the given access scope (organization roles are the
 * built-in `ORGANIZATION_*` ones; workspace roles the built-in `WORKSPACE_*`
 * ones and the custom roles); 400 naming the field otherwise.
 */
export function requireRole(state: EmulatorState, organizationId: string, roleId: string, scope: "organization" | "workspace", field: string): RoleRef {
  const role = findRole(state, organizationId, roleId);
  if (role === undefined || role.access_scope !== scope) {
    throw detailError(400, `${field} ${roleId} is not ${scope === "organization" ? "an organization" : "a workspace"} role of this organization`);
  }
  return role;
}

/**
 * The workspace role a write without a role id gets: Workspace Admin, or
 * Workspace Viewer when the deprecated `read_only` is true (the service's
 * rule for identities and keys from before roles).
 */
export function defaultWorkspaceRoleId(readOnly: unknown): string {
  return builtInRoleId(readOnly === true ? "WORKSPACE_VIEWER" : "WORKSPACE_ADMIN");
}

/** The fixed id of a built-in role. */
export function builtInRoleId(name: "ORGANIZATION_ADMIN" | "ORGANIZATION_OPERATOR" | "ORGANIZATION_USER" | "ORGANIZATION_VIEWER" | "WORKSPACE_ADMIN" | "WORKSPACE_USER" | "WORKSPACE_VIEWER"): string {
  const role = BUILT_IN.find((r) => r.name === name);
  if (role === undefined) throw new Error(`no built-in role ${name}`);
  return role.id;
}
