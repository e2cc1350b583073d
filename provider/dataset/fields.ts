/**
 * The Dataset's inputs: name, description, the JSON schemas of its examples'
 * inputs and outputs and its transformations (in place, one PATCH), and its
 * data type (fixed). Check, diff, the wire mapping, refresh, import, the
 * schema and the reference table derive from {@link DATASET_FIELDS}.
 */
import { z } from "zod";
import { workspaceIdField } from "../shared/crud";
import type { FieldTable, InputsOf } from "../shared/fields";

/** Data types of a dataset: key-value, LLM (prompt/completion) or chat. */
export const DATASET_DATA_TYPES = ["kv", "llm", "chat"] as const;
/** Transformations a dataset applies to new examples. */
export const DATASET_TRANSFORMATION_TYPES = ["convert_to_openai_message", "convert_to_openai_tool", "remove_system_messages", "remove_extra_fields", "extract_tools_from_run"] as const;

const Transformation = z.strictObject({ path: z.array(z.string()).min(1), transformationType: z.enum(DATASET_TRANSFORMATION_TYPES) });

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
  },
  {
    path: "description",
    wire: "description",
    type: "string",
    doc: "What the dataset holds.",
    schema: z.string(),
    required: false,
    effect: "inPlace",
    secret: false,
  },
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
  },
  {
    path: "transformations",
    wire: "transformations",
    toWire: (value: unknown) => (value as { path: string[]; transformationType: string }[]).map((t) => ({ path: t.path, transformation_type: t.transformationType })),
    fromWire: (value: unknown) =>
      Array.isArray(value) && value.length > 0 ? (value as { path: string[]; transformation_type: string }[]).map((t) => ({ path: t.path, transformationType: t.transformation_type })) : undefined,
    type: "list of `{path, transformationType}`",
    doc: "Transformations applied to new examples (e.g. `convert_to_openai_message` at `[\"inputs\", \"messages\"]`).",
    schema: z.array(Transformation),
    required: false,
    clearWith: [],
    effect: "inPlace",
    secret: false,
  },
] as const satisfies FieldTable;

/** A Dataset's checked inputs. */
export type DatasetInputs = InputsOf<typeof DATASET_FIELDS>;
