/**
 * The PlaygroundSettings' inputs: a saved model configuration of the
 * playground (name, description, the settings object, rate limit), changed
 * in place (one PATCH). Check, diff, the wire mapping, refresh, import, the
 * schema and the reference table derive from {@link PLAYGROUND_SETTINGS_FIELDS}.
 */
import { z } from "zod";
import { workspaceIdField } from "../shared/crud";
import type { FieldTable, InputsOf } from "../shared/fields";

/** Every input field of PlaygroundSettings. */
export const PLAYGROUND_SETTINGS_FIELDS = [
  workspaceIdField("playground settings"),
  { path: "name", wire: "name", refresh: "always", type: "string", doc: "Name of the saved configuration, e.g. `gpt-4o (temperature 0)`.", schema: z.string().trim().min(1), required: true, reason: "name is required", effect: "inPlace", secret: false },
  { path: "description", wire: "description", type: "string", doc: "What the configuration is for.", schema: z.string(), required: false, effect: "inPlace", secret: false },
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
  },
  { path: "requestsPerSecond", wire: "options.requests_per_second", type: "integer ≥ 1", doc: "Rate limit of runs made with it.", schema: z.number().int().min(1), required: false, effect: "inPlace", secret: false },
] as const satisfies FieldTable;

/** PlaygroundSettings' checked inputs. */
export type PlaygroundSettingsInputs = InputsOf<typeof PLAYGROUND_SETTINGS_FIELDS>;
