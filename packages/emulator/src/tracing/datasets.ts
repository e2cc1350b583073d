/**
 * Datasets (`/api/v1/datasets`, with `X-Tenant-Id`): named collections of
 * examples that experiments evaluate against.
 *
 * What the service does that the contract cannot say:
 * - A dataset's name is unique in its workspace (409 for a taken one, on
 *   create and on rename).
 * - Deleting a dataset (one, or several with `?dataset_ids=`) deletes its
 *   examples and its experiments (the projects whose
 *   `reference_dataset_id` names it, with their trace runs); projects and
 *   annotation queues that only default to it (`default_dataset_id`,
 *   `default_dataset`) are kept with that field `null`. A delete answers
 *   `null`; in a delete of several (at most 100), ids the workspace does
 *   not have are skipped (one alone answers 404).
 * - `data_type` (`kv` by default, `llm`, `chat`) is fixed at creation: the
 *   update has no such field.
 * - The create body's `extra.metadata` is the dataset's `metadata`; a
 *   `PATCH` sets `metadata` directly. A `PATCH` changes the fields it names
 *   (the contract's `{"__missing__": ...}` marks a field left alone; `null`
 *   clears); `patch_examples` (example id to `ExampleUpdate`) changes
 *   examples of this dataset at the same time (404 when one is not its).
 *   `baseline_experiment_id` must name one of the dataset's experiments (404
 *   otherwise) and goes back to `null` when that experiment is deleted.
 * - `example_count`, `session_count` (its experiments) and
 *   `last_session_start_time` are counted from the stored examples and
 *   projects; `modified_at` changes with every `PATCH`.
 * - Permissions: `datasets:read` to read; `datasets:create`,
 *   `datasets:update`, `datasets:delete` to write.
 * - The list reads `id`, `data_type` (one or several), `name`,
 *   `name_contains`, `metadata` (a JSON object the dataset's metadata must
 *   contain), `sort_by`, `sort_by_desc`, `offset` and `limit`;
 *   `tag_value_id`, `exclude` and `exclude_corrections_datasets` change nothing.
 */
import { detailError } from "../http/errors";
import type { KindRecord } from "../core/types";
import { zDatasetCreate, zDatasetUpdate } from "../wire/tracingAndEvaluation";
import { defineKind } from "../kinds/declaration";
import { EXAMPLES, exampleChanges } from "./examples";
import { recordExampleVersion } from "./exampleVersions";
import type { KindCall } from "../kinds/kindCall";
import { kindRecords } from "../kinds/records";
import { SESSIONS } from "./sessions";
import { listParam, metadataParam } from "./tracingQuery";

type Json = Record<string, unknown>;

function objectOrNull(value: unknown): Json | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : null;
}

/** The examples a `patch_examples` names, each checked to be one of the dataset's. */
function patchedExamples(changes: Json, record: KindRecord, call: KindCall): [KindRecord, Json][] {
  const patches = objectOrNull(changes["patch_examples"]) ?? {};
  const examples = kindRecords(call.ctx, EXAMPLES.name);
  return Object.entries(patches).map(([id, update]) => {
    const example = examples.find((e) => e.id === id.toLowerCase() && e.scopeId === call.scopeId && e.wire["dataset_id"] === record.id);
    if (example === undefined) throw detailError(404, `Example ${id} not found in dataset ${record.id}`);
    const fields = exampleChanges(update as Json, example);
    if (
      typeof fields["dataset_id"] === "string" &&
      !kindRecords(call.ctx, DATASETS.name).some((d) => d.id === fields["dataset_id"] && d.scopeId === call.scopeId)
    ) {
      throw detailError(404, `dataset ${String(fields["dataset_id"])} not found`);
    }
    return [example, fields];
  });
}

/** The dataset's counts, from its stored examples and experiments. */
function datasetCounts(record: KindRecord, ctx: KindCall["ctx"]): Json {
  const experiments = kindRecords(ctx, SESSIONS.name).filter((s) => s.scopeId === record.scopeId && s.wire["reference_dataset_id"] === record.id);
  const starts = experiments.map((s) => String(s.wire["start_time"])).sort();
  return {
    example_count: kindRecords(ctx, EXAMPLES.name).filter((e) => e.scopeId === record.scopeId && e.wire["dataset_id"] === record.id).length,
    session_count: experiments.length,
    last_session_start_time: starts[starts.length - 1] ?? null,
  };
}

/** The dataset kind. */
export const DATASETS = defineKind({
  name: "datasets",
  noun: "Dataset",
  scope: "workspace",
  collection: "/api/v1/datasets",
  idParam: "dataset_id",
  permissions: { read: "datasets:read", write: "datasets:update", create: "datasets:create", update: "datasets:update", delete: "datasets:delete" },
  create: {
    schema: zDatasetCreate,
    acceptsId: true,
    defaults: { description: null, inputs_schema_definition: null, outputs_schema_definition: null, transformations: null, baseline_experiment_id: null },
    derive: (body, call) => ({ metadata: objectOrNull(objectOrNull(body["extra"])?.["metadata"]), tenant_id: call.scopeId }),
  },
  get: true,
  patch: {
    schema: zDatasetUpdate,
    notNull: ["name"],
    derive(changes, record, call) {
      const baseline = changes["baseline_experiment_id"];
      if (
        typeof baseline === "string" &&
        !kindRecords(call.ctx, SESSIONS.name).some(
          (s) => s.id === baseline.toLowerCase() && s.scopeId === call.scopeId && s.wire["reference_dataset_id"] === record.id,
        )
      ) {
        throw detailError(404, `baseline experiment ${baseline} not found among the dataset's experiments`);
      }
      patchedExamples(changes, record, call);
      return typeof baseline === "string" ? { baseline_experiment_id: baseline.toLowerCase() } : {};
    },
  },
  transient: ["patch_examples", "extra"],
  delete: { answer: "empty" },
  bulkDelete: { param: "dataset_ids", style: "repeated", maxItems: 100, answer: () => null },
  unique: ["name"],
  references: { baseline_experiment_id: { kind: "sessions", onDelete: "unset" } },
  timestamps: { created: "created_at", updated: "modified_at" },
  render: datasetCounts,
  afterUpdate(record, call, sent) {
    for (const [example, fields] of patchedExamples(sent ?? {}, record, call)) {
      example.wire = { ...example.wire, ...fields, modified_at: call.nowIso };
      recordExampleVersion(call.ctx, example, call.nowIso);
    }
  },
  listQuery: {
    id: { type: "uuids", filters: "id" },
    data_type: listParam("data_type", { values: ["kv", "llm", "chat"] }),
    name: { type: "string", filters: "name" },
    name_contains: { type: "search", fields: ["name"] },
    metadata: metadataParam("metadata"),
    sort_by: {
      type: "sortBy",
      fields: {
        name: ["name"],
        created_at: ["created_at"],
        last_session_start_time: ["last_session_start_time", "created_at"],
        example_count: ["example_count"],
        session_count: ["session_count"],
        modified_at: ["modified_at"],
      },
      default: "last_session_start_time",
    },
    sort_by_desc: { type: "descending", default: true },
    offset: { type: "offset" },
    limit: { type: "limit", default: 100, max: 100 },
  },
});
