/** The GatewaySpendCap resource: a cap on what the LLM gateway's calls of the subjects it names may spend in a window. */
import { declareKind } from "../engine/kind";
import { OUTPUT_TYPES } from "../engine/state/outputs";
import { emptyAsUnset, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { z } from "zod";
import { GATEWAY_POLICY_ENDPOINTS, refuseAdoption, subjectMatchersField } from "./gatewayPolicies";
import { zGatewayPoliciesGatewayPolicyRecord } from "../client/wire/additions.responses";

/** Windows a spend cap counts over. */
export const SPEND_CAP_WINDOWS = ["hourly", "daily", "weekly", "monthly"] as const;

const TOKEN = "langsmith:index:GatewaySpendCap";
const POLICY_TYPE = "spend_cap";

/** Every input field of a GatewaySpendCap. */
export const GATEWAY_SPEND_CAP_FIELDS = [
  {
    path: "name",
    wire: "name",
    refresh: "always",
    type: "string",
    doc: "Name of the cap.",
    schema: z.string().trim().min(1),
    reason: 'name is required, e.g. "agents workspace: $500 a month"',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "matrix workspace cap", changed: "matrix workspace cap v2" },
  },
  {
    path: "description",
    wire: "description",
    fromWire: emptyAsUnset,
    type: "string",
    doc: "What the cap is for.",
    schema: z.string(),
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: "The workspace's monthly model budget.", changed: "The workspace's weekly model budget." },
  },
  subjectMatchersField({
    value: [{ key: "workspace_id", value: "matrix-workspace-{uuid}" }],
    changed: [{ key: "workspace_id", value: "matrix-workspace-b-{uuid}" }],
  }),
  {
    path: "window",
    wire: "config.window",
    refresh: "always",
    type: SPEND_CAP_WINDOWS.map((w) => `\`${w}\``).join(" \\| "),
    doc: "The period the spend is counted over.",
    schema: z.enum(SPEND_CAP_WINDOWS),
    reason: `window is required: one of ${SPEND_CAP_WINDOWS.join(", ")}`,
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "monthly", changed: "weekly" },
  },
  {
    path: "limitUsd",
    wire: "config.limit_usd",
    refresh: "always",
    type: "number, US dollars",
    doc: "The most the subjects' calls may spend in a window, in US dollars; calls over it are blocked.",
    schema: z.number().positive(),
    reason: "limitUsd is required: a positive number of US dollars, e.g. 500",
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: 500, changed: 250 },
  },
  {
    path: "priority",
    wire: "priority",
    type: "integer",
    doc: "Order among the caps that apply to a call (a higher one first).",
    schema: z.number().int(),
    required: false,
    unsetMeans: 0,
    defaultDoc: "`0` (service's)",
    effect: "inPlace",
    secret: false,
    example: { value: 5, changed: 10 },
  },
  {
    path: "enabled",
    wire: "enabled",
    type: "boolean",
    doc: "Whether the cap is enforced.",
    schema: z.boolean(),
    required: false,
    unsetMeans: true,
    defaultDoc: "`true` (service's)",
    effect: "inPlace",
    secret: false,
    example: { value: false, changed: true },
  },
] as const satisfies FieldTable;

/** A GatewaySpendCap's checked inputs. */
export type GatewaySpendCapInputs = InputsOf<typeof GATEWAY_SPEND_CAP_FIELDS>;

/** The GatewaySpendCap, as the native provider serves it. */
export const resource = declareKind({
  token: TOKEN,
  listing: {},
  kind: "gateway spend cap",
  description:
    "A cap on what the LLM gateway's calls of the subjects its matchers name (a workspace, a user, an API key, ...) may spend in a window (a gateway policy of type `spend_cap`, typed). " +
    "Everything changes in place. The service keeps one cap per set of subjects, so a create refuses to take over an existing one (import it). Needs an organization-scoped API key. Import by id.",
  scope: "organization",
  base: "origin",
  fields: GATEWAY_SPEND_CAP_FIELDS,
  nameField: "name",
  endpoints: GATEWAY_POLICY_ENDPOINTS,
  // The type is the resource's: sent at create, never changed.
  wrapBody: (body, operation) => (operation === "create" ? { ...body, policy_type: POLICY_TYPE } : body),
  object: zGatewayPoliciesGatewayPolicyRecord,
  manages: (wire) => wire.policy_type === POLICY_TYPE,
  // The service replaces `config` whole: a change of the window or the limit sends both.
  updateSendsAll: true,
  beforeWrite: (client, inputs, action) => refuseAdoption(client, inputs, POLICY_TYPE, TOKEN, action),
  outputs: [
    {
      name: "currentSpendUsd",
      type: OUTPUT_TYPES.number,
      doc: "What the subjects' calls have spent in the current window, in US dollars, as of the last read.",
      changesOnUpdate: true,
      wire: "current_spend_usd",
    },
  ],
});
