import type { FastifyInstance, FastifyRequest } from "fastify";
import { authenticate, DESTINATION_WRITE_PERMISSIONS, requireAnyPermission, workspaceOf } from "../http/auth";
import type { EmulatorContext } from "../core/context";
import { createDestination, deleteDestination, findDestination, rotateCredentials } from "./destinations";
import { renderDestination } from "./destinationWire";
import { uuidPathParam } from "../http/params";
import { destinationCreateSchema, destinationPatchSchema } from "./destinationSchemas";
import { parseBody } from "../http/validation";

/** Path of the destinations collection. */
export const DESTINATIONS_PATH = "/api/v1/bulk-exports/destinations";

/** The methods the service serves on one destination (the `Allow` header of its 405). */
export const DESTINATION_ALLOWED_METHODS = "GET, PATCH";

/** Resolves the caller's workspace; `write` also requires a destination-writing permission. */
export function restTenantOf(ctx: EmulatorContext, request: FastifyRequest, write: boolean): string {
  const auth = authenticate(ctx.store.state, request.headers, { surface: "rest" });
  if (write) requireAnyPermission(auth, DESTINATION_WRITE_PERMISSIONS);
  return workspaceOf(auth).id;
}

/**
 * Registers the bulk-export destination routes of the REST API. DELETE on a
 * destination is not part of the service: by default it answers what FastAPI
 * answers for a method a route lacks (405, `Allow: GET, PATCH`, before any
 * authentication or validation); with the `destinationDelete` feature on it
 * deletes (204, 404 when unknown, 409 while a running export uses it).
 */
export function registerDestinationRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post(DESTINATIONS_PATH, async (request) => {
    const tenantId = restTenantOf(ctx, request, true);
    const body = parseBody(destinationCreateSchema, request.body);
    return renderDestination(await createDestination(ctx, tenantId, body));
  });

  app.get(DESTINATIONS_PATH, async (request) => {
    const tenantId = restTenantOf(ctx, request, false);
    return ctx.store.state.destinations
      .filter((d) => d.tenantId === tenantId)
      .sort((a, b) => b.createdAtMs - a.createdAtMs)
      .map(renderDestination);
  });

  app.get(`${DESTINATIONS_PATH}/:destination_id`, async (request) => {
    const tenantId = restTenantOf(ctx, request, false);
    const id = uuidPathParam(request.params, "destination_id");
    return renderDestination(findDestination(ctx.store.state, tenantId, id));
  });

  app.patch(`${DESTINATIONS_PATH}/:destination_id`, async (request) => {
    const tenantId = restTenantOf(ctx, request, true);
    const id = uuidPathParam(request.params, "destination_id");
    const body = parseBody(destinationPatchSchema, request.body);
    const destination = findDestination(ctx.store.state, tenantId, id);
    await rotateCredentials(ctx, destination, body.credentials);
    return renderDestination(destination);
  });

  app.delete(`${DESTINATIONS_PATH}/:destination_id`, async (request, reply) => {
    if (!ctx.features.destinationDelete) {
      return reply.code(405).header("allow", DESTINATION_ALLOWED_METHODS).send({ detail: "Method Not Allowed" });
    }
    const tenantId = restTenantOf(ctx, request, true);
    const id = uuidPathParam(request.params, "destination_id");
    deleteDestination(ctx, findDestination(ctx.store.state, tenantId, id));
    return reply.code(204).send();
  });
}
