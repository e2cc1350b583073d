/**
 * The ExperimentViewOverride resource: how the columns of a dataset's
 * experiments are shown in LangSmith (colour gradients and maps, decimal
 * precision, hidden columns). A dataset has at most one; its
 * `column_overrides` list is replaced whole by one PATCH.
 *
 * Path: the service's published document writes this family bare
 * (`/datasets/{dataset_id}/experiment-view-overrides`), alone of the
 * platform's Go-served paths; the provider calls it under
 * `/api/v1/platform/datasets/{dataset_id}/experiment-view-overrides`, where
 * every other platform path is and where the community Terraform provider
 * (1.2.0, checked against the service) calls it.
 */
import { defineEndpoint } from "../../client/endpoint";
import { ConflictError, found } from "../../client/errors";
import {
  zExperimentViewOverridesExperimentViewOverridePatchRequest,
  zExperimentViewOverridesExperimentViewOverridePostRequest,
} from "../../client/wire/additions.requests";
import {
  zExperimentViewOverridesExperimentViewOverride,
  zGetApiV1PlatformDatasetsByDatasetIdExperimentViewOverridesByIdResponse,
  zGetApiV1PlatformDatasetsByDatasetIdExperimentViewOverridesResponse,
  zPatchApiV1PlatformDatasetsByDatasetIdExperimentViewOverridesByIdResponse,
  zPostApiV1PlatformDatasetsByDatasetIdExperimentViewOverridesResponse,
} from "../../client/wire/additions.responses";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../../engine/kind";
import { exampleRef, unknownOr, type FieldTable, type InputsOf } from "../../engine/fields/fields";
import { uuid } from "../../engine/fields/validators";
import { CREATED_AT_OUTPUT, OUTPUT_TYPES } from "../../engine/state/outputs";
import { takeOverHint, workspaceOtherThanStack } from "../../engine/state/takeOver";
import { z } from "zod";

const OVERRIDES = "/platform/datasets/{datasetId}/experiment-view-overrides";

/** The dataset's overrides (create 201, list: one at most) and `/{id}` (get, PATCH: the whole list, delete 204). */
export const EXPERIMENT_VIEW_OVERRIDE_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: OVERRIDES,
    request: zExperimentViewOverridesExperimentViewOverridePostRequest,
    response: zPostApiV1PlatformDatasetsByDatasetIdExperimentViewOverridesResponse,
  }),
  list: defineEndpoint({ method: "GET", path: OVERRIDES, response: zGetApiV1PlatformDatasetsByDatasetIdExperimentViewOverridesResponse }),
  get: defineEndpoint({ method: "GET", path: `${OVERRIDES}/{id}`, response: zGetApiV1PlatformDatasetsByDatasetIdExperimentViewOverridesByIdResponse }),
  update: defineEndpoint({
    method: "PATCH",
    path: `${OVERRIDES}/{id}`,
    request: zExperimentViewOverridesExperimentViewOverridePatchRequest,
    response: zPatchApiV1PlatformDatasetsByDatasetIdExperimentViewOverridesByIdResponse,
  }),
  delete: defineEndpoint({ method: "DELETE", path: `${OVERRIDES}/{id}` }),
} satisfies CrudEndpoints;

const TOKEN = "langsmith:index:ExperimentViewOverride";
const KIND = "experiment view override";

/** The words a column's name starts with (the service refuses any other). */
export const COLUMN_PREFIXES = ["inputs", "outputs", "reference_outputs", "feedback", "metrics", "attachments", "metadata"] as const;

const ColorStop = z.strictObject({
  value: z.number().describe("The number at which the colour applies."),
  color: z.string().min(1).describe('The colour there, e.g. `"#00ff00"`.'),
});

const ColumnOverride = z.strictObject({
  column: z
    .string()
    .min(1)
    .max(200)
    .refine((column) => COLUMN_PREFIXES.some((prefix) => column === prefix || column.startsWith(`${prefix}.`)), {
      message: `column must start with one of ${COLUMN_PREFIXES.join(", ")} (e.g. outputs.accuracy)`,
    })
    .describe("The column, e.g. `outputs.accuracy` or `feedback.correctness`."),
  colorGradient: z.array(ColorStop).max(20).optional().describe("Colours along the column's numbers (at most 20 stops)."),
  colorMap: z.record(z.string(), z.string()).optional().describe("A colour for each value of the column."),
  disableColors: z.boolean().optional().describe("Whether the column is shown without colours."),
  hide: z.boolean().optional().describe("Whether the column is hidden."),
  precision: z.number().int().min(1).max(6).optional().describe("Decimal places of the column's numbers, 1 to 6."),
});
type ColumnOverrideInput = z.infer<typeof ColumnOverride>;

/** A column override as the service takes it. */
function toWireOverride(item: ColumnOverrideInput): Record<string, unknown> {
  return {
    column: item.column,
    ...(item.colorGradient !== undefined ? { color_gradient: item.colorGradient.map((stop) => [stop.value, stop.color]) } : {}),
    ...(item.colorMap !== undefined ? { color_map: item.colorMap } : {}),
    ...(item.disableColors !== undefined ? { disable_colors: item.disableColors } : {}),
    ...(item.hide !== undefined ? { hide: item.hide } : {}),
    ...(item.precision !== undefined ? { precision: item.precision } : {}),
  };
}

/** A column override as the service answers it, in the input's shape (what it leaves out stays unset). */
function fromWireOverride(item: Record<string, unknown>): Record<string, unknown> {
  const stops = Array.isArray(item["color_gradient"]) ? (item["color_gradient"] as unknown[][]) : undefined;
  const map = item["color_map"];
  return {
    column: item["column"],
    ...(stops !== undefined ? { colorGradient: stops.map(([value, color]) => ({ value, color })) } : {}),
    ...(map !== null && typeof map === "object" && !Array.isArray(map) ? { colorMap: map } : {}),
    ...(typeof item["disable_colors"] === "boolean" ? { disableColors: item["disable_colors"] } : {}),
    ...(typeof item["hide"] === "boolean" ? { hide: item["hide"] } : {}),
    ...(typeof item["precision"] === "number" ? { precision: item["precision"] } : {}),
  };
}

/** Every input field of an ExperimentViewOverride. */
export const EXPERIMENT_VIEW_OVERRIDE_FIELDS = [
  workspaceIdField(KIND),
  {
    path: "datasetId",
    type: "string (UUID)",
    doc: "The `Dataset` whose experiments the override shows (one override per dataset); another dataset replaces it.",
    schema: unknownOr(uuid("datasetId")),
    reason: "datasetId is required: set it to a Dataset's id",
    required: true,
    effect: "replace",
    secret: false,
    example: { value: exampleRef("langsmith:index:Dataset"), changed: exampleRef("langsmith:index:Dataset", { other: true }) },
  },
  {
    path: "columnOverrides",
    wire: "column_overrides",
    refresh: "always",
    toWire: (value: unknown) => (value as ColumnOverrideInput[]).map(toWireOverride),
    fromWire: (value: unknown) => (Array.isArray(value) ? (value as Record<string, unknown>[]).map(fromWireOverride) : undefined),
    type: "list of `{column, colorGradient?: [{value, color}], colorMap?, disableColors?, hide?, precision?}`, 1 to 50",
    doc:
      "How each column is shown: `column` starts with `inputs`, `outputs`, `reference_outputs`, `feedback`, `metrics`, `attachments` or `metadata` (e.g. `outputs.accuracy`); " +
      "`colorGradient` colours numbers (stops of a number and a colour), `colorMap` colours values, `precision` is 1 to 6 decimal places. A change replaces the whole list in place (one PATCH).",
    schema: z.array(ColumnOverride).min(1).max(50),
    required: true,
    effect: "inPlace",
    secret: false,
    example: {
      value: [
        {
          column: "outputs.accuracy",
          precision: 3,
          colorGradient: [
            { value: 0, color: "#ff0000" },
            { value: 1, color: "#00ff00" },
          ],
        },
      ],
      changed: [
        { column: "outputs.accuracy", precision: 2, hide: false },
        { column: "feedback.tone", colorMap: { good: "#00ff00", bad: "#ff0000" }, disableColors: false },
      ],
    },
  },
] as const satisfies FieldTable;

/** An ExperimentViewOverride's checked inputs. */
export type ExperimentViewOverrideInputs = InputsOf<typeof EXPERIMENT_VIEW_OVERRIDE_FIELDS>;

/** The ExperimentViewOverride, as the native provider serves it. */
export const resource = declareKind({
  token: TOKEN,
  listing: { paging: { by: "none" } },
  kind: KIND,
  description:
    "How the columns of a LangSmith dataset's experiments are shown: colour gradients and maps, decimal precision, hidden columns. A dataset has at most one; " +
    "`columnOverrides` changes in place (the whole list, one PATCH), `datasetId` replaces it. A create for a dataset that already has one is refused with the import hint. " +
    "Called at `/api/v1/platform/datasets/{datasetId}/experiment-view-overrides` (the service's published document writes the path bare, alone of its platform family). " +
    "Import by `<datasetId>/<id>`.",
  scope: "workspace",
  fields: EXPERIMENT_VIEW_OVERRIDE_FIELDS,
  endpoints: EXPERIMENT_VIEW_OVERRIDE_ENDPOINTS,
  object: zExperimentViewOverridesExperimentViewOverride,
  outputs: [
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
    { name: "modifiedAt", type: OUTPUT_TYPES.string, doc: "When the override was last changed (RFC 3339).", changesOnUpdate: true, wire: "modified_at" },
  ],
  hooks: {
    create: {
      /** One POST; the service's 409 (the dataset has an override) names the existing one and how to import it. */
      async post({ client, inputs, action, context, settings }) {
        const datasetId = String(inputs["datasetId"]);
        const body = { column_overrides: (inputs["columnOverrides"] as ColumnOverrideInput[]).map(toWireOverride) };
        try {
          return zExperimentViewOverridesExperimentViewOverride.parse(
            await client.resources.send(EXPERIMENT_VIEW_OVERRIDE_ENDPOINTS.create, { action, params: { datasetId }, body }),
          );
        } catch (error) {
          if (!(error instanceof ConflictError)) throw error;
          const listed = await found(
            client.resources.send(EXPERIMENT_VIEW_OVERRIDE_ENDPOINTS.list, { action: `${action}: reading its override`, params: { datasetId } }),
          );
          const existing = zGetApiV1PlatformDatasetsByDatasetIdExperimentViewOverridesResponse.parse(listed ?? [])[0]?.id;
          if (existing === undefined) throw error;
          const hint = takeOverHint(context.urn, `${datasetId}/${existing}`, TOKEN, workspaceOtherThanStack(context, settings.client.workspaceId));
          throw new ConflictError(`${error.message}; dataset ${datasetId} already has an experiment view override (one per dataset). ${hint}`, {
            status: 409,
            detail: error.detail,
          });
        }
      },
    },
  },
});
