/**
 * The organization's allowed login methods: `PATCH
 * /api/v1/orgs/current/login-methods` with `{sso_only}` (organization
 * scoped, `organization:manage`).
 *
 * What the service does that the contract cannot say (the emulator's
 * choices where nothing public says it):
 * - `sso_only: true` allows only SAML single sign-on, `false` every login
 *   method; `null` (or no field) leaves the setting as it is. The setting is
 *   kept with the organization's other settings, so `GET
 *   /api/v1/orgs/current/info` answers it as `sso_only` (default false).
 * - The answer is `{}` (the document declares an object of any properties).
 * - The emulator does not check that the organization has SSO configured: it
 *   serves no sign-in a setting could lock out.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../core/context";
import { authenticateFor } from "../../kinds/scopeAuth";
import { parseBody } from "../../http/validation";
import { zAllowedLoginMethodsUpdate } from "../../wire/additions";

/** Registers `PATCH /api/v1/orgs/current/login-methods`. */
export function registerLoginMethods(app: FastifyInstance, ctx: EmulatorContext): void {
  app.patch("/api/v1/orgs/current/login-methods", async (request) => {
    const { auth } = authenticateFor(ctx, request, "organization", "organization:manage");
    const body = parseBody(zAllowedLoginMethodsUpdate, request.body);
    if (typeof body.sso_only === "boolean") {
      const organization = auth.organization;
      organization.settings = { ...(organization.settings ?? {}), sso_only: body.sso_only };
      ctx.store.commit();
    }
    return {};
  });
}
