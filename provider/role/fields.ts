/**
 * The Role's inputs: a custom role's display name, description and the
 * workspace permissions it grants, all changed in place (the service's PATCH
 * takes all three). Check, diff, the wire mapping, refresh, import, the
 * schema and the reference table derive from {@link ROLE_FIELDS}.
 */
import { z } from "zod";
import type { FieldTable, InputsOf } from "../shared/fields";

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
  },
] as const satisfies FieldTable;

/** A Role's checked inputs. */
export type RoleInputs = InputsOf<typeof ROLE_FIELDS>;
