/**
 * Authentication of a caller for a declared kind's scope (organization or
 * workspace) with the permission an operation needs; the kinds' routes and
 * the organization routes (`../organization/organizationRoutes.ts`) use it.
 */
import type { FastifyRequest } from "fastify";
import { type AuthContext, authenticate, requireAnyPermission } from "../http/auth";
import type { EmulatorContext } from "../core/context";
import { detailError } from "../http/errors";
import type { KindDeclaration } from "./declaration";

/**
 * Authenticates a caller for a kind's scope. An organization route needs an
 * organization-scoped key (a key bound to one workspace answers 403 naming
 * the scope); a workspace route needs a workspace (`X-Tenant-Id` for an
 * organization-scoped key).
 */
export function authenticateFor(
  ctx: EmulatorContext,
  request: FastifyRequest,
  scope: KindDeclaration["scope"],
  permission: string | readonly string[],
): { auth: AuthContext; scopeId: string } {
  const auth = authenticate(ctx.store.state, request.headers, { surface: "rest", requireWorkspace: scope === "workspace" });
  if (scope === "organization" && auth.credential.workspaceId !== null) {
    throw detailError(
      403,
      `Forbidden: this operation acts on the organization and requires an organization-scoped API key; this key is scoped to workspace ${auth.credential.workspaceId}`,
    );
  }
  requireAnyPermission(auth, typeof permission === "string" ? [permission] : permission);
  const scopeId = scope === "organization" ? auth.organization.id : (auth.workspace?.id ?? "");
  return { auth, scopeId };
}
