/**
 * Examples of datasets (`/api/v1/examples`, with `X-Tenant-Id`): the
 * inputs (and reference outputs) a dataset holds for evaluations.
 *
 * What the service does that the contract cannot say:
 * - An example belongs to one dataset of the workspace (`dataset_id`; 404
 *   for another) and is deleted with it. A `PATCH` naming another dataset
 *   moves it there.
 * - The create route reads its body itself (its operation declares no 422):
 *   a body it cannot read answers 400 with a `detail` naming each problem.
 *   `inputs` is required unless `use_source_run_io` copies the inputs and
 *   outputs of the trace run `source_run_id` (a run seeded with the control
 *   handle; 404 when none has that id).
 * - The split is kept in the metadata, as `metadata.dataset_split` (a list;
 *   `split` given as a string is a list of one; default `["base"]`). A
 *   `PATCH` with `split` changes it; with `metadata` and no `split` the
 *   split is kept.
 * - A `PATCH` changes the fields it names (`inputs: null` leaves the inputs;
 *   `outputs` or `metadata` sent as `null` are cleared); with
 *   `overwrite: true` the body is the whole example: `outputs` and
 *   `metadata` it leaves out are cleared and the split goes back to `base`.
 * - Attachments are uploaded over multipart (`sdk/exampleAttachments.ts`);
 *   this JSON API makes examples without (`attachment_urls` is `null`), and
 *   a change's `attachments_operations` keeps those it retains or renames
 *   (400 for a name the example has none of).
 * - `name` is `#` and the first four hex digits of the id; `modified_at`
 *   changes with every `PATCH`.
 * - Deleting examples (one, or several with `?example_ids=`) answers
 *   `null`; in a delete of several, ids the workspace does not have are
 *   skipped (one alone answers 404).
 * - Permissions: `datasets:read` to read, `datasets:update` to write.
 * - The list reads `id`, `dataset`, `splits` (any of them), `metadata` (a
 *   JSON object the example's metadata must contain), `full_text_contains`
 *   (each text found in the inputs or outputs), `filter` (an expression
 *   over the metadata: `exampleFilter.ts`), `as_of` (the examples as they
 *   were then: `exampleVersions.ts`), `order` (`recent`: last modified
 *   first; `recently_created`; `id`; `random`: shuffled by `random_seed`),
 *   `descending`, `offset` and `limit`; `select` changes nothing (every
 *   field is answered).
 */
import { detailError } from "../http/errors";
import type { KindRecord } from "../core/types";
import { zExampleUpdate, zPostApiV1ExamplesData } from "../wire/tracingAndEvaluation";
import { recordDatasetVersion } from "./sdk/versionLog";
import { defineKind } from "../kinds/declaration";
import { exampleFilterParam } from "./exampleFilter";
import { examplesAsOf, recordExampleVersion } from "./exampleVersions";
import type { KindCall } from "../kinds/kindCall";
import { listParam, metadataParam, textsParam } from "./tracingQuery";

type Json = Record<string, unknown>;

/** The split list a `split` field stands for. */
function splitList(split: unknown): string[] {
  if (Array.isArray(split)) return split.map(String);
  return typeof split === "string" ? [split] : ["base"];
}

function objectOrNull(value: unknown): Json | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : null;
}

/** Inputs, outputs and metadata of a new example (the split folded into the metadata; shared with the SDKs' routes, `sdk/`). */
export function createdExample(body: Json, call: KindCall): Json {
  let inputs = objectOrNull(body["inputs"]);
  let outputs = objectOrNull(body["outputs"]);
  if (body["use_source_run_io"] === true) {
    const runId = body["source_run_id"];
    if (typeof runId !== "string") throw detailError(400, "use_source_run_io needs source_run_id: the run whose inputs and outputs the example copies");
    const run = call.ctx.store.state.traceRuns.find((r) => r.id === runId.toLowerCase());
    if (run === undefined) throw detailError(404, `source run ${runId} not found`);
    inputs ??= run.inputs;
    outputs ??= run.outputs;
  }
  if (inputs === null) throw detailError(400, "inputs: Field required (unless use_source_run_io copies them from source_run_id)");
  const metadata = { ...(objectOrNull(body["metadata"]) ?? {}), dataset_split: splitList(body["split"]) };
  const createdAt = body["created_at"];
  if (typeof createdAt === "string" && Number.isNaN(Date.parse(createdAt))) throw detailError(400, `created_at: not a date-time: ${createdAt}`);
  return { inputs, outputs, metadata, attachment_urls: null };
}

/**
 * The `attachment_urls` an `attachments_operations` leaves (`{}` without
 * one): the attachments it retains, and those it renames under their new
 * names; 400 for a name the example has no attachment of.
 */
function attachmentChanges(operations: Json | null, example: KindRecord): Json {
  if (operations === null) return {};
  const urls = objectOrNull(example.wire["attachment_urls"]) ?? {};
  const rename = Object.entries(objectOrNull(operations["rename"]) ?? {}).map(([from, to]) => [from, String(to)] as const);
  const retain = Array.isArray(operations["retain"]) ? (operations["retain"] as unknown[]).map(String) : [];
  const unknown = [...rename.map(([from]) => from), ...retain].filter((name) => !(`attachment.${name}` in urls));
  if (unknown.length > 0) throw detailError(400, `Example ${example.id} has no attachments: ${unknown.join(", ")}`);
  const kept = Object.fromEntries(
    [...retain.map((name) => [name, name] as const), ...rename].map(([from, to]) => [`attachment.${to}`, urls[`attachment.${from}`]]),
  );
  return { attachment_urls: Object.keys(kept).length > 0 ? kept : null };
}

/**
 * What an `ExampleUpdate` changes on a stored example (shared with the
 * dataset's `patch_examples`); may refuse it with an `HttpError`.
 */
export function exampleChanges(update: Json, example: KindRecord): Json {
  const attachments = attachmentChanges(objectOrNull(update["attachments_operations"]), example);
  const overwrite = update["overwrite"] === true;
  const stored = objectOrNull(example.wire["metadata"]) ?? {};
  const changes: Json = { ...(overwrite ? { outputs: null } : {}), ...attachments };
  if (objectOrNull(update["inputs"]) !== null) changes["inputs"] = update["inputs"];
  if ("outputs" in update) changes["outputs"] = objectOrNull(update["outputs"]);
  if (typeof update["dataset_id"] === "string") changes["dataset_id"] = update["dataset_id"].toLowerCase();
  const metadataSent = "metadata" in update;
  const base = metadataSent ? (objectOrNull(update["metadata"]) ?? {}) : overwrite ? {} : stored;
  const split =
    update["split"] !== undefined && update["split"] !== null ? splitList(update["split"]) : overwrite ? ["base"] : (stored["dataset_split"] ?? ["base"]);
  if (metadataSent || overwrite || "split" in update) {
    changes["metadata"] = metadataSent && update["metadata"] === null && !("split" in update) ? null : { ...base, dataset_split: split };
  }
  return changes;
}

/** The example kind. */
export const EXAMPLES = defineKind({
  name: "examples",
  noun: "Example",
  scope: "workspace",
  collection: "/api/v1/examples",
  idParam: "example_id",
  permissions: { read: "datasets:read", write: "datasets:update" },
  create: {
    schema: zPostApiV1ExamplesData.shape.body,
    acceptsId: true,
    invalidStatus: 400,
    defaults: { source_run_id: null },
    derive: createdExample,
  },
  get: true,
  patch: {
    schema: zExampleUpdate,
    // The stored fields are what `exampleChanges` makes of the request, not the request's fields.
    derive: (changes, record) => ({
      inputs: record.wire["inputs"],
      outputs: record.wire["outputs"],
      metadata: record.wire["metadata"],
      dataset_id: record.wire["dataset_id"],
      ...exampleChanges(changes, record),
    }),
  },
  transient: ["split", "use_source_run_io", "use_source_run_attachments", "use_legacy_message_format", "overwrite", "attachments_operations"],
  delete: { answer: "empty" },
  bulkDelete: { param: "example_ids", style: "repeated", maxItems: Infinity, answer: () => null },
  references: { dataset_id: "datasets" },
  timestamps: { created: "created_at", updated: "modified_at" },
  render: (record) => ({ name: `#${record.id.slice(0, 4)}` }),
  // Every write is a version of the dataset: its time and example in the dataset's version log (sdk/versionLog.ts, the
  // SDKs' versions and diffs), and the example's content as of it (exampleVersions.ts, which `as_of` reads).
  afterCreate: (record, call) => {
    recordDatasetVersion(call.ctx, call.scopeId, record.wire["dataset_id"], record.id, call.nowIso);
    recordExampleVersion(call.ctx, record, call.nowIso);
  },
  afterUpdate: (record, call) => {
    recordDatasetVersion(call.ctx, call.scopeId, record.wire["dataset_id"], record.id, call.nowIso);
    recordExampleVersion(call.ctx, record, call.nowIso);
  },
  afterDelete: (record, call) => {
    recordDatasetVersion(call.ctx, call.scopeId, record.wire["dataset_id"], record.id, call.nowIso, true);
    recordExampleVersion(call.ctx, record, call.nowIso, true);
  },
  listRecords: examplesAsOf,
  listQuery: {
    id: { type: "uuids", filters: "id" },
    dataset: { type: "uuid", filters: "dataset_id" },
    splits: listParam("metadata.dataset_split"),
    metadata: metadataParam("metadata"),
    full_text_contains: textsParam(["inputs", "outputs"]),
    filter: exampleFilterParam(),
    order: {
      type: "sortBy",
      fields: { recent: ["modified_at", "created_at"], recently_created: ["created_at"], id: ["id"], random: [] },
      default: "recent",
      descending: ["recent", "recently_created"],
      shuffle: { key: "random", seed: "random_seed" },
    },
    descending: { type: "descending", default: null },
    offset: { type: "offset" },
    limit: { type: "limit", default: 100, max: 100 },
  },
});
