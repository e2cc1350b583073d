/**
 * Workspaces (`/api/v1/workspaces`): created and listed on the collection,
 * read, renamed and deleted at `/api/v1/workspaces/{workspace_id}`, owned by the
 * organization. A created workspace becomes a tenant at once (`X-Tenant-Id`
 * reaches it); the organization's seeded workspaces are listed too; a
 * deleted one stops being a tenant and its objects go with it; the list
 * answers it again, `is_deleted` true, when asked with `include_deleted`.
 *
 * A workspace in a data plane of the organization (see `dataPlanes.ts`) is
 * created at that data plane's API (`POST <api_url>/workspaces`, which the
 * emulator serves under `/data-planes/{id}/api/v1`), and renamed and deleted
 * there too: the control plane refuses those writes (403). Its
 * `data_plane_url` is the data plane's `api_url`; the list's `data_plane_id`
 * selects the workspaces of one data plane.
 *
 * A workspace's handle is set at its create (`tenant_handle`) or later with
 * `POST /api/v1/settings/handle` ({@link setWorkspaceHandle}), for the
 * workspace of `X-Tenant-Id`: a handle is unique across the service (409 when
 * another workspace has it) and can be changed but never unset.
 */
import { detailError, HttpError } from "../http/errors";
import { uuidQuery } from "../http/params";
import type { EmulatorContext } from "../core/context";
import type { KindRecord } from "../core/types";
import { zWorkspaceCreate, zWorkspacePatch } from "../wire/organizationAndAccess";
import { DATA_PLANE_API_PREFIX, dataPlaneApiUrl, dataPlaneOf } from "./dataPlanes";
import { defineKind } from "../kinds/declaration";
import { kindRecords } from "../kinds/records";
import type { KindCall } from "../kinds/kindCall";

/** The seeded workspaces not deleted, and the deleted ones when the list asks for them (`include_deleted=true`). */
function seeded(call: KindCall): KindRecord[] {
  // pydantic's words for true; the list's query check has refused any other spelling.
  const asked = ["true", "1", "yes", "on", "t", "y"].includes(String(call.query["include_deleted"] ?? "").toLowerCase());
  const organization = call.auth.organization;
  const deleted = asked
    ? (organization.deletedWorkspaces ?? []).map((wire) => ({
        id: String(wire["id"]),
        scopeId: organization.id,
        parentId: null,
        wire: { ...wire, is_deleted: true },
      }))
    : [];
  return [...live(call), ...deleted];
}

/** The organization's seeded workspaces (those it had before any create), while not deleted. */
function live(call: KindCall): KindRecord[] {
  return call.auth.organization.workspaces
    .filter((w) => !call.ctx.store.state.objects["workspaces"]?.some((r) => r.id === w.id))
    .map((w) => ({
      id: w.id,
      scopeId: call.auth.organization.id,
      parentId: null,
      wire: { id: w.id, display_name: w.name, tenant_handle: null, created_at: "2024-01-01T00:00:00.000Z" },
    }));
}

/** The data plane a write came through (`/data-planes/{id}/api/v1/...`), if it came through one. */
function viaDataPlane(call: KindCall): string | undefined {
  return call.params["data_plane_id"];
}

/** Refuses a write sent to the wrong plane: a workspace in a data plane is written at its data plane's API only. */
function checkPlane(record: KindRecord, call: KindCall): void {
  const home = record.wire["data_plane_id"];
  const via = viaDataPlane(call);
  if (typeof home === "string" && via === undefined)
    throw new HttpError(403, { detail: `Workspace ${record.id} lives in data plane ${home}: send its changes to the data plane's API (its data_plane_url)` });
  if (via !== undefined && home !== via) throw detailError(404, "Workspace not found");
}

/** The workspace kind. */
export const WORKSPACES = defineKind({
  name: "workspaces",
  noun: "Workspace",
  scope: "organization",
  collection: "/api/v1/workspaces",
  idParam: "workspace_id",
  permissions: { read: "organization:read", write: "organization:manage" },
  writesAlsoAt: DATA_PLANE_API_PREFIX,
  create: {
    schema: zWorkspaceCreate,
    defaults: { tenant_handle: null },
    derive: (_body, call) => {
      const via = viaDataPlane(call);
      if (via === undefined) return {};
      const { status } = dataPlaneOf(call.ctx, call.auth.organization.id, via);
      if (status !== "active") throw new HttpError(409, { detail: `data plane ${via} is ${status}: workspaces can be created in it once it is active` });
      return { data_plane_id: via };
    },
  },
  listQuery: {
    include_deleted: { type: "boolean" },
    data_plane_id: {
      type: "custom",
      read: (query, name, errors, call) => {
        const wanted = query[name] === undefined ? undefined : uuidQuery(query, name, errors);
        if (wanted === undefined || call === undefined) return undefined;
        const inPlane = new Set((call.ctx.store.state.objects["workspaces"] ?? []).filter((r) => r.wire["data_plane_id"] === wanted).map((r) => r.id));
        return (o) => inPlane.has(String(o["id"]));
      },
    },
  },
  get: true,
  patch: {
    schema: zWorkspacePatch,
    derive: (_changes, record, call) => {
      checkPlane(record, call);
      return {};
    },
  },
  delete: { answer: "emptyObject" },
  unique: ["display_name"],
  hidden: ["data_plane_id"],
  timestamps: false,
  builtIn: seeded,
  render: (record, ctx) => ({
    organization_id: record.scopeId,
    created_at: record.wire["created_at"] ?? new Date(0).toISOString(),
    is_personal: false,
    is_deleted: record.wire["is_deleted"] === true,
    data_plane_url: dataPlaneApiUrl(ctx, record.wire["data_plane_id"]),
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
  // Kept with its organization (not among the stored objects: it is no longer one) for the list's include_deleted.
  afterDelete(record, call) {
    const organization = call.auth.organization;
    organization.deletedWorkspaces = [...(organization.deletedWorkspaces ?? []), { ...record.wire, id: record.id }];
  },
  beforeDelete(record, call) {
    checkPlane(record, call);
    const organization = call.auth.organization;
    if (organization.workspaces.length <= 1) throw detailError(400, "Cannot delete the organization's last workspace");
    organization.workspaces = organization.workspaces.filter((w) => w.id !== record.id);
    for (const [name, records] of Object.entries(call.ctx.store.state.objects)) {
      call.ctx.store.state.objects[name] = records.filter((r) => r.scopeId !== record.id);
    }
  },
} as const);

/**
 * Sets the handle of the workspace `workspaceId` of `organization`, as
 * `POST /api/v1/settings/handle` does, and answers the workspace as that
 * route does (`id`, `display_name`, `created_at`, `tenant_handle`).
 *
 * @throws HttpError 400 for an empty handle, 409 when another workspace has it, 404 when the workspace is gone.
 */
export function setWorkspaceHandle(
  ctx: EmulatorContext,
  organization: { id: string; workspaces: { id: string; name: string }[] },
  workspaceId: string,
  handle: string,
): Record<string, unknown> {
  if (handle.trim() === "") throw detailError(400, "tenant_handle must not be empty");
  const records = kindRecords(ctx, WORKSPACES.name);
  const taken = records.find((r) => r.id !== workspaceId && r.wire["tenant_handle"] === handle);
  if (taken !== undefined) throw detailError(409, `Handle ${handle} is already taken`);
  let record = records.find((r) => r.id === workspaceId);
  if (record === undefined) {
    // A seeded workspace is stored once its handle is set.
    const seededWorkspace = organization.workspaces.find((w) => w.id === workspaceId);
    if (seededWorkspace === undefined) throw detailError(404, "Workspace not found");
    record = {
      id: workspaceId,
      scopeId: organization.id,
      parentId: null,
      wire: { id: workspaceId, display_name: seededWorkspace.name, tenant_handle: null, created_at: "2024-01-01T00:00:00.000Z" },
    };
    records.push(record);
  }
  record.wire["tenant_handle"] = handle;
  ctx.store.commit();
  const { id, display_name: displayName, created_at: createdAt } = record.wire;
  return { id, display_name: displayName, created_at: createdAt, tenant_handle: handle };
}
