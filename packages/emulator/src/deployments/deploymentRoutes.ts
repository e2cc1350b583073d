import type { FastifyInstance, FastifyRequest } from "fastify";
import { type AuthContext, authenticate, requireDeploymentsEnabled, workspaceOf } from "../http/auth";
import type { EmulatorContext } from "../core/context";
import { listDeployments, listRevisions } from "./deploymentList";
import { bulkDeleteDeployments, createDeployment, createRevision, deleteDeployment, newRevisionConfig, patchDeployment, redeployRevision } from "./deployments";
import { findDeployment, findRevision } from "./deploymentStore";
import { renderDeployment, renderRevision } from "./deploymentWire";
import { detailError, type FastApiValidationError } from "../http/errors";
import { boolQuery, type RawQuery, throwIfInvalid, uuidListQuery, uuidPathParam } from "../http/params";
import { deploymentCreateSchema, deploymentPatchSchema, deploymentRevisionCreateSchema, deploymentUploadUrlSchema } from "./deploymentSchemas";
import { type BuildCommands, sourceBuildOf } from "./sourceBuilds";
import type { DeploymentRecord } from "../core/types";
import { parseBody } from "../http/validation";

/** Most ids one bulk DELETE accepts (the contract's `maxItems`). */
export const MAX_BULK_DELETE_IDS = 100;

function deploymentsAuth(ctx: EmulatorContext, request: FastifyRequest): AuthContext {
  const auth = authenticate(ctx.store.state, request.headers, { surface: "control-plane" });
  requireDeploymentsEnabled(auth);
  return auth;
}

/** The workspace a control-plane request acts on (401/403 as the deployments routes answer them). */
export function deploymentsTenant(ctx: EmulatorContext, request: FastifyRequest): string {
  return workspaceOf(deploymentsAuth(ctx, request)).id;
}

/** The emulator's origin as the client reached it, for the URLs it hands out. */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host ?? request.hostname}`;
}

/** The build settings a new revision of `deployment` runs with, after `sourceConfig` (a PATCH's) is applied. */
function commandsOf(deployment: DeploymentRecord, sourceConfig: { install_command?: unknown; build_command?: unknown } | null | undefined): BuildCommands {
  return {
    installCommand: sourceConfig?.install_command ?? deployment.sourceConfig["install_command"],
    buildCommand: sourceConfig?.build_command ?? deployment.sourceConfig["build_command"],
  };
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
  const tenantOf = (request: FastifyRequest): string => deploymentsTenant(ctx, request);

  app.post(base, async (request, reply) => {
    const tenantId = tenantOf(request);
    const body = parseBody(deploymentCreateSchema, request.body);
    const build = await sourceBuildOf(ctx, body.source_revision_config, {
      installCommand: body.source_config.install_command,
      buildCommand: body.source_config.build_command,
    });
    return reply.code(201).send(renderDeployment(ctx, createDeployment(ctx, tenantId, body, build)));
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
    const build = await sourceBuildOf(ctx, newRevisionConfig(ctx, deployment, body.source_revision_config), commandsOf(deployment, body.source_config));
    patchDeployment(ctx, deployment, body, build);
    return renderDeployment(ctx, deployment);
  });

  // A signed URL to upload the next source archive to (see sourceUploads.ts).
  // The success status is not published (2XX); 200, as a POST that makes no resource.
  app.post(`${base}/:deployment_id/upload-url`, async (request) => {
    const tenantId = tenantOf(request);
    const id = uuidPathParam(request.params, "deployment_id");
    const body = parseBody(deploymentUploadUrlSchema, request.body);
    const deployment = findDeployment(ctx.store.state, tenantId, id, ctx.now());
    if (deployment.deleteRequestedAtMs !== null) throw detailError(409, "Deployment is being deleted");
    const issued = ctx.uploads.issue(originOf(request), deployment.id);
    return { upload_url: issued.uploadUrl, object_path: issued.objectPath, upload_headers: body.supports_upload_headers ? issued.uploadHeaders : null };
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
    const build = await sourceBuildOf(ctx, newRevisionConfig(ctx, deployment, body.source_revision_config ?? {}), commandsOf(deployment, body.source_config));
    const revisionId = createRevision(ctx, deployment, body, build);
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
    const build = await sourceBuildOf(ctx, findRevision(ctx.store.state, deployment.id, revisionId).sourceRevisionConfig, commandsOf(deployment, null));
    redeployRevision(ctx, deployment, revisionId, build);
    return renderDeployment(ctx, deployment);
  });
}
