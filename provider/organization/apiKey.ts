/**
 * The ApiKey resource: an API key of one workspace. The key is a secret
 * output, known from the create answer only; every input change makes a
 * new key before the old one is deleted, which is how a key is rotated.
 */
import { defineEndpoint } from "../client/endpoint";
import { zApiKeyCreateRequest } from "../client/wire/organizationAndAccess.requests";
import {
  zApiKeyGetResponse,
  zDeleteApiV1ApiKeyByApiKeyIdResponse,
  zGetApiV1ApiKeyResponse,
  zPostApiV1ApiKeyResponse,
} from "../client/wire/organizationAndAccess.responses";
import { declareKind, workspaceIdField, type CrudEndpoints, type WireOutput } from "../engine/kind";
import { exampleRef, unknownOr, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { timestamp, uuid } from "../engine/fields/validators";
import { CREATED_AT_OUTPUT, OUTPUT_TYPES } from "../engine/state/outputs";
import { z } from "zod";

/** `/api/v1/api-key` (create: the key is in this answer only; list) and `/{api_key_id}` (delete); no GET of one, no update. */
export const API_KEY_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/api-key", request: zApiKeyCreateRequest, response: zPostApiV1ApiKeyResponse }),
  list: defineEndpoint({ method: "GET", path: "/api-key", response: zGetApiV1ApiKeyResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/api-key/{id}", response: zDeleteApiV1ApiKeyByApiKeyIdResponse }),
} satisfies CrudEndpoints;

/** The rows both kinds of key have. */
const KEY_ROWS = [
  {
    path: "description",
    wire: "description",
    type: "string",
    doc: "What the key is for, shown in LangSmith; default the service's (`Default API key`).",
    schema: z.string().trim().min(1).max(255),
    reason: 'description must be a non-empty string of at most 255 characters, e.g. "agent deployments (prod)"',
    required: false,
    effect: "replace",
    secret: false,
    example: { value: "conformance matrix key", changed: "conformance matrix key (rotated)" },
  },
  {
    path: "readOnly",
    wire: "read_only",
    type: "boolean",
    doc: "Whether the key can only read.",
    schema: z.boolean(),
    required: false,
    default: false,
    effect: "replace",
    secret: false,
    example: { value: true, changed: false },
  },
  {
    path: "expiresAt",
    wire: "expires_at",
    refresh: "never",
    type: "string (ISO 8601 date-time)",
    doc: "When the key stops working; default never. Rotate before it by changing an input (e.g. the description), which makes a new key first.",
    schema: timestamp("expiresAt"),
    required: false,
    effect: "replace",
    secret: false,
    example: { value: "2030-01-01T00:00:00Z", changed: "2031-06-30T00:00:00Z" },
  },
  {
    path: "workspaces",
    wire: "workspaces",
    refresh: "never",
    unordered: true,
    type: "list of strings (UUIDs)",
    doc: "Workspaces the key may act in (the service reports their names, as the `workspaceNames` output).",
    schema: z.array(unknownOr(uuid("workspaces[]"))),
    required: false,
    effect: "replace",
    secret: false,
    example: { value: [exampleRef("langsmith:index:Workspace")], changed: [exampleRef("langsmith:index:Workspace", { other: true })] },
  },
  {
    path: "roleId",
    wire: "role_id",
    refresh: "never",
    type: "string (UUID)",
    doc: "Workspace role of the key (a `Role`, or a built-in role from `getRole`).",
    schema: unknownOr(uuid("roleId")),
    required: false,
    effect: "replace",
    secret: false,
    example: { value: exampleRef("langsmith:index:Role"), changed: exampleRef("langsmith:index:Role", { other: true }) },
  },
  {
    path: "defaultWorkspaceId",
    wire: "default_workspace_id",
    refresh: "never",
    type: "string (UUID)",
    doc: "Workspace the key acts in when a request names none.",
    schema: unknownOr(uuid("defaultWorkspaceId")),
    required: false,
    effect: "replace",
    secret: false,
    example: { value: exampleRef("langsmith:index:Workspace"), changed: exampleRef("langsmith:index:Workspace", { other: true }) },
  },
] as const satisfies FieldTable;

/** Every input field of an ApiKey (a key made in one workspace, sent there as `X-Tenant-Id`). */
export const API_KEY_FIELDS = [workspaceIdField("API key"), ...KEY_ROWS] as const satisfies FieldTable;

/** Every input field of a ServiceKey (an organization service key). */
export const SERVICE_KEY_FIELDS = [
  ...KEY_ROWS,
  {
    path: "orgRoleId",
    wire: "org_role_id",
    refresh: "never",
    type: "string (UUID)",
    doc: "Organization role of the key (e.g. the built-in `ORGANIZATION_ADMIN` from `getRole`).",
    schema: unknownOr(uuid("orgRoleId")),
    required: false,
    effect: "replace",
    secret: false,
    // Built-in organization roles (custom roles are workspace roles): ORGANIZATION_USER, then ORGANIZATION_VIEWER, as the emulator numbers them.
    example: { value: "00000000-0000-4000-8000-000000000a03", changed: "00000000-0000-4000-8000-000000000a04" },
  },
] as const satisfies FieldTable;

/** An ApiKey's checked inputs. */
export type ApiKeyInputs = InputsOf<typeof API_KEY_FIELDS>;
/** A ServiceKey's checked inputs. */
export type ServiceKeyInputs = InputsOf<typeof SERVICE_KEY_FIELDS>;

/** The outputs of an `ApiKey` and of a `ServiceKey`. */
export const KEY_OUTPUTS: readonly WireOutput[] = [
  {
    name: "key",
    type: OUTPUT_TYPES.string,
    secret: true,
    doc: "The key itself (a Pulumi secret). The service shows it once, at create: an imported key has none.",
    changesOnUpdate: false,
    wire: "key",
    onlyAtCreate: true,
  },
  { name: "shortKey", type: OUTPUT_TYPES.string, doc: "The key's visible prefix, as LangSmith lists it.", changesOnUpdate: false, wire: "short_key" },
  {
    name: "workspaceNames",
    type: OUTPUT_TYPES.stringList,
    doc: "Names of the workspaces the key may act in.",
    changesOnUpdate: false,
    wire: "workspace_names",
  },
  { ...CREATED_AT_OUTPUT, wire: "created_at" },
];

/** Why `adopt` leaves out a key whose `expires_at` has passed: it no longer works, and a program would only keep a dead key. */
export function expiredKey(wire: z.output<typeof zApiKeyGetResponse>, now: Date): string | undefined {
  const expiresAt = wire.expires_at;
  if (typeof expiresAt !== "string") return undefined;
  const at = Date.parse(expiresAt);
  return Number.isFinite(at) && at <= now.getTime()
    ? `it expired at ${expiresAt} and no longer works; delete it in LangSmith, or declare a new key`
    : undefined;
}

/** The ApiKey, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:ApiKey",
  listing: {
    none: "`getApiKeys`, written before the generated list functions, lists the keys (with the organization's service keys on request); its shape is kept.",
  },
  kind: "API key",
  description:
    "An API key of a LangSmith workspace, e.g. for a `Deployment`'s secret or a CI job. The `key` output is a secret the service shows once, at create. " +
    "Every input change replaces the key, the new one first: feed `key` to its users and they switch on the same `pulumi up` (see the rotation pattern in docs/organization.md). Import by id (the key itself cannot be imported).",
  scope: "workspace",
  fields: API_KEY_FIELDS,
  nameField: "description",
  object: zApiKeyGetResponse,
  notAdopted: expiredKey,
  endpoints: API_KEY_ENDPOINTS,
  outputs: KEY_OUTPUTS,
});
