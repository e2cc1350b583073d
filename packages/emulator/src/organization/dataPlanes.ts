/**
 * Data planes of the organization (`/api/v1/orgs/current/data-planes`): a
 * LangSmith data plane that LangSmith provisions in the customer's AWS
 * account (bring your own cloud), with the workspaces whose traces it keeps.
 * Served by a Go service: a malformed request is a 400; each operation's
 * errors have the body its published answers give them (see
 * {@link dataPlaneError}).
 *
 * What the service does that the contract cannot say:
 * - Provisioning is asynchronous. A create answers 202 with the data plane
 *   `requested`; it is then `provisioning`, then `active` (or
 *   `provisioning_failed`). A `PATCH` of an active one answers 200 and makes
 *   it `updating`, then `active` again; a `DELETE` answers 202 and makes it
 *   `deprovisioning`, after which it is gone (404). The emulator spends
 *   `timings.dataPlaneStepMs` in each of these transitional statuses.
 * - Only an `active` data plane takes a `PATCH`, and only an `active` or
 *   `provisioning_failed` one a `DELETE` (409 otherwise); one that still has
 *   workspaces cannot be deleted (409).
 * - The create takes where and how to provision (name, region, the IAM
 *   role LangSmith assumes, the network); those never change. The settings
 *   (maintenance window, firewall, TTL, fleet OIDC) are changed by `PATCH`
 *   only, each object merged field by field.
 * - `role_arn` must be an IAM role ARN; a create whose fields the service
 *   refuses is a 422 (a malformed body a 400), a change it refuses a 400. The emulator cannot assume
 *   roles: a role whose name starts with `denied` fails provisioning, as a
 *   role without LangSmith's trust policy would.
 * - `name` is unique in the organization (409).
 * - `api_url` is where the data plane serves the REST API (`.../api/v1`):
 *   the writes of its workspaces go there (the emulator serves it under
 *   `/data-planes/{id}/api/v1`; see `workspaces.ts`).
 * - Permissions: `organization:read` to read, `organization:manage` to write.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../core/context";
import { HttpError } from "../http/errors";
import { canonicalUuid, isUuid, uuidPathParam } from "../http/params";
import type { KindRecord } from "../core/types";
import { parseBody } from "../http/validation";
import { zDataPlanesCreateDataPlaneRequestAws, zDataPlanesUpdateDataPlaneRequest } from "../wire/additions";
import { errorHandlerFor, goStyleError, problemStyleError, withoutNulls } from "../kinds/goErrors";
import { kindRecords } from "../kinds/records";
import { authenticateFor } from "../kinds/scopeAuth";

type Json = Record<string, unknown>;

/** The name of the kind in the state. */
export const DATA_PLANES_KIND = "dataPlanes";
const COLLECTION = "/api/v1/orgs/current/data-planes";
/** Where the emulator serves a data plane's API: `<origin>/data-planes/<id>/api/v1`. */
export const DATA_PLANE_API_PREFIX = "/data-planes/:data_plane_id";

const ROLE_ARN = /^arn:aws:iam::\d{12}:role\/(?:[\w+=,.@-]+\/)*([\w+=,.@-]+)$/;
const CIDR = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/;

const DEFAULT_SETTINGS = {
  maintenance_window: "sun:06:00-sun:08:00",
  firewall: { allow_http: false, allowed_cidrs: {}, allowed_domains: [] },
  ttl: { enabled: true, long_days: 400, short_days: 14 },
  fleet_oidc: {
    is_enabled: false,
    provider: "",
    issuer_url: "",
    audience: "",
    subject_claim: "sub",
    tenant_claim: "",
    tenant_mappings: {},
    email_claim: "email",
    groups_claim: "groups",
  },
} as const;

/** The network of a data plane in a VPC LangSmith creates: no VPC of the customer's. */
const NO_BYOVPC = { vpc_id: "", public_subnet_ids: [], private_app_subnet_ids: [], private_db_subnet_ids: [] } as const;

/** What a data plane is doing: its lifecycle phase and when it began (epoch ms). */
interface Phase {
  readonly phase: "create" | "update" | "delete";
  readonly startedMs: number;
}

const conflict = (message: string): HttpError => new HttpError(409, { detail: message });
/** A create the service refuses for what its fields say (422; a malformed body is a 400). */
const unprocessable = (message: string): HttpError => new HttpError(422, { detail: message });
/** A change the service refuses (400: the change has no 422). */
const invalid = (message: string): HttpError => new HttpError(400, { detail: message });

function phaseOf(record: KindRecord): Phase {
  return { phase: record.wire["phase"] as Phase["phase"], startedMs: Number(record.wire["phase_started_ms"]) };
}

/** The status now and when it began, or `undefined` once a deletion has finished. */
function statusOf(record: KindRecord, nowMs: number, stepMs: number): { status: string; sinceMs: number } | undefined {
  const { phase, startedMs } = phaseOf(record);
  const elapsed = nowMs - startedMs;
  if (phase === "delete") return elapsed < stepMs ? { status: "deprovisioning", sinceMs: startedMs } : undefined;
  if (phase === "update") return elapsed < stepMs ? { status: "updating", sinceMs: startedMs } : { status: "active", sinceMs: startedMs + stepMs };
  if (elapsed < stepMs) return { status: "requested", sinceMs: startedMs };
  if (elapsed < 2 * stepMs) return { status: "provisioning", sinceMs: startedMs + stepMs };
  return { status: record.wire["role_denied"] === true ? "provisioning_failed" : "active", sinceMs: startedMs + 2 * stepMs };
}

/** Drops the data planes whose deletion has finished. */
function sweep(ctx: EmulatorContext): void {
  const records = kindRecords(ctx, DATA_PLANES_KIND);
  const kept = records.filter((record) => statusOf(record, ctx.now(), ctx.timings.dataPlaneStepMs) !== undefined);
  if (kept.length !== records.length) {
    ctx.store.state.objects[DATA_PLANES_KIND] = kept;
    ctx.store.commit();
  }
}

/** The organization's data plane with this id (404 when there is none). */
export function dataPlaneOf(ctx: EmulatorContext, organizationId: string, id: string): { record: KindRecord; status: string } {
  sweep(ctx);
  const record = kindRecords(ctx, DATA_PLANES_KIND).find((r) => r.id === id && r.scopeId === organizationId);
  const status = record === undefined ? undefined : statusOf(record, ctx.now(), ctx.timings.dataPlaneStepMs);
  if (record === undefined || status === undefined) throw new HttpError(404, { detail: "data plane not found" });
  return { record, status: status.status };
}

/** The API URL of the data plane a workspace lives in, if it lives in one. */
export function dataPlaneApiUrl(ctx: EmulatorContext, id: unknown): string | null {
  if (typeof id !== "string") return null;
  const record = kindRecords(ctx, DATA_PLANES_KIND).find((r) => r.id === id);
  return record === undefined ? null : String(record.wire["api_url"]);
}

/** The data plane as the service answers it. */
function render(ctx: EmulatorContext, record: KindRecord): Json {
  const status = statusOf(record, ctx.now(), ctx.timings.dataPlaneStepMs) ?? { status: "deleted", sinceMs: ctx.now() };
  const w = record.wire;
  const workspaces = kindRecords(ctx, "workspaces")
    .filter((workspace) => workspace.wire["data_plane_id"] === record.id)
    .map((workspace) => ({ id: workspace.id, name: String(workspace.wire["display_name"]) }));
  return {
    id: record.id,
    name: w["name"],
    region: w["region"],
    api_url: w["api_url"],
    created_at: w["created_at"],
    status: status.status,
    status_updated_at: new Date(status.sinceMs).toISOString(),
    maintenance_window: w["maintenance_window"],
    firewall: w["firewall"],
    ttl: w["ttl"],
    fleet_oidc: w["fleet_oidc"],
    provisioning_settings: w["provisioning_settings"],
    workspaces,
  };
}

/** The provisioning settings of a create, checked as the service checks them. */
function provisioningSettings(body: Json): Json {
  for (const field of ["name", "region", "role_arn"]) {
    if (typeof body[field] !== "string" || (body[field] as string).trim() === "") throw unprocessable(`${field} is required`);
  }
  if (!ROLE_ARN.test(String(body["role_arn"]))) throw unprocessable("role_arn must be an IAM role ARN (arn:aws:iam::<account>:role/<name>)");
  const byovpc = body["byovpc"] as Json | undefined;
  if (byovpc !== undefined) {
    if (typeof byovpc["vpc_id"] !== "string" || byovpc["vpc_id"] === "") throw unprocessable("byovpc.vpc_id is required");
    for (const field of ["private_app_subnet_ids", "private_db_subnet_ids"]) {
      if (!Array.isArray(byovpc[field]) || (byovpc[field] as unknown[]).length === 0) throw unprocessable(`byovpc.${field} needs at least one subnet`);
    }
  }
  const vpcCidr = body["vpc_cidr"];
  if (vpcCidr !== undefined && !CIDR.test(String(vpcCidr))) throw unprocessable("vpc_cidr must be an IPv4 CIDR block, e.g. 10.0.0.0/16");
  const tags = (body["additional_tags"] ?? []) as { key: string; value?: string }[];
  if (new Set(tags.map((tag) => tag.key)).size !== tags.length) throw unprocessable("additional_tags must not repeat a key");
  return {
    cloud: "aws",
    role_arn: body["role_arn"],
    is_byoiam_enabled: body["byoiam_enabled"] ?? false,
    additional_tags: Object.fromEntries(tags.map((tag) => [tag.key, tag.value ?? ""])),
    vpc_cidr: byovpc === undefined ? (vpcCidr ?? "10.0.0.0/16") : (vpcCidr ?? null),
    byovpc: byovpc === undefined ? NO_BYOVPC : { public_subnet_ids: [], ...byovpc },
    is_public_load_balancer: body["public_load_balancer"] ?? true,
    is_eks_api_privatelink_disabled: body["eks_api_privatelink_disabled"] ?? false,
  };
}

/** The settings after a `PATCH`: each object merged field by field, checked as the service checks them. */
function patchedSettings(wire: Json, changes: Json): Json {
  const merged: Json = {};
  if (typeof changes["maintenance_window"] === "string") merged["maintenance_window"] = changes["maintenance_window"];
  for (const key of ["firewall", "ttl", "fleet_oidc"] as const) {
    if (changes[key] !== undefined) merged[key] = { ...(wire[key] as Json), ...(changes[key] as Json) };
  }
  const ttl = merged["ttl"] as Json | undefined;
  if (ttl !== undefined) {
    const short = Number(ttl["short_days"]);
    const long = Number(ttl["long_days"]);
    if (!(short >= 1) || !(long >= short)) throw invalid("ttl.short_days must be at least 1 and ttl.long_days at least short_days");
  }
  const firewall = merged["firewall"] as Json | undefined;
  for (const [cidr, ports] of Object.entries((firewall?.["allowed_cidrs"] ?? {}) as Record<string, number[]>)) {
    if (!CIDR.test(cidr)) throw invalid(`firewall.allowed_cidrs: ${cidr} is not an IPv4 CIDR block`);
    if (ports.some((port) => !Number.isInteger(port) || port < 1 || port > 65_535))
      throw invalid(`firewall.allowed_cidrs: the ports of ${cidr} must be 1 to 65535`);
  }
  return merged;
}

/** The service's short error codes, by status. */
const ERROR_CODES: Readonly<Record<number, string>> = {
  400: "invalid_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  422: "invalid_request",
  500: "internal_error",
};

/**
 * An error as the data-plane service answers it, in the body each
 * operation's published answer for the status has: problem details with a
 * short `code` for a refused create (409, 422) and for any refused change;
 * `{code, error, missing_permissions}` (the IAM permissions a role lacks,
 * none here) for a create's or a delete's 400; `{code, error}` otherwise.
 */
export function dataPlaneError(error: unknown, request: FastifyRequest): HttpError {
  const path = request.url.split("?")[0] ?? request.url;
  const go = goStyleError(error);
  const status = go.statusCode;
  const code = ERROR_CODES[status] ?? "error";
  if (request.method === "PATCH" || (request.method === "POST" && (status === 409 || status === 422))) {
    const problem = problemStyleError(error, path);
    return new HttpError(status, { ...problem.body, ...(request.method === "POST" ? { code } : {}) }, problem.headers);
  }
  const message = String(go.body["error"]);
  return new HttpError(status, { code, error: message, ...(status === 400 ? { missing_permissions: [] } : {}) }, go.headers);
}

/** Registers the data planes' routes (create, list, get, `PATCH`, delete), each answering errors as the data-plane service does. */
export function registerDataPlaneRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const errorHandler = errorHandlerFor(dataPlaneError);
  const organizationOf = (request: FastifyRequest, permission: string): string =>
    authenticateFor(ctx, request, "organization", permission).auth.organization.id;
  const body = (request: FastifyRequest): Json => (withoutNulls(request.body ?? {}) ?? {}) as Json;
  app.route({
    method: "POST",
    url: COLLECTION,
    errorHandler,
    handler: async (request, reply) => {
      const organizationId = organizationOf(request, "organization:manage");
      sweep(ctx);
      const parsed = parseBody(zDataPlanesCreateDataPlaneRequestAws, body(request)) as Json;
      const settings = provisioningSettings(parsed);
      const records = kindRecords(ctx, DATA_PLANES_KIND);
      if (records.some((r) => r.scopeId === organizationId && r.wire["name"] === parsed["name"]))
        throw conflict(`a data plane named ${String(parsed["name"])} exists`);
      const id = randomUUID();
      const nowMs = ctx.now();
      const origin = `${request.protocol}://${request.headers.host ?? "127.0.0.1"}`;
      const roleName = ROLE_ARN.exec(String(parsed["role_arn"]))?.[1] ?? "";
      const wire: Json = {
        ...DEFAULT_SETTINGS,
        name: parsed["name"],
        region: parsed["region"],
        api_url: `${origin}/data-planes/${id}/api/v1`,
        created_at: new Date(nowMs).toISOString(),
        provisioning_settings: settings,
        role_denied: roleName.startsWith("denied"),
        phase: "create",
        phase_started_ms: nowMs,
      };
      const record: KindRecord = { id, scopeId: organizationId, parentId: null, wire };
      records.push(record);
      ctx.store.commit();
      return reply.code(202).send(render(ctx, record));
    },
  });
  app.route({
    method: "GET",
    url: COLLECTION,
    errorHandler,
    handler: async (request) => {
      const organizationId = organizationOf(request, "organization:read");
      sweep(ctx);
      return {
        data_planes: kindRecords(ctx, DATA_PLANES_KIND)
          .filter((r) => r.scopeId === organizationId)
          .map((r) => render(ctx, r)),
      };
    },
  });
  app.route({
    method: "GET",
    url: `${COLLECTION}/:id`,
    errorHandler,
    handler: async (request) => {
      const organizationId = organizationOf(request, "organization:read");
      // The read's only refusal is a 404: an id that is no UUID names no data plane.
      const id = (request.params as { id?: string }).id ?? "";
      if (!isUuid(id)) throw new HttpError(404, { detail: "data plane not found" });
      return render(ctx, dataPlaneOf(ctx, organizationId, canonicalUuid(id)).record);
    },
  });
  app.route({
    method: "PATCH",
    url: `${COLLECTION}/:id`,
    errorHandler,
    handler: async (request) => {
      const organizationId = organizationOf(request, "organization:manage");
      const { record, status } = dataPlaneOf(ctx, organizationId, uuidPathParam(request.params, "id"));
      const changes = parseBody(zDataPlanesUpdateDataPlaneRequest, body(request)) as Json;
      if (status !== "active") throw conflict(`data plane is ${status}: only an active data plane takes a change`);
      const merged = patchedSettings(record.wire, changes);
      record.wire = { ...record.wire, ...merged, ...(Object.keys(merged).length > 0 ? { phase: "update", phase_started_ms: ctx.now() } : {}) };
      ctx.store.commit();
      return render(ctx, record);
    },
  });
  app.route({
    method: "DELETE",
    url: `${COLLECTION}/:id`,
    errorHandler,
    handler: async (request, reply) => {
      const organizationId = organizationOf(request, "organization:manage");
      const { record, status } = dataPlaneOf(ctx, organizationId, uuidPathParam(request.params, "id"));
      if (status === "deprovisioning") return reply.code(202).send(render(ctx, record));
      if (status !== "active" && status !== "provisioning_failed") throw conflict(`data plane is ${status}: it can be deleted once it is active or has failed`);
      const workspaces = kindRecords(ctx, "workspaces").filter((workspace) => workspace.wire["data_plane_id"] === record.id);
      if (workspaces.length > 0) throw conflict(`data plane still has ${workspaces.length} workspace(s): delete them first`);
      record.wire = { ...record.wire, phase: "delete", phase_started_ms: ctx.now() };
      ctx.store.commit();
      return reply.code(202).send(render(ctx, record));
    },
  });
}
