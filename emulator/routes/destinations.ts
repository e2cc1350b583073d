import type { FastifyInstance, FastifyRequest } from "fastify";
import { authenticate, DESTINATION_WRITE_PERMISSIONS, requireAnyPermission, workspaceOf } from "../auth";
import type { EmulatorContext } from "../context";
import {
  createDestination,
  deleteDestination,
  findDestination,
  renderDestination,
  renderPatchedDestination,
  rotateCredentials,
} from "../destinations";
import { destinationCreateSchema, destinationPatchSchema } from "../schemas";
import { parseBody, uuidPathParam } from "../validation";

/** Path of the destinations collection. */
export const DESTINATIONS_PATH = "/api/v1/bulk-exports/destinations";

function tenantOf(ctx: EmulatorContext, request: FastifyRequest, write: boolean): string {
  const auth = authenticate(ctx.store.state, request.headers, { surface: "rest" });
  if (write) requireAnyPermission(auth, DESTINATION_WRITE_PERMISSIONS);
  return workspaceOf(auth).id;
}

/** Registers the bulk-export destination routes of the REST API. */
export function registerDestinationRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post(DESTINATIONS_PATH, async (request) => {
    const tenantId = tenantOf(ctx, request, true);
    const body = parseBody(destinationCreateSchema, request.body);
    return renderDestination(await createDestination(ctx, tenantId, body));
  });

  app.get(DESTINATIONS_PATH, async (request) => {
    const tenantId = tenantOf(ctx, request, false);
    return ctx.store.state.destinations
      .filter((d) => d.tenantId === tenantId)
      .sort((a, b) => b.createdAtMs - a.createdAtMs)
      .map(renderDestination);
  });

  app.get(`${DESTINATIONS_PATH}/:destination_id`, async (request) => {
    const tenantId = tenantOf(ctx, request, false);
    const id = uuidPathParam(request.params, "destination_id");
    return renderDestination(findDestination(ctx.store.state, tenantId, id));
  });

  app.patch(`${DESTINATIONS_PATH}/:destination_id`, async (request) => {
    const tenantId = tenantOf(ctx, request, true);
    const id = uuidPathParam(request.params, "destination_id");
    const body = parseBody(destinationPatchSchema, request.body);
    const destination = findDestination(ctx.store.state, tenantId, id);
    await rotateCredentials(ctx, destination, body.credentials);
    return renderPatchedDestination(destination);
  });

  app.delete(`${DESTINATIONS_PATH}/:destination_id`, async (request, reply) => {
    const tenantId = tenantOf(ctx, request, true);
    const id = uuidPathParam(request.params, "destination_id");
    deleteDestination(ctx, findDestination(ctx.store.state, tenantId, id));
    return reply.code(204).send();
  });
}
