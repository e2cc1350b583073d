/** The retention settings' endpoints, declared with the schemas generated from the contract: a PUT that creates or replaces, a list. */
import { defineEndpoint } from "../client/endpoint";
import { zUpsertTtlSettingsRequest } from "../client/wire/organizationAndAccess.requests";
import {
  zGetApiV1OrgsTtlSettingsResponse,
  zGetApiV1TtlSettingsResponse,
  zPutApiV1OrgsTtlSettingsResponse,
  zPutApiV1TtlSettingsResponse,
} from "../client/wire/organizationAndAccess.responses";
import type { CrudEndpoints } from "../shared/crud";

const PUT_WORKSPACE = defineEndpoint({ method: "PUT", path: "/ttl-settings", request: zUpsertTtlSettingsRequest, response: zPutApiV1TtlSettingsResponse });
const PUT_ORGANIZATION = defineEndpoint({ method: "PUT", path: "/orgs/ttl-settings", request: zUpsertTtlSettingsRequest, response: zPutApiV1OrgsTtlSettingsResponse });

/** A workspace's: `PUT`/`GET /api/v1/ttl-settings` (sent with the workspace as `X-Tenant-Id`); no delete. */
export const TTL_SETTINGS_ENDPOINTS = {
  create: PUT_WORKSPACE,
  list: defineEndpoint({ method: "GET", path: "/ttl-settings", response: zGetApiV1TtlSettingsResponse }),
  update: PUT_WORKSPACE,
} satisfies CrudEndpoints;

/** The organization's: `PUT`/`GET /api/v1/orgs/ttl-settings`; no delete. */
export const ORGANIZATION_TTL_SETTINGS_ENDPOINTS = {
  create: PUT_ORGANIZATION,
  list: defineEndpoint({ method: "GET", path: "/orgs/ttl-settings", response: zGetApiV1OrgsTtlSettingsResponse }),
  update: PUT_ORGANIZATION,
} satisfies CrudEndpoints;
