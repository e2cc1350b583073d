import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { EmulatorContext } from "../core/context";
import type { EmulatorControl } from "./control";
import { detailError, handleError, isFastifyError } from "../http/errors";
import { hasExchangeObservers, notifyExchange } from "./exchanges";
import type { FaultRegistry, RateLimiter } from "./faults";
import type { RequestLog, RequestLogEntry } from "./requestLog";
import type { BulkExportRunner } from "../exports/bulkExportRunner";
import { registerBulkExportRoutes } from "../exports/bulkExportRoutes";
import { CONTROL_PREFIX, registerControlRoutes } from "./controlRoutes";
import { registerDeploymentRoutes } from "../deployments/deploymentRoutes";
import { isSourceUpload, registerDeploymentLogRoutes, registerListenerRoutes, registerSourceUploadRoute } from "../deployments/deploymentSourceRoutes";
import { registerDestinationRoutes } from "../exports/destinationRoutes";
import { registerOAuthRoutes } from "../deployments/oauthRoutes";
import {
  KINDS,
  registerAccessPolicyAttachments,
  registerOAuthClientRotation,
  registerAnnotationQueueReviewerRoutes,
  registerDatasetShareRoutes,
  registerIssuesAgentOverview,
  registerChartReads,
  registerRepoOwnerRemoval,
  registerToolByHandle,
  registerHubDirectoryRoutes,
  registerDataPlaneRoutes,
  registerGatewayPolicyRoutes,
  registerKind,
  registerResourceTagsRoute,
  registerWorkspaceTagsRoute,
} from "../kinds";
import { registerOrganizationRoutes } from "../organization/organizationRoutes";
import { registerSettingsRoutes } from "../organization/settings/routes";
import { registerSdkRoutes, routedUrl } from "../tracing/sdk";

/** Path prefixes the control plane is served under (cloud layout and self-hosted layout). */
export const CONTROL_PLANE_PREFIXES: readonly string[] = ["/v2", "/api-host/v2"];

/** Path prefixes of the control plane's v1 routes (the build and deploy logs), in both layouts. */
export const CONTROL_PLANE_V1_PREFIXES: readonly string[] = ["/v1", "/api-host/v1"];

/** Reads a body as text, at most `limitBytes` (413 beyond), as Fastify's own parsers do. */
async function readText(stream: NodeJS.ReadableStream, limitBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    bytes += buffer.length;
    if (bytes > limitBytes) throw detailError(413, "Request body too large");
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** What shapes traffic: faults, the rate limit and the request log. */
export interface TrafficControls {
  faults: FaultRegistry;
  rateLimiter: RateLimiter;
  requestLog: RequestLog;
}

interface RequestTrace {
  startedAt: number;
  time: string;
  fault?: RequestLogEntry["fault"];
  dropAfterCommit: boolean;
  /** A delay to wait once the body is read, before the route runs. */
  delayBeforeHandlerMs?: number;
  logged: boolean;
  /** The serialized response body, kept for exchange observers. */
  payload?: string;
}

function pathOf(request: FastifyRequest): string {
  return request.url.split("?")[0] ?? request.url;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined || text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function queryOf(request: FastifyRequest): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    if (typeof value === "string") query[name] = value;
    else if (Array.isArray(value)) query[name] = value.map(String);
  }
  return query;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function installTrafficHooks(app: FastifyInstance, ctx: EmulatorContext, traffic: TrafficControls): void {
  const traces = new WeakMap<FastifyRequest, RequestTrace>();
  const log = (request: FastifyRequest, trace: RequestTrace, status: number): void => {
    if (trace.logged) return;
    trace.logged = true;
    traffic.requestLog.add({
      method: request.method,
      path: pathOf(request),
      status,
      time: trace.time,
      durationMs: Math.round((performance.now() - trace.startedAt) * 1000) / 1000,
      ...(trace.fault ? { fault: trace.fault } : {}),
    });
    if (!hasExchangeObservers()) return;
    const userAgent = request.headers["user-agent"];
    notifyExchange({
      method: request.method,
      path: pathOf(request),
      query: queryOf(request),
      userAgent: Array.isArray(userAgent) ? userAgent[0] : userAgent,
      requestBody: request.body,
      status,
      responseBody: status === 0 ? undefined : parseJson(trace.payload),
      ...(trace.fault ? { fault: trace.fault } : {}),
    });
  };

  app.addHook("onRequest", async (request, reply) => {
    const path = pathOf(request);
    if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) return;
    const trace: RequestTrace = {
      startedAt: performance.now(),
      time: new Date(ctx.now()).toISOString(),
      dropAfterCommit: false,
      logged: false,
    };
    traces.set(request, trace);
    if (!traffic.rateLimiter.allow(Date.now())) {
      trace.fault = "rate-limit";
      const retryAfter = traffic.rateLimiter.retryAfterSeconds(Date.now());
      return reply.code(429).header("retry-after", String(retryAfter)).send({ detail: "Rate limit exceeded" });
    }
    const rule = traffic.faults.takeAfterCreate(request.method, path) ?? traffic.faults.take(request.method, path);
    if (!rule) return;
    if (rule.delayMs !== undefined) {
      trace.fault = "delay";
      if (rule.delayAfterBody === true) trace.delayBeforeHandlerMs = rule.delayMs;
      else await sleep(rule.delayMs);
    }
    if (rule.drop === "before-handler") {
      trace.fault = "drop";
      log(request, trace, 0);
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    if (rule.drop === "after-commit") {
      trace.fault = "commit-then-drop";
      trace.dropAfterCommit = true;
      return;
    }
    if (rule.status !== undefined) {
      trace.fault = "status";
      if (rule.retryAfter !== undefined) void reply.header("retry-after", rule.retryAfter);
      return reply.code(rule.status).send(rule.body ?? { detail: "Injected fault" });
    }
  });

  app.addHook("preHandler", async (request) => {
    const delayMs = traces.get(request)?.delayBeforeHandlerMs;
    if (delayMs !== undefined) await sleep(delayMs);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const trace = traces.get(request);
    if (trace && (typeof payload === "string" || Buffer.isBuffer(payload))) {
      trace.payload = payload.toString();
      if (traffic.faults.watchesCreates && reply.statusCode >= 200 && reply.statusCode < 300) {
        const id = (parseJson(trace.payload) as { id?: unknown } | undefined)?.id;
        if (typeof id === "string" && id !== "") traffic.faults.created(request.method, pathOf(request), id);
      }
    }
    if (trace?.dropAfterCommit) {
      log(request, trace, reply.statusCode);
      request.raw.socket.destroy();
    }
    return payload;
  });

  app.addHook("onResponse", async (request, reply) => {
    const trace = traces.get(request);
    if (trace) log(request, trace, reply.statusCode);
  });
}

/**
 * Builds the fastify app of one emulator: both APIs, traffic hooks, one error
 * handler, 501 for unknown routes, and the control routes when `control` is given.
 */
export function buildServer(
  ctx: EmulatorContext,
  traffic: TrafficControls,
  control: EmulatorControl | null,
  bulkExportRunner: BulkExportRunner,
): FastifyInstance {
  const bodyLimit = 1_048_576;
  const routes = new RouteTable();
  // A path the SDKs call at another place than the one it is served at (../tracing/sdk/pathAliases.ts) is routed as that one.
  const rewriteUrl = (request: { url?: string }): string => routedUrl(request.url ?? "/", (path) => routes.methodsOf(path).length > 0);
  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit, rewriteUrl });
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text) as unknown);
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  // Any other media type: FastAPI reads no body for a route without one, and
  // refuses a non-JSON body where a model is expected (422
  // model_attributes_type, which parseBody gives for a string).
  app.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    done(null, text === "" ? undefined : text);
  });
  // A source archive (what the signed upload URLs are signed for) reaches the
  // upload route as a stream, whatever its size; elsewhere it is text, as any other media type.
  app.addContentTypeParser(["application/gzip", "application/x-gzip"], (request, payload, done) => {
    if (isSourceUpload(request)) {
      done(null, payload);
      return;
    }
    readText(payload, bodyLimit).then(
      (text) => done(null, text === "" ? undefined : text),
      (error: Error) => done(error, undefined),
    );
  });
  // A multipart body (the SDKs' examples, ../tracing/sdk/multipartExamples.ts) reaches its route as bytes.
  app.addContentTypeParser("multipart/form-data", { parseAs: "buffer" }, (_request, body, done) => {
    done(null, body.length === 0 ? undefined : body);
  });
  // A path the emulator serves with other methods answers 405 with Allow, as FastAPI does; any other 501.
  app.addHook("onRoute", (route) => routes.add(route.method, route.url));
  const notServed = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const allowed = routes.methodsOf(pathOf(request));
    if (allowed.length > 0) return reply.code(405).header("allow", allowed.join(", ")).send({ detail: "Method Not Allowed" });
    return reply.code(501).send({ detail: `Not implemented by the emulator: ${request.method} ${pathOf(request)}` });
  };
  app.setNotFoundHandler(notServed);
  app.setErrorHandler(async (error, request, reply) => {
    // A method served nowhere whose body Fastify wants before routing (QUERY without a Content-Type) is not served, like any other.
    if (isFastifyError(error) && error.code === "FST_ERR_ROUTE_MISSING_CONTENT_TYPE") return notServed(request, reply);
    return handleError(error, request, reply);
  });
  installTrafficHooks(app, ctx, traffic);
  for (const prefix of CONTROL_PLANE_PREFIXES) {
    registerDeploymentRoutes(app, ctx, prefix);
    registerOAuthRoutes(app, ctx, prefix);
    registerListenerRoutes(app, ctx, prefix);
  }
  for (const prefix of CONTROL_PLANE_V1_PREFIXES) registerDeploymentLogRoutes(app, ctx, prefix);
  registerSourceUploadRoute(app, ctx);
  registerDestinationRoutes(app, ctx);
  registerBulkExportRoutes(app, ctx, bulkExportRunner);
  for (const kind of KINDS) registerKind(app, ctx, kind);
  registerAccessPolicyAttachments(app, ctx);
  registerOAuthClientRotation(app, ctx);
  registerAnnotationQueueReviewerRoutes(app, ctx);
  registerDatasetShareRoutes(app, ctx);
  registerIssuesAgentOverview(app, ctx);
  registerChartReads(app, ctx);
  registerRepoOwnerRemoval(app, ctx);
  registerToolByHandle(app, ctx);
  registerHubDirectoryRoutes(app, ctx);
  registerGatewayPolicyRoutes(app, ctx);
  registerResourceTagsRoute(app, ctx);
  registerWorkspaceTagsRoute(app, ctx);
  registerDataPlaneRoutes(app, ctx);
  registerOrganizationRoutes(app, ctx);
  registerSettingsRoutes(app, ctx);
  registerSdkRoutes(app, ctx);
  if (control) registerControlRoutes(app, control);
  return app;
}

/** The routes served, by path pattern: which methods a concrete path is served with. */
class RouteTable {
  private readonly patterns: { readonly pattern: RegExp; readonly method: string }[] = [];

  /** Records a route (`:name` parameters match one path segment). */
  add(method: string | string[], url: string): void {
    const pattern = new RegExp(
      `^${url
        .split("/")
        .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("/")}$`,
    );
    for (const one of Array.isArray(method) ? method : [method]) if (one !== "HEAD") this.patterns.push({ pattern, method: one });
  }

  /** The methods `path` is served with, sorted; none for a path the emulator does not serve. */
  methodsOf(path: string): string[] {
    return [...new Set(this.patterns.filter((entry) => entry.pattern.test(path)).map((entry) => entry.method))].sort();
  }
}
