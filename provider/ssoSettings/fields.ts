/**
 * The SsoSettings' inputs: the SAML identity provider's metadata (a URL, or
 * the XML document, kept as a secret), the workspaces and role new SSO users
 * get, and the SSO-group options; all changed in place (one PATCH). Check,
 * diff, the wire mapping, refresh, import, the schema and the reference
 * table derive from {@link SSO_SETTINGS_FIELDS}.
 */
import { z } from "zod";
import { type FieldTable, type InputsOf, unknownOr } from "../shared/fields";
import { httpUrl, uuid } from "../shared/validators";

/** Every input field of SsoSettings. */
export const SSO_SETTINGS_FIELDS = [
  {
    path: "metadataUrl",
    wire: "metadata_url",
    type: "string (URL)",
    doc: "URL of the identity provider's SAML metadata; set it or `metadataXml`.",
    schema: httpUrl("metadataUrl"),
    required: false,
    effect: "inPlace",
    secret: false,
  },
  {
    path: "metadataXml",
    wire: "metadata_xml",
    type: "string (XML)",
    doc: "The identity provider's SAML metadata document; always a Pulumi secret, never echoed in outputs or imported.",
    schema: z.string().trim().min(1),
    required: false,
    effect: "inPlace",
    secret: true,
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
  },
] as const satisfies FieldTable;

/** SsoSettings' checked inputs. */
export type SsoSettingsInputs = InputsOf<typeof SSO_SETTINGS_FIELDS>;
