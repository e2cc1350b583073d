/**
 * The organization-and-access invokes, over a client: the instance
 * (`getInfo`), the caller's organization (`getOrganization`), a workspace
 * (`getWorkspace`), a role (`getRole`), the permissions roles may grant
 * (`getPermissions`) and the API keys of the workspace and of the
 * organization (`getApiKeys`), served by the native provider
 * (`langsmith:index:getInfo`, ...).
 *
 * The endpoints the resources already declare (the lists of workspaces,
 * roles, permissions and keys) are reused; the two that only these invokes
 * read are declared here. Every response is validated by the schemas
 * generated from the contract, and each result is built field by field, so
 * nothing the service adds (a key's secret value, billing details) is passed
 * on.
 */
import type { z } from "zod";
import type { LangSmithClient } from "../client/client";
import { defineEndpoint, type Endpoint, type Query } from "../client/endpoint";
import { InvalidRequestError } from "../client/errors";
import { zAccessScope, zGetApiV1InfoResponse, zGetApiV1OrgsCurrentInfoResponse, zGetApiV1OrgsCurrentResponse } from "../client/wire/organizationAndAccess.responses";
import { API_KEY_ENDPOINTS } from "./apiKey";
import { LIST_PERMISSIONS, ROLE_ENDPOINTS } from "./role";
import { SERVICE_KEY_ENDPOINTS } from "./serviceKey";
import { WORKSPACE_ENDPOINTS } from "./workspace";
import { WORKSPACE_SECRET_ENDPOINTS } from "./workspaceSecret";
import { GATEWAY_POLICY_ENDPOINTS } from "./gatewayPolicies";

/** `GET /api/v1/info`: the instance's version and ingest settings. */
export const GET_INFO = defineEndpoint({ method: "GET", path: "/info", response: zGetApiV1InfoResponse });

/** `GET /api/v1/orgs/current`: the organization of the caller's key, with the caller's permissions in it. */
export const GET_CURRENT_ORGANIZATION = defineEndpoint({ method: "GET", path: "/orgs/current", response: zGetApiV1OrgsCurrentResponse });
/** `GET /api/v1/orgs/current/info`: the organization's settings and state (e.g. whether it is disabled). */
export const GET_CURRENT_ORGANIZATION_INFO = defineEndpoint({ method: "GET", path: "/orgs/current/info", response: zGetApiV1OrgsCurrentInfoResponse });

/** Sends a GET of `endpoint`; `send` has validated the answer against the endpoint's response schema, hence its type. */
async function read<Res extends z.ZodType>(client: LangSmithClient, endpoint: Endpoint<string, z.ZodType | undefined, Res>, action: string, query?: Query): Promise<z.output<Res>> {
  return (await client.resources.send(endpoint, { action, ...(query !== undefined ? { query } : {}) })) as z.output<Res>;
}

/** UUIDs compare without regard to case (the service answers them in lower case). */
function sameId(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * The one element of `matches`, `undefined` for none.
 *
 * @throws InvalidRequestError naming the ids when more than one matches, with `hint`.
 */
function single<T extends { id: string }>(matches: readonly T[], what: string, hint: string): T | undefined {
  if (matches.length > 1) {
    throw new InvalidRequestError(`${what}: ${matches.length} match (ids ${matches.map((m) => m.id).join(", ")}); ${hint}`);
  }
  return matches[0];
}

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
  const [organization, info] = await Promise.all([read(client, GET_CURRENT_ORGANIZATION, "reading the current organization"), read(client, GET_CURRENT_ORGANIZATION_INFO, "reading the current organization's settings")]);
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

/**
 * Arguments of {@link getRole}: exactly one of `id`, `name` (the service's
 * name of a built-in role, e.g. `WORKSPACE_ADMIN`) or `displayName` (e.g.
 * `"Workspace Admin"`, or a custom role's name).
 */
export type GetRoleArgs =
  | { id: string; name?: never; displayName?: never }
  | { name: string; id?: never; displayName?: never }
  | { displayName: string; id?: never; name?: never };

/** The service's `name` of every custom role. */
export const CUSTOM_ROLE_NAME = "CUSTOM";

/** A role as {@link getRole} reports it. */
export interface RoleInfo {
  /** Role id (what members, service accounts and keys name as `roleId`). */
  id: string;
  /** The service's name: `WORKSPACE_ADMIN`, ..., or `CUSTOM` for every custom role. */
  name: string;
  /** Name shown in LangSmith. */
  displayName: string;
  /** Description. */
  description: string;
  /** Organization of a custom role; `null` for a built-in one. */
  organizationId: string | null;
  /** `organization` or `workspace`: where the role applies. */
  accessScope: string | null;
  /** The permissions the role grants. */
  permissions: string[];
  /** Whether it is one of the built-in roles (which cannot be changed). */
  builtIn: boolean;
}

/**
 * Looks a role of the organization (built-in or custom) up by id, name or
 * exact display name (`GET /api/v1/orgs/current/roles`); needs an
 * organization-scoped key.
 *
 * @returns the role, or `undefined` when none matches.
 * @throws InvalidRequestError when several roles match (every custom role is named `CUSTOM`).
 */
export async function getRole(client: LangSmithClient, args: GetRoleArgs): Promise<RoleInfo | undefined> {
  const subject = args.id ?? `"${args.name ?? args.displayName}"`;
  const roles = await read(client, ROLE_ENDPOINTS.list, `looking up role ${subject}`);
  const matches = roles.filter((r) => (args.id !== undefined ? sameId(r.id, args.id) : args.name !== undefined ? r.name === args.name : r.display_name === args.displayName));
  const hint = args.name === CUSTOM_ROLE_NAME ? `every custom role is named ${CUSTOM_ROLE_NAME}: look it up by displayName or id` : "look it up by id";
  const role = single(matches, `looking up role ${subject}`, hint);
  if (role === undefined) return undefined;
  return {
    id: role.id,
    name: role.name,
    displayName: role.display_name,
    description: role.description,
    organizationId: role.organization_id ?? null,
    accessScope: role.access_scope ?? null,
    permissions: [...role.permissions],
    builtIn: role.name !== CUSTOM_ROLE_NAME,
  };
}

/** Where a permission applies: the organization or a workspace. */
export type AccessScope = z.output<typeof zAccessScope>;

/** Arguments of {@link getPermissions}. */
export interface GetPermissionsArgs {
  /** Only the permissions of this scope; default: all. */
  accessScope?: AccessScope;
}

/** A permission a role may grant. */
export interface PermissionInfo {
  /** Name, e.g. `projects:read`. */
  name: string;
  /** What it allows. */
  description: string;
  /** `organization` or `workspace` (a custom role grants workspace permissions only). */
  accessScope: AccessScope;
}

/**
 * Checks an `accessScope` argument against the contract's scopes.
 *
 * @returns the scope, or `undefined` when none is given.
 * @throws InvalidRequestError naming the accepted values.
 */
export function parseAccessScope(value: unknown): AccessScope | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const parsed = zAccessScope.safeParse(value);
  if (!parsed.success) throw new InvalidRequestError(`listing permissions: accessScope must be one of ${zAccessScope.options.map((o) => `"${o}"`).join(", ")}, not ${JSON.stringify(value)}`);
  return parsed.data;
}

/** The permissions the organization knows, optionally of one scope (`GET /api/v1/orgs/permissions`). */
export async function getPermissions(client: LangSmithClient, args: GetPermissionsArgs = {}): Promise<PermissionInfo[]> {
  const permissions = await read(client, LIST_PERMISSIONS, "listing the organization's permissions");
  return permissions
    .filter((p) => args.accessScope === undefined || p.access_scope === args.accessScope)
    .map((p) => ({ name: p.name, description: p.description, accessScope: p.access_scope }));
}

/** Arguments of {@link getApiKeys}. */
export interface GetApiKeysArgs {
  /** Also list the organization's service keys (needs an organization-scoped key); default false. */
  includeServiceKeys?: boolean;
}

/** An API key as {@link getApiKeys} lists it: never the key itself, which the service shows only at create. */
export interface ApiKeyInfo {
  /** Key id. */
  id: string;
  /** Description. */
  description: string;
  /** The key's visible prefix and last characters, as LangSmith lists it. */
  shortKey: string;
  /** Whether the key may only read (deprecated by roles). */
  readOnly: boolean;
  /** ISO 8601 expiry, if any. */
  expiresAt: string | null;
  /** ISO 8601 creation time. */
  createdAt: string | null;
  /** ISO 8601 time of the last use, if any. */
  lastUsedAt: string | null;
  /** Names of the workspaces the key may act in; `null` for an organization-wide key. */
  workspaceNames: string[] | null;
  /** Name of the workspace the key acts in without `X-Tenant-Id`, if any. */
  defaultWorkspaceName: string | null;
}

/** What {@link getApiKeys} returns. */
export interface ApiKeysInfo {
  /** The configured workspace's API keys. */
  apiKeys: ApiKeyInfo[];
  /** The organization's service keys, when `includeServiceKeys` was set. */
  serviceKeys?: ApiKeyInfo[];
}

type WireKey = z.output<NonNullable<typeof API_KEY_ENDPOINTS.list.response>>[number];

/** The listed fields of a key, one by one: whatever else the answer holds (a `key`) stays behind. */
function toKeyInfo(key: WireKey): ApiKeyInfo {
  return {
    id: key.id,
    description: key.description,
    shortKey: key.short_key,
    readOnly: key.read_only,
    expiresAt: key.expires_at ?? null,
    createdAt: key.created_at ?? null,
    lastUsedAt: key.last_used_at ?? null,
    workspaceNames: key.workspace_names ? [...key.workspace_names] : null,
    defaultWorkspaceName: key.default_workspace_name ?? null,
  };
}

/**
 * The configured workspace's API keys (`GET /api/v1/api-key`) and, with
 * `includeServiceKeys`, the organization's service keys
 * (`GET /api/v1/orgs/current/service-keys`). A key's secret value is never
 * part of the result.
 */
export async function getApiKeys(client: LangSmithClient, args: GetApiKeysArgs = {}): Promise<ApiKeysInfo> {
  const apiKeys = (await read(client, API_KEY_ENDPOINTS.list, "listing the workspace's API keys")).map(toKeyInfo);
  if (args.includeServiceKeys !== true) return { apiKeys };
  const serviceKeys = (await read(client, SERVICE_KEY_ENDPOINTS.list, "listing the organization's service keys")).map(toKeyInfo);
  return { apiKeys, serviceKeys };
}

/** The keys of the configured workspace's secrets (`GET /api/v1/workspaces/current/secrets`); the service never returns a value. */
export async function getWorkspaceSecrets(client: LangSmithClient): Promise<string[]> {
  return (await read(client, WORKSPACE_SECRET_ENDPOINTS.list, "listing the workspace's secrets")).map((secret) => secret.key);
}

/** Filters of {@link getGatewayPolicies}, each optional. */
export interface GetGatewayPoliciesArgs {
  /** Only policies of this type, e.g. `spend_cap`. */
  policyType?: string;
  /** Only policies with a subject matcher of this key, e.g. `workspace_id`. */
  subjectMatcherKey?: string;
  /** Only policies with a subject matcher of this value (an id). */
  subjectMatcherValue?: string;
}

/** The organization's LLM-gateway policies (`GET /api/v1/platform/gateway-policies`), as the service answers them (snake_case). */
export async function getGatewayPolicies(client: LangSmithClient, args: GetGatewayPoliciesArgs): Promise<Record<string, unknown>[]> {
  const query = {
    ...(args.policyType !== undefined ? { policy_type: args.policyType } : {}),
    ...(args.subjectMatcherKey !== undefined ? { subject_matcher_key: args.subjectMatcherKey } : {}),
    ...(args.subjectMatcherValue !== undefined ? { subject_matcher_value: args.subjectMatcherValue } : {}),
  };
  const policies = (await client.originResources.send(GATEWAY_POLICY_ENDPOINTS.list, { action: "listing the organization's gateway policies", query })) as Record<string, unknown>[];
  return policies.map((policy) => ({ ...policy }));
}
