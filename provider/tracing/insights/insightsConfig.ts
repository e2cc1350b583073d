/**
 * The InsightsConfig resource (beta): a tracing project's saved insights
 * (clustering) job, which groups the project's runs by what they are about.
 * The service has no read of one config: a refresh and an import read the
 * project's list (`{configs}`) and pick the config by id; one the list lacks
 * is gone. The service stores `config` normalised (every key it knows,
 * `null` when not given), so each key of `config` is its own input and a
 * refresh reads back only the keys the program sets.
 */
import { defineEndpoint } from "../../client/endpoint";
import { zCreateClusteringJobConfigRequest, zUpdateClusteringJobConfigRequest } from "../../client/wire/additions.requests";
import {
  zClusteringJobConfigResponse,
  zDeleteApiV1SessionsBySessionIdInsightsConfigsByConfigIdResponse,
  zGetApiV1SessionsBySessionIdInsightsConfigsResponse,
  zPatchApiV1SessionsBySessionIdInsightsConfigsByConfigIdResponse,
  zPostApiV1SessionsBySessionIdInsightsConfigsResponse,
} from "../../client/wire/additions.responses";
import { declareKind, descriptionField, workspaceIdField, type CrudEndpoints } from "../../engine/kind";
import type { UpdateRequest, Updated } from "../../engine/kind/hooks";
import type { StateOf } from "../../engine/kind/declaration";
import { isRecord } from "../../engine/fields/paths";
import { emptyMapAsUnset, exampleRef, toUpdateBody, unknownOr, type FieldTable, type InputsOf } from "../../engine/fields/fields";
import { uuid } from "../../engine/fields/validators";
import { z } from "zod";

const CONFIGS = "/sessions/{projectId}/insights/configs";

/** `/api/v1/sessions/{session_id}/insights/configs` (create; list `{configs}`, not paged) and `/{config_id}` (PATCH, DELETE); no GET of one. */
export const INSIGHTS_CONFIG_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: CONFIGS,
    request: zCreateClusteringJobConfigRequest,
    response: zPostApiV1SessionsBySessionIdInsightsConfigsResponse,
  }),
  list: defineEndpoint({ method: "GET", path: CONFIGS, response: zGetApiV1SessionsBySessionIdInsightsConfigsResponse }),
  update: defineEndpoint({
    method: "PATCH",
    path: `${CONFIGS}/{id}`,
    request: zUpdateClusteringJobConfigRequest,
    response: zPatchApiV1SessionsBySessionIdInsightsConfigsByConfigIdResponse,
  }),
  delete: defineEndpoint({ method: "DELETE", path: `${CONFIGS}/{id}`, response: zDeleteApiV1SessionsBySessionIdInsightsConfigsByConfigIdResponse }),
} satisfies CrudEndpoints;

/** The wire object the config's keys live in: the service's update replaces it whole. */
const CONFIG = "config";

/** A five-field cron expression (minute, hour, day of month, month, day of week), as the service's schedule takes it. */
export const CRON_PATTERN = /^\s*(\S+\s+){4}\S+\s*$/;

/** A key of `config`: optional, changed in place (the whole `config` is sent again). */
const configKey = { required: false, effect: "inPlace", secret: false } as const;

const KIND = "insights config";

/** Every input field of an InsightsConfig. */
export const INSIGHTS_CONFIG_FIELDS = [
  workspaceIdField(KIND),
  {
    path: "projectId",
    type: "string (UUID)",
    doc: "The `Project` (tracing project) whose runs the config groups; another project replaces the config.",
    schema: unknownOr(uuid("projectId")),
    reason: "projectId is required: set it to a Project's id",
    required: true,
    effect: "replace",
    secret: false,
    example: { value: exampleRef("langsmith:index:Project"), changed: exampleRef("langsmith:index:Project", { other: true }) },
  },
  {
    path: "name",
    wire: "name",
    refresh: "always",
    type: "string, up to 255 characters",
    doc: "The config's name, shown in the project's insights.",
    schema: z.string().trim().min(1).max(255),
    reason: 'name is required, e.g. "support topics" (up to 255 characters)',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "matrix topics", changed: "matrix topics v2" },
  },
  descriptionField("What the config looks for."),
  {
    path: "scheduleCron",
    wire: "schedule_cron",
    type: "string (cron, five fields)",
    doc: "When the service runs the job, as a five-field cron expression (e.g. `0 6 * * 1`, Mondays at 06:00 UTC); default none (run on demand). Unset clears the schedule.",
    schema: z.string().regex(CRON_PATTERN, "a five-field cron expression"),
    reason: 'scheduleCron must be a five-field cron expression (minute hour day-of-month month day-of-week), e.g. "0 6 * * 1"',
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: "0 6 * * 1", changed: "0 6 * * *" },
  },
  {
    ...configKey,
    path: "config.summaryPrompt",
    wire: "config.summary_prompt",
    type: "string",
    doc: "The instructions the model summarises each run with before the runs are grouped; default the service's.",
    schema: z.string().min(1),
    example: { value: "Summarise what the user asked for.", changed: "Summarise the user's goal in one sentence." },
  },
  {
    ...configKey,
    path: "config.filter",
    wire: "config.filter",
    type: "string (LangSmith filter)",
    doc: "Which runs are considered, in LangSmith's filter language (e.g. `eq(is_root, true)`); default every run.",
    schema: z.string().min(1),
    example: { value: "eq(is_root, true)", changed: 'and(eq(is_root, true), eq(status, "success"))' },
  },
  {
    ...configKey,
    path: "config.sample",
    wire: "config.sample",
    type: "number",
    doc: "How many runs are sampled (a count), or, below 1, the share of the runs; default the service's.",
    schema: z.number().positive(),
    example: { value: 500, changed: 1000 },
  },
  {
    ...configKey,
    path: "config.lastNHours",
    wire: "config.last_n_hours",
    type: "integer (hours)",
    doc: "The window of runs each job reads: the last this many hours before it runs; default the service's.",
    schema: z.number().int().positive(),
    example: { value: 24, changed: 168 },
  },
  {
    ...configKey,
    path: "config.hierarchy",
    wire: "config.hierarchy",
    type: "list of integers",
    doc: "How many groups each level of the grouping has, top level first (e.g. `[10, 3]`); default the service's.",
    schema: z.array(z.number().int().positive()).min(1),
    example: { value: [10], changed: [10, 3] },
  },
  {
    ...configKey,
    path: "config.partitions",
    wire: "config.partitions",
    fromWire: emptyMapAsUnset,
    type: "map of string, at most 10",
    doc: "Separate groupings by partition: each name to the filter that selects its runs; default one grouping of every run.",
    schema: z.record(z.string().min(1), z.string()).refine((map) => Object.keys(map).length <= 10, "at most 10 partitions"),
    example: { value: { errors: 'eq(status, "error")' }, changed: { errors: 'eq(status, "error")', slow: "gt(latency, 10)" } },
  },
  {
    ...configKey,
    path: "config.attributeSchemas",
    wire: "config.attribute_schemas",
    fromWire: emptyMapAsUnset,
    type: "map of any (JSON Schema)",
    doc: 'Attributes the model extracts from each run, each a JSON Schema by name (e.g. `{sentiment: {type: "string", enum: [...]}}`); default none.',
    schema: z.record(z.string().min(1), z.unknown()),
    example: { value: { sentiment: { type: "string" } }, changed: { sentiment: { type: "string" }, resolved: { type: "boolean" } } },
  },
  {
    ...configKey,
    path: "config.userContext",
    wire: "config.user_context",
    fromWire: emptyMapAsUnset,
    type: "map of string",
    doc: 'What the model is told about the application, by topic (e.g. `{product: "a support bot for a bank"}`); default none.',
    schema: z.record(z.string().min(1), z.string()),
    example: { value: { product: "a support bot" }, changed: { product: "a support bot for a bank" } },
  },
  {
    ...configKey,
    path: "config.model",
    wire: "config.model",
    type: "`openai` \\| `anthropic`",
    doc: "The model provider the job uses (the workspace needs its key as a `WorkspaceSecret`).",
    schema: z.enum(["openai", "anthropic"]),
    unsetMeans: "openai",
    defaultDoc: "`openai` (the service's)",
    example: { value: "anthropic", changed: "openai" },
  },
  {
    ...configKey,
    path: "config.clusterModel",
    wire: "config.cluster_model",
    type: "string",
    doc: "The model that groups the summaries (a model name of `config.model`'s provider); default the service's.",
    schema: z.string().min(1),
    example: { value: "gpt-4.1", changed: "gpt-4.1-mini" },
  },
  {
    ...configKey,
    path: "config.summaryModel",
    wire: "config.summary_model",
    type: "string",
    doc: "The model that summarises each run; default the service's.",
    schema: z.string().min(1),
    example: { value: "gpt-4.1-mini", changed: "gpt-4.1-nano" },
  },
] as const satisfies FieldTable;

/** An InsightsConfig's checked inputs. */
export type InsightsConfigInputs = InputsOf<typeof INSIGHTS_CONFIG_FIELDS>;

/** The update: one PATCH of the changed fields; a changed key of `config` sends the program's whole `config`, which the service replaces whole. */
async function sendInsightsConfigUpdate(
  request: UpdateRequest<InsightsConfigInputs, StateOf<InsightsConfigInputs>>,
): Promise<Updated<Record<string, unknown>> | undefined> {
  const { client, action, name, id, inputs, changed } = request;
  if (changed.inPlace.length === 0) return undefined;
  const configChanged = changed.inPlace.some((path) => path.startsWith(`${CONFIG}.`));
  const body = toUpdateBody(INSIGHTS_CONFIG_FIELDS, inputs, changed, configChanged ? [CONFIG] : []);
  const answer: unknown = await client.resources.send(INSIGHTS_CONFIG_ENDPOINTS.update, {
    action,
    params: { projectId: String(inputs.projectId), id },
    body,
  });
  return { wire: isRecord(answer) ? answer : {}, what: `updated ${changed.inPlace.join(", ")} of ${KIND} "${name}"` };
}

/** The InsightsConfig, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:InsightsConfig",
  listing: { paging: { by: "none" } },
  kind: KIND,
  description:
    "**Beta** (the service's insights API may change). A saved insights (clustering) job of a LangSmith tracing project: which runs it samples, how the model summarises and groups them, and when it runs (`scheduleCron`). " +
    "Everything but the project changes in place; another `projectId` replaces it. Each key of `config` is its own input, and a refresh compares only the keys the program sets (the service fills the others in). " +
    "The service has no read of one config: refresh reads the project's list, and a config missing from it is gone. Import by `<projectId>/<id>`.",
  groupDocs: {
    config:
      "The job's settings: the runs it samples, the prompts and models it uses, and how it groups the runs. Each key is optional; unset keys are the service's.",
  },
  scope: "workspace",
  fields: INSIGHTS_CONFIG_FIELDS,
  nameField: "name",
  endpoints: INSIGHTS_CONFIG_ENDPOINTS,
  object: zClusteringJobConfigResponse,
  listItems: (answer) => answer.configs,
  // The service's own configs (listed only when asked for) are not the workspace's.
  manages: (config) => config.prebuilt !== true,
  // The create needs `config`, even when the program sets none of its keys (then the service's defaults).
  wrapBody: (body, operation) => (operation === "create" && body[CONFIG] === undefined ? { ...body, [CONFIG]: {} } : body),
  hooks: { update: { send: sendInsightsConfigUpdate } },
  outputs: [],
});
