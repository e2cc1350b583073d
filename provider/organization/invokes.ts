/**
 * The organization invokes, over a client: the instance (`getInfo`), the
 * caller's organization (`getOrganization`) and a workspace
 * (`getWorkspace`), served by the native provider
 * (`langsmith:index:getInfo`, ...). The access invokes (roles, permissions,
 * keys, secrets, gateway policies) are `accessInvokes.ts`.
 *
 * The endpoints the resources already declare (the list of workspaces) are
 * reused; the two that only these invokes read are declared here. Every
 * response is validated by the schemas generated from the contract, and each
 * result is built field by field, so nothing the service adds (billing
 * details) is passed on.
 */
import type { LangSmithClient } from "../client/client";
import { defineEndpoint } from "../client/endpoint";
import { zGetApiV1InfoResponse, zGetApiV1OrgsCurrentInfoResponse, zGetApiV1OrgsCurrentResponse } from "../client/wire/organizationAndAccess.responses";
import { WORKSPACE_ENDPOINTS } from "./workspace";
import { read, sameId, single } from "./invokeReads";

/** `GET /api/v1/info`: the instance's version and ingest settings. */
export const GET_INFO = defineEndpoint({ method: "GET", path: "/info", response: zGetApiV1InfoResponse });

/** `GET /api/v1/orgs/current`: the organization of the caller's key, with the caller's permissions in it. */
export const GET_CURRENT_ORGANIZATION = defineEndpoint({ method: "GET", path: "/orgs/current", response: zGetApiV1OrgsCurrentResponse });
/** `GET /api/v1/orgs/current/info`: the organization's settings and state (e.g. whether it is disabled). */
export const GET_CURRENT_ORGANIZATION_INFO = defineEndpoint({ method: "GET", path: "/orgs/current/info", response: zGetApiV1OrgsCurrentInfoResponse });

/** The LangSmith instance as {@link getInfo} reports it. */
export interface InstanceInfo {
  /** Version of the LangSmith instance. */
  version: string;
  /** Git commit of the build, when the instance reports it. */
  gitSha: string | null;
  /** ISO 8601 expiry of a self-hosted license, if any. */
  licenseExpirationTime: string | null;
  /** `batch_ingest_config` as the service returns it (snake_case). */
  batchIngestConfig: Record<string, unknown>;
  /** `instance_flags` as the service returns them. */
  instanceFlags: Record<string, unknown>;
  /** Customer of a self-hosted license, if any. */
  customerId: string | null;
  /** Name of that customer. */
  customerName: string | null;
}

/** The instance's version and settings (`GET /api/v1/info`). */
export async function getInfo(client: LangSmithClient): Promise<InstanceInfo> {
  const info = await read(client, GET_INFO, "reading the LangSmith instance's info");
  return {
    version: info.version,
    gitSha: info.git_sha ?? null,
    licenseExpirationTime: info.license_expiration_time ?? null,
    batchIngestConfig: { ...info.batch_ingest_config },
    instanceFlags: { ...(info.instance_flags ?? {}) },
    customerId: info.customer_info?.customer_id ?? null,
    customerName: info.customer_info?.customer_name ?? null,
  };
}

/** The caller's organization as {@link getOrganization} reports it (no payment details). */
export interface OrganizationInfo {
  /** Organization id. */
  id: string | null;
  /** Name shown in LangSmith. */
  displayName: string | null;
  /** The organization's handle, when the service reports it. */
  handle: string | null;
  /** When it was made (ISO 8601), when the service reports it. */
  createdAt: string | null;
  /** Whether it is a personal organization. */
  isPersonal: boolean;
  /** Whether the organization is disabled (its members cannot use it). */
  disabled: boolean;
  /** Plan tier, e.g. `enterprise`. */
  tier: string | null;
  /** The plan's limits and features: `config` as the service returns it (snake_case). */
  config: Record<string, unknown>;
  /** The caller's permissions in the organization. */
  permissions: string[];
  /** Whether the organization has as many workspaces as its plan allows. */
  reachedMaxWorkspaces: boolean;
  /** Whether the subscription was cancelled. */
  hasCancelled: boolean;
  /** ISO 8601 end of the billing period, if any. */
  endOfBillingPeriod: string | null;
  /** `current_plan` (`tier`, `started_on`, `ends_on`) as the service returns it, if any. */
  currentPlan: Record<string, unknown> | null;
  /** `upcoming_plan` as the service returns it, if any. */
  upcomingPlan: Record<string, unknown> | null;
  /** Security contact of the organization, if set. */
  securityContact: string | null;
  /** Separator of SCIM group names. */
  scimGroupNameSeparator: string;
  /** Whether SSO users are provisioned by default. */
  defaultSsoProvision: boolean;
}

/** The organization of the configured key (`GET /api/v1/orgs/current`); needs an organization-scoped key. */
export async function getOrganization(client: LangSmithClient): Promise<OrganizationInfo> {
  const [organization, info] = await Promise.all([
    read(client, GET_CURRENT_ORGANIZATION, "reading the current organization"),
    read(client, GET_CURRENT_ORGANIZATION_INFO, "reading the current organization's settings"),
  ]);
  return {
    id: organization.id ?? null,
    displayName: organization.display_name ?? null,
    handle: organization.handle ?? null,
    createdAt: organization.created_at ?? null,
    isPersonal: organization.is_personal,
    disabled: info.disabled === true,
    tier: organization.tier ?? null,
    config: { ...organization.config },
    permissions: [...organization.permissions],
    reachedMaxWorkspaces: organization.reached_max_workspaces,
    hasCancelled: organization.has_cancelled,
    endOfBillingPeriod: organization.end_of_billing_period ?? null,
    currentPlan: organization.current_plan ? { ...organization.current_plan } : null,
    upcomingPlan: organization.upcoming_plan ? { ...organization.upcoming_plan } : null,
    securityContact: organization.security_contact ?? null,
    scimGroupNameSeparator: organization.scim_group_name_separator,
    defaultSsoProvision: organization.default_sso_provision,
  };
}

/** Arguments of {@link getWorkspace}: exactly one of `id` or `displayName`. */
export type GetWorkspaceArgs = { id: string; displayName?: never } | { displayName: string; id?: never };

/** A workspace as {@link getWorkspace} reports it. */
export interface WorkspaceInfo {
  /** Workspace id (the tenant id sent as `X-Tenant-Id`). */
  id: string;
  /** Name shown in LangSmith. */
  displayName: string;
  /** The service's `tenant_handle`, if set. */
  handle: string | null;
  /** Organization the workspace belongs to. */
  organizationId: string | null;
  /** ISO 8601 creation time. */
  createdAt: string;
  /** Whether it is a personal workspace. */
  isPersonal: boolean;
  /** Whether it is deleted. */
  isDeleted: boolean;
  /** Whether the caller may only read it. */
  readOnly: boolean;
  /** The caller's role in the workspace, if reported. */
  roleId: string | null;
  /** Name of that role, if reported. */
  roleName: string | null;
  /** The caller's permissions in the workspace, if reported. */
  permissions: string[] | null;
  /** URL of the workspace's data plane, if any. */
  dataPlaneUrl: string | null;
}

/**
 * Looks a workspace of the organization up by id or by exact display name
 * (`GET /api/v1/workspaces`: the service has no GET of one); needs an
 * organization-scoped key.
 *
 * @returns the workspace, or `undefined` when none matches.
 * @throws InvalidRequestError when several workspaces have the display name.
 */
export async function getWorkspace(client: LangSmithClient, args: GetWorkspaceArgs): Promise<WorkspaceInfo | undefined> {
  const subject = args.id !== undefined ? args.id : `"${args.displayName}"`;
  const workspaces = await read(client, WORKSPACE_ENDPOINTS.list, `looking up workspace ${subject}`);
  const matches = workspaces.filter((w) => (args.id !== undefined ? sameId(w.id, args.id) : w.display_name === args.displayName));
  const workspace = single(matches, `looking up workspace ${subject}`, "look it up by id");
  if (workspace === undefined) return undefined;
  return {
    id: workspace.id,
    displayName: workspace.display_name,
    handle: workspace.tenant_handle ?? null,
    organizationId: workspace.organization_id ?? null,
    createdAt: workspace.created_at,
    isPersonal: workspace.is_personal,
    isDeleted: workspace.is_deleted,
    readOnly: workspace.read_only,
    roleId: workspace.role_id ?? null,
    roleName: workspace.role_name ?? null,
    permissions: workspace.permissions ? [...workspace.permissions] : null,
    dataPlaneUrl: workspace.data_plane_url ?? null,
  };
}
