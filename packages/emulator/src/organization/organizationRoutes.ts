/**
 * Routes of the organization that are not a kind of object:
 *
 * - `GET /api/v1/info`: the instance's version and ingest settings; needs no key.
 * - `GET /api/v1/orgs/permissions`: the permissions a custom role may name.
 * - `GET /api/v1/orgs/current` and `GET`/`PATCH /api/v1/orgs/current/info`:
 *   the caller's organization (an Enterprise organization with RBAC), with the
 *   caller's permissions. A PATCH changes the fields it sends (a `null` leaves
 *   a field as it is); `display_name` renames the organization; `unshare_all`
 *   is an action, accepted and not kept. Reading needs `organization:read`,
 *   changing `organization:manage`.
 * - The members' overviews and a workspace's pending members (see
 *   `members.ts`): `GET /api/v1/orgs/current/members`,
 *   `GET /api/v1/workspaces/current/members`,
 *   `GET /api/v1/workspaces/current/members/pending` and
 *   `DELETE /api/v1/workspaces/current/members/{identity_id}/pending`.
 * - `POST /api/v1/settings/handle`: sets the handle of the workspace of
 *   `X-Tenant-Id` (see `workspaces.ts`); needs `workspaces:manage`.
 * - `PUT /workspaces/current/ttl-settings` (below the origin, not `/api/v1`):
 *   the long-lived retention of the workspace of `X-Tenant-Id`, in days (see
 *   `ttlSettings.ts`); needs `workspaces:manage`.
 */
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { AuthContext } from "../http/auth";
import type { EmulatorContext } from "../core/context";
import { MEMBER_QUERY, organizationMembers, withdrawFromWorkspace, workspaceMembers, workspacePending } from "./members";
import { selectListed } from "../kinds/listQuery";
import { PERMISSIONS } from "./roles";
import { authenticateFor } from "../kinds/scopeAuth";
import { type RawQuery, uuidPathParam } from "../http/params";
import type { OrganizationRecord } from "../core/types";
import { parseBody } from "../http/validation";
import { zSetTenantHandleRequest, zWorkspaceTtlSettingsUpdate } from "../wire/additions";
import { zOrganizationConfig, zOrganizationUpdate } from "../wire/organizationAndAccess";
import { setWorkspaceHandle } from "./workspaces";
import { setLonglivedTtlDays } from "./ttlSettings";
import { handleOf } from "../core/seed";

type Json = Record<string, unknown>;

/**
 * The emulated instance's version, as `GET /api/v1/info` answers it: a
 * version the SDKs accept (they warn below 0.18.0, the newest minimum the
 * pinned ones name), marked as the emulator's (`+emulator`, a version's
 * local part, which both SDKs' version parsers read).
 */
export const EMULATED_VERSION = "0.18.0+emulator";

/** What `GET /api/v1/info` answers. */
const INFO: Json = {
  version: EMULATED_VERSION,
  git_sha: null,
  license_expiration_time: null,
  batch_ingest_config: {
    use_multipart_endpoint: true,
    scale_up_qsize_trigger: 1000,
    scale_up_nthreads_limit: 16,
    scale_down_nempty_trigger: 4,
    size_limit: 100,
    size_limit_bytes: 20_971_520,
  },
  // The SDKs write examples through the multipart platform routes only when these flags are on (the JS SDK refuses to write any otherwise;
  // examples_multipart_enabled: the deprecated upsert route, POST /v1/platform/examples/multipart). Without zstd_compression_enabled the
  // Python SDK's tracer warns that the instance is out of date; its runs, compressed or not, are refused as not emulated.
  instance_flags: { dataset_examples_multipart_enabled: true, examples_multipart_enabled: true, zstd_compression_enabled: true },
  customer_info: null,
};

/** Organization settings a PATCH changes, with their values before any change. */
const SETTING_DEFAULTS: Json = {
  byoc_create_saas_workspace_enabled: true,
  disabled_model_providers: [],
  engine_lcu_spend_limit_monthly: null,
  public_sharing_disabled: false,
  pat_creation_disabled: false,
  jit_provisioning_enabled: true,
  workspace_admin_can_invite_to_org: false,
  invites_enabled: true,
  max_api_key_expiry_days: null,
  security_contact: null,
  max_pat_expiry_days: null,
  max_service_key_expiry_days: null,
  scim_group_name_separator: ":",
  llm_auth_proxy_enabled: null,
  llm_auth_proxy_jwt_audience: null,
  ip_allowlist: [],
  restrict_browser_secrets: null,
  llm_auth_proxy_allowed_urls: null,
  engine_enabled: null,
};

/** Every field of a schema's object: the given values and the schema's defaults, `null` for the rest. */
function everyField(schema: z.ZodObject, values: Json): Json {
  const out = schema.parse(values) as Json;
  for (const key of Object.keys(schema.shape)) if (!(key in out)) out[key] = null;
  return out;
}

/** The organization's plan: Enterprise, with RBAC, SSO, bulk exports and deployments when enabled. */
function config(organization: OrganizationRecord): Json {
  return everyField(zOrganizationConfig, {
    plan_tier: "enterprise",
    max_identities: 1000,
    max_workspaces: 100,
    can_use_rbac: true,
    can_use_abac: true,
    can_use_audit_logs: true,
    can_disable_public_sharing: true,
    can_use_langgraph_cloud: organization.deploymentsEnabled,
    can_use_saml_sso: true,
    can_use_bulk_export: true,
    can_set_api_key_max_expiry: true,
  });
}

/** `GET /api/v1/orgs/current`. */
function currentOrganization(auth: AuthContext): Json {
  const organization = auth.organization;
  const settings = { ...SETTING_DEFAULTS, ...(organization.settings ?? {}) };
  return {
    id: organization.id,
    display_name: organization.name,
    handle: organization.handle ?? handleOf(organization.name),
    created_at: organization.createdAt ?? new Date(0).toISOString(),
    byoc_create_saas_workspace_enabled: settings["byoc_create_saas_workspace_enabled"],
    config: config(organization),
    connected_to_stripe: false,
    connected_to_metronome: false,
    is_personal: false,
    tier: "enterprise",
    payment_method: null,
    has_cancelled: false,
    end_of_billing_period: null,
    current_plan: null,
    upcoming_plan: null,
    reached_max_workspaces: organization.workspaces.length >= 100,
    permissions: [...auth.permissions],
    marketplace_payouts_enabled: false,
    default_sso_provision: false,
    security_contact: settings["security_contact"],
    scim_group_name_separator: settings["scim_group_name_separator"],
  };
}

/** `GET /api/v1/orgs/current/info`. */
function organizationInfo(auth: AuthContext): Json {
  const organization = auth.organization;
  return {
    id: organization.id,
    display_name: organization.name,
    config: config(organization),
    is_personal: false,
    tier: "enterprise",
    reached_max_workspaces: organization.workspaces.length >= 100,
    permissions: [...auth.permissions],
    disabled: false,
    member_disabled: false,
    sso_only: false,
    sso_login_slug: null,
    marketplace_payouts_enabled: false,
    default_sso_provision: false,
    can_export_usage_backfill: false,
    managed_evals_enabled: null,
    managed_eval_terms_accepted_at: null,
    ip_allowlist_enabled: false,
    ...SETTING_DEFAULTS,
    ...(organization.settings ?? {}),
  };
}

/**
 * A number as a decimal string with no exponent (`2e-7` is `0.0000002`), as
 * the contract's Decimal pattern has it.
 */
export function plainDecimal(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (match === null) return text;
  const [, sign = "", whole = "", fraction = "", exponentText = "0"] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponentText);
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${"0".repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Registers the organization's routes that are not a kind. */
export function registerOrganizationRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get("/api/v1/info", async () => INFO);

  app.get("/api/v1/orgs/permissions", async (request) => {
    authenticateFor(ctx, request, "organization", "organization:read");
    return PERMISSIONS;
  });

  app.get("/api/v1/orgs/current", async (request) => currentOrganization(authenticateFor(ctx, request, "organization", "organization:read").auth));

  app.get("/api/v1/orgs/current/info", async (request) => organizationInfo(authenticateFor(ctx, request, "organization", "organization:read").auth));

  app.patch("/api/v1/orgs/current/info", async (request) => {
    const { auth } = authenticateFor(ctx, request, "organization", "organization:manage");
    const body = parseBody(zOrganizationUpdate, request.body) as Json;
    const { display_name: displayName, unshare_all: _unshareAll, ...settings } = body;
    const organization = auth.organization;
    if (typeof displayName === "string") organization.name = displayName;
    const changed = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== null && value !== undefined));
    // A Decimal field: the service answers it as a string of digits, whichever way it was sent.
    if (typeof changed["engine_lcu_spend_limit_monthly"] === "number")
      changed["engine_lcu_spend_limit_monthly"] = plainDecimal(changed["engine_lcu_spend_limit_monthly"]);
    organization.settings = { ...(organization.settings ?? {}), ...changed };
    ctx.store.commit();
    return organizationInfo(auth);
  });

  app.get("/api/v1/orgs/current/members", async (request) => {
    const { scopeId } = authenticateFor(ctx, request, "organization", "organization:read");
    return organizationMembers(ctx, scopeId);
  });

  app.get("/api/v1/workspaces/current/members", async (request) => {
    const { auth, scopeId } = authenticateFor(ctx, request, "workspace", "workspaces:read");
    return workspaceMembers(ctx, auth.organization.id, scopeId);
  });

  app.get("/api/v1/workspaces/current/members/pending", async (request) => {
    const { auth, scopeId } = authenticateFor(ctx, request, "workspace", "workspaces:read");
    return selectListed(MEMBER_QUERY, (request.query ?? {}) as RawQuery, workspacePending(ctx, auth.organization.id, scopeId));
  });

  app.delete("/api/v1/workspaces/current/members/:identity_id/pending", async (request) => {
    const { auth, scopeId } = authenticateFor(ctx, request, "workspace", ["workspaces:manage-members", "workspaces:manage"]);
    withdrawFromWorkspace(ctx, auth.organization.id, scopeId, uuidPathParam(request.params, "identity_id"));
    return null;
  });

  app.post("/api/v1/settings/handle", async (request) => {
    const { auth, scopeId } = authenticateFor(ctx, request, "workspace", "workspaces:manage");
    const body = parseBody(zSetTenantHandleRequest, request.body);
    return setWorkspaceHandle(ctx, auth.organization, scopeId, body.tenant_handle);
  });

  app.put("/workspaces/current/ttl-settings", async (request) => {
    const { scopeId } = authenticateFor(ctx, request, "workspace", "workspaces:manage");
    const body = parseBody(zWorkspaceTtlSettingsUpdate, request.body);
    return setLonglivedTtlDays(ctx, scopeId, body.longlived_ttl_days);
  });
}
