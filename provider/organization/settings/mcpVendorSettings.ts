/**
 * The McpVendorSettings resource: a workspace's settings for one MCP vendor
 * (e.g. Arcade), the vendor-side organization and project its MCP
 * integration connects to. One per vendor and workspace, at
 * `/api/v1/platform/mcp-vendors/{vendor_slug}/settings`: create `POST`
 * (refused when the settings exist: the import hint), update `PUT` (the
 * whole settings), delete `DELETE`. The id is the vendor's slug.
 */
import type { LangSmithClient } from "../../client";
import { defineEndpoint } from "../../client/endpoint";
import { found } from "../../client/errors";
import { zMcpVendorsArcadeSettingsRequest } from "../../client/wire/additions.requests";
import {
  zDeleteApiV1PlatformMcpVendorsByVendorSlugSettingsResponse,
  zGetApiV1PlatformMcpVendorsByVendorSlugSettingsResponse,
  zGetApiV1PlatformMcpVendorsResponse,
  zPostApiV1PlatformMcpVendorsByVendorSlugSettingsResponse,
  zPutApiV1PlatformMcpVendorsByVendorSlugSettingsResponse,
} from "../../client/wire/additions.responses";
import { declareKind, settingsInScope, workspaceIdField, type CrudEndpoints } from "../../engine/kind";
import type { WireObject } from "../../engine/kind/hooks";
import { emptyAsUnset, type FieldTable, type InputsOf } from "../../engine/fields/fields";
import { z } from "zod";

const VENDORS = "/api/v1/platform/mcp-vendors";
const ONE = `${VENDORS}/{id}/settings`;

/** The settings of one vendor, at its slug (the id): create (201; 409 when they exist), get, `PUT` of the whole settings, `DELETE` answering them. */
export const MCP_VENDOR_SETTINGS_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: ONE,
    request: zMcpVendorsArcadeSettingsRequest,
    response: zPostApiV1PlatformMcpVendorsByVendorSlugSettingsResponse,
  }),
  get: defineEndpoint({ method: "GET", path: ONE, response: zGetApiV1PlatformMcpVendorsByVendorSlugSettingsResponse }),
  update: defineEndpoint({
    method: "PUT",
    path: ONE,
    request: zMcpVendorsArcadeSettingsRequest,
    response: zPutApiV1PlatformMcpVendorsByVendorSlugSettingsResponse,
  }),
  delete: defineEndpoint({ method: "DELETE", path: ONE, response: zDeleteApiV1PlatformMcpVendorsByVendorSlugSettingsResponse }),
} satisfies CrudEndpoints;

/** `GET /api/v1/platform/mcp-vendors`: the vendors the workspace may connect (not paged). */
export const LIST_MCP_VENDORS = defineEndpoint({ method: "GET", path: VENDORS, response: zGetApiV1PlatformMcpVendorsResponse });

const KIND = "MCP vendor settings";

/** A vendor-side identifier: optional, `""` (the service's unset) when not given. */
const vendorSideRow = <const Path extends string, const Wire extends string>(
  path: Path,
  wire: Wire,
  what: string,
  example: { value: string; changed: string },
) =>
  ({
    path,
    wire,
    fromWire: emptyAsUnset,
    type: "string",
    doc: `The vendor-side ${what} the integration connects to; default none. A change replaces the whole settings in place (one PUT).`,
    schema: z.string().min(1),
    required: false,
    // The PUT replaces the whole settings, and the service's unset is "": a field no longer set is sent so.
    clearWith: "",
    effect: "inPlace",
    secret: false,
    example,
  }) as const;

/** Every input field of McpVendorSettings. */
export const MCP_VENDOR_SETTINGS_FIELDS = [
  workspaceIdField(KIND),
  {
    path: "vendorSlug",
    wire: "vendor_slug",
    type: "string",
    doc: "The MCP vendor, by its slug (e.g. `arcade`; `getMcpVendorSettings` lists the vendors with their settings). One settings resource per vendor and workspace; another vendor replaces it.",
    schema: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, "vendorSlug is a vendor's slug: lower-case letters, digits, - and _, e.g. arcade"),
    reason: 'vendorSlug is required: a vendor\'s slug, e.g. "arcade"',
    required: true,
    effect: "replace",
    secret: false,
    example: {
      value: "arcade",
      why: "the emulator's catalogue has one vendor (the service's settings schemas are Arcade's): the change step keeps it and moves the workspace",
    },
  },
  vendorSideRow("organizationId", "organization_id", "organization", { value: "org-matrix", changed: "org-matrix-2" }),
  vendorSideRow("projectId", "project_id", "project", { value: "project-matrix", changed: "project-matrix-2" }),
] as const satisfies FieldTable;

/** McpVendorSettings' checked inputs. */
export type McpVendorSettingsInputs = InputsOf<typeof MCP_VENDOR_SETTINGS_FIELDS>;

/** The settings of one vendor as the reads see them: the answer with the vendor's slug (the answer does not name it) as `id` and `vendor_slug`. */
async function readSettings(client: LangSmithClient, slug: string, action: string): Promise<WireObject | undefined> {
  const answer = await found(client.originResources.send(MCP_VENDOR_SETTINGS_ENDPOINTS.get, { action, params: { id: slug } }));
  return answer === undefined ? undefined : { ...answer, id: slug, vendor_slug: slug };
}

/** The McpVendorSettings, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:McpVendorSettings",
  listing: {
    filters: { vendorSlug: { type: "string", output: "vendorSlug", doc: "Only the settings of this vendor (its slug, e.g. `arcade`)." } },
    listedOnly: {
      vendorName: { wire: "name", type: "string", doc: "The vendor's name, as the service lists it." },
      vendorDescription: { wire: "description", type: "string", doc: "What the vendor offers, as the service lists it." },
      vendorIcon: { wire: "icon", type: "string", doc: "The URL of the vendor's icon." },
      vendorStatus: { wire: "status", type: "string", doc: "Whether the vendor is available to the workspace: `enabled` or `disabled`." },
    },
  },
  kind: KIND,
  description:
    "A LangSmith workspace's settings for one MCP vendor (e.g. Arcade): the vendor-side organization and project its MCP integration connects to. " +
    "One per vendor and workspace, named by the vendor's slug (the id). Create is refused when the vendor already has settings in the workspace, with the import hint; a change replaces the whole settings in place (one PUT). " +
    "No secret is involved: the service's settings hold identifiers only. `getMcpVendorSettings` lists the vendors with their settings. Import by `[<workspaceId>/]<vendorSlug>`.",
  scope: "workspace",
  base: "origin",
  fields: MCP_VENDOR_SETTINGS_FIELDS,
  nameField: "vendorSlug",
  updateSendsAll: true,
  importForms: ["<vendorSlug>", "<workspaceId>/<vendorSlug>"],
  endpoints: MCP_VENDOR_SETTINGS_ENDPOINTS,
  idOf: (_created, inputs) => inputs.vendorSlug,
  // The slug is in the path, not the body.
  wrapBody: (body) => Object.fromEntries(Object.entries(body).filter(([key]) => key !== "vendor_slug")),
  outputs: [
    {
      name: "isConfigured",
      type: { type: "boolean" },
      doc: "Whether the service reports the settings as complete (an organization and a project).",
      changesOnUpdate: true,
      wire: "is_configured",
    },
  ],
  hooks: {
    create: {
      /** The vendor's settings in the workspace, when it has them: after a lost answer, and for the import hint of a 409. */
      lookUp: ({ client, inputs, action }) => readSettings(client, inputs.vendorSlug, `${action}: reading the vendor's settings`),
      /** The create, at the vendor's slug (the id it will have). */
      async post({ client, inputs, action }) {
        const body = {
          ...(inputs.organizationId === undefined ? {} : { organization_id: inputs.organizationId }),
          ...(inputs.projectId === undefined ? {} : { project_id: inputs.projectId }),
        };
        const answer = zPostApiV1PlatformMcpVendorsByVendorSlugSettingsResponse.parse(
          await client.originResources.send(MCP_VENDOR_SETTINGS_ENDPOINTS.create, { action, params: { id: inputs.vendorSlug }, body }),
        );
        return { ...answer, id: inputs.vendorSlug, vendor_slug: inputs.vendorSlug };
      },
    },
    read: {
      fetch: ({ client, id, purpose }) => readSettings(client, id, `${purpose === "refresh" ? "reading" : "importing"} ${KIND} "${id}"`),
    },
    /** Every vendor of the workspace's catalogue, each read as an import reads it (a vendor with no settings is none). */
    async list(context, scope) {
      const action = `listing ${KIND}`;
      const client = await context.client(
        settingsInScope(context, "workspace", action, scope.workspaceId !== undefined ? { workspaceId: scope.workspaceId } : {}),
      );
      const answer = zGetApiV1PlatformMcpVendorsResponse.parse(await client.originResources.send(LIST_MCP_VENDORS, { action }));
      return (answer.mcp_vendors ?? []).flatMap((vendor) => {
        const slug = vendor.vendor_id ?? "";
        if (slug === "") return [];
        return [{ importId: scope.workspaceId !== undefined ? `${scope.workspaceId}/${slug}` : slug, id: slug, name: slug, wire: vendor }];
      });
    },
  },
});
