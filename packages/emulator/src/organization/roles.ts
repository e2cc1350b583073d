/**
 * Custom roles of the organization (`/api/v1/orgs/current/roles`) and the
 * permissions they may hold (`/api/v1/orgs/permissions`). The built-in roles
 * are listed beside the custom ones and cannot be changed; a role naming a
 * permission the organization does not know answers 400 naming it. The
 * permissions and built-in roles themselves, and the lookup of a role by id,
 * are in `../http/roleCatalog.ts`.
 */
import { detailError } from "../http/errors";
import type { EmulatorState, KindRecord } from "../core/types";
import { zCreateRoleRequest, zUpdateRoleRequest } from "../wire/organizationAndAccess";
import { defineKind } from "../kinds/declaration";
import type { KindCall } from "../kinds/kindCall";
import { BUILT_IN_ROLES, findRole, ORGANIZATION_PERMISSIONS, type RoleRef, WORKSPACE_PERMISSIONS } from "../http/roleCatalog";

/** A permission as `/api/v1/orgs/permissions` lists it. */
export interface PermissionEntry {
  name: string;
  description: string;
  access_scope: "organization" | "workspace";
}

/** The permissions the emulator's organizations know, as `/api/v1/orgs/permissions` lists them. */
export const PERMISSIONS: readonly PermissionEntry[] = [
  ...ORGANIZATION_PERMISSIONS.map((name): PermissionEntry => ({ name, description: `Organization permission ${name}`, access_scope: "organization" })),
  ...WORKSPACE_PERMISSIONS.map((name): PermissionEntry => ({ name, description: `Workspace permission ${name}`, access_scope: "workspace" })),
];

/** Ids of the built-in roles by name (`WORKSPACE_ADMIN`, ...). */
export const BUILT_IN_ROLE_IDS: Readonly<Record<string, string>> = Object.fromEntries(BUILT_IN_ROLES.map((r) => [r.name, r.id]));

function builtIn(call: KindCall): KindRecord[] {
  return BUILT_IN_ROLES.map((role) => ({
    id: role.id,
    scopeId: call.scopeId,
    parentId: null,
    wire: {
      id: role.id,
      name: role.name,
      display_name: role.display_name,
      description: role.description,
      organization_id: null,
      permissions: [...role.permissions],
      access_scope: role.scope,
    },
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
export function builtInRoleId(
  name:
    "ORGANIZATION_ADMIN" | "ORGANIZATION_OPERATOR" | "ORGANIZATION_USER" | "ORGANIZATION_VIEWER" | "WORKSPACE_ADMIN" | "WORKSPACE_USER" | "WORKSPACE_VIEWER",
): string {
  const role = BUILT_IN_ROLES.find((r) => r.name === name);
  if (role === undefined) throw new Error(`no built-in role ${name}`);
  return role.id;
}
