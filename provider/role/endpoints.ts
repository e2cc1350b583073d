/** The Role's endpoints (organization-scoped), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zCreateRoleRequest, zUpdateRoleRequest } from "../client/wire/organizationAndAccess.requests";
import {
  zDeleteApiV1OrgsCurrentRolesByRoleIdResponse,
  zGetApiV1OrgsCurrentRolesResponse,
  zGetApiV1OrgsPermissionsResponse,
  zPatchApiV1OrgsCurrentRolesByRoleIdResponse,
  zPostApiV1OrgsCurrentRolesResponse,
} from "../client/wire/organizationAndAccess.responses";
import type { CrudEndpoints } from "../shared/crud";

/** `/api/v1/orgs/current/roles` (create, list: built-in and custom) and `/{role_id}` (PATCH of all three fields, delete); no GET of one. */
export const ROLE_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/orgs/current/roles", request: zCreateRoleRequest, response: zPostApiV1OrgsCurrentRolesResponse }),
  list: defineEndpoint({ method: "GET", path: "/orgs/current/roles", response: zGetApiV1OrgsCurrentRolesResponse }),
  update: defineEndpoint({ method: "PATCH", path: "/orgs/current/roles/{id}", request: zUpdateRoleRequest, response: zPatchApiV1OrgsCurrentRolesByRoleIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/orgs/current/roles/{id}", response: zDeleteApiV1OrgsCurrentRolesByRoleIdResponse }),
} satisfies CrudEndpoints;

/** `GET /api/v1/orgs/permissions`: the permissions the organization knows. */
export const LIST_PERMISSIONS = defineEndpoint({ method: "GET", path: "/orgs/permissions", response: zGetApiV1OrgsPermissionsResponse });
