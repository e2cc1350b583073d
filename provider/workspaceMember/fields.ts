/**
 * The WorkspaceMember's inputs: the workspace and the person (both fixed)
 * and their role there (changed in place). Check, diff, the schema and the
 * reference table derive from {@link WORKSPACE_MEMBER_FIELDS}.
 */
import { EMAIL_PATTERN } from "../organizationMember/fields";
import { workspaceIdField } from "../shared/crud";
import { type FieldTable, type InputsOf, unknownOr } from "../shared/fields";
import { uuid } from "../shared/validators";
import { z } from "zod";

/** Every input field of a WorkspaceMember. */
export const WORKSPACE_MEMBER_FIELDS = [
  workspaceIdField("membership"),
  {
    path: "email",
    wire: "email",
    refresh: "always",
    type: "string: an email address, lower-case",
    doc: "Email of an active member of the organization (an `OrganizationMember` whose invitation was accepted); the membership's id.",
    schema: z.string().max(320).regex(EMAIL_PATTERN),
    reason: 'email is required: the lower-case email of an organization member, e.g. "ana@example.com"',
    required: true,
    effect: "replace",
    secret: false,
  },
  {
    path: "roleId",
    wire: "role_id",
    refresh: "always",
    type: "string (UUID)",
    doc: "Workspace role (a `Role`, or a built-in role from `getRole`); default the service's, Workspace Admin.",
    schema: unknownOr(uuid("roleId")),
    required: false,
    effect: "inPlace",
    secret: false,
  },
] as const satisfies FieldTable;

/** A WorkspaceMember's checked inputs. */
export type WorkspaceMemberInputs = InputsOf<typeof WORKSPACE_MEMBER_FIELDS>;
