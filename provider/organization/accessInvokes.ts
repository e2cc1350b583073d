/**
 * The access invokes, over a client: a role (`getRole`), the permissions
 * roles may grant (`getPermissions`), the API keys of the workspace and of
 * the organization (`getApiKeys`), the names of the workspace's secrets
 * (`getWorkspaceSecrets`) and the LLM gateway's policies
 * (`getGatewayPolicies`), over the endpoints their resources declare. Each
 * result is built field by field, so nothing the service adds (a key's
 * secret value, a secret's value) is passed on.
 */
import type { z } from "zod";
import type { LangSmithClient } from "../client/client";
import { InvalidRequestError } from "../client/errors";
import { zAccessScope } from "../client/wire/organizationAndAccess.responses";
import { API_KEY_ENDPOINTS } from "./apiKey";
import { LIST_PERMISSIONS, ROLE_ENDPOINTS } from "./role";
import { SERVICE_KEY_ENDPOINTS } from "./serviceKey";
import { WORKSPACE_SECRET_ENDPOINTS } from "./workspaceSecret";
import { GATEWAY_POLICY_ENDPOINTS } from "./gatewayPolicies";
import { read, sameId, single } from "./invokeReads";

/**
 * Arguments of {@link getRole}: exactly one of `id`, `name` (the service's
 * name of a built-in role, e.g. `WORKSPACE_ADMIN`) or `displayName` (e.g.
 * `"Workspace Admin"`, or a custom role's name).
 */
export type GetRoleArgs =
  { id: string; name?: never; displayName?: never } | { name: string; id?: never; displayName?: never } | { displayName: string; id?: never; name?: never };

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
  const matches = roles.filter((r) =>
    args.id !== undefined ? sameId(r.id, args.id) : args.name !== undefined ? r.name === args.name : r.display_name === args.displayName,
  );
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
  if (!parsed.success)
    throw new InvalidRequestError(
      `listing permissions: accessScope must be one of ${zAccessScope.options.map((o) => `"${o}"`).join(", ")}, not ${JSON.stringify(value)}`,
    );
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
  const policies = (await client.originResources.send(GATEWAY_POLICY_ENDPOINTS.list, {
    action: "listing the organization's gateway policies",
    query,
  })) as Record<string, unknown>[];
  return policies.map((policy) => ({ ...policy }));
}
