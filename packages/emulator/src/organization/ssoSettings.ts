/**
 * SAML single sign-on settings of the organization
 * (`/api/v1/orgs/current/sso-settings`): the identity provider's SAML
 * metadata, and where a user signing in for the first time lands (the
 * default workspaces, with the default workspace role).
 *
 * What the service does that the contract cannot say:
 * - An organization has at most one SAML provider: a second `POST` answers
 *   409; change it with `PATCH`, remove it with `DELETE` (which answers the
 *   removed settings). `provider_id` is the service's id of the SAML provider.
 * - The metadata comes from exactly one source, `metadata_url` (an http(s)
 *   URL the service fetches) or `metadata_xml` (the document itself); neither
 *   or both answers 400. A `PATCH` naming one source replaces the other
 *   (the other becomes `null`).
 * - `default_workspace_ids` must be workspaces of the organization and
 *   `default_workspace_role_id` a workspace role (built-in or custom) of it;
 *   400 naming the offending id otherwise.
 * - In a `PATCH` a field sent as `null` is left as it is.
 * - The contract's settings hold no secret (SAML metadata is public); the
 *   emulator returns every field it keeps.
 * - Reading needs `organization:read`, writing `organization:manage`, both
 *   with an organization-scoped key.
 */
import { randomUUID } from "node:crypto";
import { detailError } from "../http/errors";
import { zSsoSettingsCreate, zSsoSettingsUpdate } from "../wire/organizationAndAccess";
import { defineKind } from "../kinds/declaration";
import type { KindCall } from "../kinds/kindCall";
import { kindRecords } from "../kinds/records";
import { BUILT_IN_ROLE_IDS } from "./roles";

const present = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

/** Refuses settings the service would not accept (400 naming the cause); `partial` for a PATCH (absent and null fields stay). */
function checkSettings(body: Record<string, unknown>, call: KindCall, partial: boolean): void {
  const url = body["metadata_url"];
  const xml = body["metadata_xml"];
  if (present(url) && present(xml)) throw detailError(400, "Give one of metadata_url and metadata_xml, not both");
  if (!partial && !present(url) && !present(xml)) throw detailError(400, "SAML metadata is required: give metadata_url or metadata_xml");
  if (present(url) && !/^https?:\/\/[^\s/]+/i.test(url)) throw detailError(400, `metadata_url is not an http(s) URL: ${url}`);
  if (present(xml) && !xml.trim().startsWith("<")) throw detailError(400, "metadata_xml is not a SAML metadata XML document");
  const workspaces = body["default_workspace_ids"];
  if (Array.isArray(workspaces)) {
    const known = new Set(call.auth.organization.workspaces.map((w) => w.id));
    const unknown = workspaces.map((id) => String(id).toLowerCase()).filter((id) => !known.has(id));
    if (unknown.length > 0) throw detailError(400, `Not workspaces of the organization: ${unknown.join(", ")}`);
  }
  const role = body["default_workspace_role_id"];
  if (typeof role === "string") {
    const id = role.toLowerCase();
    const builtIn = Object.entries(BUILT_IN_ROLE_IDS).some(([name, roleId]) => roleId === id && name.startsWith("WORKSPACE_"));
    const custom = kindRecords(call.ctx, "roles").some((r) => r.id === id && r.scopeId === call.scopeId);
    if (!builtIn && !custom) throw detailError(400, `default_workspace_role_id ${role} is not a workspace role of the organization`);
  }
}

/** The SSO settings kind. */
export const SSO_SETTINGS = defineKind({
  name: "ssoSettings",
  noun: "SSO settings",
  scope: "organization",
  collection: "/api/v1/orgs/current/sso-settings",
  idParam: "id",
  permissions: { read: "organization:read", write: "organization:manage" },
  create: {
    schema: zSsoSettingsCreate,
    defaults: { metadata_url: null, metadata_xml: null, attribute_mapping: null, attribute_mapping_load_error: null },
    derive(body, call) {
      checkSettings(body, call, false);
      return { organization_id: call.scopeId, provider_id: randomUUID() };
    },
    status: 201,
  },
  patch: {
    schema: zSsoSettingsUpdate,
    check: (body, call) => checkSettings(body, call, true),
    ignoreNull: true,
    derive(changes) {
      if (present(changes["metadata_url"])) return { metadata_xml: null };
      if (present(changes["metadata_xml"])) return { metadata_url: null };
      return {};
    },
  },
  delete: { answer: "object" },
  unique: ["organization_id"],
  timestamps: false,
});
