/** The PlaygroundSettings resource: a saved model configuration of the LangSmith playground. */
import { defineEndpoint } from "../client/endpoint";
import { zPlaygroundSettingsCreateRequest, zPlaygroundSettingsUpdateRequest } from "../client/wire/tracingAndEvaluation.requests";
import { zGetApiV1PlaygroundSettingsByPlaygroundSettingsIdResponse, zGetApiV1PlaygroundSettingsResponse, zPatchApiV1PlaygroundSettingsByPlaygroundSettingsIdResponse, zPostApiV1PlaygroundSettingsResponse } from "../client/wire/tracingAndEvaluation.responses";
import { type CrudEndpoints, declareKind, descriptionField, workspaceIdField } from "../engine/kind";
import type { FieldTable, InputsOf } from "../engine/fields/fields";
import { CREATED_AT_OUTPUT } from "../engine/state/outputs";
import { z } from "zod";

/** `/api/v1/playground-settings` (create, list) and `/{playground_settings_id}` (get, PATCH, delete). */
export const PLAYGROUND_SETTINGS_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/playground-settings", request: zPlaygroundSettingsCreateRequest, response: zPostApiV1PlaygroundSettingsResponse }),
  list: defineEndpoint({ method: "GET", path: "/playground-settings", response: zGetApiV1PlaygroundSettingsResponse }),
  get: defineEndpoint({ method: "GET", path: "/playground-settings/{id}", response: zGetApiV1PlaygroundSettingsByPlaygroundSettingsIdResponse }),
  update: defineEndpoint({ method: "PATCH", path: "/playground-settings/{id}", request: zPlaygroundSettingsUpdateRequest, response: zPatchApiV1PlaygroundSettingsByPlaygroundSettingsIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/playground-settings/{id}" }),
} satisfies CrudEndpoints;

/** Every input field of PlaygroundSettings. */
export const PLAYGROUND_SETTINGS_FIELDS = [
  workspaceIdField("playground settings"),
  { path: "name", wire: "name", refresh: "always", type: "string", doc: "Name of the saved configuration, e.g. `gpt-4o (temperature 0)`.", schema: z.string().trim().min(1), required: true, reason: "name is required", effect: "inPlace", secret: false, example: { value: "gpt-4o (temperature 0)", changed: "gpt-4o (temperature 0.7)" } },
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
  { path: "requestsPerSecond", wire: "options.requests_per_second", type: "integer ≥ 1", doc: "Rate limit of runs made with it.", schema: z.number().int().min(1), required: false, effect: "inPlace", secret: false, example: { value: 2, changed: 5 } },
] as const satisfies FieldTable;

/** PlaygroundSettings' checked inputs. */
export type PlaygroundSettingsInputs = InputsOf<typeof PLAYGROUND_SETTINGS_FIELDS>;

/** The PlaygroundSettings, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:PlaygroundSettings",
  kind: "playground settings",
  description: "A saved model configuration of the LangSmith playground (and evaluators): name, description, the model settings and a rate limit, changed in place. Import by id.",
  scope: "workspace",
  fields: PLAYGROUND_SETTINGS_FIELDS,
  nameField: "name",
  endpoints: PLAYGROUND_SETTINGS_ENDPOINTS,
  // A refresh reads them together: the whole list, one answer.
  batchRead: { by: "list" },
  outputs: [{ ...CREATED_AT_OUTPUT, wire: "created_at" }],
});
