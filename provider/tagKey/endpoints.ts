/** The TagKey's endpoints (workspace-scoped), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zTagKeyCreate, zTagKeyUpdate } from "../client/wire/organizationAndAccess.requests";
import {
  zGetApiV1WorkspacesCurrentTagKeysByTagKeyIdResponse,
  zGetApiV1WorkspacesCurrentTagKeysResponse,
  zPatchApiV1WorkspacesCurrentTagKeysByTagKeyIdResponse,
  zPostApiV1WorkspacesCurrentTagKeysResponse,
} from "../client/wire/organizationAndAccess.responses";
import type { CrudEndpoints } from "../shared/crud";

/** `/api/v1/workspaces/current/tag-keys` and `/{tag_key_id}`. */
export const TAG_KEY_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/workspaces/current/tag-keys", request: zTagKeyCreate, response: zPostApiV1WorkspacesCurrentTagKeysResponse }),
  list: defineEndpoint({ method: "GET", path: "/workspaces/current/tag-keys", response: zGetApiV1WorkspacesCurrentTagKeysResponse }),
  get: defineEndpoint({ method: "GET", path: "/workspaces/current/tag-keys/{id}", response: zGetApiV1WorkspacesCurrentTagKeysByTagKeyIdResponse }),
  update: defineEndpoint({ method: "PATCH", path: "/workspaces/current/tag-keys/{id}", request: zTagKeyUpdate, response: zPatchApiV1WorkspacesCurrentTagKeysByTagKeyIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/workspaces/current/tag-keys/{id}" }),
} satisfies CrudEndpoints;
