/**
 * The OrganizationMember's operations. A member is known by email, its id:
 * the invitation (a pending identity) and, once accepted, the active member
 * (a new identity) are the same resource, and both are converged states.
 * - create: one invitation; an email already invited or a member is refused
 *   with the import command.
 * - read: the members list; `status` says `pending` or `active`.
 * - update (the organization role): one PATCH of an active member; a
 *   pending invitation is revoked and sent again with the new role.
 * - delete: removes the active member, or revokes the invitation.
 */
import { type FoundMember, type MembersAnswer, memberByEmail } from "../shared/members";
import type { LangSmithClient } from "../client";
import { ConflictError, found } from "../client/errors";
import { settingsInScope } from "../shared/crud";
import { currentClient } from "../shared/context";
import { checkFields, diffFields, readInputs, toWireBody, withDefaults } from "../shared/fields";
import { compact } from "../shared/paths";
import { logProgress, shortId } from "../shared/progress";
import type { LangSmithResource, Properties, ResourceDiff } from "../shared/resource";
import { migrateOutputs } from "../shared/stateVersion";
import { takeOverHint } from "../shared/takeOver";
import { INVITE, LIST_MEMBERS, PATCH_MEMBER, REMOVE_MEMBER, REVOKE_INVITE } from "./endpoints";
import { ORGANIZATION_MEMBER_FIELDS } from "./fields";
import { MEMBER_OUTPUTS, MEMBER_STATE_VERSION } from "./outputs";

const TOKEN = "langsmith:index:OrganizationMember";
const KIND = "organization member";

/** A member as the list reports it: active or pending, its current identity and organization role. */
export interface MemberRecord extends FoundMember {
  readonly email: string;
}

/** Finds the member with `email` (lower-case) among the active members and the pending invitations. */
export async function findOrganizationMember(client: LangSmithClient, email: string, action: string): Promise<MemberRecord | undefined> {
  const answer = (await found(client.resources.send(LIST_MEMBERS, { action: `${action}: listing the organization's members` }))) as MembersAnswer | undefined;
  const member = memberByEmail(answer, email, { id: "org_role_id", name: "org_role_name" });
  return member === undefined ? undefined : { ...member, email };
}

/** The outputs of a member: its inputs (the invitation-only ones are not echoed) and what the service reports. */
function outputsFor(inputs: Properties, member: MemberRecord, lastOperation: string): Properties {
  return compact({
    email: member.email,
    roleId: inputs["roleId"] !== undefined ? member.roleId : undefined,
    status: member.status,
    identityId: member.identityId,
    roleName: member.roleName,
    lastOperation,
    stateVersion: MEMBER_STATE_VERSION,
  });
}

/** Sends the invitation for `inputs`; answers the pending member. */
async function invite(client: LangSmithClient, inputs: Properties, action: string): Promise<MemberRecord> {
  const body = toWireBody(ORGANIZATION_MEMBER_FIELDS, inputs);
  // The contract names the organization role of an invitation `role_id`.
  const { org_role_id: roleId, ...rest } = body;
  const sent = (await client.resources.send(INVITE, { action, body: { ...rest, ...(roleId !== undefined ? { role_id: roleId } : {}) } })) as Record<string, unknown>;
  return { status: "pending", identityId: String(sent["id"]), email: String(inputs["email"]), roleId: typeof sent["org_role_id"] === "string" ? sent["org_role_id"] : (roleId as string | undefined), roleName: typeof sent["org_role_name"] === "string" ? sent["org_role_name"] : undefined };
}

/** The OrganizationMember resource. */
export const organizationMember: LangSmithResource = {
  token: TOKEN,
  description:
    "A person in the LangSmith organization, by email: an invitation until they accept it (`status` `pending`), then a member (`status` `active`); both are a converged resource. " +
    "The organization role changes in place (a pending invitation is sent again with it); the workspaces of the invitation are read at the invitation only. " +
    "Destroy removes the member or revokes the invitation. Needs an organization-scoped API key. Import by email.",
  fields: ORGANIZATION_MEMBER_FIELDS,
  inputsNotInOutputs: ["workspaceIds", "workspaceRoleId"],
  outputs: MEMBER_OUTPUTS,
  migrate: (outputs) => migrateOutputs(KIND, outputs, MEMBER_STATE_VERSION, {}),
  check(_olds, news) {
    return { inputs: withDefaults(ORGANIZATION_MEMBER_FIELDS, news), failures: checkFields(ORGANIZATION_MEMBER_FIELDS, news, "OrganizationMember") };
  },
  diff(olds, news): ResourceDiff {
    const changed = diffFields(ORGANIZATION_MEMBER_FIELDS, olds, news);
    return { changes: changed.replace.length + changed.inPlace.length > 0, replaces: changed.replace, updates: changed.inPlace, deleteBeforeReplace: changed.replace.length > 0, pending: false };
  },
  async create(raw) {
    const inputs = readInputs<Properties>(ORGANIZATION_MEMBER_FIELDS, raw);
    const email = String(inputs["email"]);
    const action = `inviting ${KIND} "${email}"`;
    const client = await currentClient(settingsInScope("organization", action, inputs));
    logProgress(KIND, email, "sending the invitation");
    try {
      const member = await invite(client, inputs, action);
      return { id: email, outs: outputsFor(inputs, member, `invited ${email} (${shortId(member.identityId)}, pending until accepted)`) };
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      const existing = await findOrganizationMember(client, email, action).catch(() => undefined);
      if (existing === undefined) throw error;
      throw new ConflictError(`${error.message}; ${email} is already ${existing.status === "active" ? "a member" : "invited"}. ${takeOverHint(email, TOKEN)}`, { status: 409, detail: error.detail });
    }
  },
  async read(id, rawProps) {
    const props = organizationMember.migrate(rawProps);
    const action = `reading ${KIND} "${id}"`;
    const member = await findOrganizationMember(await currentClient(settingsInScope("organization", action, props)), id, action);
    if (member === undefined) {
      logProgress(KIND, id, "no longer a member or invited; dropping it from the state");
      return undefined;
    }
    const lastOperation = typeof props["lastOperation"] === "string" ? props["lastOperation"] : `read ${id}`;
    return { id, props: outputsFor(props, member, lastOperation) };
  },
  async update(id, rawOlds, raw) {
    organizationMember.migrate(rawOlds); // refuses state written by a newer release
    const inputs = readInputs<Properties>(ORGANIZATION_MEMBER_FIELDS, raw);
    const action = `changing the role of ${KIND} "${id}"`;
    const client = await currentClient(settingsInScope("organization", action, inputs));
    const member = await findOrganizationMember(client, id, action);
    if (member === undefined) throw new ConflictError(`${action}: ${id} is no longer a member or invited; run pulumi refresh, then pulumi up to invite them again`, { status: 404 });
    if (member.status === "active") {
      logProgress(KIND, id, "changing the organization role");
      await client.resources.send(PATCH_MEMBER, { action, params: { identityId: member.identityId }, body: { role_id: inputs["roleId"] as string } });
      const updated = (await findOrganizationMember(client, id, action)) ?? member;
      return { outs: outputsFor(inputs, updated, `changed the organization role of ${id}`) };
    }
    // An invitation cannot be changed: revoke it and invite again, with the new role.
    logProgress(KIND, id, "sending the invitation again with the new role");
    await client.resources.send(REVOKE_INVITE, { action, params: { identityId: member.identityId } });
    const again = await invite(client, inputs, action);
    return { outs: outputsFor(inputs, again, `invited ${id} again with the new role (${shortId(again.identityId)})`) };
  },
  async delete(id, rawProps) {
    const props = organizationMember.migrate(rawProps);
    const action = `removing ${KIND} "${id}"`;
    const client = await currentClient(settingsInScope("organization", action, props));
    const member = await findOrganizationMember(client, id, action);
    if (member === undefined) {
      logProgress(KIND, id, "already gone");
      return;
    }
    await client.resources.send(member.status === "active" ? REMOVE_MEMBER : REVOKE_INVITE, { action, params: { identityId: member.identityId } });
    logProgress(KIND, id, member.status === "active" ? "removed from the organization" : "invitation revoked");
  },
  async import(given) {
    const email = given.trim().toLowerCase();
    const action = `importing ${KIND} "${email}"`;
    const member = await findOrganizationMember(await currentClient(settingsInScope("organization", action, {})), email, action);
    if (member === undefined) return undefined;
    const inputs = compact({ email, roleId: member.roleId });
    return { id: email, inputs, outputs: outputsFor(inputs, member, `imported ${email}`) };
  },
};
