/**
 * The permissions the emulator's organizations know, the built-in roles every
 * organization has, and the lookup of a role by id (built in, or a custom
 * role of the organization). Authentication (`auth.ts`, a created key holds
 * its roles' permissions) and the kinds that name roles (`../organization/roles.ts`,
 * `../organization/members.ts`) share it; it imports only the state's types, so neither
 * depends on the other through it.
 */
import type { EmulatorState } from "../core/types";

/** The workspace permissions the emulator's organizations know: the service's `Permission` enum as its published API document lists it. */
export const WORKSPACE_PERMISSIONS: readonly string[] = [
  ...["annotation-queues", "charts", "deployments", "feedback", "issues", "rules"].flatMap((area) =>
    ["create", "delete", "read", "update"].map((verb) => `${area}:${verb}`),
  ),
  "datasets:create",
  "datasets:delete",
  "datasets:read",
  "datasets:share",
  "datasets:update",
  "experiments:run",
  "projects:create",
  "projects:delete",
  "projects:read",
  "projects:update",
  "projects:increase-trace-tier",
  "projects:decrease-trace-tier",
  "prompts:create",
  "prompts:delete",
  "prompts:read",
  "prompts:update",
  "prompts:share",
  "runs:create",
  "runs:read",
  "runs:share",
  "runs:delete",
  "sandboxes:create",
  "sandboxes:delete",
  "sandboxes:read",
  "sandboxes:update",
  "sandboxes:exec",
  "workspaces:manage-members",
  "workspaces:manage-secrets",
  "workspaces:manage",
  "workspaces:manage-model-configs",
  "workspaces:read",
  "alerts:create",
  "alerts:update",
  "alerts:delete",
  "alerts:read",
  "bulk-exports:read",
  "bulk-exports:manage",
  "mcp-servers:create",
  "mcp-servers:delete",
  "mcp-servers:invoke",
  "mcp-servers:read",
  "mcp-servers:update",
  "gateway:invoke",
  "fleet:read-admin-config",
  "fleet:write-admin-config",
];

/** The organization permissions the emulator's organizations know. */
export const ORGANIZATION_PERMISSIONS: readonly string[] = ["organization:pats:create", "organization:read", "organization:manage"];

const readOnly = (names: readonly string[]): string[] => names.filter((name) => name.endsWith(":read"));

/** A built-in role as the emulator holds it. */
export interface BuiltInRole {
  /** Fixed id, the same in every emulator. */
  id: string;
  /** `ORGANIZATION_ADMIN`, ..., `WORKSPACE_VIEWER`. */
  name: string;
  display_name: string;
  description: string;
  scope: "organization" | "workspace";
  permissions: readonly string[];
}

/** The built-in roles every organization has (fixed ids, so they are the same in every emulator); custom roles are named `CUSTOM`. */
export const BUILT_IN_ROLES: readonly BuiltInRole[] = [
  {
    id: "00000000-0000-4000-8000-000000000a01",
    name: "ORGANIZATION_ADMIN",
    display_name: "Organization Admin",
    description: "Manages the organization; admin in every workspace",
    scope: "organization",
    permissions: ORGANIZATION_PERMISSIONS,
  },
  {
    id: "00000000-0000-4000-8000-000000000a02",
    name: "ORGANIZATION_OPERATOR",
    display_name: "Organization Operator",
    description: "Manages the organization except admins, SSO and custom roles",
    scope: "organization",
    permissions: ORGANIZATION_PERMISSIONS,
  },
  {
    id: "00000000-0000-4000-8000-000000000a03",
    name: "ORGANIZATION_USER",
    display_name: "Organization User",
    description: "Reads the organization",
    scope: "organization",
    permissions: ["organization:read", "organization:pats:create"],
  },
  {
    id: "00000000-0000-4000-8000-000000000a04",
    name: "ORGANIZATION_VIEWER",
    display_name: "Organization Viewer",
    description: "Reads the organization",
    scope: "organization",
    permissions: ["organization:read"],
  },
  {
    id: "00000000-0000-4000-8000-000000000a05",
    name: "WORKSPACE_ADMIN",
    display_name: "Workspace Admin",
    description: "Full access to a workspace",
    scope: "workspace",
    permissions: WORKSPACE_PERMISSIONS,
  },
  {
    id: "00000000-0000-4000-8000-000000000a06",
    name: "WORKSPACE_USER",
    display_name: "Workspace Editor",
    description: "Reads and writes a workspace's objects",
    scope: "workspace",
    permissions: WORKSPACE_PERMISSIONS.filter((name) => !name.startsWith("workspaces:manage")),
  },
  {
    id: "00000000-0000-4000-8000-000000000a07",
    name: "WORKSPACE_VIEWER",
    display_name: "Workspace Viewer",
    description: "Reads a workspace's objects",
    scope: "workspace",
    permissions: readOnly(WORKSPACE_PERMISSIONS),
  },
];

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
  const builtIn = BUILT_IN_ROLES.find((r) => r.id === roleId);
  if (builtIn !== undefined)
    return { id: builtIn.id, name: builtIn.name, display_name: builtIn.display_name, access_scope: builtIn.scope, permissions: builtIn.permissions };
  const custom = state.objects["roles"]?.find((r) => r.id === roleId && r.scopeId === organizationId);
  if (custom === undefined) return undefined;
  return {
    id: custom.id,
    name: "CUSTOM",
    display_name: String(custom.wire["display_name"]),
    access_scope: "workspace",
    permissions: custom.wire["permissions"] as string[],
  };
}
