/**
 * The Role resource: a custom role of the organization, granting a set of
 * workspace permissions; members and API keys take its id. Needs an
 * organization-scoped API key.
 */
import type { LangSmithClient } from "../client";
import { defineEndpoint } from "../client/endpoint";
import { InvalidRequestError } from "../client/errors";
import { zCreateRoleRequest, zUpdateRoleRequest } from "../client/wire/organizationAndAccess.requests";
import {
  zDeleteApiV1OrgsCurrentRolesByRoleIdResponse,
  zGetApiV1OrgsCurrentRolesResponse,
  zGetApiV1OrgsPermissionsResponse,
  zPatchApiV1OrgsCurrentRolesByRoleIdResponse,
  zPostApiV1OrgsCurrentRolesResponse,
} from "../client/wire/organizationAndAccess.responses";
import { declareKind, type CrudEndpoints } from "../engine/kind";
import type { FieldTable, InputsOf } from "../engine/fields/fields";
import type { Properties } from "../engine/resource";
import { OUTPUT_TYPES } from "../engine/state/outputs";
import { z } from "zod";
import { zRole } from "../client/wire/organizationAndAccess.responses";

/** `/api/v1/orgs/current/roles` (create, list: built-in and custom) and `/{role_id}` (PATCH of all three fields, delete); no GET of one. */
export const ROLE_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/orgs/current/roles", request: zCreateRoleRequest, response: zPostApiV1OrgsCurrentRolesResponse }),
  list: defineEndpoint({ method: "GET", path: "/orgs/current/roles", response: zGetApiV1OrgsCurrentRolesResponse }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/orgs/current/roles/{id}",
    request: zUpdateRoleRequest,
    response: zPatchApiV1OrgsCurrentRolesByRoleIdResponse,
  }),
  delete: defineEndpoint({ method: "DELETE", path: "/orgs/current/roles/{id}", response: zDeleteApiV1OrgsCurrentRolesByRoleIdResponse }),
} satisfies CrudEndpoints;

/** `GET /api/v1/orgs/permissions`: the permissions the organization knows. */
export const LIST_PERMISSIONS = defineEndpoint({ method: "GET", path: "/orgs/permissions", response: zGetApiV1OrgsPermissionsResponse });

/** The shape of a permission name: `<area>:<verb>`, e.g. `projects:read` or `workspaces:manage-members`. */
export const PERMISSION_PATTERN = /^[a-z][a-z-]*(:[a-z][a-z-]*)+$/;

/** Every input field of a Role. */
export const ROLE_FIELDS = [
  {
    path: "displayName",
    wire: "display_name",
    refresh: "always",
    type: "string",
    doc: "Name shown in LangSmith; unique in the organization (`pulumi import` and `getRole` accept it).",
    schema: z.string().trim().min(1).max(255),
    reason: 'displayName is required: set it to the role\'s name, e.g. "Prompt editor" (at most 255 characters)',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "Matrix prompt editor", changed: "Matrix prompt editor v2", other: "Matrix prompt reviewer" },
  },
  {
    path: "description",
    wire: "description",
    refresh: "always",
    type: "string",
    doc: "What the role is for.",
    schema: z.string().max(4096),
    reason: "description must be a string of at most 4096 characters",
    required: false,
    default: "",
    effect: "inPlace",
    secret: false,
    example: { value: "Edits prompts", changed: "Edits prompts and reads datasets" },
  },
  {
    path: "permissions",
    wire: "permissions",
    refresh: "always",
    unordered: true,
    type: "list of strings, e.g. `projects:read`",
    doc: "Workspace permissions the role grants (`getPermissions` lists them); their order means nothing. Names the organization does not know fail before the role is created or changed.",
    schema: z.array(z.string().regex(PERMISSION_PATTERN)).min(1),
    reason: 'permissions is required: list at least one permission of the form "<area>:<verb>", e.g. ["projects:read", "datasets:read"]',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: ["prompts:read", "prompts:update"], changed: ["prompts:read", "prompts:update", "datasets:read"] },
  },
] as const satisfies FieldTable;

/** A Role's checked inputs. */
export type RoleInputs = InputsOf<typeof ROLE_FIELDS>;

/**
 * Throws {@link InvalidRequestError} naming every permission of `inputs` the
 * organization does not know, or that is organization-wide (a custom role
 * grants workspace permissions only).
 */
export async function checkRolePermissions(client: LangSmithClient, inputs: Properties, action: string): Promise<void> {
  const known = (await client.resources.send(LIST_PERMISSIONS, { action: `${action}: listing the organization's permissions` })) as {
    name: string;
    access_scope: string;
  }[];
  const wanted = Array.isArray(inputs["permissions"]) ? (inputs["permissions"] as string[]) : [];
  const unknown = wanted.filter((name) => !known.some((permission) => permission.name === name));
  const organizationWide = wanted.filter((name) => known.some((permission) => permission.name === name && permission.access_scope === "organization"));
  const problems = [
    ...(unknown.length > 0 ? [`the organization has no permission ${unknown.map((name) => `"${name}"`).join(", ")}`] : []),
    ...(organizationWide.length > 0 ? [`a custom role grants workspace permissions only, not ${organizationWide.map((name) => `"${name}"`).join(", ")}`] : []),
  ];
  if (problems.length > 0) throw new InvalidRequestError(`${action} failed: ${problems.join("; ")}. See getPermissions for the names.`);
}

/** The Role, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:Role",
  listing: { filters: { displayName: { type: "string", output: "displayName", doc: "Only the role of this exact display name." } } },
  kind: "role",
  description:
    "A custom role of the LangSmith organization: a named set of workspace permissions that organization and workspace members, and API keys, can hold. " +
    "Every field changes in place. Permissions are checked against the organization's list before anything is sent. Needs an organization-scoped API key. " +
    "Import by id or by display name. The built-in roles (`WORKSPACE_ADMIN`, ...) are read with `getRole`, not managed.",
  scope: "organization",
  fields: ROLE_FIELDS,
  nameField: "displayName",
  naturalKey: "displayName",
  unique: ["displayName"],
  updateSendsAll: true,
  endpoints: ROLE_ENDPOINTS,
  beforeWrite: checkRolePermissions,
  object: zRole,
  manages: (role) => role.name === "CUSTOM",
  outputs: [
    { name: "name", type: OUTPUT_TYPES.string, doc: "The service's role name (`CUSTOM` for every custom role).", changesOnUpdate: false, wire: "name" },
    { name: "accessScope", type: OUTPUT_TYPES.string, doc: "`workspace`: where the role's permissions apply.", changesOnUpdate: false, wire: "access_scope" },
  ],
});
