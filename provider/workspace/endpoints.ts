/** The Workspace's endpoints (organization-scoped), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zWorkspaceCreate, zWorkspacePatch } from "../client/wire/organizationAndAccess.requests";
import { zGetApiV1WorkspacesResponse, zPatchApiV1WorkspacesByWorkspaceIdResponse, zPostApiV1WorkspacesResponse } from "../client/wire/organizationAndAccess.responses";
import type { CrudEndpoints } from "../shared/crud";

/** `/api/v1/workspaces` (create, list) and `/api/v1/workspaces/{workspace_id}` (rename, delete); the service has no GET of one. */
export const WORKSPACE_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/workspaces", request: zWorkspaceCreate, response: zPostApiV1WorkspacesResponse }),
  list: defineEndpoint({ method: "GET", path: "/workspaces", response: zGetApiV1WorkspacesResponse }),
  update: defineEndpoint({ method: "PATCH", path: "/workspaces/{id}", request: zWorkspacePatch, response: zPatchApiV1WorkspacesByWorkspaceIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/workspaces/{id}" }),
} satisfies CrudEndpoints;
