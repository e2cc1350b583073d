/** The ApiKey's endpoints (workspace-scoped), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zApiKeyCreateRequest } from "../client/wire/organizationAndAccess.requests";
import { zDeleteApiV1ApiKeyByApiKeyIdResponse, zGetApiV1ApiKeyResponse, zPostApiV1ApiKeyResponse } from "../client/wire/organizationAndAccess.responses";
import type { CrudEndpoints } from "../shared/crud";

/** `/api/v1/api-key` (create: the key is in this answer only; list) and `/{api_key_id}` (delete); no GET of one, no update. */
export const API_KEY_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/api-key", request: zApiKeyCreateRequest, response: zPostApiV1ApiKeyResponse }),
  list: defineEndpoint({ method: "GET", path: "/api-key", response: zGetApiV1ApiKeyResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/api-key/{id}", response: zDeleteApiV1ApiKeyByApiKeyIdResponse }),
} satisfies CrudEndpoints;
