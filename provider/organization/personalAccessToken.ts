/**
 * The PersonalAccessToken resource: a personal access token of the user (or
 * service account) whose API key the stack runs with, for the whole
 * organization. Like `ServiceKey`: the token is a secret output from the
 * create answer; the service cannot change a token, so every input change
 * makes a new one first.
 */
import { defineEndpoint } from "../client/endpoint";
import { zApiKeyCreateRequest } from "../client/wire/organizationAndAccess.requests";
import { zApiKeyGetResponse } from "../client/wire/organizationAndAccess.responses";
import {
  zDeleteApiV1OrgsCurrentPersonalAccessTokensByPatIdResponse,
  zGetApiV1OrgsCurrentPersonalAccessTokensResponse,
  zPostApiV1OrgsCurrentPersonalAccessTokensResponse,
} from "../client/wire/additions.responses";
import { declareKind, type CrudEndpoints } from "../engine/kind";
import { expiredKey, KEY_OUTPUTS, SERVICE_KEY_FIELDS } from "./apiKey";

/** Where the caller's personal access tokens are, under the API URL. */
export const PERSONAL_ACCESS_TOKENS_PATH = "/orgs/current/personal-access-tokens";

/** The collection (create: the token is in this answer only, 200; list) and `/{pat_id}` (delete, answering the token); no GET of one, no update. */
export const PERSONAL_ACCESS_TOKEN_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: PERSONAL_ACCESS_TOKENS_PATH,
    request: zApiKeyCreateRequest,
    response: zPostApiV1OrgsCurrentPersonalAccessTokensResponse,
  }),
  list: defineEndpoint({ method: "GET", path: PERSONAL_ACCESS_TOKENS_PATH, response: zGetApiV1OrgsCurrentPersonalAccessTokensResponse }),
  delete: defineEndpoint({
    method: "DELETE",
    path: `${PERSONAL_ACCESS_TOKENS_PATH}/{id}`,
    response: zDeleteApiV1OrgsCurrentPersonalAccessTokensByPatIdResponse,
  }),
} satisfies CrudEndpoints;

/** The PersonalAccessToken, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:PersonalAccessToken",
  listing: {},
  kind: "personal access token",
  description:
    "A personal access token (`lsv2_pt_...`) of the user or service account whose API key the stack runs with, for the LangSmith organization: it acts as that identity, with the organization role " +
    "`orgRoleId` (the service's default: Organization User) and, in the workspaces it names, `roleId`. The token itself is the `key` output, a Pulumi secret the service shows once, at create. " +
    "The service cannot change a token: every input change replaces it, the new one first (which is how it is rotated). Needs an organization-scoped API key. Import by id (an imported token has no `key`).",
  scope: "organization",
  fields: SERVICE_KEY_FIELDS,
  nameField: "description",
  object: zApiKeyGetResponse,
  notAdopted: expiredKey,
  endpoints: PERSONAL_ACCESS_TOKEN_ENDPOINTS,
  outputs: KEY_OUTPUTS,
});
