/**
 * The Workspace resource: a workspace of the organization (one per
 * environment, typically), renamed in place, deleted with everything in it.
 * Needs an organization-scoped API key. A workspace in a data plane of the
 * organization's (`dataPlaneId`) is created, renamed and deleted at that
 * data plane's API; it is read through the control plane like any other.
 */
import { defineEndpoint } from "../client/endpoint";
import { zSetTenantHandleRequest } from "../client/wire/additions.requests";
import { zPostApiV1SettingsHandleResponse } from "../client/wire/additions.responses";
import { zWorkspaceCreate, zWorkspacePatch } from "../client/wire/organizationAndAccess.requests";
import {
  zGetApiV1WorkspacesResponse,
  zPatchApiV1WorkspacesByWorkspaceIdResponse,
  zPostApiV1WorkspacesResponse,
} from "../client/wire/organizationAndAccess.responses";
import { declareKind, type CrudEndpoints } from "../engine/kind";
import type { StateOf } from "../engine/kind/declaration";
import type { UpdateRequest, Updated } from "../engine/kind/hooks";
import { logProgress, warnProgress } from "../engine/context/progress";
import { exampleRef, unknownOr, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { uuid } from "../engine/fields/validators";
import { CREATED_AT_OUTPUT, OUTPUT_TYPES } from "../engine/state/outputs";
import { z } from "zod";
import { DATA_PLANE_TOKEN, dataPlaneApiUrl, dataPlaneOfWorkspace } from "./dataPlanes";

/**
 * `POST /api/v1/settings/handle`: sets the handle of the workspace sent as
 * `X-Tenant-Id` (a contract addition, from the community provider's
 * workspace handle resource); answers the workspace.
 */
export const SET_WORKSPACE_HANDLE = defineEndpoint({
  method: "POST",
  path: "/settings/handle",
  request: zSetTenantHandleRequest,
  response: zPostApiV1SettingsHandleResponse,
});

/** `/api/v1/workspaces` (create, list) and `/api/v1/workspaces/{workspace_id}` (rename, delete); the service has no GET of one. */
export const WORKSPACE_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/workspaces", request: zWorkspaceCreate, response: zPostApiV1WorkspacesResponse }),
  list: defineEndpoint({ method: "GET", path: "/workspaces", response: zGetApiV1WorkspacesResponse }),
  update: defineEndpoint({ method: "PATCH", path: "/workspaces/{id}", request: zWorkspacePatch, response: zPatchApiV1WorkspacesByWorkspaceIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/workspaces/{id}" }),
} satisfies CrudEndpoints;

/** Characters the service accepts in a workspace's display name. */
export const WORKSPACE_NAME_PATTERN = /^[a-zA-Z0-9\-_ '@()]+$/;

/** Every input field of a Workspace. */
export const WORKSPACE_FIELDS = [
  {
    path: "displayName",
    wire: "display_name",
    refresh: "always",
    type: "string: letters, digits, spaces, `-`, `_`, `'`, `@`, `(`, `)`",
    doc: "Name shown in LangSmith; unique in the organization (`pulumi import` accepts it instead of the id).",
    schema: z.string().min(1).regex(WORKSPACE_NAME_PATTERN),
    reason: `displayName is required and may contain only letters, digits, spaces, "-", "_", "'", "@", "(" and ")"; set it to e.g. "agents-dev"`,
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "matrix-agents", changed: "matrix-agents-v2", other: "matrix-agents-b" },
  },
  {
    path: "handle",
    wire: "tenant_handle",
    // The service's rename (PATCH) cannot carry it: a change is sent with its own request (SET_WORKSPACE_HANDLE).
    updateWire: null,
    type: "string",
    doc: "Short handle of the workspace (the service's `tenant_handle`, unique across LangSmith; the owner segment of its public prompts' addresses). Changed in place with the service's own handle request; the service cannot unset one, so removing it from the program leaves the workspace's handle as it is.",
    schema: z.string().min(1).max(64),
    reason: "handle must be a non-empty string of at most 64 characters; omit it to let the service leave it unset",
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: "matrix-agents", changed: "matrix-agents-v2", other: "matrix-agents-b" },
  },
  {
    path: "dataPlaneId",
    wire: "data_plane_id",
    refresh: "always",
    type: "string (UUID)",
    defaultDoc: "none: LangSmith's own data plane",
    doc: "The `DataPlane` the workspace is created in (its traces are kept there), e.g. a `DataPlane` of this stack; its writes then go to that data plane's API. A workspace cannot move: a change replaces it.",
    schema: unknownOr(uuid("dataPlaneId")),
    required: false,
    effect: "replace",
    secret: false,
    example: {
      value: exampleRef(DATA_PLANE_TOKEN),
      why: "a workspace cannot move to another data plane: a change replaces it, and with it every object the program keeps in it",
    },
  },
  {
    path: "requestedId",
    wire: "id",
    type: "string (UUID)",
    doc: "The id to create the workspace with (e.g. to recreate one under the id its clients already use); default the service's. Read at create only: the id of a workspace never changes, so a later change does nothing.",
    schema: unknownOr(uuid("requestedId")),
    required: false,
    effect: "createOnly",
    secret: false,
    example: { value: "{uuid}", why: "read at create only: a later value changes nothing, so there is no change to show" },
  },
] as const satisfies FieldTable;

/** A Workspace's checked inputs. */
export type WorkspaceInputs = InputsOf<typeof WORKSPACE_FIELDS>;

/** The Workspace, as both the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:Workspace",
  listing: {
    leftOut: ["dataPlaneId"],
    filters: {
      displayName: { type: "string", output: "displayName", doc: "Only the workspace of this exact display name." },
      includeDeleted: {
        type: "boolean",
        query: "include_deleted",
        output: "isDeleted",
        match: "widens",
        doc: "Deleted workspaces too (`isDeleted` true); default only the live ones.",
      },
    },
    // What the list answers of the caller (its role) and of the workspace's kind: listed, not recorded by the resource.
    listedOnly: {
      isPersonal: { wire: "is_personal", type: "boolean", doc: "Whether it is a person's own workspace (of a personal organization)." },
      isDeleted: { wire: "is_deleted", type: "boolean", doc: "Whether it is deleted (listed only with `includeDeleted`)." },
      roleId: { wire: "role_id", type: "string", doc: "The caller's role in the workspace: its id." },
      roleName: { wire: "role_name", type: "string", doc: "The caller's role in the workspace: its name (e.g. `Admin`)." },
    },
  },
  kind: "workspace",
  description:
    "A LangSmith workspace of the organization: the home of deployments, projects, datasets and keys of one team or environment. " +
    "Renaming and a new handle are in place. Deleting a workspace deletes everything in it. Needs an organization-scoped API key. " +
    "Import by id or by display name: `pulumi import langsmith:index:Workspace dev agents-dev`.",
  scope: "organization",
  fields: WORKSPACE_FIELDS,
  nameField: "displayName",
  naturalKey: "displayName",
  unique: ["displayName"],
  endpoints: WORKSPACE_ENDPOINTS,
  // The data plane is where the writes go, not a field of the workspace the service takes.
  wrapBody: (body) => Object.fromEntries(Object.entries(body).filter(([key]) => key !== "data_plane_id")),
  writesTo: (client, props, action) => dataPlaneApiUrl(client, props["dataPlaneId"], action),
  // The workspace's answer lacks its data plane: the data planes' lists of their workspaces say it.
  hooks: {
    read: { answer: async ({ client }, wire) => ({ ...wire, data_plane_id: await dataPlaneOfWorkspace(client, wire) }) },
    update: { send: sendWorkspaceUpdate },
  },
  outputs: [
    { name: "organizationId", type: OUTPUT_TYPES.string, doc: "Organization the workspace belongs to.", changesOnUpdate: false, wire: "organization_id" },
    {
      name: "dataPlaneUrl",
      type: OUTPUT_TYPES.string,
      doc: "Where the workspace's data plane serves its traces (LangSmith's own, unless the workspace is in a self-hosted data plane).",
      changesOnUpdate: false,
      wire: "data_plane_url",
    },
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
  ],
});

/**
 * A workspace's update: the rename (one PATCH, at the workspace's data plane
 * when it has one) and a new handle (`POST /api/v1/settings/handle`, sent
 * with the workspace as `X-Tenant-Id`), each when it changed; `undefined`
 * when neither did. A handle removed from the program is left as it is (the
 * service cannot unset one), with a warning.
 */
async function sendWorkspaceUpdate(request: UpdateRequest<WorkspaceInputs, StateOf<WorkspaceInputs>>): Promise<Updated<unknown> | undefined> {
  const { context, settings, client, action, name, id, inputs, olds, changed } = request;
  const renamed = changed.inPlace.includes("displayName");
  const handle = changed.inPlace.includes("handle") ? inputs.handle : undefined;
  if (changed.inPlace.includes("handle") && handle === undefined)
    warnProgress(
      context,
      "workspace",
      name,
      `the service cannot unset a handle: the workspace keeps "${String(olds.handle)}", and this stack no longer sets it`,
    );
  if (!renamed && handle === undefined) return undefined;
  const what = [...(renamed ? ["displayName"] : []), ...(handle !== undefined ? ["handle"] : [])];
  logProgress(context, "workspace", name, `updating ${what.join(", ")}`);
  const wire = renamed
    ? await client.resources.send(WORKSPACE_ENDPOINTS.update, { action, params: { id }, body: { display_name: inputs.displayName } })
    : undefined;
  if (handle !== undefined) {
    const inWorkspace = await context.client({ ...settings, client: { ...settings.client, workspaceId: id } });
    await inWorkspace.resources.send(SET_WORKSPACE_HANDLE, { action: `${action}: setting its handle`, body: { tenant_handle: handle } });
  }
  return { wire, what: `updated ${what.join(", ")} of workspace "${name}"` };
}
