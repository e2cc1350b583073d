/**
 * The WorkspaceMember's operations: an active organization member's role in
 * one workspace, known by email (its id).
 * - create: the person must be an active organization member (an accepted
 *   invitation); a pending one is refused with what to do instead.
 * - read: the workspace's members list.
 * - update (the role): one PATCH.
 * - delete: removes the person from the workspace (not from the organization).
 */
import { type FoundMember, type MembersAnswer, memberByEmail } from "../shared/members";
import type { LangSmithClient } from "../client";
import { ConflictError, found, InvalidRequestError } from "../client/errors";
import { findOrganizationMember } from "../organizationMember/operations";
import { MEMBER_OUTPUTS, MEMBER_STATE_VERSION } from "../organizationMember/outputs";
import { settingsInScope } from "../shared/crud";
import { currentClient, currentSettings } from "../shared/context";
import { checkFields, diffFields, readInputs, withDefaults } from "../shared/fields";
import { tenantIdOutput } from "../shared/outputs";
import { compact } from "../shared/paths";
import { logProgress } from "../shared/progress";
import type { LangSmithResource, Properties, ResourceDiff } from "../shared/resource";
import { migrateOutputs } from "../shared/stateVersion";
import { takeOverHint } from "../shared/takeOver";
import { ADD_MEMBER, LIST_WORKSPACE_MEMBERS, PATCH_WORKSPACE_MEMBER, REMOVE_WORKSPACE_MEMBER } from "./endpoints";
import { WORKSPACE_MEMBER_FIELDS } from "./fields";

const TOKEN = "langsmith:index:WorkspaceMember";
const KIND = "workspace member";

async function findWorkspaceMember(client: LangSmithClient, email: string, action: string): Promise<FoundMember | undefined> {
  const answer = (await found(client.resources.send(LIST_WORKSPACE_MEMBERS, { action: `${action}: listing the workspace's members` }))) as MembersAnswer | undefined;
  return memberByEmail(answer, email, { id: "role_id", name: "role_name" });
}

function outputsFor(inputs: Properties, email: string, tenantId: string | undefined, member: FoundMember, lastOperation: string): Properties {
  return compact({
    workspaceId: inputs["workspaceId"],
    email,
    roleId: inputs["roleId"] !== undefined ? member.roleId : undefined,
    status: member.status,
    identityId: member.identityId,
    roleName: member.roleName,
    tenantId,
    lastOperation,
    stateVersion: MEMBER_STATE_VERSION,
  });
}

/** The workspace a call acts in, for the state's `tenantId`. */
const tenantOf = (props: Properties): string | undefined => settingsInScope("workspace", "", props).client.workspaceId;

/** The WorkspaceMember resource. */
export const workspaceMember: LangSmithResource = {
  token: TOKEN,
  description:
    "An organization member's role in one LangSmith workspace, by email. The person must have accepted the organization's invitation (an active `OrganizationMember`); " +
    "for someone still invited, name the workspace in the invitation's `workspaceIds` instead. The role changes in place; destroy removes the person from the workspace only. " +
    "Import by `[<workspaceId>/]<email>`.",
  fields: WORKSPACE_MEMBER_FIELDS,
  inputsNotInOutputs: [],
  outputs: [...MEMBER_OUTPUTS.slice(0, 3), tenantIdOutput("Workspace of the membership."), ...MEMBER_OUTPUTS.slice(3)],
  migrate: (outputs) => migrateOutputs(KIND, outputs, MEMBER_STATE_VERSION, {}),
  check(_olds, news) {
    return { inputs: withDefaults(WORKSPACE_MEMBER_FIELDS, news), failures: checkFields(WORKSPACE_MEMBER_FIELDS, news, "WorkspaceMember") };
  },
  diff(olds, news): ResourceDiff {
    const changed = diffFields(WORKSPACE_MEMBER_FIELDS, olds, news);
    return { changes: changed.replace.length + changed.inPlace.length > 0, replaces: changed.replace, updates: changed.inPlace, deleteBeforeReplace: changed.replace.length > 0, pending: false };
  },
  async create(raw) {
    const inputs = readInputs<Properties>(WORKSPACE_MEMBER_FIELDS, raw);
    const email = String(inputs["email"]);
    const action = `adding ${KIND} "${email}"`;
    const client = await currentClient(settingsInScope("workspace", action, inputs));
    const organizationMember = await findOrganizationMember(client, email, action);
    if (organizationMember === undefined) {
      throw new InvalidRequestError(`${action} failed: ${email} is not a member of the organization; declare an OrganizationMember for them (and make this resource depend on it)`);
    }
    if (organizationMember.status === "pending") {
      throw new InvalidRequestError(
        `${action} failed: ${email} has not accepted the organization's invitation yet; list this workspace in the OrganizationMember's workspaceIds (they join it on accepting), or run pulumi up again once they have accepted`,
      );
    }
    logProgress(KIND, email, "adding to the workspace");
    try {
      await client.resources.send(ADD_MEMBER, { action, body: { org_identity_id: organizationMember.identityId, ...(inputs["roleId"] !== undefined ? { role_id: inputs["roleId"] as string } : {}) } });
    } catch (error) {
      if (error instanceof ConflictError) throw new ConflictError(`${error.message}; ${email} is already in the workspace. ${takeOverHint(email, TOKEN)}`, { status: 409, detail: error.detail });
      throw error;
    }
    const member = (await findWorkspaceMember(client, email, action)) as FoundMember;
    return { id: email, outs: outputsFor(inputs, email, tenantOf(inputs), member, `added ${email} to the workspace`) };
  },
  async read(id, rawProps) {
    const props = workspaceMember.migrate(rawProps);
    const action = `reading ${KIND} "${id}"`;
    const member = await findWorkspaceMember(await currentClient(settingsInScope("workspace", action, props)), id, action);
    if (member === undefined) {
      logProgress(KIND, id, "no longer in the workspace; dropping it from the state");
      return undefined;
    }
    const lastOperation = typeof props["lastOperation"] === "string" ? props["lastOperation"] : `read ${id}`;
    return { id, props: outputsFor(props, id, typeof props["tenantId"] === "string" ? props["tenantId"] : tenantOf(props), member, lastOperation) };
  },
  async update(id, rawOlds, raw) {
    const olds = workspaceMember.migrate(rawOlds);
    const inputs = readInputs<Properties>(WORKSPACE_MEMBER_FIELDS, raw);
    const action = `changing the workspace role of "${id}"`;
    const client = await currentClient(settingsInScope("workspace", action, { ...olds, ...inputs }));
    const member = await findWorkspaceMember(client, id, action);
    if (member === undefined || member.status === "pending") {
      throw new InvalidRequestError(`${action} failed: ${id} is ${member === undefined ? "no longer in the workspace (run pulumi refresh)" : "still invited: the role of a pending invitation cannot change"}`);
    }
    logProgress(KIND, id, "changing the workspace role");
    await client.resources.send(PATCH_WORKSPACE_MEMBER, { action, params: { identityId: member.identityId }, body: { role_id: inputs["roleId"] as string } });
    const updated = (await findWorkspaceMember(client, id, action)) ?? member;
    return { outs: outputsFor(inputs, id, typeof olds["tenantId"] === "string" ? olds["tenantId"] : tenantOf(inputs), updated, `changed the workspace role of ${id}`) };
  },
  async delete(id, rawProps) {
    const props = workspaceMember.migrate(rawProps);
    const action = `removing ${KIND} "${id}"`;
    const client = await currentClient(settingsInScope("workspace", action, props));
    const member = await findWorkspaceMember(client, id, action);
    if (member === undefined || member.status === "pending") {
      logProgress(KIND, id, "not in the workspace");
      return;
    }
    await client.resources.send(REMOVE_WORKSPACE_MEMBER, { action, params: { identityId: member.identityId } });
    logProgress(KIND, id, "removed from the workspace");
  },
  async import(given) {
    const parts = given.trim().split("/");
    const email = (parts.pop() ?? "").toLowerCase();
    const workspaceId = parts[0];
    const props: Properties = workspaceId !== undefined ? { workspaceId } : {};
    const action = `importing ${KIND} "${email}"`;
    const member = await findWorkspaceMember(await currentClient(settingsInScope("workspace", action, props)), email, action);
    if (member === undefined || member.status === "pending") return undefined;
    const inputs = compact({ ...props, email, roleId: member.roleId });
    return { id: email, inputs, outputs: outputsFor(inputs, email, workspaceId ?? currentSettings().client.workspaceId, member, `imported ${email}`) };
  },
};
