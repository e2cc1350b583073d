/** The SsoSettings resource: the organization's SAML single sign-on. */
import { defineEndpoint } from "../client/endpoint";
import { zSsoSettingsCreate, zSsoSettingsUpdate } from "../client/wire/organizationAndAccess.requests";
import {
  zGetApiV1OrgsCurrentSsoSettingsResponse,
  zPatchApiV1OrgsCurrentSsoSettingsByIdResponse,
  zPostApiV1OrgsCurrentSsoSettingsResponse,
} from "../client/wire/organizationAndAccess.responses";
import { declareKind, type CrudEndpoints } from "../engine/kind";
import { exampleRef, unknownOr, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { httpUrl, uuid } from "../engine/fields/validators";
import { isRecord } from "../engine/fields/paths";
import { OUTPUT_TYPES } from "../engine/state/outputs";
import { z } from "zod";

/** `/api/v1/orgs/current/sso-settings` (create: 201; list) and `/{id}` (PATCH, delete). */
export const SSO_SETTINGS_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: "/orgs/current/sso-settings",
    request: zSsoSettingsCreate,
    response: zPostApiV1OrgsCurrentSsoSettingsResponse,
  }),
  list: defineEndpoint({ method: "GET", path: "/orgs/current/sso-settings", response: zGetApiV1OrgsCurrentSsoSettingsResponse }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/orgs/current/sso-settings/{id}",
    request: zSsoSettingsUpdate,
    response: zPatchApiV1OrgsCurrentSsoSettingsByIdResponse,
  }),
  delete: defineEndpoint({ method: "DELETE", path: "/orgs/current/sso-settings/{id}" }),
} satisfies CrudEndpoints;

/** Every input field of SsoSettings. */
export const SSO_SETTINGS_FIELDS = [
  {
    path: "metadataUrl",
    wire: "metadata_url",
    type: "string (URL)",
    doc: "URL of the identity provider's SAML metadata; set it or `metadataXml`.",
    schema: httpUrl("metadataUrl"),
    requiredWhen: { path: "metadataXml", unset: true },
    reason: "metadataUrl or metadataXml is required: the identity provider's SAML metadata",
    required: false,
    effect: "inPlace",
    secret: false,
    example: { notSet: "it excludes metadataXml, and an organization has one SSO configuration: the matrix declares the XML metadata, a secret" },
  },
  {
    path: "metadataXml",
    wire: "metadata_xml",
    type: "string (XML)",
    doc: "The identity provider's SAML metadata document; always a Pulumi secret, never echoed in outputs or imported.",
    schema: z.string().trim().min(1),
    requiredWhen: { path: "metadataUrl", unset: true },
    reason: "metadataXml or metadataUrl is required: the identity provider's SAML metadata",
    required: false,
    effect: "inPlace",
    secret: true,
    example: {
      value: '<EntityDescriptor entityID="https://idp.example.com/{canary}"></EntityDescriptor>',
      changed: '<EntityDescriptor entityID="https://idp.example.com/{canary}/v2"></EntityDescriptor>',
    },
  },
  {
    path: "defaultWorkspaceRoleId",
    wire: "default_workspace_role_id",
    refresh: "always",
    type: "string (UUID)",
    doc: "Workspace role new SSO users get (a `Role`, or a built-in role from `getRole`).",
    schema: unknownOr(uuid("defaultWorkspaceRoleId")),
    reason: "defaultWorkspaceRoleId is required: set it to a role's id, e.g. from getRole",
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: exampleRef("langsmith:index:Role"), changed: exampleRef("langsmith:index:Role", { other: true }) },
  },
  {
    path: "defaultWorkspaceIds",
    wire: "default_workspace_ids",
    refresh: "always",
    unordered: true,
    type: "list of strings (UUIDs)",
    doc: "Workspaces new SSO users join.",
    schema: z.array(unknownOr(uuid("defaultWorkspaceIds[]"))).min(1),
    reason: "defaultWorkspaceIds is required: list at least one workspace id",
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: [exampleRef("langsmith:index:Workspace")], changed: [exampleRef("langsmith:index:Workspace", { other: true })] },
  },
  {
    path: "ssoGroupsEnabled",
    wire: "sso_groups_enabled",
    type: "boolean",
    doc: "Whether SSO groups map users to workspaces and roles.",
    schema: z.boolean(),
    required: false,
    unsetMeans: false,
    effect: "inPlace",
    secret: false,
    example: { value: true, changed: false },
  },
  {
    path: "ssoGroupsClaimField",
    wire: "sso_groups_claim_field",
    type: "string",
    doc: "SAML claim holding the user's groups.",
    schema: z.string().min(1),
    required: false,
    unsetMeans: "groups",
    defaultDoc: "`groups` (service's)",
    effect: "inPlace",
    secret: false,
    example: { value: "roles", changed: "teams" },
  },
  {
    path: "ssoGroupsRequired",
    wire: "sso_groups_required",
    type: "boolean",
    doc: "Whether a user must be in a mapped group to sign in.",
    schema: z.boolean(),
    required: false,
    unsetMeans: false,
    effect: "inPlace",
    secret: false,
    example: { value: true, changed: false },
  },
  {
    path: "ssoGroupsRoleSyncEnabled",
    wire: "sso_groups_role_sync_enabled",
    type: "boolean",
    doc: "Whether roles follow the groups at every sign-in.",
    schema: z.boolean(),
    required: false,
    unsetMeans: true,
    defaultDoc: "`true` (service's)",
    effect: "inPlace",
    secret: false,
    example: { value: false, changed: true },
  },
  {
    path: "attributeMapping",
    wire: "attribute_mapping",
    type: "map of `{name, array}`",
    doc: "Which SAML attributes fill the user's profile: each entry the profile field (e.g. `email`, `full_name`) and the attribute that holds it, `array: true` for an attribute with several values (left out: one value). Removed from the program, the mapping is emptied.",
    schema: z.record(
      z.string().min(1),
      z.strictObject({
        name: z.string().min(1).describe("The SAML attribute's name."),
        array: z.literal(true).optional().describe("`true` for an attribute with several values; left out for one value."),
      }),
    ),
    toWire: (value: unknown) => ({ keys: value }),
    fromWire: attributeKeys,
    required: false,
    // The service leaves a field sent as null as it is: an empty mapping clears it.
    clearWith: {},
    effect: "inPlace",
    secret: false,
    example: {
      value: { email: { name: "mail" } },
      changed: { email: { name: "mail" }, groups: { name: "memberOf", array: true } },
    },
  },
] as const satisfies FieldTable;

/** The mapping as the inputs write it: the service's `keys`, each without the default `array: false`; an empty one unset. */
function attributeKeys(value: unknown): unknown {
  const keys = isRecord(value) && isRecord(value["keys"]) ? value["keys"] : {};
  const entries = Object.entries(keys).map(([attribute, key]) => {
    const { array, ...rest } = isRecord(key) ? key : {};
    return [attribute, array === true ? { ...rest, array } : rest];
  });
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

/** SsoSettings' checked inputs. */
export type SsoSettingsInputs = InputsOf<typeof SSO_SETTINGS_FIELDS>;

/** The SsoSettings, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:SsoSettings",
  listing: { none: "the organization has one SSO configuration: read it with the resource's `get`." },
  kind: "SSO settings",
  description:
    "SAML single sign-on of the LangSmith organization: the identity provider's metadata (URL, or XML kept as a secret), the workspaces and role new users get, SSO groups, the attributes that fill a user's profile. " +
    "Every field changes in place; destroy removes SSO. Needs an organization-scoped API key. Import by id (the XML is not imported: set it in the program).",
  scope: "organization",
  fields: SSO_SETTINGS_FIELDS,
  nameField: "metadataUrl",
  lookup: { onlyObject: true },
  endpoints: SSO_SETTINGS_ENDPOINTS,
  outputs: [{ name: "providerId", type: OUTPUT_TYPES.string, doc: "The identity provider's id in LangSmith.", changesOnUpdate: false, wire: "provider_id" }],
});
