/** The ServiceAccount resource: a non-human identity of the organization, for machines' API keys. */
import { defineEndpoint } from "../client/endpoint";
import { zServiceAccountCreateRequest } from "../client/wire/organizationAndAccess.requests";
import { zGetApiV1ServiceAccountsResponse, zPostApiV1ServiceAccountsResponse } from "../client/wire/organizationAndAccess.responses";
import { declareKind, type CrudEndpoints } from "../engine/kind";
import { exampleRef, unknownOr, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { uuid } from "../engine/fields/validators";
import { CREATED_AT_OUTPUT, OUTPUT_TYPES } from "../engine/state/outputs";
import { z } from "zod";

/** `/api/v1/service-accounts` (create, list) and `/{service_account_id}` (delete); no GET of one, no update. */
export const SERVICE_ACCOUNT_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/service-accounts", request: zServiceAccountCreateRequest, response: zPostApiV1ServiceAccountsResponse }),
  list: defineEndpoint({ method: "GET", path: "/service-accounts", response: zGetApiV1ServiceAccountsResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/service-accounts/{id}" }),
} satisfies CrudEndpoints;

/** One workspace a service account joins. */
const WorkspaceAssignment = z.strictObject({
  workspaceId: unknownOr(uuid("workspaces[].workspaceId")).describe("A `Workspace` the account works in."),
  roleId: unknownOr(uuid("workspaces[].roleId")).optional().describe("Its role there (a `Role`'s id)."),
});

/** Every input field of a ServiceAccount. */
export const SERVICE_ACCOUNT_FIELDS = [
  {
    path: "name",
    wire: "name",
    refresh: "always",
    type: "string",
    doc: "Name of the service account.",
    schema: z.string().trim().min(1).max(255),
    reason: 'name is required: set it to e.g. "ci-deployer" (at most 255 characters)',
    required: true,
    effect: "replace",
    secret: false,
    example: { value: "matrix-ci-deployer", changed: "matrix-ci-deployer-v2" },
  },
  {
    path: "workspaces",
    wire: "workspaces",
    refresh: "never",
    unordered: true,
    toWire: (value: unknown) =>
      (value as { workspaceId: string; roleId?: string }[]).map((w) => ({
        workspace_id: w.workspaceId,
        ...(w.roleId !== undefined ? { role_id: w.roleId } : {}),
      })),
    fromWire: () => undefined,
    type: "list of `{workspaceId, roleId?}`",
    doc: "Workspaces the account joins, each with a role id (a `Role`, or a built-in role from `getRole`; default the workspace's default role). The service does not report them back.",
    schema: z.array(WorkspaceAssignment),
    reason: "workspaces must be a list of { workspaceId, roleId? } with UUIDs",
    required: false,
    effect: "replace",
    secret: false,
    example: {
      value: [{ workspaceId: exampleRef("langsmith:index:Workspace"), roleId: exampleRef("langsmith:index:Role") }],
      changed: [{ workspaceId: exampleRef("langsmith:index:Workspace", { other: true }), roleId: exampleRef("langsmith:index:Role", { other: true }) }],
    },
  },
] as const satisfies FieldTable;

/** A ServiceAccount's checked inputs. */
export type ServiceAccountInputs = InputsOf<typeof SERVICE_ACCOUNT_FIELDS>;

/** The ServiceAccount, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:ServiceAccount",
  listing: {},
  kind: "service account",
  description:
    "A service account of the LangSmith organization: an identity for machines (CI, a deployment) that joins workspaces with a role and holds API keys. " +
    "The service cannot change one: every change replaces it (the new one first). Needs an organization-scoped API key. Import by id.",
  scope: "organization",
  fields: SERVICE_ACCOUNT_FIELDS,
  nameField: "name",
  lookup: { byName: true },
  endpoints: SERVICE_ACCOUNT_ENDPOINTS,
  outputs: [
    { name: "organizationId", type: OUTPUT_TYPES.string, doc: "Organization the account belongs to.", changesOnUpdate: false, wire: "organization_id" },
    { name: "defaultWorkspaceId", type: OUTPUT_TYPES.string, doc: "The account's default workspace.", changesOnUpdate: false, wire: "default_workspace_id" },
    {
      name: "organizationIdentityId",
      type: OUTPUT_TYPES.string,
      doc: "The account's identity in the organization (known from the create answer only).",
      changesOnUpdate: false,
      wire: "organization_identity_id",
      onlyAtCreate: true,
    },
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
  ],
});
