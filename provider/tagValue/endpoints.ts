/** The TagValue's endpoints (workspace-scoped, under a tag key), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zTagValueCreate, zTagValueUpdate } from "../client/wire/organizationAndAccess.requests";
import {
  zGetApiV1WorkspacesCurrentTagKeysByTagKeyIdTagValuesByTagValueIdResponse,
  zGetApiV1WorkspacesCurrentTagKeysByTagKeyIdTagValuesResponse,
  zPatchApiV1WorkspacesCurrentTagKeysByTagKeyIdTagValuesByTagValueIdResponse,
  zPostApiV1WorkspacesCurrentTagKeysByTagKeyIdTagValuesResponse,
} from "../client/wire/organizationAndAccess.responses";
import type { CrudEndpoints } from "../shared/crud";

const VALUES = "/workspaces/current/tag-keys/{tagKeyId}/tag-values";

/** `/api/v1/workspaces/current/tag-keys/{tag_key_id}/tag-values` and `/{tag_value_id}`; `{tagKeyId}` is the input of that name. */
export const TAG_VALUE_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: VALUES, request: zTagValueCreate, response: zPostApiV1WorkspacesCurrentTagKeysByTagKeyIdTagValuesResponse }),
  list: defineEndpoint({ method: "GET", path: VALUES, response: zGetApiV1WorkspacesCurrentTagKeysByTagKeyIdTagValuesResponse }),
  get: defineEndpoint({ method: "GET", path: `${VALUES}/{id}`, response: zGetApiV1WorkspacesCurrentTagKeysByTagKeyIdTagValuesByTagValueIdResponse }),
  update: defineEndpoint({ method: "PATCH", path: `${VALUES}/{id}`, request: zTagValueUpdate, response: zPatchApiV1WorkspacesCurrentTagKeysByTagKeyIdTagValuesByTagValueIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: `${VALUES}/{id}` }),
} satisfies CrudEndpoints;
