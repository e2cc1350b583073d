/** A workspace's member endpoints (the workspace sent as `X-Tenant-Id`), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zIdentityCreate, zIdentityPatch } from "../client/wire/organizationAndAccess.requests";
import { zGetApiV1WorkspacesCurrentMembersResponse, zPostApiV1WorkspacesCurrentMembersResponse } from "../client/wire/organizationAndAccess.responses";

/** `POST /api/v1/workspaces/current/members`: adds an active organization member (by its organization identity). */
export const ADD_MEMBER = defineEndpoint({ method: "POST", path: "/workspaces/current/members", request: zIdentityCreate, response: zPostApiV1WorkspacesCurrentMembersResponse });
/** `GET /api/v1/workspaces/current/members`: the workspace's members and pending invitations. */
export const LIST_WORKSPACE_MEMBERS = defineEndpoint({ method: "GET", path: "/workspaces/current/members", response: zGetApiV1WorkspacesCurrentMembersResponse });
/** `PATCH /api/v1/workspaces/current/members/{identity_id}`: the member's workspace role. */
export const PATCH_WORKSPACE_MEMBER = defineEndpoint({ method: "PATCH", path: "/workspaces/current/members/{identityId}", request: zIdentityPatch });
/** `DELETE /api/v1/workspaces/current/members/{identity_id}`: removes the member from the workspace. */
export const REMOVE_WORKSPACE_MEMBER = defineEndpoint({ method: "DELETE", path: "/workspaces/current/members/{identityId}" });
