import type { FastifyInstance, FastifyRequest } from "fastify";
import { type AuthContext, authenticate } from "../http/auth";
import type { EmulatorContext } from "../core/context";
import { ValidationFailure } from "../http/errors";
import { createOAuthProvider } from "./oauthProviders";
import { stringQuery } from "../http/params";
import { oauthProviderCreateSchema } from "./oauthSchemas";
import { parseBody } from "../http/validation";

/**
 * Registers the Auth Service routes under `prefix` (`/v2` and `/api-host/v2`):
 * the OAuth providers list and creation, and the token-exists check. They
 * accept org-scoped credentials without `X-Tenant-Id` (providers belong to the
 * organization).
 */
export function registerOAuthRoutes(app: FastifyInstance, ctx: EmulatorContext, prefix: string): void {
  const orgAuth = (request: FastifyRequest): AuthContext =>
    authenticate(ctx.store.state, request.headers, { surface: "control-plane", requireWorkspace: false });

  app.get(`${prefix}/auth/providers`, async (request) => orgAuth(request).organization.oauthProviders);

  app.post(`${prefix}/auth/providers`, async (request) => {
    const { organization } = orgAuth(request);
    const body = parseBody(oauthProviderCreateSchema, request.body);
    const provider = createOAuthProvider(organization, body, ctx.now());
    ctx.store.commit();
    return provider;
  });

  app.get(`${prefix}/auth/tokens/exists`, async (request) => {
    const auth = orgAuth(request);
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
