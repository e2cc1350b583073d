/** The SsoSettings' endpoints (organization-scoped), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zSsoSettingsCreate, zSsoSettingsUpdate } from "../client/wire/organizationAndAccess.requests";
import {
  zGetApiV1OrgsCurrentSsoSettingsResponse,
  zPatchApiV1OrgsCurrentSsoSettingsByIdResponse,
  zPostApiV1OrgsCurrentSsoSettingsResponse,
} from "../client/wire/organizationAndAccess.responses";
import type { CrudEndpoints } from "../shared/crud";

/** `/api/v1/orgs/current/sso-settings` (create: 201; list) and `/{id}` (PATCH, delete). */
export const SSO_SETTINGS_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/orgs/current/sso-settings", request: zSsoSettingsCreate, response: zPostApiV1OrgsCurrentSsoSettingsResponse }),
  list: defineEndpoint({ method: "GET", path: "/orgs/current/sso-settings", response: zGetApiV1OrgsCurrentSsoSettingsResponse }),
  update: defineEndpoint({ method: "PATCH", path: "/orgs/current/sso-settings/{id}", request: zSsoSettingsUpdate, response: zPatchApiV1OrgsCurrentSsoSettingsByIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/orgs/current/sso-settings/{id}" }),
} satisfies CrudEndpoints;
