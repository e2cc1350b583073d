/**
 * Read-only routes of the organization that are not a kind of object:
 * `GET /api/v1/orgs/permissions`, the permissions a custom role may name.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { PERMISSIONS } from "../kinds/roles";
import { authenticateFor } from "../kinds/routes";

/** Registers the organization's read-only routes. */
export function registerOrganizationRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get("/api/v1/orgs/permissions", async (request) => {
    authenticateFor(ctx, request, "organization", "organization:read");
    return PERMISSIONS;
  });
}
