/**
 * The one set of handlers every declared kind is served with (see
 * `declaration.ts`): authentication in the kind's scope (`scopeAuth.ts`), the
 * permission it needs, request bodies read through the generated wire schemas
 * (422 as FastAPI answers), uniqueness (409, `writeFields.ts`), another
 * scope's ids as 404, references and cascading deletes (`references.ts`), and
 * answers in the wire shape (`records.ts`; Go-style errors: `goErrors.ts`).
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import type { EmulatorContext } from "../core/context";
import { detailError, type FastApiValidationError, HttpError, ValidationFailure } from "../http/errors";
import { boolQuery, canonicalUuid, isUuid, type RawQuery, throwIfInvalid, uuidParsingError, uuidPathParam } from "../http/params";
import type { KindRecord } from "../core/types";
import { parseBody } from "../http/validation";
import type { BulkDeleteResult, KindDeclaration } from "./declaration";
import { goErrorHandler, withoutNulls } from "./goErrors";
import { findKeyedRecord, type KeyedName, keyedDeleteName } from "./keyedWrites";

/** How each Go-style kind answers its errors. */
import type { KindCall } from "./kindCall";
import { selectListedPage } from "./listQuery";
import { kindRecords, renderRecord, sealSecrets } from "./records";
import { assertReferences, removeWithDependents } from "./references";
import { authenticateFor } from "./scopeAuth";
import { assertUnique, isMissingMarker, sameValue, stampFields, stampsOf, withoutTransient } from "./writeFields";

/** The kinds registered on each app (deleting an object finds the objects that reference it). */
const registeredKinds = new WeakMap<FastifyInstance, KindDeclaration[]>();

/** Reads a required list of UUIDs given repeated or comma-separated (422 as FastAPI reads it when missing, too long or malformed). */
function idListQuery(query: RawQuery, name: string, style: "repeated" | "comma", maxItems: number): string[] {
  const errors: FastApiValidationError[] = [];
  const raw = query[name];
  const given = raw === undefined ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)];
  const values = style === "comma" ? given.flatMap((v) => v.split(",")).filter((v) => v !== "") : given;
  if (values.length === 0) errors.push({ type: "missing", loc: ["query", name], msg: "Field required", input: null });
  if (values.length > maxItems) {
    errors.push({
      type: "too_long",
      loc: ["query", name],
      msg: `List should have at most ${maxItems} items after validation, not ${values.length}`,
      input: values,
      ctx: { field_type: "List", max_length: maxItems, actual_length: values.length },
    });
  }
  values.forEach((value, index) => {
    if (!isUuid(value)) errors.push(uuidParsingError(value, ["query", name, index]));
  });
  throwIfInvalid(errors);
  return [...new Set(values.map(canonicalUuid))];
}

/** Registers the routes of one declared kind. */
/** Refuses (422) a body that sets one of `fields` to `null`, each named as pydantic names a wrong type. */
function refuseNulls(fields: readonly string[], body: Record<string, unknown>): void {
  const errors: FastApiValidationError[] = fields
    .filter((field) => field in body && body[field] === null)
    .map((field) => ({ type: "null_not_allowed", loc: ["body", field], msg: "Input should not be None", input: null }));
  throwIfInvalid(errors);
}

export function registerKind(app: FastifyInstance, ctx: EmulatorContext, kind: KindDeclaration): void {
  const item = kind.paths?.item ?? `${kind.collection}/:${kind.idParam}`;
  const kinds = registeredKinds.get(app) ?? [];
  kinds.push(kind);
  registeredKinds.set(app, kinds);
  const route = (method: HTTPMethods, url: string, handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>): void => {
    if (kind.writesAlsoAt !== undefined && method !== "GET") routeAt(method, `${kind.writesAlsoAt}${url}`, handler);
    routeAt(method, url, handler);
  };
  const routeAt = (method: HTTPMethods, url: string, handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>): void => {
    if (kind.errors === undefined || kind.errors === "fastapi") {
      app.route({ method, url, handler });
      return;
    }
    const goHandler = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      request.body = withoutNulls(request.body);
      return handler(request, reply);
    };
    app.route({ method, url, handler: goHandler, errorHandler: goErrorHandler(kind.errors) });
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
    const base = {
      ctx,
      auth,
      scopeId,
      parentId: null,
      nowIso: new Date(ctx.now()).toISOString(),
      params: pathParams(request),
      query: (request.query ?? {}) as RawQuery,
    };
    kind.checkPath?.(base);
    return { ...base, parentId: parentOf(request, scopeId) };
  };
  const permissionFor = (operation: "create" | "update" | "delete"): string | readonly string[] => kind.permissions[operation] ?? kind.permissions.write;
  const inScope = (call: KindCall): KindRecord[] => kindRecords(ctx, kind.name).filter((r) => r.scopeId === call.scopeId && r.parentId === call.parentId);
  /** The object the item path names; `builtIns` lets a read find a built-in one (a write to one is refused). */
  const find = (request: FastifyRequest, call: KindCall, builtIns = false): KindRecord => {
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
    const builtIn = kind.builtIn?.(call).find((r) => r.id === id);
    if (builtIns && builtIn !== undefined) return builtIn;
    if (kind.builtInNotFound !== true && builtIn !== undefined) throw detailError(400, `${kind.noun} ${id} is built in and cannot be changed or deleted`);
    throw detailError(404, `${kind.noun} not found`);
  };
  const removeRecord = (record: KindRecord, call: KindCall): void => {
    kind.beforeDelete?.(record, call);
    // Objects under this one go with it (a tag key's values), and the objects that reference those (their taggings).
    removeWithDependents(ctx, registeredKinds.get(app) ?? [kind], record, call);
    kind.afterDelete?.(record, call);
  };
  /** The object of the scope a keyed write names (`keyedWrites.ts`; 404 when none). */
  const findKeyed = (call: KindCall, field: string, name: KeyedName): KindRecord => {
    const record = findKeyedRecord(inScope(call), field, name);
    if (record === undefined) throw detailError(404, `${kind.noun} not found`);
    return record;
  };
  /** The kind's objects in the caller's scope, rendered and selected by the list's query (filters, sort, page). */
  const listed = (call: KindCall): { page: Record<string, unknown>[]; total: number; selected: Record<string, unknown>[] } => {
    const stored = inScope(call);
    const own = kind.listRecords !== undefined ? kind.listRecords(call, stored) : stored;
    const ordered = kind.newestFirst === true ? [...own].reverse() : own;
    const rendered = [...(kind.builtIn?.(call) ?? []), ...(ordered.length > 0 ? ordered : (kind.fallback?.(call) ?? []))].map((r) =>
      renderRecord(kind, r, ctx),
    );
    return selectListedPage(kind.listQuery ?? {}, call.query, rendered, call);
  };

  const { create, patch } = kind;
  /** A create body read through the schema; a route that reads its body itself refuses one with 400 and a `detail` string. */
  const createBody = (schema: NonNullable<KindDeclaration["create"]>, raw: unknown): Record<string, unknown> => {
    try {
      return parseBody(schema.schema, raw) as Record<string, unknown>;
    } catch (error) {
      if (schema.invalidStatus !== 400 || !(error instanceof ValidationFailure)) throw error;
      throw detailError(
        400,
        `Invalid request body: ${error.errors.map((e) => `${e.loc.filter((l) => l !== "body").join(".") || "body"}: ${e.msg}`).join("; ")}`,
      );
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
      return kindRecords(ctx, kind.name)
        .filter((r) => workspaceIds.has(r.scopeId))
        .map((r) => renderRecord(kind, r, ctx));
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
        const match = records.find(
          (r) => r.scopeId === call.scopeId && r.parentId === call.parentId && upsert.key.every((key) => sameValue(r.wire[key], fields[key])),
        );
        if (deletes) {
          if (match !== undefined) removeWithDependents(ctx, registeredKinds.get(app) ?? [kind], match, call);
          continue;
        }
        if (match !== undefined) {
          match.wire = { ...match.wire, ...fields, id: match.id, ...stampsOf(kind, call.nowIso, false) };
          written = match;
        } else {
          const id = randomUUID();
          written = {
            id,
            scopeId: call.scopeId,
            parentId: call.parentId,
            wire: { ...(upsert.defaults ?? {}), ...fields, id, ...stampsOf(kind, call.nowIso, true) },
          };
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
      const object = renderRecord(kind, find(request, call, true), ctx);
      return kind.answers?.get !== undefined ? kind.answers.get(object, call) : object;
    });
  }

  if (patch !== undefined) {
    const keyedBy = kind.keyedBy;
    route("PATCH", keyedBy !== undefined ? kind.collection : item, async (request) => {
      const call = callFor(request, permissionFor("update"));
      const found = keyedBy === undefined ? find(request, call) : undefined;
      const body = parseBody(patch.schema, request.body) as Record<string, unknown>;
      const record = found ?? findKeyed(call, keyedBy ?? "id", { value: body[keyedBy ?? "id"], id: body["id"] });
      refuseNulls(patch.notNull ?? [], body);
      patch.check?.(body, call);
      // Only the fields the request names change (a schema default, or the contract's "missing" marker, is not a change).
      const sent = typeof request.body === "object" && request.body !== null ? Object.keys(request.body) : [];
      const named = Object.entries(body).filter(
        ([key, value]) => sent.includes(key) && !isMissingMarker(value) && !(patch.ignoreNull === true && value === null),
      );
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
      const fields = withoutTransient(kind, {
        ...(replace.defaults ?? {}),
        ...Object.fromEntries(Object.entries(body).filter(([key]) => key !== "id")),
        ...(replace.derive?.(body, call) ?? {}),
      });
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
        record = findKeyed(call, keyedBy, keyedDeleteName(call.query, keyedBy));
      } else {
        record = find(request, call);
      }
      removeRecord(record, call);
      ctx.store.commit();
      if (typeof remove.answer === "function") return remove.answer(renderRecord(kind, record, ctx), call);
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
