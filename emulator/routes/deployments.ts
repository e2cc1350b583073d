import type { FastifyInstance, FastifyRequest } from "fastify";
import { type AuthContext, authenticate, requireDeploymentsEnabled, workspaceOf } from "../auth";
import type { EmulatorContext } from "../context";
import {
  createDeployment,
  deleteDeployment,
  deploymentRevisions,
  findDeployment,
  patchDeployment,
  renderDeployment,
  workspaceDeployments,
} from "../deployments";
import { detailError, type FastApiValidationError, ValidationFailure } from "../errors";
import { renderRevision } from "../revisions";
import { deploymentCreateSchema, deploymentPatchSchema } from "../schemas";
import { intQuery, parseBody, stringQuery, uuidPathParam } from "../validation";

/** Default page size of the deployments and revisions lists. */
export const DEFAULT_PAGE_LIMIT = 20;
/** Largest accepted `limit`. */
export const MAX_PAGE_LIMIT = 100;

function deploymentsAuth(ctx: EmulatorContext, request: FastifyRequest): AuthContext {
  const auth = authenticate(ctx.store.state, request.headers, { surface: "control-plane" });
  requireDeploymentsEnabled(auth);
  return auth;
}

function pageParams(query: unknown): { limit: number; offset: number } {
  const q = (query ?? {}) as Record<string, unknown>;
  const errors: FastApiValidationError[] = [];
  const limit = intQuery(q, "limit", { defaultValue: DEFAULT_PAGE_LIMIT, ge: 1, le: MAX_PAGE_LIMIT }, errors);
  const offset = intQuery(q, "offset", { defaultValue: 0, ge: 0 }, errors);
  if (errors.length > 0) throw new ValidationFailure(errors);
  return { limit, offset };
}

/**
 * Registers the deployment and revision routes under `prefix` (`/v2` and
 * `/api-host/v2`).
 */
export function registerDeploymentRoutes(app: FastifyInstance, ctx: EmulatorContext, prefix: string): void {
  const base = `${prefix}/deployments`;

  app.post(base, async (request, reply) => {
    const tenantId = workspaceOf(deploymentsAuth(ctx, request)).id;
    const body = parseBody(deploymentCreateSchema, request.body);
    const deployment = createDeployment(ctx, tenantId, body);
    return reply.code(201).send(renderDeployment(ctx, deployment));
  });

  app.get(base, async (request) => {
    const tenantId = workspaceOf(deploymentsAuth(ctx, request)).id;
    const { limit, offset } = pageParams(request.query);
    const q = (request.query ?? {}) as Record<string, unknown>;
    const name = stringQuery(q, "name");
    const nameContains = stringQuery(q, "name_contains")?.toLowerCase();
    const matching = workspaceDeployments(ctx.store.state, tenantId, ctx.now())
      .filter((d) => name === undefined || d.name === name)
      .filter((d) => nameContains === undefined || d.name.toLowerCase().includes(nameContains))
      .sort((a, b) => b.createdAtMs - a.createdAtMs);
    const page = matching.slice(offset, offset + limit);
    return { resources: page.map((d) => renderDeployment(ctx, d)), offset: offset + page.length };
  });

  app.get(`${base}/:deployment_id`, async (request) => {
    const tenantId = workspaceOf(deploymentsAuth(ctx, request)).id;
    const id = uuidPathParam(request.params, "deployment_id");
    return renderDeployment(ctx, findDeployment(ctx.store.state, tenantId, id, ctx.now()));
  });

  app.patch(`${base}/:deployment_id`, async (request) => {
    const tenantId = workspaceOf(deploymentsAuth(ctx, request)).id;
    const id = uuidPathParam(request.params, "deployment_id");
    const body = parseBody(deploymentPatchSchema, request.body);
    const deployment = findDeployment(ctx.store.state, tenantId, id, ctx.now());
    patchDeployment(ctx, deployment, body);
    return renderDeployment(ctx, deployment);
  });

  app.delete(`${base}/:deployment_id`, async (request, reply) => {
    const tenantId = workspaceOf(deploymentsAuth(ctx, request)).id;
    const id = uuidPathParam(request.params, "deployment_id");
    deleteDeployment(ctx, findDeployment(ctx.store.state, tenantId, id, ctx.now()));
    return reply.code(204).send();
  });

  app.get(`${base}/:deployment_id/revisions`, async (request) => {
    const tenantId = workspaceOf(deploymentsAuth(ctx, request)).id;
    const id = uuidPathParam(request.params, "deployment_id");
    const { limit, offset } = pageParams(request.query);
    const nowMs = ctx.now();
    const deployment = findDeployment(ctx.store.state, tenantId, id, nowMs);
    const page = deploymentRevisions(ctx.store.state, deployment.id).slice(offset, offset + limit);
    return { resources: page.map((r) => renderRevision(r, nowMs)), offset: offset + page.length };
  });

  app.get(`${base}/:deployment_id/revisions/:revision_id`, async (request) => {
    const tenantId = workspaceOf(deploymentsAuth(ctx, request)).id;
    const id = uuidPathParam(request.params, "deployment_id");
    const revisionId = uuidPathParam(request.params, "revision_id");
    const nowMs = ctx.now();
    const deployment = findDeployment(ctx.store.state, tenantId, id, nowMs);
    const revision = deploymentRevisions(ctx.store.state, deployment.id).find((r) => r.id === revisionId);
    if (!revision) throw detailError(404, "Revision not found");
    return renderRevision(revision, nowMs);
  });
}
