import type { IncomingHttpHeaders } from "node:http";
import { detailError, HttpError } from "./errors";
import type { CallerCredentialRecord, EmulatorState, OrganizationRecord, WorkspaceRecord } from "./types";

/** Which API a request is addressed to (their 403 bodies differ). */
export type ApiSurface = "control-plane" | "rest";

/** Who is calling, and for which workspace. */
export interface AuthContext {
  organization: OrganizationRecord;
  /** The selected workspace; `null` only when the route accepted an org-level caller. */
  workspace: WorkspaceRecord | null;
  credential: CallerCredentialRecord;
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

function findCredential(state: EmulatorState, headers: IncomingHttpHeaders): CallerCredentialRecord {
  const apiKey = header(headers, "x-api-key")?.trim();
  const authorization = header(headers, "authorization")?.trim();
  const bearer = authorization && /^bearer\s+/i.test(authorization) ? authorization.replace(/^bearer\s+/i, "") : undefined;
  if (!apiKey && !bearer) throw detailError(401, "Unauthorized: send an X-Api-Key header or an Authorization: Bearer token");
  const credential = apiKey
    ? state.credentials.find((c) => c.scheme === "api-key" && c.secret === apiKey)
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
 */
export function authenticate(state: EmulatorState, headers: IncomingHttpHeaders, options: AuthenticateOptions): AuthContext {
  const credential = findCredential(state, headers);
  const organization = state.organizations.find((o) => o.id === credential.organizationId);
  if (!organization) throw detailError(401, "Invalid API key");
  const tenantId = header(headers, "x-tenant-id")?.trim().toLowerCase();
  const workspaceId = tenantId || credential.workspaceId;
  if (!workspaceId) {
    if (options.requireWorkspace === false) return { organization, workspace: null, credential };
    if (options.surface === "rest") throw new HttpError(403, { error: "org_scoped_key_requires_workspace" });
    throw detailError(
      403,
      "This API key is org-scoped and requires workspace specification. Please provide the X-Tenant-Id header.",
    );
  }
  const workspace = organization.workspaces.find((w) => w.id.toLowerCase() === workspaceId);
  const boundElsewhere = credential.workspaceId !== null && credential.workspaceId.toLowerCase() !== workspaceId;
  if (!workspace || boundElsewhere) {
    throw detailError(403, "Forbidden: these credentials do not grant access to the workspace in X-Tenant-Id");
  }
  return { organization, workspace, credential };
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

/** Throws 403 unless the credential holds one of `permissions`. */
export function requireAnyPermission(auth: AuthContext, permissions: readonly string[]): void {
  if (!permissions.some((p) => auth.credential.permissions.includes(p))) {
    throw detailError(403, `Forbidden: this API key lacks the ${permissions.join(" or ")} permission`);
  }
}
