/**
 * Splits of a dataset's examples (the names in each example's
 * `metadata.dataset_split`), as the SDKs list and change them
 * (`list_dataset_splits`, `update_dataset_splits`):
 *
 * - `GET /api/v1/datasets/{dataset_id}/splits`: the names its examples use,
 *   sorted (`as_of` is read and changes nothing: versions keep no contents,
 *   see `datasetVersions.ts`).
 * - `PATCH /v1/platform/datasets/{dataset_id}/examples/metadata`
 *   `{example_ids, operations: [{key, operation, values}]}` (a Go route:
 *   errors as `platformExamples.ts` answers them): each operation adds its values to the list
 *   at `metadata.<key>` (`array_add`, once each) or removes them
 *   (`array_remove`), for each named example of the dataset (404 for one it
 *   does not have; at most 10 000). The SDKs read no answer; the emulator
 *   answers `{count, example_ids}`.
 * - `PUT /api/v1/datasets/{dataset_id}/splits` `{split_name, examples,
 *   remove}` (what the SDKs fall back on where the route above is missing):
 *   adds the split to those examples, or removes it; answers their ids.
 *
 * Each change moves the examples' `modified_at` (a new version of the
 * dataset). Reading needs `datasets:read`, changing `datasets:update`.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../core/context";
import { detailError, type FastApiValidationError, ValidationFailure } from "../../http/errors";
import { kindRecords } from "../../kinds/records";
import { canonicalUuid, isUuid } from "../../http/params";
import type { KindRecord } from "../../core/types";
import { datasetCall, datasetExamples } from "./datasetVersions";
import { platformErrorHandler } from "./platformExamples";
import { recordDatasetVersion } from "./versionLog";
import { recordExampleVersion } from "../exampleVersions";

type Json = Record<string, unknown>;

/** The most example ids one metadata request may name (the SDKs send at most this many). */
const MAX_METADATA_IDS = 10_000;

/** The examples `ids` name among a dataset's (404 naming the first it does not have). */
function examplesOf(ctx: EmulatorContext, datasetId: string, ids: readonly unknown[]): KindRecord[] {
  const records = kindRecords(ctx, "examples");
  return ids.map((raw) => {
    const id = String(raw);
    const record = isUuid(id) ? records.find((r) => r.id === canonicalUuid(id) && r.wire["dataset_id"] === datasetId) : undefined;
    if (record === undefined) throw detailError(404, `example ${id} not found in dataset ${datasetId}`);
    return record;
  });
}

/** Adds `values` to, or removes them from, the list at `metadata[key]` of each example. */
function changeList(ctx: EmulatorContext, records: readonly KindRecord[], key: string, values: readonly string[], remove: boolean, nowIso: string): void {
  for (const record of records) {
    const metadata = { ...((record.wire["metadata"] as Json | null) ?? {}) };
    const current = Array.isArray(metadata[key]) ? (metadata[key] as unknown[]).map(String) : [];
    metadata[key] = remove ? current.filter((v) => !values.includes(v)) : [...current, ...values.filter((v) => !current.includes(v))];
    record.wire = { ...record.wire, metadata, modified_at: nowIso };
    recordDatasetVersion(ctx, record.scopeId, record.wire["dataset_id"], record.id, nowIso);
    recordExampleVersion(ctx, record, nowIso);
  }
}

/** Registers the split routes. */
export function registerDatasetSplitRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get("/api/v1/datasets/:dataset_id/splits", async (request) => {
    const { datasetId } = datasetCall(ctx, request, "datasets:read");
    const names = new Set<string>();
    for (const example of datasetExamples(ctx, datasetId)) {
      const split = (example["metadata"] as Json | null)?.["dataset_split"];
      for (const name of Array.isArray(split) ? split : []) names.add(String(name));
    }
    return [...names].sort();
  });

  app.put("/api/v1/datasets/:dataset_id/splits", async (request) => {
    const { datasetId, nowIso } = datasetCall(ctx, request, "datasets:update");
    const body = (request.body ?? {}) as Json;
    const errors: FastApiValidationError[] = [];
    if (typeof body["split_name"] !== "string") errors.push({ type: "missing", loc: ["body", "split_name"], msg: "Field required", input: body });
    if (!Array.isArray(body["examples"])) errors.push({ type: "missing", loc: ["body", "examples"], msg: "Field required", input: body });
    if (errors.length > 0) throw new ValidationFailure(errors);
    const records = examplesOf(ctx, datasetId, body["examples"] as unknown[]);
    changeList(ctx, records, "dataset_split", [String(body["split_name"])], body["remove"] === true, nowIso);
    ctx.store.commit();
    return records.map((r) => r.id);
  });

  app.route({
    method: "PATCH",
    url: "/v1/platform/datasets/:dataset_id/examples/metadata",
    errorHandler: platformErrorHandler,
    handler: async (request) => {
      const { datasetId, nowIso } = datasetCall(ctx, request, "datasets:update");
      const body = (request.body ?? {}) as Json;
      const ids = body["example_ids"];
      const operations = body["operations"];
      if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_METADATA_IDS) throw detailError(400, `example_ids: 1 to ${MAX_METADATA_IDS} example ids`);
      if (!Array.isArray(operations) || operations.length === 0) throw detailError(400, "operations: at least one operation");
      const records = examplesOf(ctx, datasetId, ids);
      for (const operation of operations as Json[]) {
        const kind = String(operation["operation"]).toLowerCase();
        if (typeof operation["key"] !== "string" || !Array.isArray(operation["values"])) throw detailError(400, "each operation needs key and values");
        if (kind !== "array_add" && kind !== "array_remove") throw detailError(400, `operation ${kind} is not emulated (array_add, array_remove)`);
        changeList(ctx, records, operation["key"], (operation["values"] as unknown[]).map(String), kind === "array_remove", nowIso);
      }
      ctx.store.commit();
      return { count: records.length, example_ids: records.map((r) => r.id) };
    },
  });
}
