/**
 * The routes around a deployment built from uploaded source: the signed
 * upload itself (`PUT /source-uploads/...`, outside both APIs: the URL is
 * the credential), the build and deploy logs (`/v1/projects/...`), and the
 * workspace's listeners (`/v2/listeners`).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../core/context";
import { deploymentDeployLog, type LogEntry, logPage, revisionLog } from "./deploymentLogs";
import { findDeployment, findRevision } from "./deploymentStore";
import { detailError, type FastApiValidationError } from "../http/errors";
import { listenersOf } from "./listeners";
import { intQuery, type RawQuery, throwIfInvalid, uuidPathParam } from "../http/params";
import { deploymentLogsSchema } from "./deploymentSchemas";
import { SOURCE_UPLOAD_PREFIX, UploadRefused } from "./sourceUploads";
import { parseBody } from "../http/validation";
import { deploymentsTenant } from "./deploymentRoutes";

/** Whether a request is a source upload (its body is streamed to the route, not parsed). */
export function isSourceUpload(request: FastifyRequest): boolean {
  return request.method === "PUT" && (request.routeOptions.url ?? "").startsWith(`${SOURCE_UPLOAD_PREFIX}/`);
}

/** Registers the signed upload route (once: the URLs the emulator signs name no API prefix). */
export function registerSourceUploadRoute(app: FastifyInstance, ctx: EmulatorContext): void {
  app.put(`${SOURCE_UPLOAD_PREFIX}/*`, async (request, reply) => {
    const objectPath = (request.params as { "*": string })["*"];
    try {
      ctx.uploads.verify(objectPath, (request.query ?? {}) as Record<string, unknown>, request.headers);
      const body = request.body;
      if (body === undefined || body === null || typeof (body as NodeJS.ReadableStream).pipe !== "function") {
        throw new UploadRefused(400, "MissingRequestBody", "The upload has no body: send the .tar.gz as the request body.");
      }
      await ctx.uploads.store(objectPath, body as NodeJS.ReadableStream);
    } catch (error) {
      if (!(error instanceof UploadRefused)) throw error;
      return reply.code(error.statusCode).type("application/xml; charset=UTF-8").send(error.xml());
    }
    return reply.code(200).send();
  });
}

/**
 * Registers the log routes under `prefix` (`/v1` and `/api-host/v1`, the
 * control plane's v1 routes): a revision's build and deploy logs, and a
 * deployment's deploy logs. `project_id` is the deployment's id.
 */
export function registerDeploymentLogRoutes(app: FastifyInstance, ctx: EmulatorContext, prefix: string): void {
  const base = `${prefix}/projects/:project_id`;
  const page = (request: FastifyRequest, read: (deploymentId: string, nowMs: number) => LogEntry[]): unknown => {
    const tenantId = deploymentsTenant(ctx, request);
    const id = uuidPathParam(request.params, "project_id");
    const body = parseBody(deploymentLogsSchema, request.body);
    const nowMs = ctx.now();
    const deployment = findDeployment(ctx.store.state, tenantId, id, nowMs);
    return logPage(read(deployment.id, nowMs), body);
  };
  const revisionOf = (request: FastifyRequest, deploymentId: string) =>
    findRevision(ctx.store.state, deploymentId, uuidPathParam(request.params, "revision_id"));

  app.post(`${base}/revisions/:revision_id/build_logs`, async (request) =>
    page(request, (deploymentId, nowMs) => revisionLog(revisionOf(request, deploymentId), "build", nowMs)),
  );
  app.post(`${base}/revisions/:revision_id/deploy_logs`, async (request) =>
    page(request, (deploymentId, nowMs) => revisionLog(revisionOf(request, deploymentId), "deploy", nowMs)),
  );
  app.post(`${base}/deploy_logs`, async (request) => page(request, (deploymentId, nowMs) => deploymentDeployLog(ctx.store.state, deploymentId, nowMs)));
}

/** Registers the listener routes under `prefix` (`/v2` and `/api-host/v2`): the list (paged) and one by id. */
export function registerListenerRoutes(app: FastifyInstance, ctx: EmulatorContext, prefix: string): void {
  app.get(`${prefix}/listeners`, async (request) => {
    const listeners = listenersOf(ctx.store.state, deploymentsTenant(ctx, request));
    const query = (request.query ?? {}) as RawQuery;
    const errors: FastApiValidationError[] = [];
    const limit = intQuery(query, "limit", { defaultValue: 20, ge: 1, le: 100 }, errors);
    const offset = intQuery(query, "offset", { defaultValue: 0, ge: 0 }, errors);
    throwIfInvalid(errors);
    const resources = listeners.slice(offset, offset + limit);
    return { resources, offset: offset + resources.length };
  });

  app.get(`${prefix}/listeners/:listener_id`, async (request) => {
    const tenantId = deploymentsTenant(ctx, request);
    const id = uuidPathParam(request.params, "listener_id");
    const listener = listenersOf(ctx.store.state, tenantId).find((l) => l.id === id);
    if (listener === undefined) throw detailError(404, `Listener ID ${id} not found.`);
    return listener;
  });
}
