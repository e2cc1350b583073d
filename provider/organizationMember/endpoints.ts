/** The organization's member endpoints, declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zOrgIdentityPatch, zPendingIdentityCreate } from "../client/wire/organizationAndAccess.requests";
import { zGetApiV1OrgsCurrentMembersResponse, zPostApiV1OrgsCurrentMembersResponse } from "../client/wire/organizationAndAccess.responses";

/** `POST /api/v1/orgs/current/members`: invites by email (a pending identity). */
export const INVITE = defineEndpoint({ method: "POST", path: "/orgs/current/members", request: zPendingIdentityCreate, response: zPostApiV1OrgsCurrentMembersResponse });
/** `GET /api/v1/orgs/current/members`: the active members and the pending invitations. */
export const LIST_MEMBERS = defineEndpoint({ method: "GET", path: "/orgs/current/members", response: zGetApiV1OrgsCurrentMembersResponse });
/** `PATCH /api/v1/orgs/current/members/{identity_id}`: an active member's organization role. */
export const PATCH_MEMBER = defineEndpoint({ method: "PATCH", path: "/orgs/current/members/{identityId}", request: zOrgIdentityPatch });
/** `DELETE /api/v1/orgs/current/members/{identity_id}`: removes an active member. */
export const REMOVE_MEMBER = defineEndpoint({ method: "DELETE", path: "/orgs/current/members/{identityId}" });
/** `DELETE /api/v1/orgs/current/members/{identity_id}/pending`: revokes an invitation. */
export const REVOKE_INVITE = defineEndpoint({ method: "DELETE", path: "/orgs/current/members/{identityId}/pending" });
