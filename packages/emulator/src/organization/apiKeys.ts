/**
 * API keys created through the API: a workspace's service keys
 * (`/api/v1/api-key`, the workspace in `X-Tenant-Id`; listed and deleted in
 * the workspace that created them), the organization's service keys
 * (`/api/v1/orgs/current/service-keys`) and personal access tokens
 * (`/api/v1/orgs/current/personal-access-tokens`, `lsv2_pt_...`). The
 * emulator has no users: a personal access token is made by the calling
 * credential, and the list answers every token of the organization made
 * through the API; it acts with its organization role (default Organization
 * User, the service's `ORG_USER`), and any member may make one
 * (`organization:pats:create`, which Organization Users hold, or
 * `organization:manage`).
 *
 * - The key is answered once, as `key` in the create answer; the emulator
 *   keeps only its SHA-256 digest, so no list shows it and a lost key cannot
 *   be recovered (lists show `short_key`, its prefix and last characters).
 * - A created key authenticates at once, as the seeded keys do: bound to
 *   `workspaces` (default: the creating workspace for `/api/v1/api-key`;
 *   none, i.e. organization-scoped, for service keys), defaulting without
 *   `X-Tenant-Id` to `default_workspace_id` (default: the first of them). It
 *   holds the permissions of its workspace role (`role_id`: a `WORKSPACE_*`
 *   or custom role; default Workspace Admin, or Workspace Viewer when the
 *   deprecated `read_only` is true) and of its organization role
 *   (`org_role_id`, an `ORGANIZATION_*` role; an organization-scoped service
 *   key defaults to Organization Admin), as those roles are at each request.
 *   What it may not do answers 403 naming the missing permission or scope.
 * - Deleting a key answers it and makes it fail at once (401).
 * - A workspace key may only be bound to workspaces the creating credential
 *   reaches (403 otherwise); a workspace the organization does not have,
 *   or a role of the wrong scope, answers 400.
 * - `expires_at` is kept and answered; the emulator does not expire keys.
 *
 * Reading needs `workspaces:read` (workspace keys) or `organization:read`;
 * writing `workspaces:manage` or `organization:manage`.
 */
import { randomBytes } from "node:crypto";
import { keyDigest, reachOf } from "../http/auth";
import type { EmulatorContext } from "../core/context";
import { detailError } from "../http/errors";
import type { KindRecord } from "../core/types";
import { zApiKeyCreateRequest } from "../wire/organizationAndAccess";
import { defineKind, type KindDeclaration } from "../kinds/declaration";
import type { KindCall } from "../kinds/kindCall";
import { builtInRoleId, defaultWorkspaceRoleId, requireRole } from "./roles";

type Json = Record<string, unknown>;

/** Where a key is created: in a workspace, for the organization, or for the calling user (a personal access token). */
type KeyOwner = "workspace" | "organization" | "personal";

/** Checks a create request and answers the key's stored fields (its grant is derived again from them when it is issued). */
function keyFields(owner: KeyOwner, body: Json, call: KindCall): Json {
  const state = call.ctx.store.state;
  const organization = call.auth.organization;
  const listed = Array.isArray(body["workspaces"]) ? [...new Set((body["workspaces"] as string[]).map((id) => id.toLowerCase()))] : undefined;
  const workspaces = listed ?? (owner === "workspace" ? [call.scopeId] : null);
  if (workspaces !== null) {
    if (workspaces.length === 0) throw detailError(400, "workspaces must name at least one workspace");
    const unknown = workspaces.filter((id) => !organization.workspaces.some((w) => w.id === id));
    if (unknown.length > 0) throw detailError(400, `workspaces names workspaces this organization does not have: ${unknown.join(", ")}`);
    const reach = reachOf(call.auth.credential);
    const beyond = reach === null ? [] : workspaces.filter((id) => !reach.some((r) => r.toLowerCase() === id));
    if (beyond.length > 0) throw detailError(403, `Forbidden: this API key cannot grant access to workspace(s) it does not reach: ${beyond.join(", ")}`);
  }
  const defaultWorkspace = typeof body["default_workspace_id"] === "string" ? body["default_workspace_id"].toLowerCase() : (workspaces?.[0] ?? null);
  if (defaultWorkspace !== null && workspaces !== null && !workspaces.includes(defaultWorkspace)) {
    throw detailError(400, `default_workspace_id ${defaultWorkspace} is not one of the key's workspaces`);
  }
  if (defaultWorkspace !== null && !organization.workspaces.some((w) => w.id === defaultWorkspace)) {
    throw detailError(400, `default_workspace_id names a workspace this organization does not have: ${defaultWorkspace}`);
  }
  const role = requireRole(
    state,
    organization.id,
    typeof body["role_id"] === "string" ? body["role_id"] : defaultWorkspaceRoleId(body["read_only"]),
    "workspace",
    "role_id",
  );
  const orgRoleId =
    typeof body["org_role_id"] === "string"
      ? body["org_role_id"]
      : owner === "personal"
        ? builtInRoleId("ORGANIZATION_USER")
        : owner === "organization" && workspaces === null
          ? builtInRoleId("ORGANIZATION_ADMIN")
          : null;
  if (orgRoleId !== null) requireRole(state, organization.id, orgRoleId, "organization", "org_role_id");
  return {
    workspaces,
    default_workspace_id: defaultWorkspace,
    role_id: role.id,
    org_role_id: orgRoleId,
    expires_at: body["expires_at"] ?? null,
    last_used_at: null,
    created_at: call.nowIso,
  };
}

/**
 * Issues the key of a stored record: a new secret (`lsv2_sk_` and random
 * hex), a credential holding its digest and grant, and the record's
 * `short_key`. Answers the secret, shown this once.
 */
function issueKey(record: KindRecord, call: KindCall, prefix = "lsv2_sk_"): Json {
  const key = `${prefix}${randomBytes(16).toString("hex")}_${randomBytes(5).toString("hex")}`;
  const workspaces = record.wire["workspaces"] as string[] | null;
  record.wire["short_key"] = `${key.slice(0, 8)}...${key.slice(-4)}`;
  call.ctx.store.state.credentials.push({
    scheme: "api-key",
    secret: keyDigest(key),
    organizationId: call.auth.organization.id,
    workspaceId: (record.wire["default_workspace_id"] as string | null) ?? null,
    permissions: [],
    grant: {
      keyId: record.id,
      workspaceIds: workspaces,
      roleId: String(record.wire["role_id"]),
      orgRoleId: (record.wire["org_role_id"] as string | null) ?? null,
    },
  });
  return { key };
}

/** Removes a deleted key's credential: it stops authenticating at once. */
function revokeKey(record: KindRecord, call: KindCall): void {
  const state = call.ctx.store.state;
  state.credentials = state.credentials.filter((c) => c.grant?.keyId !== record.id);
}

/** The names of the key's workspaces as they are now. */
function renderKey(record: KindRecord, ctx: EmulatorContext): Json {
  const organization = ctx.store.state.organizations.find((o) => o.workspaces.some((w) => w.id === record.scopeId) || o.id === record.scopeId);
  const nameOf = (id: unknown): string | null => organization?.workspaces.find((w) => w.id === id)?.name ?? null;
  const workspaces = record.wire["workspaces"] as string[] | null;
  return {
    workspace_names: workspaces === null ? null : workspaces.map(nameOf).filter((n): n is string => n !== null),
    default_workspace_name: nameOf(record.wire["default_workspace_id"]),
  };
}

function keyKind(
  owner: KeyOwner,
  declaration: Pick<KindDeclaration, "name" | "scope" | "collection" | "permissions"> & Partial<Pick<KindDeclaration, "noun" | "idParam">>,
): KindDeclaration {
  return defineKind({
    noun: "API key",
    idParam: "api_key_id",
    ...declaration,
    create: {
      schema: zApiKeyCreateRequest,
      derive: (body, call) => keyFields(owner, body, call),
      answerExtras: (record, call) => issueKey(record, call, owner === "personal" ? "lsv2_pt_" : "lsv2_sk_"),
    },
    delete: { answer: "object" },
    hidden: ["workspaces", "default_workspace_id", "role_id", "org_role_id"],
    timestamps: false,
    render: renderKey,
    afterDelete: revokeKey,
  });
}

/** A workspace's API keys. */
export const WORKSPACE_API_KEYS = keyKind("workspace", {
  name: "apiKeys",
  scope: "workspace",
  collection: "/api/v1/api-key",
  permissions: { read: "workspaces:read", write: "workspaces:manage" },
});

/** The organization's service keys. */
export const SERVICE_KEYS = keyKind("organization", {
  name: "serviceKeys",
  scope: "organization",
  collection: "/api/v1/orgs/current/service-keys",
  permissions: { read: "organization:read", write: "organization:manage" },
});

/** Personal access tokens: keys of the calling user (here, the calling credential) for the whole organization. */
export const PERSONAL_ACCESS_TOKENS = keyKind("personal", {
  name: "personalAccessTokens",
  noun: "personal access token",
  idParam: "pat_id",
  scope: "organization",
  collection: "/api/v1/orgs/current/personal-access-tokens",
  permissions: { read: "organization:read", write: ["organization:pats:create", "organization:manage"] },
});
