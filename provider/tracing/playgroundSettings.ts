/** The PlaygroundSettings resource: a saved model configuration of the LangSmith playground. */
import { defineEndpoint } from "../client/endpoint";
import { zPlaygroundSettingsCreateRequest, zPlaygroundSettingsUpdateRequest } from "../client/wire/tracingAndEvaluation.requests";
import {
  zGetApiV1PlaygroundSettingsByPlaygroundSettingsIdResponse,
  zGetApiV1PlaygroundSettingsResponse,
  zPatchApiV1PlaygroundSettingsByPlaygroundSettingsIdResponse,
  zPostApiV1PlaygroundSettingsResponse,
} from "../client/wire/tracingAndEvaluation.responses";
import { type CrudEndpoints, declareKind, descriptionField, workspaceIdField } from "../engine/kind";
import { emptyMapAsUnset, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { httpUrl } from "../engine/fields/validators";
import { CREATED_AT_OUTPUT } from "../engine/state/outputs";
import { z } from "zod";

/** `/api/v1/playground-settings` (create, list) and `/{playground_settings_id}` (get, PATCH, delete). */
export const PLAYGROUND_SETTINGS_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: "/playground-settings",
    request: zPlaygroundSettingsCreateRequest,
    response: zPostApiV1PlaygroundSettingsResponse,
  }),
  list: defineEndpoint({ method: "GET", path: "/playground-settings", response: zGetApiV1PlaygroundSettingsResponse }),
  get: defineEndpoint({ method: "GET", path: "/playground-settings/{id}", response: zGetApiV1PlaygroundSettingsByPlaygroundSettingsIdResponse }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/playground-settings/{id}",
    request: zPlaygroundSettingsUpdateRequest,
    response: zPatchApiV1PlaygroundSettingsByPlaygroundSettingsIdResponse,
  }),
  delete: defineEndpoint({ method: "DELETE", path: "/playground-settings/{id}" }),
} satisfies CrudEndpoints;

// Optional fields changed in place.
const optional = { required: false, effect: "inPlace", secret: false } as const;
// Where the configuration is offered: the create request cannot say it (a PATCH right after does); unset, the service's defaults.
const updateOnlyFlag = { ...optional, createWire: null, type: "boolean", schema: z.boolean() } as const;

/** Every input field of PlaygroundSettings. */
export const PLAYGROUND_SETTINGS_FIELDS = [
  workspaceIdField("playground settings"),
  {
    path: "name",
    wire: "name",
    refresh: "always",
    type: "string",
    doc: "Name of the saved configuration, e.g. `gpt-4o (temperature 0)`.",
    schema: z.string().trim().min(1),
    required: true,
    reason: "name is required",
    effect: "inPlace",
    secret: false,
    example: { value: "gpt-4o (temperature 0)", changed: "gpt-4o (temperature 0.7)" },
  },
  descriptionField("What the configuration is for."),
  {
    path: "settings",
    wire: "settings",
    refresh: "always",
    type: "map of any",
    doc: "The model configuration as the playground saves it (provider, model, parameters).",
    schema: z.record(z.string(), z.unknown()),
    required: true,
    reason: "settings is required: the model configuration object",
    effect: "inPlace",
    secret: false,
    example: { value: { provider: "openai", model: "gpt-4o", temperature: 0 }, changed: { provider: "openai", model: "gpt-4o", temperature: 0.7 } },
  },
  {
    path: "requestsPerSecond",
    wire: "options.requests_per_second",
    type: "integer ≥ 1",
    doc: "Rate limit of runs made with it.",
    schema: z.number().int().min(1),
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: 2, changed: 5 },
  },
  {
    ...updateOnlyFlag,
    path: "availableInPlayground",
    wire: "available_in_playground",
    doc: "Whether the configuration is offered in the playground.",
    unsetMeans: true,
    clearWith: true,
    defaultDoc: "`true` (service's)",
    example: { value: false, changed: true },
  },
  {
    ...updateOnlyFlag,
    path: "availableInEvaluators",
    wire: "available_in_evaluators",
    doc: "Whether the configuration is offered in evaluators (as an LLM judge's model).",
    unsetMeans: true,
    clearWith: true,
    defaultDoc: "`true` (service's)",
    example: { value: false, changed: true },
  },
  {
    ...updateOnlyFlag,
    path: "availableInAgentBuilder",
    wire: "available_in_agent_builder",
    doc: "Whether the configuration is offered in the Agent Builder.",
    unsetMeans: false,
    clearWith: false,
    defaultDoc: "`false` (service's)",
    example: { value: true, changed: false },
  },
  {
    ...updateOnlyFlag,
    path: "availableInPolly",
    wire: "available_in_polly",
    doc: "Whether the configuration is offered in Polly, LangSmith's assistant.",
    unsetMeans: false,
    clearWith: false,
    defaultDoc: "`false` (service's)",
    example: { value: true, changed: false },
  },
  {
    ...updateOnlyFlag,
    path: "availableInInsightsHeavy",
    wire: "available_in_insights_heavy",
    doc: "Whether the configuration is offered in Insights, for its heavy (thorough) analyses.",
    unsetMeans: false,
    clearWith: false,
    defaultDoc: "`false` (service's)",
    example: { value: true, changed: false },
  },
  {
    ...updateOnlyFlag,
    path: "availableInInsightsLight",
    wire: "available_in_insights_light",
    doc: "Whether the configuration is offered in Insights, for its light (quick) analyses.",
    unsetMeans: false,
    clearWith: false,
    defaultDoc: "`false` (service's)",
    example: { value: true, changed: false },
  },
  {
    path: "scope",
    wire: "scope",
    refresh: "always",
    type: "`workspace` \\| `organization`",
    doc: "Who the configuration belongs to: the workspace, or the organization (offered in every workspace of it); the service cannot change it. Read back from the answer's `organization_id` (set only for an organization's).",
    schema: z.enum(["workspace", "organization"]),
    required: false,
    unsetMeans: "workspace",
    defaultDoc: "`workspace` (service's)",
    fromWire: (value) => (value === "workspace" || value === null ? undefined : value),
    effect: "replace",
    secret: false,
    example: { value: "organization", changed: "workspace" },
  },
  {
    path: "settingsType",
    wire: "settings_type",
    type: "`complex` \\| `simple`",
    doc: "How the playground edits `settings`: `complex` (every field of the model's configuration) or `simple`; the service cannot change it.",
    schema: z.enum(["complex", "simple"]),
    required: false,
    unsetMeans: "complex",
    defaultDoc: "`complex` (service's)",
    effect: "replace",
    secret: false,
    example: { value: "simple", changed: "complex" },
  },
  {
    ...optional,
    path: "oauthEnabled",
    wire: "oauth_enabled",
    type: "boolean",
    doc: "Whether calls to the model authenticate with an OAuth 2.0 client-credentials token (from `oauthTokenUrl`) instead of an API key.",
    schema: z.boolean(),
    example: { value: true, changed: false },
  },
  {
    ...optional,
    path: "oauthTokenUrl",
    wire: "oauth_token_url",
    type: "string (URL)",
    doc: "The OAuth token endpoint the token is requested from.",
    schema: httpUrl("oauthTokenUrl"),
    example: { value: "https://auth.example.com/oauth2/token", changed: "https://auth.example.com/oauth2/v2/token" },
  },
  {
    ...optional,
    path: "oauthClientId",
    wire: "oauth_client_id",
    type: "string",
    doc: "The OAuth client's id.",
    schema: z.string().min(1),
    example: { value: "playground-client", changed: "playground-client-v2" },
  },
  {
    ...optional,
    path: "oauthClientSecret",
    wire: "oauth_client_secret",
    type: "string (secret)",
    doc: "The OAuth client's secret; always a Pulumi secret, never answered by the service (kept here as a salted fingerprint).",
    schema: z.string().min(1),
    secret: true,
    example: { value: "client-secret-{canary}", changed: "client-secret-v2-{canary}" },
  },
  {
    ...optional,
    path: "oauthTokenEndpointAuthMethod",
    wire: "oauth_token_endpoint_auth_method",
    type: "`client_secret_basic` \\| `client_secret_post`",
    doc: "How the client authenticates to the token endpoint: HTTP Basic, or the client's id and secret in the form body.",
    schema: z.enum(["client_secret_basic", "client_secret_post"]),
    example: { value: "client_secret_basic", changed: "client_secret_post" },
  },
  {
    ...optional,
    path: "oauthParams",
    wire: "oauth_params",
    type: "map of list of strings",
    doc: 'Extra form parameters of the token request (e.g. `{ scope: ["model.invoke"] }`).',
    schema: z.record(z.string(), z.array(z.string())),
    fromWire: emptyMapAsUnset,
    example: { value: { scope: ["model.invoke"] }, changed: { scope: ["model.invoke", "model.read"] } },
  },
  {
    ...optional,
    path: "oauthHeaders",
    wire: "oauth_headers",
    type: "map of list of strings",
    doc: "Extra headers of the token request (the service answers them as they are: keep secrets out of them).",
    schema: z.record(z.string(), z.array(z.string())),
    fromWire: emptyMapAsUnset,
    example: { value: { "X-Team": ["support"] }, changed: { "X-Team": ["support", "triage"] } },
  },
] as const satisfies FieldTable;

/** PlaygroundSettings' checked inputs. */
export type PlaygroundSettingsInputs = InputsOf<typeof PLAYGROUND_SETTINGS_FIELDS>;

/** The PlaygroundSettings, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:PlaygroundSettings",
  listing: {},
  kind: "playground settings",
  description:
    "A saved model configuration of the LangSmith playground (and evaluators): name, description, the model settings and a rate limit, changed in place; a workspace's or, with `scope: organization`, the organization's (a change of scope replaces it). Import by id.",
  scope: "workspace",
  fields: PLAYGROUND_SETTINGS_FIELDS,
  nameField: "name",
  endpoints: PLAYGROUND_SETTINGS_ENDPOINTS,
  // A refresh reads them together: the whole list, one answer.
  batchRead: { by: "list" },
  // The answers say the scope by `organization_id` alone (set for an organization's configuration).
  hooks: { read: { answer: async (_request, wire) => ({ ...wire, scope: typeof wire["organization_id"] === "string" ? "organization" : "workspace" }) } },
  outputs: [{ ...CREATED_AT_OUTPUT, wire: "created_at" }],
});
