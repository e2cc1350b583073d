/**
 * Workspaces (`/api/v1/workspaces`): created and listed on the collection,
 * read, renamed and deleted at `/api/v1/workspaces/{workspace_id}`, owned by the
 * organization. A created workspace becomes a tenant at once (`X-Tenant-Id`
 * reaches it); the organization's seeded workspaces are listed too; a
 * deleted one stops being a tenant and its objects go with it.
 */
import { detailError } from "../errors";
import type { KindRecord } from "../types";
import { zWorkspaceCreate, zWorkspacePatch } from "../wire/organizationAndAccess";
import { defineKind } from "./declaration";
import type { KindCall } from "./kindCall";

function seeded(call: KindCall): KindRecord[] {
  return call.auth.organization.workspaces
    .filter((w) => !call.ctx.store.state.objects["workspaces"]?.some((r) => r.id === w.id))
    .map((w) => ({ id: w.id, scopeId: call.auth.organization.id, parentId: null, wire: { id: w.id, display_name: w.name, tenant_handle: null, created_at: "2024-01-01T00:00:00.000Z" } }));
}

/** The workspace kind. */
export const WORKSPACES = defineKind({
  name: "workspaces",
  noun: "Workspace",
  scope: "organization",
  collection: "/api/v1/workspaces",
  idParam: "workspace_id",
  permissions: { read: "organization:read", write: "organization:manage" },
  create: { schema: zWorkspaceCreate, defaults: { tenant_handle: null } },
  // The emulator has no data planes: a data plane's id selects no workspace.
  listQuery: { include_deleted: { type: "boolean" }, data_plane_id: { type: "uuid", filters: "data_plane_id" } },
  get: true,
  patch: { schema: zWorkspacePatch },
  delete: { answer: "emptyObject" },
  unique: ["display_name"],
  timestamps: false,
  builtIn: seeded,
  render: (record) => ({
    organization_id: record.scopeId,
    created_at: record.wire["created_at"] ?? new Date(0).toISOString(),
    is_personal: false,
    is_deleted: false,
    data_plane_url: null,
    read_only: false,
    role_id: null,
    role_name: "Admin",
    permissions: null,
  }),
  afterCreate(record, call) {
    record.wire["created_at"] = call.nowIso;
    call.auth.organization.workspaces.push({ id: record.id, name: String(record.wire["display_name"]) });
  },
  afterUpdate(record, call) {
    const workspace = call.auth.organization.workspaces.find((w) => w.id === record.id);
    if (workspace !== undefined) workspace.name = String(record.wire["display_name"]);
  },
  beforeDelete(record, call) {
    const organization = call.auth.organization;
    if (organization.workspaces.length <= 1) throw detailError(400, "Cannot delete the organization's last workspace");
    organization.workspaces = organization.workspaces.filter((w) => w.id !== record.id);
    for (const [name, records] of Object.entries(call.ctx.store.state.objects)) {
      call.ctx.store.state.objects[name] = records.filter((r) => r.scopeId !== record.id);
    }
  },
} as const);
