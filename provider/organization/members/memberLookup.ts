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

/** A member of the answer: its email (lower case), as found, and its record as the service answered it. */
export interface AnsweredMember {
  readonly email: string;
  readonly member: FoundMember;
  readonly record: Readonly<Record<string, unknown>>;
}

/**
 * Every member of `answer`, one per email (lower case; the service's emails
 * are compared in lower case): the active members, then, when `pending` is
 * true, the pending invitations of emails not active already.
 */
export function answeredMembers(answer: MembersAnswer | undefined, roleKeys: RoleKeys, pending: boolean): AnsweredMember[] {
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const found = new Map<string, AnsweredMember>();
  const add = (status: FoundMember["status"], record: Record<string, unknown>): void => {
    const email = text(record["email"])?.toLowerCase();
    if (email === undefined || found.has(email)) return;
    const member: FoundMember = {
      status,
      identityId: String(record["id"]),
      roleId: text(record[roleKeys.id]),
      roleName: text(record[roleKeys.name]),
      userId: text(record["user_id"]),
    };
    found.set(email, { email, member, record });
  };
  for (const record of answer?.members ?? []) add("active", record);
  if (pending) for (const record of answer?.pending ?? []) add("pending", record);
  return [...found.values()];
}

/**
 * The member with `email` (already lower case) in `answer`, the active
 * members before the pending invitations; undefined when there is none (or
 * no answer).
 */
export function memberByEmail(answer: MembersAnswer | undefined, email: string, roleKeys: RoleKeys): FoundMember | undefined {
  return answeredMembers(answer, roleKeys, true).find((answered) => answered.email === email)?.member;
}
