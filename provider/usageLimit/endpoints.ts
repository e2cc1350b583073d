/** The UsageLimit's endpoints (workspace-scoped), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zUpsertUsageLimit } from "../client/wire/organizationAndAccess.requests";
import { zGetApiV1UsageLimitsResponse, zPutApiV1UsageLimitsResponse } from "../client/wire/organizationAndAccess.responses";
import type { CrudEndpoints } from "../shared/crud";

const PUT = defineEndpoint({ method: "PUT", path: "/usage-limits", request: zUpsertUsageLimit, response: zPutApiV1UsageLimitsResponse });

/** `PUT /api/v1/usage-limits` (an upsert by limit type; with `id` it updates that limit), `GET` (list), `DELETE /{usage_limit_id}`. */
export const USAGE_LIMIT_ENDPOINTS = {
  create: PUT,
  list: defineEndpoint({ method: "GET", path: "/usage-limits", response: zGetApiV1UsageLimitsResponse }),
  update: PUT,
  delete: defineEndpoint({ method: "DELETE", path: "/usage-limits/{id}" }),
} satisfies CrudEndpoints;
