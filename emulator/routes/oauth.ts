import type { FastifyInstance } from "fastify";
import { authenticate } from "../auth";
import type { EmulatorContext } from "../context";
import { ValidationFailure } from "../errors";
import { stringQuery } from "../validation";

/**
 * Registers the Auth Service routes under `prefix` (`/v2` and `/api-host/v2`):
 * the OAuth providers list and the token-exists check. Both accept org-scoped
 * credentials without `X-Tenant-Id` (providers belong to the organization).
 */
export function registerOAuthRoutes(app: FastifyInstance, ctx: EmulatorContext, prefix: string): void {
  app.get(`${prefix}/auth/providers`, async (request) => {
    const auth = authenticate(ctx.store.state, request.headers, { surface: "control-plane", requireWorkspace: false });
    return auth.organization.oauthProviders;
  });

  app.get(`${prefix}/auth/tokens/exists`, async (request) => {
    const auth = authenticate(ctx.store.state, request.headers, { surface: "control-plane", requireWorkspace: false });
    const providerId = stringQuery((request.query ?? {}) as Record<string, unknown>, "provider_id");
    if (providerId === undefined) {
      throw new ValidationFailure([{ type: "missing", loc: ["query", "provider_id"], msg: "Field required", input: null }]);
    }
    if (providerId.trim() === "") {
      throw new ValidationFailure([
        {
          type: "string_too_short",
          loc: ["query", "provider_id"],
          msg: "String should have at least 1 character",
          input: providerId,
          ctx: { min_length: 1 },
        },
      ]);
    }
    return { has_token: auth.organization.oauthTokenProviderIds.includes(providerId) };
  });
}
