/**
 * The inputs of an API key (`ApiKey`, a workspace's key) and of an
 * organization service key (`ServiceKey`): description, read-only flag,
 * expiry, workspaces and roles. The service cannot change a key, so every
 * change replaces it (the new key first, then the old one is deleted).
 * Check, diff, the wire mapping, refresh, import, the schema and the
 * reference tables derive from {@link API_KEY_FIELDS} and {@link SERVICE_KEY_FIELDS}.
 */
import { z } from "zod";
import { workspaceIdField } from "../shared/crud";
import { type FieldTable, type InputsOf, unknownOr } from "../shared/fields";
import { timestamp, uuid } from "../shared/validators";

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
  },
] as const satisfies FieldTable;

/** An ApiKey's checked inputs. */
export type ApiKeyInputs = InputsOf<typeof API_KEY_FIELDS>;
/** A ServiceKey's checked inputs. */
export type ServiceKeyInputs = InputsOf<typeof SERVICE_KEY_FIELDS>;
