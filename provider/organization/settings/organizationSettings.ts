/**
 * The OrganizationSettings resource: the settings of the LangSmith
 * organization itself (its name, who may share and invite, key expiry
 * limits, the IP allowlist, the LLM auth proxy, the model providers it
 * disables, whether only SSO may sign in). A singleton the service always
 * has: create takes it over (one `PATCH /api/v1/orgs/current/info` of the
 * fields the program sets), update patches the changed ones, destroy leaves
 * the settings as they are. Only the fields the program sets are sent and
 * compared: a field it leaves out, or stops setting, stays as the service has it.
 */
import type { LangSmithClient } from "../../client";
import { defineEndpoint } from "../../client/endpoint";
import { zAllowedLoginMethodsUpdate } from "../../client/wire/additions.requests";
import { zPatchApiV1OrgsCurrentLoginMethodsResponse } from "../../client/wire/additions.responses";
import { zOrganizationUpdate } from "../../client/wire/organizationAndAccess.requests";
import { zGetApiV1OrgsCurrentInfoResponse, zOrganizationInfo, zPatchApiV1OrgsCurrentInfoResponse } from "../../client/wire/organizationAndAccess.responses";
import { declareKind, type CrudEndpoints } from "../../engine/kind";
import type { StateOf } from "../../engine/kind/declaration";
import type { FieldTable, InputsOf } from "../../engine/fields/fields";
import type { Properties } from "../../engine/resource";
import { z } from "zod";

const PATCH_INFO = defineEndpoint({ method: "PATCH", path: "/orgs/current/info", request: zOrganizationUpdate, response: zPatchApiV1OrgsCurrentInfoResponse });

/** `PATCH`/`GET /api/v1/orgs/current/info` (the organization of the key); no create, no delete. */
export const ORGANIZATION_SETTINGS_ENDPOINTS = {
  create: PATCH_INFO,
  get: defineEndpoint({ method: "GET", path: "/orgs/current/info", response: zGetApiV1OrgsCurrentInfoResponse }),
  update: PATCH_INFO,
} satisfies CrudEndpoints;

/** `PATCH /api/v1/orgs/current/login-methods` `{sso_only}`: whether only SAML SSO may sign in (answers `{}`). */
export const PATCH_LOGIN_METHODS = defineEndpoint({
  method: "PATCH",
  path: "/orgs/current/login-methods",
  request: zAllowedLoginMethodsUpdate,
  response: zPatchApiV1OrgsCurrentLoginMethodsResponse,
});

const KIND = "organization settings";

/** A setting of the table: optional, the service's value recorded while the program leaves it out, changed in place. */
function setting<const Path extends string, const Wire extends string, const Schema extends z.ZodType>(
  path: Path,
  wire: Wire,
  type: string,
  doc: string,
  schema: Schema,
  example: { readonly value: unknown; readonly changed: unknown } | { readonly notSet: string },
) {
  return { path, wire, type, doc, schema, required: false, serviceDefault: true, effect: "inPlace", secret: false, example } as const;
}

/** A boolean setting. */
const flag = <const Path extends string, const Wire extends string>(path: Path, wire: Wire, doc: string, value: boolean) =>
  setting(path, wire, "boolean", doc, z.boolean(), { value, changed: !value });

/** A limit in days (whole, 1 or more). */
const days = <const Path extends string, const Wire extends string>(path: Path, wire: Wire, what: string, value: number) =>
  setting(path, wire, "integer ≥ 1 (days)", `Most days ${what} may be valid for.`, z.number().int().min(1), { value, changed: value * 2 });

/** The service answers the monthly spend limit as a decimal string: read as the number a program writes. */
function decimalNumber(value: unknown): unknown {
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return value === null ? undefined : value;
}

/** Every input field of the OrganizationSettings. */
export const ORGANIZATION_SETTINGS_FIELDS = [
  setting(
    "displayName",
    "display_name",
    "string",
    "The organization's name: letters, digits, spaces, `-` and `_`.",
    z.string().regex(/^[a-zA-Z0-9\-_ ]+$/, "displayName may hold only letters, digits, spaces, - and _"),
    {
      notSet:
        "renaming the organization every other kind of the matrix runs in is left to the integration test (tests/integration/organizationSettings.test.ts)",
    },
  ),
  flag("publicSharingDisabled", "public_sharing_disabled", "Whether public sharing of traces, datasets and prompts is disabled.", true),
  flag("patCreationDisabled", "pat_creation_disabled", "Whether members may not create personal access tokens.", true),
  flag("jitProvisioningEnabled", "jit_provisioning_enabled", "Whether SSO users are provisioned just in time at their first sign-in.", false),
  flag("invitesEnabled", "invites_enabled", "Whether members may be invited by email.", false),
  flag("workspaceAdminCanInviteToOrg", "workspace_admin_can_invite_to_org", "Whether a workspace admin may invite people into the organization.", true),
  days("maxApiKeyExpiryDays", "max_api_key_expiry_days", "a new API key (service key) of the organization", 90),
  days("maxPatExpiryDays", "max_pat_expiry_days", "a new personal access token", 30),
  days("maxServiceKeyExpiryDays", "max_service_key_expiry_days", "a new service key", 180),
  setting(
    "securityContact",
    "security_contact",
    "string (email)",
    "Who LangSmith contacts about security matters.",
    z.email("securityContact must be an email address"),
    {
      value: "security@example.com",
      changed: "secops@example.com",
    },
  ),
  setting(
    "scimGroupNameSeparator",
    "scim_group_name_separator",
    "string (one character)",
    "The character that separates a workspace from a role in SCIM group names (the service's default `:`).",
    z.string().length(1, "scimGroupNameSeparator must be exactly one character"),
    { value: "|", changed: "/" },
  ),
  flag("llmAuthProxyEnabled", "llm_auth_proxy_enabled", "Whether the LLM auth proxy is enabled.", true),
  setting("llmAuthProxyJwtAudience", "llm_auth_proxy_jwt_audience", "string", "The audience of the JWTs the LLM auth proxy issues.", z.string().min(1), {
    value: "https://llm-proxy.example.com",
    changed: "https://llm-proxy.example.com/v2",
  }),
  setting(
    "llmAuthProxyAllowedUrls",
    "llm_auth_proxy_allowed_urls",
    "list of strings (URLs)",
    "The URLs the LLM auth proxy may forward to; `[]` allows none.",
    z.array(z.string().min(1)),
    { value: ["https://api.openai.com"], changed: ["https://api.openai.com", "https://api.anthropic.com"] },
  ),
  setting(
    "ipAllowlist",
    "ip_allowlist",
    "list of strings (IP addresses or CIDR ranges)",
    "The addresses the organization may be used from (the service's IP allowlist entitlement); `[]` allows every address.",
    z.array(z.string().min(1)),
    { value: ["203.0.113.0/24"], changed: ["203.0.113.0/24", "198.51.100.7"] },
  ),
  flag("restrictBrowserSecrets", "restrict_browser_secrets", "Whether secrets may not be kept in members' browsers (the playground's local secrets).", true),
  flag("engineEnabled", "engine_enabled", "Whether LangSmith Engine is enabled for the organization.", true),
  {
    ...setting(
      "engineLcuSpendLimitMonthly",
      "engine_lcu_spend_limit_monthly",
      "number ≥ 0 (LCUs a month)",
      "Most LangSmith Engine compute units (LCUs) the organization may spend in a month.",
      z.number().min(0, "engineLcuSpendLimitMonthly must be 0 or more"),
      { value: 1000, changed: 2500.5 },
    ),
    fromWire: decimalNumber,
  },
  setting(
    "disabledModelProviders",
    "disabled_model_providers",
    "list of strings",
    "Model providers (e.g. `openai`) no workspace of the organization may use; a workspace cannot enable them again (see `FeatureModelConfig`). `[]` disables none.",
    z.array(z.string().min(1)),
    { value: ["deepseek"], changed: ["deepseek", "xai"] },
  ),
  flag(
    "byocCreateSaasWorkspaceEnabled",
    "byoc_create_saas_workspace_enabled",
    "Whether an organization with its own data planes may still create workspaces hosted by LangSmith.",
    false,
  ),
  setting(
    "ssoOnly",
    "sso_only",
    "boolean",
    "Whether members may sign in only through SAML SSO (set with the service's login-methods request, after the other settings). Set `true` only once SSO works: it locks out every other sign-in.",
    z.boolean(),
    { value: false, changed: true },
  ),
] as const satisfies FieldTable;

/** The OrganizationSettings' checked inputs. */
export type OrganizationSettingsInputs = InputsOf<typeof ORGANIZATION_SETTINGS_FIELDS>;

/**
 * After the settings are written: `ssoOnly`, when the program sets it and it
 * is new or changed (its own request: the settings' PATCH cannot carry it).
 */
async function patchLoginMethods(
  client: LangSmithClient,
  _id: string,
  inputs: OrganizationSettingsInputs,
  olds: StateOf<OrganizationSettingsInputs> | undefined,
  action: string,
): Promise<Properties> {
  const ssoOnly = inputs.ssoOnly;
  if (ssoOnly === undefined || olds?.ssoOnly === ssoOnly) return {};
  await client.resources.send(PATCH_LOGIN_METHODS, { action: `${action}: setting ssoOnly`, body: { sso_only: ssoOnly } });
  return { ssoOnly };
}

const BOOLEAN = { type: "boolean" } as const;

/** The OrganizationSettings, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:OrganizationSettings",
  listing: { none: "an organization has one settings document: read it with the resource's `get`, or `getOrganization`." },
  kind: KIND,
  description:
    "The settings of the LangSmith organization: its name, sharing and invitations, the longest a key or token may be valid for, its security contact, the IP allowlist, the LLM auth proxy, " +
    "the model providers no workspace may use, LangSmith Engine, and whether only SAML SSO may sign in (`ssoOnly`, its own request). " +
    "One per organization, always there: create takes the settings over by writing the fields the program sets; only those are sent and compared, and a field left out (or no longer set) stays as the service has it. " +
    "Every field changes in place. Destroy leaves the settings as they are, with a warning. Needs an organization-scoped API key. Import by the organization's id.",
  scope: "organization",
  fields: ORGANIZATION_SETTINGS_FIELDS,
  nameField: "displayName",
  endpoints: ORGANIZATION_SETTINGS_ENDPOINTS,
  object: zOrganizationInfo,
  // The info PATCH cannot carry ssoOnly: it has a request of its own, after it.
  wrapBody: (body) => Object.fromEntries(Object.entries(body).filter(([key]) => key !== "sso_only")),
  afterWrite: patchLoginMethods,
  leftOnDestroy: "the organization keeps its settings as they are (set them back with this resource, or in LangSmith, if that is not wanted)",
  outputs: [
    { name: "isPersonal", type: BOOLEAN, doc: "Whether the organization is a personal one (a single user's).", changesOnUpdate: false, wire: "is_personal" },
    {
      name: "ssoLoginSlug",
      type: { type: "string" },
      doc: "The slug of the organization's SSO sign-in page, when SSO is configured.",
      changesOnUpdate: false,
      wire: "sso_login_slug",
    },
    {
      name: "ipAllowlistEnabled",
      type: BOOLEAN,
      doc: "Whether the organization's plan lets it use the IP allowlist.",
      changesOnUpdate: false,
      wire: "ip_allowlist_enabled",
    },
  ],
  hooks: {
    read: {
      /** The key's organization; another organization's id (the stack's key changed organization) is not this one's. */
      async fetch({ id }, declared) {
        const wire = await declared();
        return wire !== undefined && String(wire["id"] ?? "").toLowerCase() === id.toLowerCase() ? wire : undefined;
      },
    },
  },
});
