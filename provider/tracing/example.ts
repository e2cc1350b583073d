/** The Example resource: one example (inputs, expected outputs) of a dataset. */
import { defineEndpoint } from "../client/endpoint";
import { zExampleUpdate, zPostApiV1ExamplesData } from "../client/wire/tracingAndEvaluation.requests";
import { zGetApiV1ExamplesByExampleIdResponse, zGetApiV1ExamplesResponse, zPostApiV1ExamplesResponse } from "../client/wire/tracingAndEvaluation.responses";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../engine/kind";
import { exampleRef, unknownOr, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { uuid } from "../engine/fields/validators";
import { CREATED_AT_OUTPUT } from "../engine/state/outputs";
import { z } from "zod";

/** `/api/v1/examples` (create; list) and `/{example_id}` (get, PATCH, delete). */
export const EXAMPLE_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/examples", request: zPostApiV1ExamplesData.shape.body, response: zPostApiV1ExamplesResponse }),
  list: defineEndpoint({ method: "GET", path: "/examples", response: zGetApiV1ExamplesResponse }),
  get: defineEndpoint({ method: "GET", path: "/examples/{id}", response: zGetApiV1ExamplesByExampleIdResponse }),
  update: defineEndpoint({ method: "PATCH", path: "/examples/{id}", request: zExampleUpdate }),
  delete: defineEndpoint({ method: "DELETE", path: "/examples/{id}" }),
} satisfies CrudEndpoints;

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
    example: { value: exampleRef("langsmith:index:Dataset"), changed: exampleRef("langsmith:index:Dataset", { other: true }) },
  },
  {
    path: "inputs",
    wire: "inputs",
    refresh: "always",
    type: "map of any",
    doc: "The example's inputs.",
    schema: json,
    required: true,
    reason: 'inputs is required: an object, e.g. { question: "…" }',
    effect: "inPlace",
    secret: false,
    example: { value: { question: "How do I get a refund?" }, changed: { question: "How do I cancel my plan?" } },
  },
  {
    path: "outputs",
    wire: "outputs",
    refresh: "always",
    type: "map of any",
    doc: "The expected outputs.",
    schema: json,
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: { answer: "Open Billing, then Refunds." }, changed: { answer: "Open Billing, then Plans, then Cancel." } },
  },
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
    example: { value: { source: "support-ticket" }, changed: { source: "support-ticket", reviewed: true } },
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
    example: { value: "test", changed: "validation" },
  },
] as const satisfies FieldTable;

/** The first text in a value (a string, or one held in its lists and maps), or undefined. */
function firstText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (value === null || typeof value !== "object") return undefined;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    const text = firstText(item);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** The longest word of the first text in a value (an example's inputs), for the conformance matrix's call of `fullTextContains`. */
function longestWord(value: unknown): string | undefined {
  const words = firstText(value)?.match(/[A-Za-z0-9]{3,}/g) ?? [];
  return words.reduce<string | undefined>((longest, word) => (longest === undefined || word.length > longest.length ? word : longest), undefined);
}

/** The instant `offsetMs` after (or before) a recorded time, RFC 3339; undefined for none. */
function instantAround(time: unknown, offsetMs: number): string | undefined {
  const instant = typeof time === "string" ? Date.parse(time) : Number.NaN;
  return Number.isNaN(instant) ? undefined : new Date(instant + offsetMs).toISOString();
}

/** A filter expression an example's metadata satisfies: `has` of a text pair, else `exists` of a key; undefined for none. */
function metadataFilter(recorded: Readonly<Record<string, unknown>>): string | undefined {
  const metadata = recorded["metadata"];
  if (metadata === null || typeof metadata !== "object" || Array.isArray(metadata)) return undefined;
  const entries = Object.entries(metadata);
  const pair = entries.find(([, value]) => typeof value === "string");
  if (pair !== undefined) return `has(metadata, '${JSON.stringify({ [pair[0]]: pair[1] }).replace(/'/g, "\\'")}')`;
  return entries[0] === undefined ? undefined : `exists(metadata, ${JSON.stringify(entries[0][0])})`;
}

/** An Example's checked inputs. */
export type ExampleInputs = InputsOf<typeof EXAMPLE_FIELDS>;

/** The Example, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:Example",
  listing: {
    leftOut: ["split"],
    filters: {
      datasetId: { type: "uuid", query: "dataset", output: "datasetId", doc: "Only the examples of this dataset." },
      splits: { type: "strings", query: "splits", output: "split", doc: "Only the examples in one of these splits (e.g. `test`)." },
      metadata: { type: "stringMap", query: "metadata", output: "metadata", doc: "Only the examples whose metadata holds every one of these pairs." },
      fullTextContains: {
        type: "strings",
        query: "full_text_contains",
        doc: "Only the examples whose inputs or outputs contain every one of these texts.",
        matrix: {
          hit: (recorded) => {
            const word = longestWord(recorded["inputs"]);
            return word === undefined ? undefined : [word];
          },
          miss: () => ["zzqxnosuchtext"],
        },
      },
      asOf: {
        type: "string",
        query: "as_of",
        doc: "The dataset as of a version: `latest` (the default), a time (RFC 3339: every change made at or before it), or a version tag.",
        // A time just after the example was made lists it; one before, not.
        matrix: { hit: (recorded) => instantAround(recorded["createdAt"], 1_000), miss: (recorded) => instantAround(recorded["createdAt"], -86_400_000) },
      },
      filter: {
        type: "string",
        query: "filter",
        doc: 'A filter expression over the examples\' metadata: `has(metadata, \'{"key": "value"}\')`, `exists(metadata, "key")`, combined with `and`, `or` and `not`.',
        matrix: { hit: metadataFilter, miss: () => 'exists(metadata, "zzqx_no_such_key")' },
      },
    },
    // The contract's example carries a name that no input here sets: listed, not recorded.
    listedOnly: { name: { wire: "name", type: "string", doc: "The example's name, as the service answers it." } },
  },
  kind: "example",
  description: "One example of a LangSmith dataset: inputs, expected outputs, metadata and split, changed in place; another dataset replaces it. Import by id.",
  scope: "workspace",
  fields: EXAMPLE_FIELDS,
  nameField: "split",
  endpoints: EXAMPLE_ENDPOINTS,
  // A refresh reads them through the list: page by page, then filtered by id.
  batchRead: { by: "pages", pageSize: 100, idsQuery: "id" },
  outputs: [{ ...CREATED_AT_OUTPUT, wire: "created_at" }],
});
