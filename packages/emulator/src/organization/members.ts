/**
 * Members of the organization and of its workspaces, as the service keeps
 * them (the identity ids the lists answer are the `identity_id`s of the
 * other operations):
 *
 * - An invitation (`POST /api/v1/orgs/current/members`, by email) is a
 *   pending identity with an organization role (`role_id`, an
 *   `ORGANIZATION_*` role; default Organization User) and optionally the
 *   workspaces the invitee will join (`workspace_ids`) with the workspace
 *   role they will hold there (`workspace_role_id`, a `WORKSPACE_*` or
 *   custom role; default Workspace Admin, or Workspace Viewer when the
 *   deprecated `read_only` is true). Emails are compared case-insensitively
 *   and kept lower-case; inviting an address that is pending or a member
 *   answers 409.
 * - The invitee accepting (signing in; in the emulator
 *   `EmulatorControl.acceptInvite`) makes an active member with a new
 *   identity id, its organization role, and a workspace membership with the
 *   invited role in each invited workspace that still exists.
 * - `DELETE .../members/{identity_id}` removes an active member and its
 *   workspace memberships; `DELETE .../members/{identity_id}/pending`
 *   revokes an invitation. Each answers 404 for the other state's ids.
 * - `PATCH .../members/{identity_id}` changes an active member's
 *   organization role and full name; a password (basic auth only) is
 *   accepted and not kept.
 * - A workspace's members (`/api/v1/workspaces/current/members`, the
 *   workspace in `X-Tenant-Id`) are active organization members added with
 *   a workspace role (`org_identity_id`, or `ls_user_id`; 400 without
 *   either, 404 for someone who is not an active member, 409 for a member
 *   already in the workspace). A workspace's pending members are the
 *   invitations naming it, with the invited workspace role as `role_id`;
 *   revoking one there takes the workspace out of the invitation, which
 *   stays pending for the organization.
 *
 * Reading needs `organization:read` (organization) or `workspaces:read`
 * (workspace); writing `organization:manage`, or in a workspace
 * `workspaces:manage-members` or `workspaces:manage`.
 */
import { randomUUID } from "node:crypto";
import type { EmulatorContext } from "../core/context";
import { detailError } from "../http/errors";
import type { EmulatorState, KindRecord } from "../core/types";
import { zIdentityCreate, zIdentityPatch, zOrgIdentityPatch, zPendingIdentityCreate } from "../wire/organizationAndAccess";
import { defineKind } from "../kinds/declaration";
import type { KindCall } from "../kinds/kindCall";
import type { ListQuery } from "../kinds/listQuery";
import { kindRecords, renderRecord } from "../kinds/records";
import { findRole } from "../http/roleCatalog";
import { builtInRoleId, defaultWorkspaceRoleId, requireRole } from "./roles";

type Json = Record<string, unknown>;

const ORGANIZATION_PERMISSIONS = { read: "organization:read", write: "organization:manage" } as const;
const WORKSPACE_PERMISSIONS = { read: "workspaces:read", write: ["workspaces:manage-members", "workspaces:manage"] } as const;

/** Query parameters of the pending lists (FastAPI's defaults and bounds). */
export const MEMBER_QUERY: ListQuery = {
  limit: { type: "limit", default: 50, max: 500 },
  offset: { type: "offset" },
  emails: { type: "strings", filters: "email" },
  q: { type: "search", fields: ["email", "full_name"] },
  sort_by_desc: { type: "descending", default: true },
  sort_by: {
    type: "sortBy",
    default: "created_at",
    fields: { name: ["full_name", "email"], email: ["email"], role: ["role_name"], created_at: ["created_at"] },
  },
};

/** Query parameters of the active lists: those of the pending ones, and filters on users and on being disabled. */
const ACTIVE_MEMBER_QUERY: ListQuery = {
  ...MEMBER_QUERY,
  ls_user_ids: { type: "uuids", filters: "ls_user_id" },
  user_ids: { type: "uuids", filters: "user_id" },
  is_disabled: { type: "boolean", filters: "is_disabled" },
};

/** Loose shape check of an email address (the service refuses an invitation it cannot send). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function roleName(state: EmulatorState, organizationId: string, roleId: unknown): string | null {
  return typeof roleId === "string" ? (findRole(state, organizationId, roleId)?.display_name ?? null) : null;
}

function inOrganization(records: readonly KindRecord[], organizationId: string): KindRecord[] {
  return records.filter((r) => r.scopeId === organizationId);
}

/** Checks and completes an invitation. */
function invite(body: Json, call: KindCall): Json {
  const state = call.ctx.store.state;
  const organization = call.auth.organization;
  const email = String(body["email"]).trim().toLowerCase();
  if (!EMAIL.test(email)) throw detailError(400, `Invalid email address: ${String(body["email"])}`);
  if (inOrganization(kindRecords(call.ctx, ORG_INVITES.name), organization.id).some((r) => r.wire["email"] === email)) {
    throw detailError(409, `${email} already has a pending invitation to this organization`);
  }
  if (inOrganization(kindRecords(call.ctx, ORG_MEMBERS.name), organization.id).some((r) => r.wire["email"] === email)) {
    throw detailError(409, `${email} is already a member of this organization`);
  }
  const role = requireRole(
    state,
    organization.id,
    typeof body["role_id"] === "string" ? body["role_id"] : builtInRoleId("ORGANIZATION_USER"),
    "organization",
    "role_id",
  );
  const workspaceIds = Array.isArray(body["workspace_ids"]) ? [...new Set((body["workspace_ids"] as string[]).map((id) => id.toLowerCase()))] : [];
  const unknown = workspaceIds.filter((id) => !organization.workspaces.some((w) => w.id === id));
  if (unknown.length > 0) throw detailError(400, `workspace_ids names workspaces this organization does not have: ${unknown.join(", ")}`);
  const given = typeof body["workspace_role_id"] === "string" ? body["workspace_role_id"] : undefined;
  if (given !== undefined) requireRole(state, organization.id, given, "workspace", "workspace_role_id");
  return {
    email,
    role_id: role.id,
    workspace_ids: workspaceIds.length > 0 ? workspaceIds : null,
    workspace_role_id: given ?? (workspaceIds.length > 0 ? defaultWorkspaceRoleId(body["read_only"]) : null),
    password: null,
    full_name: body["full_name"] ?? null,
    access_scope: "organization",
    user_id: null,
    tenant_id: null,
    organization_id: organization.id,
    created_at: call.nowIso,
  };
}

/** The organization's pending identities (invitations). */
export const ORG_INVITES = defineKind({
  name: "orgInvites",
  noun: "Pending member",
  scope: "organization",
  collection: "/api/v1/orgs/current/members",
  paths: { list: "/api/v1/orgs/current/members/pending", item: "/api/v1/orgs/current/members/:identity_id/pending" },
  idParam: "identity_id",
  permissions: ORGANIZATION_PERMISSIONS,
  create: { schema: zPendingIdentityCreate, derive: invite },
  afterCreate: (record, call) => {
    if (call.ctx.features.acceptInvitations) acceptInvitation(call.ctx, record.id);
  },
  listQuery: MEMBER_QUERY,
  delete: { answer: "empty" },
  timestamps: false,
  render: (record, ctx) => {
    const name = roleName(ctx.store.state, record.scopeId, record.wire["role_id"]);
    return { role_name: name, org_role_id: record.wire["role_id"], org_role_name: name, tenant_ids: record.wire["workspace_ids"] ?? [] };
  },
});

/** The organization's active members. */
export const ORG_MEMBERS = defineKind({
  name: "orgMembers",
  noun: "Member",
  scope: "organization",
  collection: "/api/v1/orgs/current/members/active",
  paths: { item: "/api/v1/orgs/current/members/:identity_id" },
  idParam: "identity_id",
  permissions: ORGANIZATION_PERMISSIONS,
  listQuery: ACTIVE_MEMBER_QUERY,
  patch: {
    schema: zOrgIdentityPatch,
    ignoreNull: true,
    check(body, call) {
      if (typeof body["role_id"] === "string") requireRole(call.ctx.store.state, call.auth.organization.id, body["role_id"], "organization", "role_id");
    },
    derive: () => ({ password: null }),
  },
  delete: { answer: "empty" },
  hidden: ["password"],
  timestamps: false,
  render: (record, ctx) => {
    const name = roleName(ctx.store.state, record.scopeId, record.wire["role_id"]);
    const workspaces = kindRecords(ctx, WORKSPACE_MEMBERS.name).filter((m) => m.wire["org_identity_id"] === record.id);
    return {
      tenant_id: null,
      read_only: false,
      role_name: name,
      access_scope: "organization",
      avatar_url: null,
      linked_login_methods: [],
      display_name: record.wire["full_name"] ?? record.wire["email"],
      is_disabled: false,
      org_role_id: record.wire["role_id"],
      org_role_name: name,
      tenant_ids: workspaces.map((m) => m.scopeId),
    };
  },
  afterDelete(record, call) {
    const state = call.ctx.store.state;
    state.objects[WORKSPACE_MEMBERS.name] = kindRecords(call.ctx, WORKSPACE_MEMBERS.name).filter((m) => m.wire["org_identity_id"] !== record.id);
  },
});

/** Checks and completes a workspace membership: an active member of the organization, with a workspace role. */
function join(body: Json, call: KindCall): Json {
  const state = call.ctx.store.state;
  const organizationId = call.auth.organization.id;
  const identityId = body["org_identity_id"];
  const userId = body["ls_user_id"] ?? body["user_id"];
  if (typeof identityId !== "string" && typeof userId !== "string") {
    throw detailError(400, "Give org_identity_id (or ls_user_id) of an active member of the organization");
  }
  const member = inOrganization(kindRecords(call.ctx, ORG_MEMBERS.name), organizationId).find((m) =>
    typeof identityId === "string" ? m.id === identityId : m.wire["ls_user_id"] === userId,
  );
  if (member === undefined)
    throw detailError(404, "No active member of the organization has that identity (a pending invitee joins once the invitation is accepted)");
  const role = requireRole(
    state,
    organizationId,
    typeof body["role_id"] === "string" ? body["role_id"] : defaultWorkspaceRoleId(body["read_only"]),
    "workspace",
    "role_id",
  );
  return {
    org_identity_id: member.id,
    organization_id: organizationId,
    tenant_id: call.scopeId,
    user_id: member.wire["user_id"],
    ls_user_id: member.wire["ls_user_id"],
    role_id: role.id,
    access_scope: "workspace",
    created_at: call.nowIso,
  };
}

/** A workspace's active members. */
export const WORKSPACE_MEMBERS = defineKind({
  name: "workspaceMembers",
  noun: "Workspace member",
  scope: "workspace",
  collection: "/api/v1/workspaces/current/members",
  paths: { list: "/api/v1/workspaces/current/members/active" },
  idParam: "identity_id",
  permissions: WORKSPACE_PERMISSIONS,
  create: { schema: zIdentityCreate, derive: join },
  listQuery: ACTIVE_MEMBER_QUERY,
  patch: {
    schema: zIdentityPatch,
    check(body, call) {
      requireRole(call.ctx.store.state, call.auth.organization.id, String(body["role_id"]), "workspace", "role_id");
    },
  },
  delete: { answer: "empty" },
  unique: ["org_identity_id"],
  hidden: ["org_identity_id"],
  timestamps: false,
  render: (record, ctx) => {
    const state = ctx.store.state;
    const organizationId = String(record.wire["organization_id"]);
    const member = kindRecords(ctx, ORG_MEMBERS.name).find((m) => m.id === record.wire["org_identity_id"]);
    const orgRoleId = member?.wire["role_id"] ?? null;
    return {
      read_only: record.wire["role_id"] === builtInRoleId("WORKSPACE_VIEWER"),
      role_name: roleName(state, organizationId, record.wire["role_id"]),
      email: member?.wire["email"] ?? null,
      full_name: member?.wire["full_name"] ?? null,
      avatar_url: null,
      linked_login_methods: [],
      display_name: member?.wire["full_name"] ?? member?.wire["email"] ?? null,
      is_disabled: false,
      org_role_id: orgRoleId,
      org_role_name: roleName(state, organizationId, orgRoleId),
    };
  },
});

/** The invitations naming a workspace, as its pending members (the invited workspace role as `role_id`). */
export function workspacePending(ctx: EmulatorContext, organizationId: string, workspaceId: string): Json[] {
  const state = ctx.store.state;
  return inOrganization(kindRecords(ctx, ORG_INVITES.name), organizationId)
    .filter((r) => (r.wire["workspace_ids"] as string[] | null)?.includes(workspaceId) === true)
    .map((r) => {
      const invited = renderRecord(ORG_INVITES, r, ctx);
      const { tenant_ids: _tenantIds, ...pending } = invited;
      return {
        ...pending,
        tenant_id: workspaceId,
        access_scope: "workspace",
        role_id: r.wire["workspace_role_id"],
        role_name: roleName(state, organizationId, r.wire["workspace_role_id"]),
      };
    });
}

/** Takes a workspace out of an invitation naming it (404 when none does); the invitation stays pending for the organization. */
export function withdrawFromWorkspace(ctx: EmulatorContext, organizationId: string, workspaceId: string, identityId: string): void {
  const invitation = inOrganization(kindRecords(ctx, ORG_INVITES.name), organizationId).find(
    (r) => r.id === identityId && (r.wire["workspace_ids"] as string[] | null)?.includes(workspaceId) === true,
  );
  if (invitation === undefined) throw detailError(404, "Pending member not found");
  const rest = (invitation.wire["workspace_ids"] as string[]).filter((id) => id !== workspaceId);
  invitation.wire["workspace_ids"] = rest.length > 0 ? rest : null;
  if (rest.length === 0) invitation.wire["workspace_role_id"] = null;
  ctx.store.commit();
}

/** `GET /api/v1/orgs/current/members`: the organization's active and pending members. */
export function organizationMembers(ctx: EmulatorContext, organizationId: string): Json {
  return {
    organization_id: organizationId,
    members: inOrganization(kindRecords(ctx, ORG_MEMBERS.name), organizationId).map((r) => renderRecord(ORG_MEMBERS, r, ctx)),
    pending: inOrganization(kindRecords(ctx, ORG_INVITES.name), organizationId).map((r) => renderRecord(ORG_INVITES, r, ctx)),
  };
}

/** `GET /api/v1/workspaces/current/members`: a workspace's active and pending members. */
export function workspaceMembers(ctx: EmulatorContext, organizationId: string, workspaceId: string): Json {
  return {
    tenant_id: workspaceId,
    members: kindRecords(ctx, WORKSPACE_MEMBERS.name)
      .filter((r) => r.scopeId === workspaceId)
      .map((r) => renderRecord(WORKSPACE_MEMBERS, r, ctx)),
    pending: workspacePending(ctx, organizationId, workspaceId),
  };
}

/**
 * Accepts an invitation as its invitee would: the pending identity becomes
 * an active member (a new identity id and user id; its organization role)
 * with a membership in each invited workspace that still exists, holding
 * the invited workspace role.
 *
 * @returns the member as `GET /api/v1/orgs/current/members/active` answers it.
 * @throws Error when no invitation has that id.
 */
export function acceptInvitation(ctx: EmulatorContext, identityId: string): Json {
  const state = ctx.store.state;
  const invitation = kindRecords(ctx, ORG_INVITES.name).find((r) => r.id === identityId);
  if (invitation === undefined) throw new Error(`no pending member ${identityId}`);
  const organization = state.organizations.find((o) => o.id === invitation.scopeId);
  const nowIso = new Date(ctx.now()).toISOString();
  const id = randomUUID();
  const userId = randomUUID();
  const wire = invitation.wire;
  const member: KindRecord = {
    id,
    scopeId: invitation.scopeId,
    parentId: null,
    wire: {
      id,
      organization_id: invitation.scopeId,
      email: wire["email"],
      full_name: wire["full_name"] ?? null,
      role_id: wire["role_id"],
      user_id: userId,
      ls_user_id: userId,
      created_at: nowIso,
    },
  };
  state.objects[ORG_INVITES.name] = kindRecords(ctx, ORG_INVITES.name).filter((r) => r.id !== invitation.id);
  kindRecords(ctx, ORG_MEMBERS.name).push(member);
  for (const workspaceId of (wire["workspace_ids"] as string[] | null) ?? []) {
    if (!organization?.workspaces.some((w) => w.id === workspaceId)) continue;
    const membershipId = randomUUID();
    kindRecords(ctx, WORKSPACE_MEMBERS.name).push({
      id: membershipId,
      scopeId: workspaceId,
      parentId: null,
      wire: {
        id: membershipId,
        org_identity_id: id,
        organization_id: invitation.scopeId,
        tenant_id: workspaceId,
        user_id: userId,
        ls_user_id: userId,
        role_id: wire["workspace_role_id"] ?? defaultWorkspaceRoleId(wire["read_only"]),
        access_scope: "workspace",
        created_at: nowIso,
      },
    });
  }
  ctx.store.commit();
  return renderRecord(ORG_MEMBERS, member, ctx);
}
