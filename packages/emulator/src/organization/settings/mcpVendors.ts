/**
 * MCP vendors and a workspace's settings for each
 * (`/api/v1/platform/mcp-vendors`, with `X-Tenant-Id`): the vendor-side
 * organization and project an MCP integration connects to. Served by a Go
 * service: a malformed request is a 400, every error `{"detail", "message"}`
 * (the document's `mcp_vendors.ErrorResponse`).
 *
 * What the service does that the contract cannot say (the emulator's
 * choices where nothing public says it):
 * - The catalogue has one vendor, `arcade` (the document's settings schemas
 *   are Arcade's), always `enabled`; any other slug answers 404.
 * - `POST …/{vendor_slug}/settings` makes the workspace's settings (201);
 *   when they exist already it answers 409 (an update is a `PUT`). `PUT`
 *   replaces them whole (a field left out is `""`), 404 when there are none;
 *   `DELETE` answers 200 with the settings it removed, 404 when there are none.
 * - `is_configured` is true when both `organization_id` and `project_id` are set.
 * - Permissions: `workspaces:read` to read, `workspaces:manage` to write.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../../core/context";
import type { KindRecord } from "../../core/types";
import { HttpError } from "../../http/errors";
import { parseBody } from "../../http/validation";
import { errorHandlerFor, goStyleError, withoutNulls } from "../../kinds/goErrors";
import { kindRecords } from "../../kinds/records";
import { authenticateFor } from "../../kinds/scopeAuth";
import { zMcpVendorsArcadeSettingsRequest } from "../../wire/additions";

const VENDORS = "/api/v1/platform/mcp-vendors";
const RECORDS = "mcpVendorSettings";

/** The vendors the emulator knows. */
const CATALOGUE: readonly Record<string, string>[] = [
  {
    vendor_id: "arcade",
    name: "Arcade",
    description: "Tools of many services, authorized per user, over MCP",
    icon: "https://www.arcade.dev/favicon.ico",
    status: "enabled",
  },
];

/** An error as the MCP vendors service answers it: `{"detail", "message"}`. */
function vendorsError(error: unknown): HttpError {
  const go = goStyleError(error);
  const message = String(go.body["error"]);
  return new HttpError(go.statusCode, { detail: message, message }, go.headers);
}

/** The vendor slug of the path, or a 404 for a vendor the catalogue does not have. */
function vendorOf(request: FastifyRequest): string {
  const slug = String((request.params as Record<string, unknown>)["vendor_slug"]);
  if (!CATALOGUE.some((vendor) => vendor.vendor_id === slug)) throw new HttpError(404, { error: `MCP vendor ${slug} not found` });
  return slug;
}

/** The settings as answered. */
function answerOf(record: KindRecord): Record<string, unknown> {
  const organization = String(record.wire["organization_id"] ?? "");
  const project = String(record.wire["project_id"] ?? "");
  return { is_configured: organization !== "" && project !== "", organization_id: organization, project_id: project };
}

/** The request's settings, as Go decodes them (a field left out or null is `""`). */
function settingsOf(request: FastifyRequest): Record<string, string> {
  const body = parseBody(zMcpVendorsArcadeSettingsRequest, withoutNulls(request.body));
  return { organization_id: body.organization_id ?? "", project_id: body.project_id ?? "" };
}

/** Registers the MCP vendor routes. */
export function registerMcpVendorRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const errorHandler = errorHandlerFor(vendorsError);
  const records = () => kindRecords(ctx, RECORDS);
  const settingsPath = `${VENDORS}/:vendor_slug/settings`;
  const find = (workspaceId: string, slug: string) => records().find((r) => r.id === `${workspaceId}:${slug}`);
  const existing = (workspaceId: string, slug: string): KindRecord => {
    const record = find(workspaceId, slug);
    if (record === undefined) throw new HttpError(404, { error: `no settings for MCP vendor ${slug} in this workspace` });
    return record;
  };

  app.get(VENDORS, { errorHandler }, async (request) => {
    authenticateFor(ctx, request, "workspace", "workspaces:read");
    return { mcp_vendors: CATALOGUE.map((vendor) => ({ ...vendor })) };
  });

  app.get(settingsPath, { errorHandler }, async (request) => {
    const { scopeId } = authenticateFor(ctx, request, "workspace", "workspaces:read");
    return answerOf(existing(scopeId, vendorOf(request)));
  });

  app.post(settingsPath, { errorHandler }, async (request, reply) => {
    const { scopeId } = authenticateFor(ctx, request, "workspace", "workspaces:manage");
    const slug = vendorOf(request);
    const settings = settingsOf(request);
    if (find(scopeId, slug) !== undefined)
      throw new HttpError(409, { error: `MCP vendor ${slug} already has settings in this workspace; change them with PUT` });
    const record: KindRecord = { id: `${scopeId}:${slug}`, scopeId, parentId: null, wire: { vendor_slug: slug, ...settings } };
    records().push(record);
    ctx.store.commit();
    return reply.code(201).send(answerOf(record));
  });

  app.put(settingsPath, { errorHandler }, async (request) => {
    const { scopeId } = authenticateFor(ctx, request, "workspace", "workspaces:manage");
    const slug = vendorOf(request);
    const settings = settingsOf(request);
    const record = existing(scopeId, slug);
    record.wire = { vendor_slug: slug, ...settings };
    ctx.store.commit();
    return answerOf(record);
  });

  app.delete(settingsPath, { errorHandler }, async (request) => {
    const { scopeId } = authenticateFor(ctx, request, "workspace", "workspaces:manage");
    const record = existing(scopeId, vendorOf(request));
    records().splice(records().indexOf(record), 1);
    ctx.store.commit();
    return answerOf(record);
  });
}
