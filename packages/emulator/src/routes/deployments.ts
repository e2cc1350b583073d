import type { FastifyInstance, FastifyRequest } from "fastify";
import { type AuthContext, authenticate, requireDeploymentsEnabled, workspaceOf } from "../auth";
import type { EmulatorContext } from "../context";
import { listDeployments, listRevisions } from "../deploymentList";
import { bulkDeleteDeployments, createDeployment, createRevision, deleteDeployment, patchDeployment, redeployRevision } from "../deployments";
import { findDeployment, findRevision } from "../deploymentStore";
import { renderDeployment, renderRevision } from "../deploymentWire";
import type { FastApiValidationError } from "../errors";
import { boolQuery, type RawQuery, throwIfInvalid, uuidListQuery, uuidPathParam } from "../params";
import { deploymentCreateSchema, deploymentPatchSchema, deploymentRevisionCreateSchema } from "../schemas";
import { parseBody } from "../validation";

/** Most ids one bulk DELETE accepts (the contract's `maxItems`). */
export const MAX_BULK_DELETE_IDS = 100;

function deploymentsAuth(ctx: EmulatorContext, request: FastifyRequest): AuthContext {
  const auth = authenticate(ctx.store.state, request.headers, { surface: "control-plane" });
  requireDeploymentsEnabled(auth);
  return auth;
}

function queryOf(request: FastifyRequest): RawQuery {
  return (request.query ?? {}) as RawQuery;
}

/**
 * Registers the deployment and revision routes under `prefix` (`/v2` and
 * `/api-host/v2`): every operation of the published contract on
 * `/deployments…`.
 */
export function registerDeploymentRoutes(app: FastifyInstance, ctx: EmulatorContext, prefix: string): void {
  const base = `${prefix}/deployments`;
  const tenantOf = (request: FastifyRequest): string => workspaceOf(deploymentsAuth(ctx, request)).id;

  app.post(base, async (request, reply) => {
    const tenantId = tenantOf(request);
    const body = parseBody(deploymentCreateSchema, request.body);
    return reply.code(201).send(renderDeployment(ctx, createDeployment(ctx, tenantId, body)));
  });

  app.get(base, async (request) => listDeployments(ctx, tenantOf(request), queryOf(request)));

  // Bulk delete answers 200 with `null`: the contract declares an untyped 200
  // body, which is what a FastAPI handler returning nothing sends.
  app.delete(base, async (request, reply) => {
    const tenantId = tenantOf(request);
    const errors: FastApiValidationError[] = [];
    const ids = uuidListQuery(queryOf(request), "deployment_ids", MAX_BULK_DELETE_IDS, errors);
    throwIfInvalid(errors);
    bulkDeleteDeployments(ctx, tenantId, ids);
    return reply.code(200).type("application/json").send("null");
  });

  app.get(`${base}/:deployment_id`, async (request) => {
    const tenantId = tenantOf(request);
    const id = uuidPathParam(request.params, "deployment_id");
    return renderDeployment(ctx, findDeployment(ctx.store.state, tenantId, id, ctx.now()));
  });

  app.patch(`${base}/:deployment_id`, async (request) => {
    const tenantId = tenantOf(request);
    const id = uuidPathParam(request.params, "deployment_id");
    const body = parseBody(deploymentPatchSchema, request.body);
    const deployment = findDeployment(ctx.store.state, tenantId, id, ctx.now());
    patchDeployment(ctx, deployment, body);
    return renderDeployment(ctx, deployment);
  });

  // `delete_tracing_project` is validated and otherwise ignored: the emulator keeps no tracing projects.
  app.delete(`${base}/:deployment_id`, async (request, reply) => {
    const tenantId = tenantOf(request);
    const id = uuidPathParam(request.params, "deployment_id");
    const errors: FastApiValidationError[] = [];
    boolQuery(queryOf(request), "delete_tracing_project", errors);
    throwIfInvalid(errors);
    deleteDeployment(ctx, findDeployment(ctx.store.state, tenantId, id, ctx.now()));
    return reply.code(204).send();
  });

  app.get(`${base}/:deployment_id/revisions`, async (request) => {
    const tenantId = tenantOf(request);
    const id = uuidPathParam(request.params, "deployment_id");
    return listRevisions(ctx, findDeployment(ctx.store.state, tenantId, id, ctx.now()), queryOf(request));
  });

  // The additions' revision create: its success status is not published (2XX); 201 as the deployment create's.
  app.post(`${base}/:deployment_id/revisions`, async (request, reply) => {
    const tenantId = tenantOf(request);
    const id = uuidPathParam(request.params, "deployment_id");
    const body = parseBody(deploymentRevisionCreateSchema, request.body);
    const nowMs = ctx.now();
    const deployment = findDeployment(ctx.store.state, tenantId, id, nowMs);
    const revisionId = createRevision(ctx, deployment, body);
    return reply.code(201).send(renderRevision(findRevision(ctx.store.state, deployment.id, revisionId), nowMs));
  });

  app.get(`${base}/:deployment_id/revisions/:revision_id`, async (request) => {
    const tenantId = tenantOf(request);
    const id = uuidPathParam(request.params, "deployment_id");
    const revisionId = uuidPathParam(request.params, "revision_id");
    const nowMs = ctx.now();
    const deployment = findDeployment(ctx.store.state, tenantId, id, nowMs);
    return renderRevision(findRevision(ctx.store.state, deployment.id, revisionId), nowMs);
  });

  app.post(`${base}/:deployment_id/revisions/:revision_id/redeploy`, async (request) => {
    const tenantId = tenantOf(request);
    const id = uuidPathParam(request.params, "deployment_id");
    const revisionId = uuidPathParam(request.params, "revision_id");
    const deployment = findDeployment(ctx.store.state, tenantId, id, ctx.now());
    redeployRevision(ctx, deployment, revisionId);
    return renderDeployment(ctx, deployment);
  });
}
