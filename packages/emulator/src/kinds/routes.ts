/**
 * The one set of handlers every declared kind is served with (see
 * `declaration.ts`): authentication in the kind's scope, the permission it
 * needs, request bodies read through the generated wire schemas (422 as
 * FastAPI answers), uniqueness (409), another scope's ids as 404, and
 * answers in the wire shape.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import { type AuthContext, authenticate, requireAnyPermission } from "../auth";
import type { EmulatorContext } from "../context";
import { detailError, type FastApiValidationError, HttpError, toHttpError, ValidationFailure } from "../errors";
import { boolQuery, canonicalUuid, isUuid, type RawQuery, requiredQuery, throwIfInvalid, uuidParsingError, uuidPathParam } from "../params";
import { parseBody } from "../validation";
import type { BulkDeleteResult, KindCall, KindDeclaration, KindRecord, KindReference } from "./declaration";
import { selectListedPage } from "./listQuery";

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
export function authenticateFor(ctx: EmulatorContext, request: FastifyRequest, scope: KindDeclaration["scope"], permission: string | readonly string[]): { auth: AuthContext; scopeId: string } {
  const auth = authenticate(ctx.store.state, request.headers, { surface: "rest", requireWorkspace: scope === "workspace" });
  if (scope === "organization" && auth.credential.workspaceId !== null) {
    throw detailError(403, `Forbidden: this operation acts on the organization and requires an organization-scoped API key; this key is scoped to workspace ${auth.credential.workspaceId}`);
  }
  requireAnyPermission(auth, typeof permission === "string" ? [permission] : permission);
  const scopeId = scope === "organization" ? auth.organization.id : (auth.workspace?.id ?? "");
  return { auth, scopeId };
}

/** What an answer shows in place of a masked value (see `masked`). */
export const MASKED_VALUE = "****";

/** A masked field as answered: a string as the mask, an object with each value as the mask, `null` as is. */
function maskValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "object" && !Array.isArray(value)) return Object.fromEntries(Object.keys(value).map((key) => [key, MASKED_VALUE]));
  return MASKED_VALUE;
}

/** The answer for one stored object: its wire fields less the hidden and secret ones (masked ones masked), plus what `render` adds. */
export function renderRecord(kind: KindDeclaration, record: KindRecord, ctx: EmulatorContext): Record<string, unknown> {
  const out = { ...record.wire, ...(kind.render?.(record, ctx) ?? {}) };
  for (const key of [...(kind.hidden ?? []), ...(kind.secret ?? [])]) delete out[key];
  for (const key of kind.masked ?? []) if (key in out) out[key] = maskValue(out[key]);
  return out;
}

/** The plaintext of a stored masked field (for the control handle; never answered): a string, or an object of its values. */
export function unsealMasked(ctx: EmulatorContext, sealed: unknown): unknown {
  if (typeof sealed === "string") return ctx.secrets.decrypt(sealed);
  if (sealed === null || typeof sealed !== "object") return sealed;
  return Object.fromEntries(Object.entries(sealed).map(([key, value]) => [key, typeof value === "string" ? (JSON.parse(ctx.secrets.decrypt(value)) as unknown) : value]));
}

/** The kind a reference names, and what deleting the named object does to the referrer. */
function referenceOf(reference: KindReference): { kind: string; onDelete: "delete" | "unset" } {
  return typeof reference === "string" ? { kind: reference, onDelete: "delete" } : reference;
}

/** The names of the fields a kind stamps with the time of a create and of a change (see `timestamps`). */
function stampFields(kind: KindDeclaration): { created?: string; updated?: string } {
  const declared = kind.timestamps;
  if (declared === false) return {};
  return declared === undefined || declared === true ? { created: "created_at", updated: "updated_at" } : declared;
}

/** The stamps of a write at `nowIso`: the update stamp, and the creation stamp for a create. */
function stampsOf(kind: KindDeclaration, nowIso: string, creating: boolean): Record<string, string> {
  const { created, updated } = stampFields(kind);
  return { ...(creating && created !== undefined ? { [created]: nowIso } : {}), ...(updated !== undefined ? { [updated]: nowIso } : {}) };
}

/** `fields` less the kind's transient ones (read by hooks, not kept). */
function withoutTransient(kind: KindDeclaration, fields: Record<string, unknown>): Record<string, unknown> {
  const transient = kind.transient ?? [];
  return Object.fromEntries(Object.entries(fields).filter(([key]) => !transient.includes(key)));
}

/** The contract's marker of a field an update leaves alone (`{"__missing__": "__missing__"}`). */
function isMissingMarker(value: unknown): boolean {
  return value !== null && typeof value === "object" && (value as Record<string, unknown>)["__missing__"] === "__missing__";
}

/** The kinds registered on each app (deleting an object finds the objects that reference it). */
const registeredKinds = new WeakMap<FastifyInstance, KindDeclaration[]>();

/** Encrypts the kind's secret and masked fields of `fields` in place (a `null` stays `null`; an object's values each). */
function sealSecrets(ctx: EmulatorContext, kind: KindDeclaration, fields: Record<string, unknown>): void {
  for (const key of [...(kind.secret ?? []), ...(kind.masked ?? [])]) {
    const value = fields[key];
    if (typeof value === "string") fields[key] = ctx.secrets.encrypt(value);
    else if (value !== null && typeof value === "object" && !Array.isArray(value) && (kind.masked ?? []).includes(key)) {
      fields[key] = Object.fromEntries(Object.entries(value).map(([name, v]) => [name, ctx.secrets.encrypt(JSON.stringify(v))]));
    }
  }
}

/** Throws 404 when a reference field of `fields` names an object the scope does not have. */
function assertReferences(ctx: EmulatorContext, kind: KindDeclaration, fields: Record<string, unknown>, scopeId: string): void {
  for (const [field, reference] of Object.entries(kind.references ?? {})) {
    const id = fields[field];
    if (typeof id !== "string") continue;
    if (!kindRecords(ctx, referenceOf(reference).kind).some((r) => r.id === id.toLowerCase() && r.scopeId === scopeId)) {
      throw detailError(404, `${field.replace(/_id$/, "").replace(/_/g, " ")} ${id} not found`);
    }
  }
}

/** The fields of a kind's references whose deletion does `onDelete` to it. */
function referenceFields(kind: KindDeclaration | undefined, onDelete: "delete" | "unset"): string[] {
  return Object.entries(kind?.references ?? {}).filter(([, reference]) => referenceOf(reference).onDelete === onDelete).map(([field]) => field);
}

/**
 * Deletes a stored object and, transitively, the objects under it (`parentId`)
 * and the objects of the app's kinds that reference it (`references`; a
 * reference that is `unset` on delete is set to `null` instead). With `call`,
 * each dependent deleted is handed to its kind's `afterDelete`.
 */
function removeWithDependents(ctx: EmulatorContext, kinds: readonly KindDeclaration[], first: KindRecord, call?: KindCall): void {
  const state = ctx.store.state;
  const gone = new Set([first.id]);
  const dependents: [KindDeclaration | undefined, KindRecord][] = [];
  let grew = true;
  while (grew) {
    grew = false;
    for (const [name, records] of Object.entries(state.objects)) {
      const kind = kinds.find((k) => k.name === name);
      const fields = referenceFields(kind, "delete");
      const dependent = (r: KindRecord): boolean =>
        gone.has(r.id) || (r.parentId !== null && gone.has(r.parentId)) || fields.some((f) => gone.has(String(r.wire[f])));
      for (const r of records.filter(dependent)) {
        if (!gone.has(r.id)) {
          gone.add(r.id);
          grew = true;
        }
        if (r !== first) dependents.push([kind, r]);
      }
      state.objects[name] = records.filter((r) => !dependent(r));
    }
  }
  for (const [name, records] of Object.entries(state.objects)) {
    for (const field of referenceFields(kinds.find((k) => k.name === name), "unset")) {
      for (const r of records) if (gone.has(String(r.wire[field]))) r.wire[field] = null;
    }
  }
  if (call !== undefined) for (const [kind, r] of dependents) kind?.afterDelete?.(r, call);
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Throws 409 when another object of the scope (and parent) holds the same value of a unique field (or combination). */
function assertUnique(kind: KindDeclaration, records: readonly KindRecord[], candidate: KindRecord): void {
  for (const entry of kind.unique ?? []) {
    const fields = typeof entry === "string" ? [entry] : entry;
    const taken = records.some((r) => r.id !== candidate.id && r.scopeId === candidate.scopeId && r.parentId === candidate.parentId && fields.every((field) => sameValue(r.wire[field], candidate.wire[field])));
    if (taken) throw detailError(409, `${kind.noun} with this ${fields.join(" and ")} already exists`);
  }
}

/**
 * An error as the Go services answer it: a malformed request (FastAPI's 422)
 * is a 400, and every body is `{"error": "<message>"}`.
 */
export function goStyleError(error: unknown): HttpError {
  const http = toHttpError(error);
  if (http instanceof ValidationFailure) {
    const first = http.errors[0];
    const where = first === undefined ? "request" : first.loc.join(".");
    return new HttpError(400, { error: `invalid request: ${where}: ${first?.msg ?? "malformed"}` }, http.headers);
  }
  const detail = http.body["detail"];
  const message = typeof detail === "string" ? detail : typeof http.body["error"] === "string" ? http.body["error"] : `HTTP ${http.statusCode}`;
  return new HttpError(http.statusCode, { error: message }, http.headers);
}

/** A JSON body as Go decodes it into its structs: a field (at any depth) sent as `null` reads as absent. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)]));
}

async function handleGoError(error: unknown, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const httpError = goStyleError(error);
  if (httpError.statusCode === 500) request.log.error({ err: error }, "unhandled error");
  await reply.code(httpError.statusCode).headers(httpError.headers).send(httpError.body);
}

/** Reads a required list of UUIDs given repeated or comma-separated (422 as FastAPI reads it when missing, too long or malformed). */
function idListQuery(query: RawQuery, name: string, style: "repeated" | "comma", maxItems: number): string[] {
  const errors: FastApiValidationError[] = [];
  const raw = query[name];
  const given = raw === undefined ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)];
  const values = style === "comma" ? given.flatMap((v) => v.split(",")).filter((v) => v !== "") : given;
  if (values.length === 0) errors.push({ type: "missing", loc: ["query", name], msg: "Field required", input: null });
  if (values.length > maxItems) {
    errors.push({ type: "too_long", loc: ["query", name], msg: `List should have at most ${maxItems} items after validation, not ${values.length}`, input: values, ctx: { field_type: "List", max_length: maxItems, actual_length: values.length } });
  }
  values.forEach((value, index) => {
    if (!isUuid(value)) errors.push(uuidParsingError(value, ["query", name, index]));
  });
  throwIfInvalid(errors);
  return [...new Set(values.map(canonicalUuid))];
}

/** Registers the routes of one declared kind. */
export function registerKind(app: FastifyInstance, ctx: EmulatorContext, kind: KindDeclaration): void {
  const item = kind.paths?.item ?? `${kind.collection}/:${kind.idParam}`;
  const kinds = registeredKinds.get(app) ?? [];
  kinds.push(kind);
  registeredKinds.set(app, kinds);
  const route = (method: HTTPMethods, url: string, handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>): void => {
    if (kind.errors !== "go") {
      app.route({ method, url, handler });
      return;
    }
    const goHandler = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      request.body = withoutNulls(request.body);
      return handler(request, reply);
    };
    app.route({ method, url, handler: goHandler, errorHandler: handleGoError });
  };
  const pathParams = (request: FastifyRequest): Record<string, string> => (request.params ?? {}) as Record<string, string>;
  const parentOf = (request: FastifyRequest, scopeId: string): string | null => {
    const declared = kind.parent;
    if (declared === undefined) return null;
    const missing = (): HttpError => detailError(404, `${declared.param.replace(/_id$/, "").replace(/_/g, " ")} not found`);
    if (declared.kind === undefined) return uuidPathParam(request.params, declared.param);
    if (declared.field !== undefined) {
      const value = pathParams(request)[declared.param] ?? "";
      const parent = kindRecords(ctx, declared.kind).find((r) => r.scopeId === scopeId && r.wire[declared.field ?? "id"] === value);
      if (parent === undefined) throw missing();
      return parent.id;
    }
    const parentId = uuidPathParam(request.params, declared.param);
    if (!kindRecords(ctx, declared.kind).some((r) => r.id === parentId && r.scopeId === scopeId)) throw missing();
    return parentId;
  };
  const callFor = (request: FastifyRequest, permission: string | readonly string[]): KindCall => {
    const { auth, scopeId } = authenticateFor(ctx, request, kind.scope, permission);
    const base = { ctx, auth, scopeId, parentId: null, nowIso: new Date(ctx.now()).toISOString(), params: pathParams(request), query: (request.query ?? {}) as RawQuery };
    kind.checkPath?.(base);
    return { ...base, parentId: parentOf(request, scopeId) };
  };
  const permissionFor = (operation: "create" | "update" | "delete"): string | readonly string[] => kind.permissions[operation] ?? kind.permissions.write;
  const inScope = (call: KindCall): KindRecord[] => kindRecords(ctx, kind.name).filter((r) => r.scopeId === call.scopeId && r.parentId === call.parentId);
  const find = (request: FastifyRequest, call: KindCall): KindRecord => {
    const key = kind.itemKey;
    if (key !== undefined) {
      const value = pathParams(request)[kind.idParam] ?? "";
      const candidates = inScope(call);
      const record = key.resolve !== undefined ? key.resolve(value, candidates, call) : candidates.find((r) => r.wire[key.field ?? "id"] === value);
      if (record !== undefined) return record;
      throw detailError(404, `${kind.noun} not found`);
    }
    const id = uuidPathParam(request.params, kind.idParam);
    const record = kindRecords(ctx, kind.name).find((r) => r.id === id && r.scopeId === call.scopeId && r.parentId === call.parentId);
    if (record !== undefined) return record;
    if (kind.builtInNotFound !== true && kind.builtIn?.(call).some((r) => r.id === id)) throw detailError(400, `${kind.noun} ${id} is built in and cannot be changed or deleted`);
    throw detailError(404, `${kind.noun} not found`);
  };
  const removeRecord = (record: KindRecord, call: KindCall): void => {
    kind.beforeDelete?.(record, call);
    // Objects under this one go with it (a tag key's values), and the objects that reference those (their taggings).
    removeWithDependents(ctx, registeredKinds.get(app) ?? [kind], record, call);
    kind.afterDelete?.(record, call);
  };
  /** The object of the scope whose `keyedBy` field is `value` (404 when none). */
  const findByKey = (call: KindCall, field: string, value: unknown): KindRecord => {
    const record = inScope(call).find((r) => r.wire[field] === value);
    if (record === undefined) throw detailError(404, `${kind.noun} not found`);
    return record;
  };
  /** The kind's objects in the caller's scope, rendered and selected by the list's query (filters, sort, page). */
  const listed = (call: KindCall): { page: Record<string, unknown>[]; total: number; selected: Record<string, unknown>[] } => {
    const own = inScope(call);
    const ordered = kind.newestFirst === true ? [...own].reverse() : own;
    const rendered = [...(kind.builtIn?.(call) ?? []), ...(ordered.length > 0 ? ordered : (kind.fallback?.(call) ?? []))].map((r) => renderRecord(kind, r, ctx));
    return selectListedPage(kind.listQuery ?? {}, call.query, rendered, call);
  };

  const { create, patch } = kind;
  /** A create body read through the schema; a route that reads its body itself refuses one with 400 and a `detail` string. */
  const createBody = (schema: NonNullable<KindDeclaration["create"]>, raw: unknown): Record<string, unknown> => {
    try {
      return parseBody(schema.schema, raw) as Record<string, unknown>;
    } catch (error) {
      if (schema.invalidStatus !== 400 || !(error instanceof ValidationFailure)) throw error;
      throw detailError(400, `Invalid request body: ${error.errors.map((e) => `${e.loc.filter((l) => l !== "body").join(".") || "body"}: ${e.msg}`).join("; ")}`);
    }
  };
  /** The stored object a create with the upsert query parameter changes, if any (see `create.upsertQuery`). */
  const upsertTarget = (call: KindCall, body: Record<string, unknown>): KindRecord | undefined => {
    const upsertQuery = create?.upsertQuery;
    if (upsertQuery === undefined) return undefined;
    const errors: FastApiValidationError[] = [];
    const wanted = boolQuery(call.query, upsertQuery.param, errors);
    throwIfInvalid(errors);
    if (wanted !== true || upsertQuery.key.some((key) => body[key] === undefined)) return undefined;
    return inScope(call).find((r) => upsertQuery.key.every((key) => sameValue(r.wire[key], body[key])));
  };
  if (create !== undefined) {
    route("POST", kind.collection, async (request, reply) => {
      const call = callFor(request, permissionFor("create"));
      const body = createBody(create, request.body);
      const existing = upsertTarget(call, body);
      if (existing !== undefined) {
        // An upsert changes the fields the request names.
        const sent = typeof request.body === "object" && request.body !== null ? Object.keys(request.body) : [];
        const changes = withoutTransient(kind, Object.fromEntries(Object.entries(body).filter(([key]) => sent.includes(key) && key !== "id")));
        assertReferences(ctx, kind, changes, call.scopeId);
        sealSecrets(ctx, kind, changes);
        const updated: KindRecord = { ...existing, wire: { ...existing.wire, ...changes, ...stampsOf(kind, call.nowIso, false) } };
        assertUnique(kind, kindRecords(ctx, kind.name), updated);
        existing.wire = updated.wire;
        kind.afterUpdate?.(existing, call, changes);
        ctx.store.commit();
        const object = renderRecord(kind, existing, ctx);
        return reply.code(create.status ?? 200).send(kind.answers?.create !== undefined ? kind.answers.create(object, call) : object);
      }
      const given = create.acceptsId === true && typeof body["id"] === "string" ? canonicalUuid(body["id"]) : undefined;
      if (given !== undefined && kindRecords(ctx, kind.name).some((r) => r.id === given)) throw detailError(409, `${kind.noun} with this id already exists`);
      const id = given ?? randomUUID();
      const stamps = stampsOf(kind, call.nowIso, true);
      const created = stampFields(kind).created;
      if (created !== undefined && typeof body[created] === "string") stamps[created] = body[created];
      const wire = { ...(create.defaults ?? {}), ...withoutTransient(kind, body), ...(create.derive?.(body, call, id) ?? {}), id, ...stamps };
      assertReferences(ctx, kind, wire, call.scopeId);
      sealSecrets(ctx, kind, wire);
      const record: KindRecord = { id, scopeId: call.scopeId, parentId: call.parentId, wire };
      const records = kindRecords(ctx, kind.name);
      assertUnique(kind, [...(kind.builtIn?.(call) ?? []), ...records], record);
      records.push(record);
      kind.afterCreate?.(record, call);
      const extras = create.answerExtras?.(record, call) ?? {};
      ctx.store.commit();
      const object = { ...renderRecord(kind, record, ctx), ...extras };
      return reply.code(create.status ?? 200).send(kind.answers?.create !== undefined ? kind.answers.create(object, call) : object);
    });
  }

  if (kind.list !== false) {
    route("GET", kind.paths?.list ?? kind.collection, async (request) => {
      const call = callFor(request, kind.permissions.read);
      const { page, total } = listed(call);
      return kind.listAnswer !== undefined ? kind.listAnswer(page, call, total) : page;
    });
  }

  for (const summary of kind.summaries ?? []) {
    route("GET", summary.path, async (request) => {
      const call = callFor(request, kind.permissions.read);
      return summary.answer(listed(call).selected, call);
    });
  }

  const overview = kind.organizationList;
  if (overview !== undefined) {
    route("GET", overview.path, async (request) => {
      const { auth } = authenticateFor(ctx, request, "organization", overview.permission);
      const workspaceIds = new Set(auth.organization.workspaces.map((w) => w.id));
      return kindRecords(ctx, kind.name).filter((r) => workspaceIds.has(r.scopeId)).map((r) => renderRecord(kind, r, ctx));
    });
  }

  const { upsert } = kind;
  if (upsert !== undefined) {
    route(upsert.method, kind.collection, async (request) => {
      const call = callFor(request, kind.permissions.write);
      const body = parseBody(upsert.schema, request.body) as Record<string, unknown> | Record<string, unknown>[];
      // Every item is checked (derive may refuse one) before any is written.
      const items = (Array.isArray(body) ? body : [body]).map((item) => {
        const fields = Object.fromEntries(Object.entries(item).filter(([key]) => key !== "id"));
        const deletes = upsert.deletes?.(item) === true;
        if (deletes) return { fields, deletes };
        const all = { ...fields, ...(upsert.derive?.(item, call) ?? {}) };
        assertReferences(ctx, kind, all, call.scopeId);
        sealSecrets(ctx, kind, all);
        return { fields: all, deletes };
      });
      let written: KindRecord | undefined;
      for (const { fields, deletes } of items) {
        const records = kindRecords(ctx, kind.name);
        const match = records.find((r) => r.scopeId === call.scopeId && r.parentId === call.parentId && upsert.key.every((key) => sameValue(r.wire[key], fields[key])));
        if (deletes) {
          if (match !== undefined) removeWithDependents(ctx, registeredKinds.get(app) ?? [kind], match, call);
          continue;
        }
        if (match !== undefined) {
          match.wire = { ...match.wire, ...fields, id: match.id, ...stampsOf(kind, call.nowIso, false) };
          written = match;
        } else {
          const id = randomUUID();
          written = { id, scopeId: call.scopeId, parentId: call.parentId, wire: { ...(upsert.defaults ?? {}), ...fields, id, ...stampsOf(kind, call.nowIso, true) } };
          records.push(written);
        }
        assertUnique(kind, records, written);
      }
      ctx.store.commit();
      return Array.isArray(body) || written === undefined ? null : renderRecord(kind, written, ctx);
    });
  }

  if (kind.get === true) {
    route("GET", item, async (request) => {
      const call = callFor(request, kind.permissions.read);
      const object = renderRecord(kind, find(request, call), ctx);
      return kind.answers?.get !== undefined ? kind.answers.get(object, call) : object;
    });
  }

  if (patch !== undefined) {
    const keyedBy = kind.keyedBy;
    route("PATCH", keyedBy !== undefined ? kind.collection : item, async (request) => {
      const call = callFor(request, permissionFor("update"));
      const found = keyedBy === undefined ? find(request, call) : undefined;
      const body = parseBody(patch.schema, request.body) as Record<string, unknown>;
      const record = found ?? findByKey(call, keyedBy ?? "id", body[keyedBy ?? "id"]);
      patch.check?.(body, call);
      // Only the fields the request names change (a schema default, or the contract's "missing" marker, is not a change).
      const sent = typeof request.body === "object" && request.body !== null ? Object.keys(request.body) : [];
      const named = Object.entries(body).filter(([key, value]) => sent.includes(key) && !isMissingMarker(value) && !(patch.ignoreNull === true && value === null));
      const requested = Object.fromEntries(named);
      const changes = withoutTransient(kind, { ...requested, ...(patch.derive?.(requested, record, call) ?? {}) });
      assertReferences(ctx, kind, changes, call.scopeId);
      sealSecrets(ctx, kind, changes);
      const updated: KindRecord = { ...record, wire: { ...record.wire, ...changes, ...stampsOf(kind, call.nowIso, false) } };
      assertUnique(kind, kindRecords(ctx, kind.name), updated);
      record.wire = updated.wire;
      kind.afterUpdate?.(record, call, requested);
      ctx.store.commit();
      const object = renderRecord(kind, record, ctx);
      return kind.answers?.patch !== undefined ? kind.answers.patch(object, call) : object;
    });
  }

  const { replace } = kind;
  if (replace !== undefined) {
    route("PUT", item, async (request) => {
      const call = callFor(request, permissionFor("update"));
      const record = find(request, call);
      const body = parseBody(replace.schema, request.body) as Record<string, unknown>;
      const fields = withoutTransient(kind, { ...(replace.defaults ?? {}), ...Object.fromEntries(Object.entries(body).filter(([key]) => key !== "id")), ...(replace.derive?.(body, call) ?? {}) });
      assertReferences(ctx, kind, fields, call.scopeId);
      sealSecrets(ctx, kind, fields);
      const updated: KindRecord = { ...record, wire: { ...record.wire, ...fields, id: record.id, ...stampsOf(kind, call.nowIso, false) } };
      assertUnique(kind, kindRecords(ctx, kind.name), updated);
      record.wire = updated.wire;
      kind.afterUpdate?.(record, call, body);
      ctx.store.commit();
      return renderRecord(kind, record, ctx);
    });
  }

  const remove = kind.delete;
  if (remove !== undefined) {
    const keyedBy = kind.keyedBy;
    route("DELETE", keyedBy !== undefined ? kind.collection : item, async (request, reply) => {
      const call = callFor(request, permissionFor("delete"));
      let record: KindRecord;
      if (keyedBy !== undefined) {
        const errors: FastApiValidationError[] = [];
        const value = requiredQuery(call.query, keyedBy, errors);
        throwIfInvalid(errors);
        record = findByKey(call, keyedBy, value);
      } else {
        record = find(request, call);
      }
      removeRecord(record, call);
      ctx.store.commit();
      if (remove.answer === "none") return reply.code(204).send();
      if (remove.answer === "object") return renderRecord(kind, record, ctx);
      return remove.answer === "emptyObject" ? {} : null;
    });
  }

  const bulk = kind.bulkDelete;
  if (bulk !== undefined) {
    route("DELETE", kind.collection, async (request) => {
      const call = callFor(request, permissionFor("delete"));
      const ids = idListQuery(call.query, bulk.param, bulk.style, bulk.maxItems);
      const result: BulkDeleteResult = { deleted: [], failed: [] };
      for (const id of ids) {
        const record = inScope(call).find((r) => r.id === id);
        if (record === undefined) {
          result.failed.push({ id, error: `${kind.noun} not found` });
          continue;
        }
        try {
          removeRecord(record, call);
          result.deleted.push(record);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          result.failed.push({ id, error: error.message });
        }
      }
      ctx.store.commit();
      return bulk.answer(result, call);
    });
  }
}
