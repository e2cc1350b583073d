/** The GatewayPolicy resource: a policy of LangSmith's LLM gateway (spend cap, rate limit, guard, routing, model access) for the subjects it names. */
import { declareKind } from "../engine/kind";
import { emptyAsUnset, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { OUTPUT_TYPES } from "../engine/state/outputs";
import { z } from "zod";
import { GATEWAY_POLICY_ENDPOINTS, refuseAdoption, subjectMatchersField } from "./gatewayPolicies";

/** Kinds of gateway policy. */
export const GATEWAY_POLICY_TYPES = ["spend_cap", "default_spend_cap", "guard", "route_config", "rate_limit", "default_rate_limit", "model_access"] as const;

const TOKEN = "langsmith:index:GatewayPolicy";

/** Every input field of a GatewayPolicy. */
export const GATEWAY_POLICY_FIELDS = [
  {
    path: "name",
    wire: "name",
    refresh: "always",
    type: "string",
    doc: "Name of the policy (a route configuration's is unique in the organization).",
    schema: z.string().trim().min(1),
    reason: 'name is required, e.g. "API key rate limit"',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "matrix key rate limit", changed: "matrix key model access" },
  },
  {
    path: "description",
    wire: "description",
    fromWire: emptyAsUnset,
    type: "string",
    doc: "What the policy is for.",
    schema: z.string(),
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: "At most 60 requests a minute.", changed: "Block prompts with secrets in them." },
  },
  {
    path: "policyType",
    wire: "policy_type",
    refresh: "always",
    type: GATEWAY_POLICY_TYPES.map((t) => `\`${t}\``).join(" \\| "),
    doc: "What the policy does: a spend cap, a rate limit (the `default_` forms apply to every subject of their key without a policy of its own), a guard on prompts, a routing of failed calls to fallback models, or a list of the providers and models its subjects may call (`model_access`); the service cannot change it.",
    schema: z.enum(GATEWAY_POLICY_TYPES),
    reason: `policyType is required: one of ${GATEWAY_POLICY_TYPES.join(", ")}`,
    required: true,
    effect: "replace",
    secret: false,
    example: { value: "rate_limit", changed: "model_access" },
  },
  {
    path: "config",
    wire: "config",
    refresh: "always",
    type: "map of any",
    doc: "The type's settings, as the service takes them (snake_case): `{ window, limit_usd }` for a spend cap (`hourly`, `daily`, `weekly`, `monthly`), `{ limits: [{ metric, window, value }] }` for a rate limit (`requests` or `tokens` a `minute` or `hour`), `{ detect: { pii, secrets }, timeout_seconds, timeout_action }` for a guard, `{ triggers: { status_codes }, fallbacks: [{ model_configs: [{ model_config_id }] }] }` for a route configuration, `{ providers: [{ provider, access, allowed_models }] }` for a model access list (`access` `all`, with no `allowed_models`, or `selected`, with 1 to 50 of them; a provider not listed is denied).",
    schema: z.record(z.string(), z.unknown()),
    reason: 'config is required: the type\'s settings, e.g. { limits: [{ metric: "requests", window: "minute", value: 60 }] } for a rate limit',
    required: true,
    effect: "inPlace",
    secret: false,
    example: {
      value: { limits: [{ metric: "requests", window: "minute", value: 60 }] },
      changed: { providers: [{ provider: "openai", access: "selected", allowed_models: ["gpt-4o"] }] },
    },
  },
  subjectMatchersField({
    value: [{ key: "api_key_id", value: "matrix-key-{uuid}" }],
    changed: [
      { key: "api_key_id", value: "matrix-key-{uuid}" },
      { key: "user_id", value: "matrix-user-{uuid}" },
      { key: "matrix_team", value: "matrix-team-{uuid}" },
    ],
  }),
  {
    path: "enabled",
    wire: "enabled",
    type: "boolean",
    doc: "Whether the policy is enforced.",
    schema: z.boolean(),
    required: false,
    unsetMeans: true,
    defaultDoc: "`true` (service's)",
    effect: "inPlace",
    secret: false,
    example: { value: false, changed: true },
  },
  {
    path: "priority",
    wire: "priority",
    type: "integer",
    doc: "Order among the policies that apply to a call (a higher one first).",
    schema: z.number().int(),
    required: false,
    unsetMeans: 0,
    defaultDoc: "`0` (service's)",
    effect: "inPlace",
    secret: false,
    example: { value: 5, changed: 10 },
  },
] as const satisfies FieldTable;

/** A GatewayPolicy's checked inputs. */
export type GatewayPolicyInputs = InputsOf<typeof GATEWAY_POLICY_FIELDS>;

/** The GatewayPolicy, as the native provider serves it. */
export const resource = declareKind({
  token: TOKEN,
  listing: {
    none: "`getGatewayPolicies`, written before the generated list functions, lists the policies as the service answers them (snake_case); its shape is kept.",
  },
  kind: "gateway policy",
  description:
    "A policy of LangSmith's LLM gateway for the subjects its matchers name (the organization, a workspace, a user, an API key, a run rule): a spend cap, a rate limit, a guard on prompts, a routing of failed calls to fallback models, or the models its subjects may call. " +
    "Its type is fixed; everything else changes in place. The service keeps one policy of a kind per set of subjects, so a create refuses to take over an existing one (import it). `GatewaySpendCap` is the typed form of a spend cap. Needs an organization-scoped API key. Import by id.",
  scope: "organization",
  base: "origin",
  fields: GATEWAY_POLICY_FIELDS,
  nameField: "name",
  endpoints: GATEWAY_POLICY_ENDPOINTS,
  beforeWrite: (client, inputs, action) => refuseAdoption(client, inputs, String(inputs["policyType"]), TOKEN, action),
  outputs: [
    {
      name: "currentSpendUsd",
      type: OUTPUT_TYPES.number,
      doc: "For a spend cap (`spend_cap`, `default_spend_cap`): what its subjects' calls have spent in the current window, in US dollars, as of the last read; unset for other types.",
      changesOnUpdate: true,
      wire: "current_spend_usd",
    },
  ],
});
