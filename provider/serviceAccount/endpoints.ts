/** The ServiceAccount's endpoints (organization-scoped), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zServiceAccountCreateRequest } from "../client/wire/organizationAndAccess.requests";
import { zGetApiV1ServiceAccountsResponse, zPostApiV1ServiceAccountsResponse } from "../client/wire/organizationAndAccess.responses";
import type { CrudEndpoints } from "../shared/crud";

/** `/api/v1/service-accounts` (create, list) and `/{service_account_id}` (delete); no GET of one, no update. */
export const SERVICE_ACCOUNT_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/service-accounts", request: zServiceAccountCreateRequest, response: zPostApiV1ServiceAccountsResponse }),
  list: defineEndpoint({ method: "GET", path: "/service-accounts", response: zGetApiV1ServiceAccountsResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/service-accounts/{id}" }),
} satisfies CrudEndpoints;
