/**
 * Examples written several at a time, as the SDKs write them (the JSON bulk
 * routes, `examplesBulk.ts`, and the multipart ones, `platformExamples.ts`):
 * every item is read and checked before any is written, so a refused
 * request changes nothing. Each example is the one the single-example route
 * (`../examples.ts`) would make of the same fields.
 */
import { randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { EmulatorContext } from "../../core/context";
import { detailError, type FastApiValidationError, ValidationFailure } from "../../http/errors";
import { canonicalUuid, isUuid, type RawQuery } from "../../http/params";
import type { KindRecord } from "../../core/types";
import { parseBody } from "../../http/validation";
import { createdExample, EXAMPLES, exampleChanges } from "../examples";
import type { KindCall } from "../../kinds/kindCall";
import { kindRecords, renderRecord } from "../../kinds/records";
import { assertReferences } from "../../kinds/references";
import { authenticateFor } from "../../kinds/scopeAuth";
import { stampsOf, withoutTransient } from "../../kinds/writeFields";
import { zExampleUpdate, zPostApiV1ExamplesData } from "../../wire/tracingAndEvaluation";
import { recordDatasetVersion } from "./versionLog";
import { recordExampleVersion } from "../exampleVersions";

type Json = Record<string, unknown>;

/** The call of an examples write: the caller in its workspace, with `datasets:update` (or `datasets:read` to read). */
export function examplesCall(ctx: EmulatorContext, request: FastifyRequest, permission: "datasets:read" | "datasets:update"): KindCall {
  const { auth, scopeId } = authenticateFor(ctx, request, "workspace", permission);
  return {
    ctx,
    auth,
    scopeId,
    parentId: null,
    nowIso: new Date(ctx.now()).toISOString(),
    params: (request.params ?? {}) as Record<string, string>,
    query: (request.query ?? {}) as RawQuery,
  };
}

/** Reads item `index` of a list body through `schema`, its errors located at `["body", index, ...]`. */
function parseItem(schema: Parameters<typeof parseBody>[0], item: unknown, index: number): Json {
  try {
    return parseBody(schema, item) as Json;
  } catch (error) {
    if (!(error instanceof ValidationFailure)) throw error;
    throw new ValidationFailure(error.errors.map((e): FastApiValidationError => ({ ...e, loc: ["body", index, ...e.loc.slice(1)] })));
  }
}

/** A list body (422 for anything else, as FastAPI reads a `list[...]` body). */
export function listBody(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  throw new ValidationFailure([{ type: "list_type", loc: ["body"], msg: "Input should be a valid list", input: body ?? null }]);
}

/**
 * Creates examples from create bodies (`ExampleCreate` fields with
 * `dataset_id`): all are checked first (dataset of the workspace, inputs, a
 * taken id: 409), then all are stored. Answers the stored records.
 */
export function createExamples(call: KindCall, items: readonly unknown[]): KindRecord[] {
  const records = kindRecords(call.ctx, EXAMPLES.name);
  const taken = new Set(records.map((r) => r.id));
  const made = items.map((item, index): KindRecord => {
    const body = parseItem(zPostApiV1ExamplesData.shape.body, item, index);
    const given = typeof body["id"] === "string" ? canonicalUuid(body["id"]) : undefined;
    const id = given ?? randomUUID();
    if (taken.has(id)) throw detailError(409, `Example with this id already exists: ${id}`);
    taken.add(id);
    const stamps = stampsOf(EXAMPLES, call.nowIso, true);
    if (typeof body["created_at"] === "string" && !Number.isNaN(Date.parse(body["created_at"]))) stamps["created_at"] = body["created_at"];
    const wire: Json = { source_run_id: null, ...withoutTransient(EXAMPLES, body), ...createdExample(body, call), id, ...stamps };
    wire["dataset_id"] = String(wire["dataset_id"]).toLowerCase();
    assertReferences(call.ctx, EXAMPLES, wire, call.scopeId);
    return { id, scopeId: call.scopeId, parentId: null, wire };
  });
  records.push(...made);
  for (const r of made) {
    recordDatasetVersion(call.ctx, call.scopeId, r.wire["dataset_id"], r.id, call.nowIso);
    recordExampleVersion(call.ctx, r, call.nowIso);
  }
  call.ctx.store.commit();
  return made;
}

/**
 * Changes examples by `ExampleUpdate` bodies with their `id`: every id must
 * be an example of the workspace (404 otherwise, naming it), each change is
 * what `PATCH /api/v1/examples/{id}` makes of it. Answers the changed records.
 */
export function updateExamples(call: KindCall, items: readonly unknown[]): KindRecord[] {
  const records = kindRecords(call.ctx, EXAMPLES.name);
  const changes = items.map((item, index) => {
    const id = typeof item === "object" && item !== null ? (item as Json)["id"] : undefined;
    if (typeof id !== "string" || !isUuid(id))
      throw new ValidationFailure([{ type: "uuid_parsing", loc: ["body", index, "id"], msg: "Input should be a valid UUID", input: id ?? null }]);
    const record = records.find((r) => r.id === canonicalUuid(id) && r.scopeId === call.scopeId);
    if (record === undefined) throw detailError(404, `Example ${id} not found`);
    const { id: _id, ...update } = item as Json;
    const sent = parseItem(zExampleUpdate, update, index);
    const named = Object.fromEntries(Object.entries(sent).filter(([key]) => key in update));
    const fields = exampleChanges(named, record);
    assertReferences(call.ctx, EXAMPLES, fields, call.scopeId);
    return { record, fields };
  });
  for (const { record, fields } of changes) {
    const before = record.wire["dataset_id"];
    record.wire = { ...record.wire, ...fields, ...stampsOf(EXAMPLES, call.nowIso, false) };
    recordDatasetVersion(call.ctx, call.scopeId, before, record.id, call.nowIso);
    if (record.wire["dataset_id"] !== before) recordDatasetVersion(call.ctx, call.scopeId, record.wire["dataset_id"], record.id, call.nowIso);
    recordExampleVersion(call.ctx, record, call.nowIso);
  }
  call.ctx.store.commit();
  return changes.map((c) => c.record);
}

/** Examples as the routes answer them. */
export function renderExamples(call: KindCall, records: readonly KindRecord[]): Json[] {
  return records.map((r) => renderRecord(EXAMPLES, r, call.ctx));
}
