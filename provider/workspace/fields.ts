/**
 * The Workspace's inputs: its display name (renamed in place) and its
 * handle (fixed at create). Check, diff, the wire mapping, refresh, import,
 * the schema and the reference table derive from {@link WORKSPACE_FIELDS}.
 */
import { z } from "zod";
import type { FieldTable, InputsOf } from "../shared/fields";

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
  },
  {
    path: "handle",
    wire: "tenant_handle",
    type: "string",
    doc: "Short handle of the workspace (the service's `tenant_handle`); the service cannot change it.",
    schema: z.string().min(1).max(64),
    reason: "handle must be a non-empty string of at most 64 characters; omit it to let the service leave it unset",
    required: false,
    effect: "replace",
    secret: false,
  },
] as const satisfies FieldTable;

/** A Workspace's checked inputs. */
export type WorkspaceInputs = InputsOf<typeof WORKSPACE_FIELDS>;
