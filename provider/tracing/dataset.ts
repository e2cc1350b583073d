/** The Dataset resource: a LangSmith dataset of examples, for evaluations and online sampling. */
import { defineEndpoint } from "../client/endpoint";
import { zDatasetCreate, zDatasetUpdate } from "../client/wire/tracingAndEvaluation.requests";
import {
  zGetApiV1DatasetsByDatasetIdResponse,
  zGetApiV1DatasetsResponse,
  zPatchApiV1DatasetsByDatasetIdResponse,
  zPostApiV1DatasetsResponse,
} from "../client/wire/tracingAndEvaluation.responses";
import { type CrudEndpoints, declareKind, descriptionField, workspaceIdField } from "../engine/kind";
import { emptyMapAsUnset, type FieldTable, type InputsOf, unknownOr } from "../engine/fields/fields";
import { uuid } from "../engine/fields/validators";
import { CREATED_AT_OUTPUT } from "../engine/state/outputs";
import { z } from "zod";

/** `/api/v1/datasets` (create; list, filtered by `name`) and `/{dataset_id}` (get, PATCH, delete). */
export const DATASET_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/datasets", request: zDatasetCreate, response: zPostApiV1DatasetsResponse }),
  list: defineEndpoint({ method: "GET", path: "/datasets", response: zGetApiV1DatasetsResponse }),
  get: defineEndpoint({ method: "GET", path: "/datasets/{id}", response: zGetApiV1DatasetsByDatasetIdResponse }),
  // A field the PATCH leaves out is left alone (the contract's `{"__missing__": …}` default); the body is sent as built.
  update: defineEndpoint({ method: "PATCH", path: "/datasets/{id}", request: zDatasetUpdate, response: zPatchApiV1DatasetsByDatasetIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/datasets/{id}" }),
} satisfies CrudEndpoints;

/** Data types of a dataset: key-value, LLM (prompt/completion) or chat. */
export const DATASET_DATA_TYPES = ["kv", "llm", "chat"] as const;
/** Transformations a dataset applies to new examples. */
export const DATASET_TRANSFORMATION_TYPES = [
  "convert_to_openai_message",
  "convert_to_openai_tool",
  "remove_system_messages",
  "remove_extra_fields",
  "extract_tools_from_run",
] as const;

const Transformation = z.strictObject({
  path: z.array(z.string()).min(1).describe('Where in a new example it applies, e.g. `["inputs", "messages"]`.'),
  transformationType: z.enum(DATASET_TRANSFORMATION_TYPES).describe("What it does to the value there."),
});

/** Every input field of a Dataset. */
export const DATASET_FIELDS = [
  workspaceIdField("dataset"),
  {
    path: "name",
    wire: "name",
    refresh: "always",
    type: "string",
    doc: "The dataset's name; unique in the workspace (`pulumi import` accepts it instead of the id).",
    schema: z.string().trim().min(1).max(255),
    reason: 'name is required: the dataset\'s name, e.g. "support-agent-regressions" (at most 255 characters)',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "support-regressions", changed: "support-regressions-v2", other: "support-regressions-b" },
  },
  descriptionField("What the dataset holds."),
  {
    path: "dataType",
    wire: "data_type",
    refresh: "always",
    type: "`kv` \\| `llm` \\| `chat`",
    doc: "Shape of the examples; the service cannot change it.",
    schema: z.enum(DATASET_DATA_TYPES),
    reason: 'dataType must be "kv", "llm" or "chat"',
    required: false,
    default: "kv",
    effect: "replace",
    secret: false,
    example: { value: "kv", changed: "chat" },
  },
  {
    path: "inputsSchema",
    wire: "inputs_schema_definition",
    type: "map of any (a JSON Schema)",
    doc: "JSON Schema every example's inputs must match.",
    schema: z.record(z.string(), z.unknown()),
    required: false,
    effect: "inPlace",
    secret: false,
    example: {
      value: { type: "object", properties: { question: { type: "string" } }, required: ["question"] },
      changed: { type: "object", properties: { question: { type: "string" }, locale: { type: "string" } }, required: ["question"] },
    },
  },
  {
    path: "outputsSchema",
    wire: "outputs_schema_definition",
    type: "map of any (a JSON Schema)",
    doc: "JSON Schema every example's outputs must match.",
    schema: z.record(z.string(), z.unknown()),
    required: false,
    effect: "inPlace",
    secret: false,
    example: {
      value: { type: "object", properties: { answer: { type: "string" } }, required: ["answer"] },
      changed: { type: "object", properties: { answer: { type: "string" }, sources: { type: "array", items: { type: "string" } } }, required: ["answer"] },
    },
  },
  {
    path: "transformations",
    wire: "transformations",
    toWire: (value: unknown) =>
      (value as { path: string[]; transformationType: string }[]).map((t) => ({ path: t.path, transformation_type: t.transformationType })),
    fromWire: (value: unknown) =>
      Array.isArray(value) && value.length > 0
        ? (value as { path: string[]; transformation_type: string }[]).map((t) => ({ path: t.path, transformationType: t.transformation_type }))
        : undefined,
    type: "list of `{path, transformationType}`",
    doc: 'Transformations applied to new examples (e.g. `convert_to_openai_message` at `["inputs", "messages"]`).',
    schema: z.array(Transformation),
    required: false,
    clearWith: [],
    effect: "inPlace",
    secret: false,
    example: {
      value: [{ path: ["outputs"], transformationType: "remove_extra_fields" }],
      changed: [
        { path: ["inputs"], transformationType: "remove_extra_fields" },
        { path: ["outputs"], transformationType: "remove_extra_fields" },
      ],
    },
  },
  {
    path: "metadata",
    wire: "metadata",
    createWire: "extra.metadata",
    type: "map of any",
    doc: "Your own key-value data about the dataset (the list's `metadata` filter finds datasets by it).",
    schema: z.record(z.string(), z.unknown()),
    fromWire: emptyMapAsUnset,
    required: false,
    clearWith: {},
    effect: "inPlace",
    secret: false,
    example: { value: { team: "support" }, changed: { team: "support", stage: "regression" } },
  },
  {
    path: "externallyManaged",
    wire: "externally_managed",
    type: "boolean",
    doc: "Marks the dataset as managed outside LangSmith's UI (by a program such as this one); the service cannot change it.",
    schema: z.boolean(),
    required: false,
    unsetMeans: false,
    defaultDoc: "`false` (service's)",
    effect: "replace",
    secret: false,
    example: {
      value: true,
      why: "another value replaces the dataset, and with it the examples and rules the program keeps on it: the change step would then send no update to them",
    },
  },
  {
    path: "baselineExperimentId",
    wire: "baseline_experiment_id",
    createWire: null,
    type: "string (UUID)",
    doc: "The experiment (a `Project` with this dataset as its `referenceDatasetId`) that comparisons of the dataset's experiments are made against. The service takes it in an update only: a create that sets it sends one PATCH right after. Removed from the program, it is cleared.",
    schema: unknownOr(uuid("baselineExperimentId")),
    required: false,
    effect: "inPlace",
    secret: false,
    example: {
      notSet:
        "a baseline is an experiment on the dataset itself, a Project that names the dataset: the dataset naming it back would make the program a cycle, so it is set once the experiment exists (tests/integration/communityAttributes)",
    },
  },
] as const satisfies FieldTable;

/** A Dataset's checked inputs. */
export type DatasetInputs = InputsOf<typeof DATASET_FIELDS>;

/** The Dataset, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:Dataset",
  listing: {
    filters: {
      name: { type: "string", query: "name", output: "name", doc: "Only the dataset of this exact name." },
      nameContains: { type: "string", query: "name_contains", output: "name", match: "contains", doc: "Only datasets whose name contains this text." },
      dataType: {
        type: "string",
        query: "data_type",
        output: "dataType",
        values: ["kv", "llm", "chat"],
        doc: "Only datasets of this type: `kv`, `llm` or `chat`.",
      },
    },
    // Statistics, which drift with the examples and experiments: listed, never recorded by the resource.
    listedOnly: {
      exampleCount: { wire: "example_count", type: "integer", doc: "How many examples the dataset holds, when the service listed it." },
      sessionCount: {
        wire: "session_count",
        type: "integer",
        doc: "How many experiments (projects with the dataset as their reference) it has, when the service listed it.",
      },
      lastSessionStartTime: {
        wire: "last_session_start_time",
        type: "string",
        doc: "Start of its latest experiment (ISO 8601, as the service answers it); unset while it has none.",
      },
    },
  },
  kind: "dataset",
  description:
    "A LangSmith dataset: examples for evaluations, filled by hand, by `Example` resources or by run rules. Name, description, schemas, transformations and the baseline experiment change in place; " +
    "another data type replaces it. Deleting a dataset deletes its examples. Import by id or by name.",
  scope: "workspace",
  fields: DATASET_FIELDS,
  nameField: "name",
  naturalKey: "name",
  naturalKeyQuery: "name",
  unique: ["name"],
  endpoints: DATASET_ENDPOINTS,
  // A refresh reads them through the list: page by page, then filtered by id.
  batchRead: { by: "pages", pageSize: 100, idsQuery: "id" },
  outputs: [{ ...CREATED_AT_OUTPUT, wire: "created_at" }],
});
