/**
 * The one set of handlers every declared kind is served with (see
 * `declaration.ts`): authentication in the kind's scope, the permission it
 * needs, request bodies read through the generated wire schemas (422 as
 * FastAPI answers), uniqueness (409), another scope's ids as 404, and
 * answers in the wire shape.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type AuthContext, authenticate, requireAnyPermission } from "../auth";
import type { EmulatorContext } from "../context";
import { detailError } from "../errors";
import { boolQuery, type RawQuery, throwIfInvalid, uuidPathParam, uuidQuery } from "../params";
import type { FastApiValidationError } from "../errors";
import { parseBody } from "../validation";
import type { KindCall, KindDeclaration, KindRecord } from "./declaration";

/** The records of a kind (created on first use). */
export function kindRecords(ctx: EmulatorContext, name: string): KindRecord[] {
  const objects = ctx.store.state.objects;
  objects[name] ??= [];
  return objects[name];
}

/**
 * Authenticates a caller for a kind's scope. An organization route needs an
 * organization-scoped key (a key bound to one workspace answers 403 naming
 * the scope); a workspace route needs a workspace (`X-Tenant-Id` for an
 * organization-scoped key).
 */
export function authenticateFor(ctx: EmulatorContext, request: FastifyRequest, scope: KindDeclaration["scope"], permission: string): { auth: AuthContext; scopeId: string } {
  const auth = authenticate(ctx.store.state, request.headers, { surface: "rest", requireWorkspace: scope === "workspace" });
  if (scope === "organization" && auth.credential.workspaceId !== null) {
    throw detailError(403, `Forbidden: this operation acts on the organization and requires an organization-scoped API key; this key is scoped to workspace ${auth.credential.workspaceId}`);
  }
  requireAnyPermission(auth, [permission]);
  const scopeId = scope === "organization" ? auth.organization.id : (auth.workspace?.id ?? "");
  return { auth, scopeId };
}

/** The answer for one stored object: its wire fields less the hidden ones, plus what `render` adds. */
export function renderRecord(kind: KindDeclaration, record: KindRecord): Record<string, unknown> {
  const out = { ...record.wire, ...(kind.render?.(record) ?? {}) };
  for (const key of kind.hidden ?? []) delete out[key];
  return out;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Throws 409 when another object of the scope (and parent) holds the same value of a unique field. */
function assertUnique(kind: KindDeclaration, records: readonly KindRecord[], candidate: KindRecord): void {
  for (const field of kind.unique ?? []) {
    const taken = records.some((r) => r.id !== candidate.id && r.scopeId === candidate.scopeId && r.parentId === candidate.parentId && sameValue(r.wire[field], candidate.wire[field]));
    if (taken) throw detailError(409, `${kind.noun} with this ${field} already exists`);
  }
}

/** Registers the routes of one declared kind. */
export function registerKind(app: FastifyInstance, ctx: EmulatorContext, kind: KindDeclaration): void {
  const item = `${kind.collection}/:${kind.idParam}`;
  const parentOf = (request: FastifyRequest, scopeId: string): string | null => {
    if (kind.parent === undefined) return null;
    const parentId = uuidPathParam(request.params, kind.parent.param);
    const parent = kindRecords(ctx, kind.parent.kind).find((r) => r.id === parentId && r.scopeId === scopeId);
    if (parent === undefined) throw detailError(404, `${kind.parent.param.replace(/_id$/, "").replace(/_/g, " ")} not found`);
    return parentId;
  };
  const callFor = (request: FastifyRequest, permission: string): KindCall => {
    const { auth, scopeId } = authenticateFor(ctx, request, kind.scope, permission);
    return { ctx, auth, scopeId, parentId: parentOf(request, scopeId), nowIso: new Date(ctx.now()).toISOString() };
  };
  const find = (request: FastifyRequest, call: KindCall): KindRecord => {
    const id = uuidPathParam(request.params, kind.idParam);
    const record = kindRecords(ctx, kind.name).find((r) => r.id === id && r.scopeId === call.scopeId && r.parentId === call.parentId);
    if (record !== undefined) return record;
    if (kind.builtIn?.(call).some((r) => r.id === id)) throw detailError(400, `${kind.noun} ${id} is built in and cannot be changed or deleted`);
    throw detailError(404, `${kind.noun} not found`);
  };

  const { create, patch } = kind;
  if (create !== undefined) {
    app.post(kind.collection, async (request, reply) => {
      const call = callFor(request, kind.permissions.write);
      const body = parseBody(create.schema, request.body) as Record<string, unknown>;
      const id = randomUUID();
      const stamps = kind.timestamps === false ? {} : { created_at: call.nowIso, updated_at: call.nowIso };
      const wire = { ...(create.defaults ?? {}), ...body, ...(create.derive?.(body, call) ?? {}), id, ...stamps };
      const record: KindRecord = { id, scopeId: call.scopeId, parentId: call.parentId, wire };
      const records = kindRecords(ctx, kind.name);
      assertUnique(kind, [...(kind.builtIn?.(call) ?? []), ...records], record);
      records.push(record);
      kind.afterCreate?.(record, call);
      ctx.store.commit();
      return reply.code(create.status ?? 200).send(renderRecord(kind, record));
    });
  }

  if (kind.list !== false) {
    app.get(kind.collection, async (request) => {
      const call = callFor(request, kind.permissions.read);
      const errors: FastApiValidationError[] = [];
      const filters: [string, unknown][] = [];
      for (const [name, param] of Object.entries(kind.listQuery ?? {})) {
        const query = (request.query ?? {}) as RawQuery;
        const value = param.type === "boolean" ? boolQuery(query, name, errors) : uuidQuery(query, name, errors);
        if (value !== undefined && param.filters !== undefined) filters.push([param.filters, value]);
      }
      throwIfInvalid(errors);
      const own = kindRecords(ctx, kind.name).filter((r) => r.scopeId === call.scopeId && r.parentId === call.parentId);
      return [...(kind.builtIn?.(call) ?? []), ...own]
        .filter((r) => filters.every(([field, value]) => r.wire[field] === value))
        .map((r) => renderRecord(kind, r));
    });
  }

  if (kind.get === true) {
    app.get(item, async (request) => renderRecord(kind, find(request, callFor(request, kind.permissions.read))));
  }

  if (patch !== undefined) {
    app.patch(item, async (request) => {
      const call = callFor(request, kind.permissions.write);
      const record = find(request, call);
      const body = parseBody(patch.schema, request.body) as Record<string, unknown>;
      patch.check?.(body, call);
      // Only the fields the request names change (a schema default is not a change).
      const sent = typeof request.body === "object" && request.body !== null ? Object.keys(request.body) : [];
      const changes = Object.fromEntries(Object.entries(body).filter(([key]) => sent.includes(key)));
      const updated: KindRecord = { ...record, wire: { ...record.wire, ...changes, ...(kind.timestamps === false ? {} : { updated_at: call.nowIso }) } };
      assertUnique(kind, kindRecords(ctx, kind.name), updated);
      record.wire = updated.wire;
      kind.afterUpdate?.(record, call);
      ctx.store.commit();
      return renderRecord(kind, record);
    });
  }

  const remove = kind.delete;
  if (remove !== undefined) {
    app.delete(item, async (request) => {
      const call = callFor(request, kind.permissions.write);
      const record = find(request, call);
      kind.beforeDelete?.(record, call);
      const state = ctx.store.state;
      state.objects[kind.name] = kindRecords(ctx, kind.name).filter((r) => r.id !== record.id);
      // Objects under this one go with it (a tag key's values).
      for (const [name, records] of Object.entries(state.objects)) {
        state.objects[name] = records.filter((r) => r.parentId !== record.id);
      }
      ctx.store.commit();
      if (remove.answer === "object") return renderRecord(kind, record);
      return remove.answer === "emptyObject" ? {} : null;
    });
  }
}
