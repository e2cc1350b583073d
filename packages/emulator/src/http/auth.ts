import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { detailError, HttpError } from "./errors";
import { findRole } from "./roleCatalog";
import type { CallerCredentialRecord, EmulatorState, OrganizationRecord, WorkspaceRecord } from "../core/types";

/** Which API a request is addressed to (their 403 bodies differ). */
export type ApiSurface = "control-plane" | "rest";

/** Who is calling, and for which workspace. */
export interface AuthContext {
  organization: OrganizationRecord;
  /** The selected workspace; `null` only when the route accepted an org-level caller. */
  workspace: WorkspaceRecord | null;
  credential: CallerCredentialRecord;
  /** What the caller may do: a seeded credential's permissions, or a created key's roles' permissions now. */
  permissions: readonly string[];
}

/** Options of {@link authenticate}. */
export interface AuthenticateOptions {
  surface: ApiSurface;
  /** Whether the route acts on a workspace (default true): org-scoped callers must then send `X-Tenant-Id`. */
  requireWorkspace?: boolean;
}

/** Permissions that allow writing bulk-export destinations (either one suffices). */
export const DESTINATION_WRITE_PERMISSIONS: readonly string[] = ["bulk-exports:manage", "workspaces:manage"];

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The SHA-256 digest (hex) by which a key created through the API is kept and recognised. */
export function keyDigest(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** The workspaces a credential reaches; `null` for every workspace of its organization. */
export function reachOf(credential: CallerCredentialRecord): string[] | null {
  if (credential.grant !== undefined) return credential.grant.workspaceIds;
  return credential.workspaceId === null ? null : [credential.workspaceId];
}

/** A created key's permissions now: those of its workspace role and of its organization role (a deleted custom role grants none). */
function grantPermissions(state: EmulatorState, credential: CallerCredentialRecord): readonly string[] {
  const grant = credential.grant;
  if (grant === undefined) return credential.permissions;
  const roles = [grant.roleId, grant.orgRoleId].flatMap((id) => (id === null ? [] : [findRole(state, credential.organizationId, id)]));
  return [...new Set(roles.flatMap((role) => role?.permissions ?? []))];
}

function findCredential(state: EmulatorState, headers: IncomingHttpHeaders): CallerCredentialRecord {
  const apiKey = header(headers, "x-api-key")?.trim();
  const authorization = header(headers, "authorization")?.trim();
  const bearer = authorization && /^bearer\s+/i.test(authorization) ? authorization.replace(/^bearer\s+/i, "") : undefined;
  if (!apiKey && !bearer) throw detailError(401, "Unauthorized: send an X-Api-Key header or an Authorization: Bearer token");
  const digest = apiKey ? keyDigest(apiKey) : undefined;
  const credential = apiKey
    ? state.credentials.find((c) => c.scheme === "api-key" && c.secret === (c.grant === undefined ? apiKey : digest))
    : state.credentials.find((c) => c.scheme === "bearer" && c.secret === bearer);
  if (!credential) throw detailError(401, apiKey ? "Invalid API key" : "Invalid bearer token");
  return credential;
}

/**
 * Authenticates a request from its `X-Api-Key` (or `Authorization: Bearer`)
 * and `X-Tenant-Id` headers. Throws 401 for a missing or unknown credential,
 * 403 for a workspace the credential cannot reach, and 403 "requires workspace
 * specification" (REST API: `{"error": "org_scoped_key_requires_workspace"}`)
 * for an org-scoped credential without `X-Tenant-Id` on a workspace route.
 * A key created through the API is recognised by its digest, reaches the
 * workspaces of its grant and holds its roles' permissions as they are now.
 */
export function authenticate(state: EmulatorState, headers: IncomingHttpHeaders, options: AuthenticateOptions): AuthContext {
  const credential = findCredential(state, headers);
  const organization = state.organizations.find((o) => o.id === credential.organizationId);
  if (!organization) throw detailError(401, "Invalid API key");
  const permissions = grantPermissions(state, credential);
  const tenantId = header(headers, "x-tenant-id")?.trim().toLowerCase();
  const workspaceId = tenantId || credential.workspaceId?.toLowerCase();
  if (!workspaceId) {
    if (options.requireWorkspace === false) return { organization, workspace: null, credential, permissions };
    if (options.surface === "rest") throw new HttpError(403, { error: "org_scoped_key_requires_workspace" });
    throw detailError(403, "This API key is org-scoped and requires workspace specification. Please provide the X-Tenant-Id header.");
  }
  const workspace = organization.workspaces.find((w) => w.id.toLowerCase() === workspaceId);
  const reach = reachOf(credential);
  const boundElsewhere = reach !== null && !reach.some((id) => id.toLowerCase() === workspaceId);
  if (!workspace || boundElsewhere) {
    throw detailError(403, "Forbidden: these credentials do not grant access to the workspace in X-Tenant-Id");
  }
  return { organization, workspace, credential, permissions };
}

/** The workspace of an authenticated workspace route (always set when `requireWorkspace` is on). */
export function workspaceOf(auth: AuthContext): WorkspaceRecord {
  if (!auth.workspace) throw detailError(403, "This route requires workspace specification");
  return auth.workspace;
}

/** Throws 403 unless the organization has deployments enabled. */
export function requireDeploymentsEnabled(auth: AuthContext): void {
  if (!auth.organization.deploymentsEnabled) {
    throw detailError(403, "Deployments are not enabled for this organization");
  }
}

/** Throws 403 unless the caller holds one of `permissions`. */
export function requireAnyPermission(auth: AuthContext, permissions: readonly string[]): void {
  if (!permissions.some((p) => auth.permissions.includes(p))) {
    throw detailError(403, `Forbidden: this API key lacks the ${permissions.join(" or ")} permission`);
  }
}
