/** The ModelPriceMap resource: one entry of a workspace's model prices, used to compute the cost of runs. */
import { defineEndpoint } from "../client/endpoint";
import { zModelPriceMapCreateSchema, zModelPriceMapUpdateSchema } from "../client/wire/tracingAndEvaluation.requests";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../engine/kind";
import type { FieldTable, InputsOf } from "../engine/fields/fields";
import { timestamp } from "../engine/fields/validators";
import { z } from "zod";
import { isRecord } from "../engine/fields/paths";

// The contract declares these answers as any JSON (`{}`): they are read as such, and the fields used are checked where read.
const ANY_JSON = z.unknown();

/** `/api/v1/model-price-map` (create, list) and `/{id}` (PUT of the whole entry, delete). */
export const MODEL_PRICE_MAP_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/model-price-map", request: zModelPriceMapCreateSchema, response: ANY_JSON }),
  list: defineEndpoint({ method: "GET", path: "/model-price-map", response: ANY_JSON }),
  update: defineEndpoint({ method: "PUT", path: "/model-price-map/{id}", request: zModelPriceMapUpdateSchema, response: ANY_JSON }),
  delete: defineEndpoint({ method: "DELETE", path: "/model-price-map/{id}" }),
} satisfies CrudEndpoints;

const cost = z.number().min(0);
/** The service answers costs as decimal strings: read back as numbers, so a refresh compares like with like. */
const costFromWire = (value: unknown): unknown =>
  typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : (value ?? undefined);

/** Costs by token type, answered as decimal strings: read back as numbers; an empty map reads as unset. */
const costsFromWire = (value: unknown): unknown =>
  value !== null && typeof value === "object" && Object.keys(value).length > 0
    ? Object.fromEntries(Object.entries(value).map(([key, cost]) => [key, costFromWire(cost)]))
    : undefined;

/** Every input field of a ModelPriceMap entry. */
export const MODEL_PRICE_MAP_FIELDS = [
  workspaceIdField("model price"),
  {
    path: "name",
    wire: "name",
    refresh: "always",
    type: "string",
    doc: "Name of the entry, e.g. `gpt-4o`.",
    schema: z.string().trim().min(1),
    required: true,
    reason: 'name is required, e.g. "gpt-4o"',
    effect: "inPlace",
    secret: false,
    example: { value: "support-gpt-4o", changed: "support-gpt-4o-v2", other: "support-gpt-4o-b" },
  },
  {
    path: "matchPattern",
    wire: "match_pattern",
    refresh: "always",
    type: "string (a regular expression)",
    doc: "Pattern the model name of a run must match, e.g. `^gpt-4o$`.",
    schema: z.string().min(1),
    required: true,
    reason: "matchPattern is required: a regular expression matching model names",
    effect: "inPlace",
    secret: false,
    example: { value: "^gpt-4o$", changed: "^(openai/)?gpt-4o$" },
  },
  {
    path: "matchPath",
    wire: "match_path",
    refresh: "always",
    type: "list of strings",
    doc: "Run fields the model name is read from, in order.",
    schema: z.array(z.string().min(1)).min(1),
    required: false,
    unsetMeans: ["model", "model_name", "model_id", "model_path", "endpoint_name"],
    defaultDoc: "`model`, `model_name`, `model_id`, `model_path`, `endpoint_name` (service's)",
    effect: "inPlace",
    secret: false,
    example: { value: ["model"], changed: ["model", "model_name"] },
  },
  {
    path: "promptCost",
    wire: "prompt_cost",
    refresh: "always",
    fromWire: costFromWire,
    type: "number",
    doc: "Cost of one prompt token.",
    schema: cost,
    required: true,
    reason: "promptCost is required: the cost of one prompt token",
    effect: "inPlace",
    secret: false,
    example: { value: 0.0000025, changed: 0.000005 },
  },
  {
    path: "completionCost",
    wire: "completion_cost",
    refresh: "always",
    fromWire: costFromWire,
    type: "number",
    doc: "Cost of one completion token.",
    schema: cost,
    required: true,
    reason: "completionCost is required: the cost of one completion token",
    effect: "inPlace",
    secret: false,
    example: { value: 0.00001, changed: 0.00002 },
  },
  {
    path: "startTime",
    wire: "start_time",
    type: "string (ISO 8601)",
    doc: "From when the prices apply; default always.",
    schema: timestamp("startTime"),
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: "2026-01-01T00:00:00Z", changed: "2026-07-01T00:00:00Z" },
  },
  {
    path: "provider",
    wire: "provider",
    type: "string",
    doc: "The model's provider, e.g. `openai`.",
    schema: z.string().min(1),
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: "openai", changed: "azure_openai" },
  },
  {
    path: "promptCostDetails",
    wire: "prompt_cost_details",
    fromWire: costsFromWire,
    type: "map of number",
    doc: "Cost of one prompt token by token type (e.g. `{ cache_read: 0.00000125, audio: 0.00004 }`), for tokens priced apart from `promptCost`.",
    schema: z.record(z.string().min(1), cost),
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: { cache_read: 0.00000125 }, changed: { cache_read: 0.000001, audio: 0.00004 } },
  },
  {
    path: "completionCostDetails",
    wire: "completion_cost_details",
    fromWire: costsFromWire,
    type: "map of number",
    doc: "Cost of one completion token by token type (e.g. `{ reasoning: 0.00001 }`), for tokens priced apart from `completionCost`.",
    schema: z.record(z.string().min(1), cost),
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: { reasoning: 0.00001 }, changed: { reasoning: 0.00002, audio: 0.00008 } },
  },
] as const satisfies FieldTable;

/** A ModelPriceMap entry's checked inputs. */
export type ModelPriceMapInputs = InputsOf<typeof MODEL_PRICE_MAP_FIELDS>;

/** The ModelPriceMap entry, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:ModelPriceMap",
  listing: {},
  kind: "model price",
  description:
    "One entry of a LangSmith workspace's model price map: the models it matches (a pattern over run fields) and their cost per prompt and completion token, used for the cost of runs. " +
    "Every field changes in place (one PUT of the whole entry). Import by id.",
  scope: "workspace",
  fields: MODEL_PRICE_MAP_FIELDS,
  nameField: "name",
  updateSendsAll: true,
  // The contract leaves the price map's answers untyped: the objects of the list are taken as they come.
  listItems: (answer) => (Array.isArray(answer) ? answer.filter(isRecord) : []),
  serviceOwned: {
    matches: (wire) => wire["tenant_id"] === null,
    why: "it is one of LangSmith's default model prices (no workspace's own), which no one can change or delete; to price these models differently, create a ModelPriceMap entry of the workspace's own with the same matchPattern",
  },
  endpoints: MODEL_PRICE_MAP_ENDPOINTS,
  outputs: [],
});
