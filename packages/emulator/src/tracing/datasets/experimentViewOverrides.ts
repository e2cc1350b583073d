/**
 * Experiment view overrides of a dataset
 * (`/api/v1/platform/datasets/{dataset_id}/experiment-view-overrides`, with
 * `X-Tenant-Id`): how the columns of the dataset's experiments are shown
 * (colour gradients and maps, precision, hidden columns). Served by a Go
 * service: a malformed request is a 400, every error `{"error": "..."}`.
 *
 * The service's published document writes these paths bare
 * (`/datasets/{dataset_id}/...`), alone of the platform family; they are
 * served here where every other platform path is, under `/api/v1/platform`.
 *
 * What the service does that the contract cannot say (the emulator's
 * choices where the document's prose does not say it):
 * - A dataset has at most one override: a second create answers 409 (the
 *   document's words: "fails if an override already exists for the
 *   dataset (use PATCH to update)").
 * - `PATCH` replaces the whole `column_overrides` list.
 * - A column's answer holds what the request set and nothing more (the Go
 *   service's optional fields are pointers left out when unset: `precision`
 *   has no zero value in 1..6 it could answer instead); a `false` or an
 *   empty map sent is answered as sent.
 * - Each `column` starts with `inputs`, `outputs`, `reference_outputs`,
 *   `feedback`, `metrics`, `attachments` or `metadata` (the whole word, or
 *   followed by `.`): 422 otherwise, naming the index; each
 *   `color_gradient` stop is a `[number, color]` pair (422 otherwise).
 * - Create answers 201, delete 204; the list answers the dataset's
 *   overrides (one at most), not paged. Deleting the dataset deletes its
 *   override.
 * - Permissions: `datasets:read` to read, `datasets:update` to write.
 */
import { HttpError } from "../../http/errors";
import { zExperimentViewOverridesExperimentViewOverridePatchRequest, zExperimentViewOverridesExperimentViewOverridePostRequest } from "../../wire/additions";
import { defineKind } from "../../kinds/declaration";
import type { KindCall } from "../../kinds/kindCall";
import { kindRecords } from "../../kinds/records";

type Json = Record<string, unknown>;

/** The words a column's name starts with, as the service's validation names them. */
const COLUMN_PREFIXES = ["inputs", "outputs", "reference_outputs", "feedback", "metrics", "attachments", "metadata"] as const;

const KIND_NAME = "experimentViewOverrides";

/** Refuses (422) a column that starts with no known word, or a gradient stop that is no `[number, color]` pair, naming its index. */
function checkColumns(body: Json): void {
  const overrides = Array.isArray(body["column_overrides"]) ? (body["column_overrides"] as Json[]) : [];
  overrides.forEach((override, index) => {
    const column = String(override["column"] ?? "");
    if (!COLUMN_PREFIXES.some((prefix) => column === prefix || column.startsWith(`${prefix}.`)))
      throw new HttpError(422, { error: `column name at index ${index} must start with one of: ${COLUMN_PREFIXES.join(", ")}` });
    const stops = Array.isArray(override["color_gradient"]) ? (override["color_gradient"] as unknown[]) : [];
    if (stops.some((stop) => !Array.isArray(stop) || stop.length !== 2 || typeof stop[0] !== "number" || typeof stop[1] !== "string"))
      throw new HttpError(422, { error: `color_gradient at index ${index} must be [number, color] pairs` });
  });
}

/** The experiment view override kind. */
export const EXPERIMENT_VIEW_OVERRIDES = defineKind({
  name: KIND_NAME,
  noun: "Experiment view override",
  scope: "workspace",
  collection: "/api/v1/platform/datasets/:dataset_id/experiment-view-overrides",
  idParam: "id",
  parent: { param: "dataset_id", kind: "datasets" },
  errors: "go",
  permissions: { read: "datasets:read", write: "datasets:update" },
  create: {
    schema: zExperimentViewOverridesExperimentViewOverridePostRequest,
    status: 201,
    derive: (body, call: KindCall) => {
      checkColumns(body);
      if (kindRecords(call.ctx, KIND_NAME).some((record) => record.scopeId === call.scopeId && record.parentId === call.parentId))
        throw new HttpError(409, { error: "experiment view override already exists" });
      return { dataset_id: call.parentId };
    },
  },
  get: true,
  patch: { schema: zExperimentViewOverridesExperimentViewOverridePatchRequest, check: (body) => checkColumns(body) },
  delete: { answer: "none" },
  timestamps: { created: "created_at", updated: "modified_at" },
});
