/**
 * The Example's inputs: one example of a dataset (the dataset fixed; inputs,
 * outputs, metadata and split changed in place, one PATCH). Check, diff, the
 * wire mapping, refresh, import, the schema and the reference table derive
 * from {@link EXAMPLE_FIELDS}.
 */
import { z } from "zod";
import { workspaceIdField } from "../shared/crud";
import { type FieldTable, type InputsOf, unknownOr } from "../shared/fields";
import { uuid } from "../shared/validators";

const json = z.record(z.string(), z.unknown());

/** Every input field of an Example. */
export const EXAMPLE_FIELDS = [
  workspaceIdField("example"),
  {
    path: "datasetId",
    wire: "dataset_id",
    refresh: "always",
    type: "string (UUID)",
    doc: "The `Dataset` the example belongs to; another dataset replaces the example.",
    schema: unknownOr(uuid("datasetId")),
    reason: "datasetId is required: set it to a Dataset's id",
    required: true,
    effect: "replace",
    secret: false,
  },
  { path: "inputs", wire: "inputs", refresh: "always", type: "map of any", doc: "The example's inputs.", schema: json, required: true, reason: "inputs is required: an object, e.g. { question: \"…\" }", effect: "inPlace", secret: false },
  { path: "outputs", wire: "outputs", refresh: "always", type: "map of any", doc: "The expected outputs.", schema: json, required: false, effect: "inPlace", secret: false },
  {
    path: "metadata",
    wire: "metadata",
    // The service keeps the split in the metadata too (`dataset_split`): that key is the `split` input's, not this one's.
    fromWire: (value: unknown) => {
      if (value === null || typeof value !== "object") return undefined;
      const { dataset_split: _split, ...rest } = value as Record<string, unknown>;
      return Object.keys(rest).length > 0 ? rest : undefined;
    },
    type: "map of any",
    doc: "Metadata of the example.",
    schema: json,
    required: false,
    effect: "inPlace",
    secret: false,
  },
  {
    path: "split",
    wire: "split",
    refresh: "always",
    fromWire: (value: unknown) => (Array.isArray(value) ? (value.length === 1 ? value[0] : value.join(",")) : (value ?? undefined)),
    type: "string",
    doc: "The split the example is in, e.g. `test`.",
    schema: z.string().min(1),
    required: false,
    unsetMeans: "base",
    defaultDoc: "`base` (service's)",
    effect: "inPlace",
    secret: false,
  },
] as const satisfies FieldTable;

/** An Example's checked inputs. */
export type ExampleInputs = InputsOf<typeof EXAMPLE_FIELDS>;
