/** The UsageLimit resource: a monthly trace limit of one workspace. */
import { defineEndpoint } from "../client/endpoint";
import { zUpsertUsageLimit } from "../client/wire/organizationAndAccess.requests";
import { zGetApiV1UsageLimitsOrgResponse, zGetApiV1UsageLimitsResponse, zPutApiV1UsageLimitsResponse } from "../client/wire/organizationAndAccess.responses";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../engine/kind";
import type { FieldTable, InputsOf } from "../engine/fields/fields";
import { CREATED_AT_OUTPUT, UPDATED_AT_OUTPUT } from "../engine/state/outputs";
import { z } from "zod";

const PUT = defineEndpoint({ method: "PUT", path: "/usage-limits", request: zUpsertUsageLimit, response: zPutApiV1UsageLimitsResponse });

/** `PUT /api/v1/usage-limits` (an upsert by limit type; with `id` it updates that limit), `GET` (list), `DELETE /{usage_limit_id}`. */
export const USAGE_LIMIT_ENDPOINTS = {
  create: PUT,
  list: defineEndpoint({ method: "GET", path: "/usage-limits", response: zGetApiV1UsageLimitsResponse }),
  update: PUT,
  delete: defineEndpoint({ method: "DELETE", path: "/usage-limits/{id}" }),
} satisfies CrudEndpoints;

/** The limits a workspace can set: traces per month, and extended-retention traces per month. */
export const USAGE_LIMIT_TYPES = ["monthly_traces", "monthly_longlived_traces"] as const;

/** Every input field of a UsageLimit. */
export const USAGE_LIMIT_FIELDS = [
  workspaceIdField("usage limit"),
  {
    path: "limitType",
    wire: "limit_type",
    refresh: "always",
    type: "`monthly_traces` \\| `monthly_longlived_traces`",
    doc: "Which limit: traces per month, or extended-retention traces per month; one of each per workspace (`pulumi import` accepts it instead of the id).",
    schema: z.enum(USAGE_LIMIT_TYPES),
    reason: 'limitType is required: "monthly_traces" or "monthly_longlived_traces"',
    required: true,
    effect: "replace",
    secret: false,
    example: { value: "monthly_traces", changed: "monthly_longlived_traces" },
  },
  {
    path: "limitValue",
    wire: "limit_value",
    refresh: "always",
    type: "integer ≥ 0",
    doc: "The limit, in traces per month.",
    schema: z.number().int().min(0),
    reason: "limitValue is required: a whole number of traces per month, 0 or more",
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: 100000, changed: 250000 },
  },
] as const satisfies FieldTable;

/** A UsageLimit's checked inputs. */
export type UsageLimitInputs = InputsOf<typeof USAGE_LIMIT_FIELDS>;

/** The UsageLimit, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:UsageLimit",
  listing: {
    organizationWide: {
      argument: "organizationWide",
      endpoint: defineEndpoint({ method: "GET", path: "/usage-limits/org", response: zGetApiV1UsageLimitsOrgResponse }),
      doc: "Whether to list every workspace's limits in one request (the service's organization-wide list; each limit's workspace is its `tenantId`) instead of one workspace's; default false.",
    },
  },
  kind: "usage limit",
  description:
    "A monthly trace limit of a LangSmith workspace (`monthly_traces` or `monthly_longlived_traces`; one of each per workspace). " +
    "The value changes in place; another type replaces it. A create refuses a type the workspace already limits (import it instead: by id or by type). Destroy removes the limit.",
  scope: "workspace",
  fields: USAGE_LIMIT_FIELDS,
  nameField: "limitType",
  naturalKey: "limitType",
  unique: ["limitType"],
  createUpserts: true,
  updateSendsAll: true,
  updateBodyHasId: true,
  endpoints: USAGE_LIMIT_ENDPOINTS,
  outputs: [
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
    { ...UPDATED_AT_OUTPUT, wire: "updated_at" },
  ],
});
