/** The ServiceKey's endpoints (organization-scoped), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zApiKeyCreateRequest } from "../client/wire/organizationAndAccess.requests";
import {
  zDeleteApiV1OrgsCurrentServiceKeysByApiKeyIdResponse,
  zGetApiV1OrgsCurrentServiceKeysResponse,
  zPostApiV1OrgsCurrentServiceKeysResponse,
} from "../client/wire/organizationAndAccess.responses";
import type { CrudEndpoints } from "../shared/crud";

/** `/api/v1/orgs/current/service-keys` (create: the key is in this answer only; list) and `/{api_key_id}` (delete). */
export const SERVICE_KEY_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/orgs/current/service-keys", request: zApiKeyCreateRequest, response: zPostApiV1OrgsCurrentServiceKeysResponse }),
  list: defineEndpoint({ method: "GET", path: "/orgs/current/service-keys", response: zGetApiV1OrgsCurrentServiceKeysResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/orgs/current/service-keys/{id}", response: zDeleteApiV1OrgsCurrentServiceKeysByApiKeyIdResponse }),
} satisfies CrudEndpoints;
