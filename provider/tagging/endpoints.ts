/** The Tagging's endpoints (workspace-scoped), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zTaggingCreate } from "../client/wire/organizationAndAccess.requests";
import { zGetApiV1WorkspacesCurrentTaggingsResponse, zPostApiV1WorkspacesCurrentTaggingsResponse } from "../client/wire/organizationAndAccess.responses";
import type { CrudEndpoints } from "../shared/crud";

/** `/api/v1/workspaces/current/taggings` (create; list grouped by tag value) and `/{tagging_id}` (delete); no GET of one, no update. */
export const TAGGING_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/workspaces/current/taggings", request: zTaggingCreate, response: zPostApiV1WorkspacesCurrentTaggingsResponse }),
  list: defineEndpoint({ method: "GET", path: "/workspaces/current/taggings", response: zGetApiV1WorkspacesCurrentTaggingsResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/workspaces/current/taggings/{id}" }),
} satisfies CrudEndpoints;

/**
 * The taggings of the list answer, one object each (`id`, `tag_value_id`,
 * `resource_type`, `resource_id`): the service groups them by tag value,
 * then by the plural of the object's kind (`projects`, `queues`, ...).
 */
export function taggingsOf(answer: unknown): Record<string, unknown>[] {
  const groups = Array.isArray(answer) ? (answer as Record<string, unknown>[]) : [];
  return groups.flatMap((group) =>
    Object.entries((group["resources"] ?? {}) as Record<string, unknown>).flatMap(([plural, items]) =>
      (Array.isArray(items) ? (items as Record<string, unknown>[]) : []).map((item) => ({
        id: item["tagging_id"],
        tag_value_id: group["tag_value_id"],
        resource_type: plural.replace(/s$/, ""),
        resource_id: item["resource_id"],
      })),
    ),
  );
}
