/**
 * The OrganizationMember's inputs: the person's email (fixed), their
 * organization role (changed in place) and, read at the invitation only,
 * the workspaces they join and their role there. Check, diff, the schema
 * and the reference table derive from {@link ORGANIZATION_MEMBER_FIELDS}.
 */
import { z } from "zod";
import { type FieldTable, type InputsOf, unknownOr } from "../shared/fields";
import { uuid } from "../shared/validators";

/** An email address as the service keeps it: trimmed and lower-case. */
export const EMAIL_PATTERN = /^[^\sA-Z@]+@[^\sA-Z@]+\.[^\sA-Z@]+$/;

/** Every input field of an OrganizationMember. */
export const ORGANIZATION_MEMBER_FIELDS = [
  {
    path: "email",
    wire: "email",
    refresh: "always",
    type: "string: an email address, lower-case",
    doc: "The person's email: the invitation goes there, and it is the member's id (`pulumi import` takes it).",
    schema: z.string().max(320).regex(EMAIL_PATTERN),
    reason: 'email is required: a lower-case email address without spaces, e.g. "ana@example.com" (the service keeps emails lower-case)',
    required: true,
    effect: "replace",
    secret: false,
  },
  {
    path: "roleId",
    wire: "org_role_id",
    refresh: "always",
    type: "string (UUID)",
    doc: "Organization role (e.g. `ORGANIZATION_USER` from `getRole`); default the service's, Organization User. On an active member one PATCH; on a pending invitation a new invitation (the old one is revoked).",
    schema: unknownOr(uuid("roleId")),
    required: false,
    effect: "inPlace",
    secret: false,
  },
  {
    path: "workspaceIds",
    wire: "workspace_ids",
    unordered: true,
    type: "list of strings (UUIDs)",
    doc: "Workspaces the person joins on accepting the invitation. Read at the invitation only: afterwards, manage workspace access with `WorkspaceMember`.",
    schema: z.array(unknownOr(uuid("workspaceIds[]"))),
    required: false,
    effect: "createOnly",
    secret: false,
  },
  {
    path: "workspaceRoleId",
    wire: "workspace_role_id",
    type: "string (UUID)",
    doc: "Role in those workspaces (a `Role` or a built-in workspace role); default Workspace Admin. Read at the invitation only.",
    schema: unknownOr(uuid("workspaceRoleId")),
    required: false,
    effect: "createOnly",
    secret: false,
  },
] as const satisfies FieldTable;

/** An OrganizationMember's checked inputs. */
export type OrganizationMemberInputs = InputsOf<typeof ORGANIZATION_MEMBER_FIELDS>;
