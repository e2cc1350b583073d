/**
 * Finding one member by email in the service's members answer, shared by the
 * organization's and a workspace's members: both list the active members and
 * the pending invitations, and differ only in the names of the role fields.
 */

/** A member as the service lists it: active, or invited and pending. */
export type FoundMember = {
  readonly status: "active" | "pending";
  /** The service's id of the identity (or of the invitation, while pending). */
  readonly identityId: string;
  readonly roleId: string | undefined;
  readonly roleName: string | undefined;
  /** The person's LangSmith user id: set once an invitation is accepted (the service's `user_id`). */
  readonly userId?: string | undefined;
};

/** The members answer: the active members and the pending invitations, each a list of records. */
export interface MembersAnswer {
  readonly members?: readonly Record<string, unknown>[];
  readonly pending?: readonly Record<string, unknown>[];
}

/** Names of the role fields in a member record: `org_role_id`/`org_role_name` for the organization, `role_id`/`role_name` for a workspace. */
export interface RoleKeys {
  readonly id: string;
  readonly name: string;
}

/**
 * The member with `email` (already lower case; the service's emails are
 * compared in lower case) in `answer`, the active members before the pending
 * invitations; undefined when there is none (or no answer).
 */
export function memberByEmail(answer: MembersAnswer | undefined, email: string, roleKeys: RoleKeys): FoundMember | undefined {
  const same = (item: Record<string, unknown>) => typeof item["email"] === "string" && item["email"].toLowerCase() === email;
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const record = (status: FoundMember["status"], item: Record<string, unknown>): FoundMember => ({
    status,
    identityId: String(item["id"]),
    roleId: text(item[roleKeys.id]),
    roleName: text(item[roleKeys.name]),
    userId: text(item["user_id"]),
  });
  const active = answer?.members?.find(same);
  if (active !== undefined) return record("active", active);
  const pending = answer?.pending?.find(same);
  return pending === undefined ? undefined : record("pending", pending);
}

/** The emails in `answer` (lower case): the active members, and the pending invitations when `pending` is true. */
export function memberEmails(answer: MembersAnswer | undefined, pending: boolean): string[] {
  const records = [...(answer?.members ?? []), ...(pending ? (answer?.pending ?? []) : [])];
  return [...new Set(records.flatMap((item) => (typeof item["email"] === "string" ? [item["email"].toLowerCase()] : [])))];
}
