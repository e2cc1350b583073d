/**
 * The ServiceAccount's inputs: its name and the workspaces it joins (with a
 * role in each). The service cannot change a service account, so every
 * change replaces it. Check, diff, the wire mapping, import, the schema and
 * the reference table derive from {@link SERVICE_ACCOUNT_FIELDS}.
 */
import { z } from "zod";
import { type FieldTable, type InputsOf, unknownOr } from "../shared/fields";
import { uuid } from "../shared/validators";

/** One workspace a service account joins. */
const WorkspaceAssignment = z.strictObject({
  workspaceId: unknownOr(uuid("workspaces[].workspaceId")),
  roleId: unknownOr(uuid("workspaces[].roleId")).optional(),
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
  },
  {
    path: "workspaces",
    wire: "workspaces",
    refresh: "never",
    unordered: true,
    toWire: (value: unknown) => (value as { workspaceId: string; roleId?: string }[]).map((w) => ({ workspace_id: w.workspaceId, ...(w.roleId !== undefined ? { role_id: w.roleId } : {}) })),
    fromWire: () => undefined,
    type: "list of `{workspaceId, roleId?}`",
    doc: "Workspaces the account joins, each with a role id (a `Role`, or a built-in role from `getRole`; default the workspace's default role). The service does not report them back.",
    schema: z.array(WorkspaceAssignment),
    reason: "workspaces must be a list of { workspaceId, roleId? } with UUIDs",
    required: false,
    effect: "replace",
    secret: false,
  },
] as const satisfies FieldTable;

/** A ServiceAccount's checked inputs. */
export type ServiceAccountInputs = InputsOf<typeof SERVICE_ACCOUNT_FIELDS>;
