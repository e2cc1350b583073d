/**
 * The ServiceKey resource: an organization service key (organization-scoped,
 * with an organization role and workspaces). Like `ApiKey`: the key is a
 * secret output from the create answer; every change makes a new key first.
 */
import { defineEndpoint } from "../client/endpoint";
import { zApiKeyCreateRequest } from "../client/wire/organizationAndAccess.requests";
import {
  zApiKeyGetResponse,
  zDeleteApiV1OrgsCurrentServiceKeysByApiKeyIdResponse,
  zGetApiV1OrgsCurrentServiceKeysResponse,
  zPostApiV1OrgsCurrentServiceKeysResponse,
} from "../client/wire/organizationAndAccess.responses";
import { declareKind, type CrudEndpoints } from "../engine/kind";
import { expiredKey, KEY_OUTPUTS, SERVICE_KEY_FIELDS } from "./apiKey";

/** `/api/v1/orgs/current/service-keys` (create: the key is in this answer only; list) and `/{api_key_id}` (delete). */
export const SERVICE_KEY_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: "/orgs/current/service-keys",
    request: zApiKeyCreateRequest,
    response: zPostApiV1OrgsCurrentServiceKeysResponse,
  }),
  list: defineEndpoint({ method: "GET", path: "/orgs/current/service-keys", response: zGetApiV1OrgsCurrentServiceKeysResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/orgs/current/service-keys/{id}", response: zDeleteApiV1OrgsCurrentServiceKeysByApiKeyIdResponse }),
} satisfies CrudEndpoints;

/** The ServiceKey, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:ServiceKey",
  listing: {},
  kind: "service key",
  description:
    "An organization service key of LangSmith: acts for the organization (with an organization role) and in the workspaces it names (with `roleId`). " +
    "The `key` output is a secret the service shows once, at create; every input change replaces the key, the new one first. Needs an organization-scoped API key. Import by id.",
  scope: "organization",
  fields: SERVICE_KEY_FIELDS,
  nameField: "description",
  object: zApiKeyGetResponse,
  notAdopted: expiredKey,
  endpoints: SERVICE_KEY_ENDPOINTS,
  outputs: KEY_OUTPUTS,
});
