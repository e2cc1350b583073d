import type { LangSmithClient } from "../../client";
import { defineEndpoint } from "../../client/endpoint";
import { ConflictError, found } from "../../client/errors";
import { zOrgIdentityPatch, zPendingIdentityCreate } from "../../client/wire/organizationAndAccess.requests";
import { zGetApiV1OrgsCurrentMembersResponse, zPostApiV1OrgsCurrentMembersResponse } from "../../client/wire/organizationAndAccess.responses";
import { logProgress, shortId } from "../../engine/context/progress";
import type { StateOf } from "../../engine/kind/declaration";
import type { ReadHooks } from "../../engine/kind/hooks";
import { declareKind, settingsInScope } from "../../engine/kind";
import { exampleRef, readInputs, toWireBody, unknownOr, type FieldTable, type InputsOf } from "../../engine/fields/fields";
import { compact } from "../../engine/fields/paths";
import { EMAIL_PATTERN, uuid } from "../../engine/fields/validators";
import type { LangSmithResource, ListedOnlyProperty, Properties } from "../../engine/resource";
import { LAST_OPERATION_OUTPUT, OUTPUT_TYPES, stateVersionOutput, type OutputSpec } from "../../engine/state/outputs";
import { takeOverHint } from "../../engine/state/takeOver";
import { answeredMembers, memberByEmail, type FoundMember, type MembersAnswer } from "./memberLookup";
import { z } from "zod";

/** `POST /api/v1/orgs/current/members`: invites by email (a pending identity). */
export const INVITE = defineEndpoint({
  method: "POST",
  path: "/orgs/current/members",
  request: zPendingIdentityCreate,
  response: zPostApiV1OrgsCurrentMembersResponse,
});
/** `GET /api/v1/orgs/current/members`: the active members and the pending invitations. */
export const LIST_MEMBERS = defineEndpoint({ method: "GET", path: "/orgs/current/members", response: zGetApiV1OrgsCurrentMembersResponse });
/** `PATCH /api/v1/orgs/current/members/{identity_id}`: an active member's organization role. */
export const PATCH_MEMBER = defineEndpoint({ method: "PATCH", path: "/orgs/current/members/{identityId}", request: zOrgIdentityPatch });
/** `DELETE /api/v1/orgs/current/members/{identity_id}`: removes an active member. */
export const REMOVE_MEMBER = defineEndpoint({ method: "DELETE", path: "/orgs/current/members/{identityId}" });
/** `DELETE /api/v1/orgs/current/members/{identity_id}/pending`: revokes an invitation. */
export const REVOKE_INVITE = defineEndpoint({ method: "DELETE", path: "/orgs/current/members/{identityId}/pending" });

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
    example: { value: "matrix-ana@example.com", changed: "matrix-ana-v2@example.com", other: "matrix-ben@example.com" },
  },
  {
    path: "roleId",
    wire: "org_role_id",
    createWire: "role_id",
    refresh: "always",
    type: "string (UUID)",
    doc: "Organization role (e.g. `ORGANIZATION_USER` from `getRole`); default the service's, Organization User. On an active member one PATCH; on a pending invitation a new invitation (the old one is revoked).",
    schema: unknownOr(uuid("roleId")),
    required: false,
    effect: "inPlace",
    secret: false,
    // Built-in organization roles (custom roles are workspace roles): ORGANIZATION_VIEWER, then ORGANIZATION_USER, as the emulator numbers them.
    example: { value: "00000000-0000-4000-8000-000000000a04", changed: "00000000-0000-4000-8000-000000000a03" },
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
    // The emulator's seeded default workspace, not the program's: once the invitation is accepted, the WorkspaceMember example adds this person to the program's workspace (a second membership there would be refused).
    example: { value: ["22222222-2222-4222-8222-222222222222"], why: "read at the invitation only: a later change does nothing" },
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
    example: { value: exampleRef("langsmith:index:Role"), why: "read at the invitation only: a later change does nothing" },
  },
] as const satisfies FieldTable;

/** An OrganizationMember's checked inputs. */
export type OrganizationMemberInputs = InputsOf<typeof ORGANIZATION_MEMBER_FIELDS>;

/** Version of a member's output layout. */
export const MEMBER_STATE_VERSION = 1;

/** The outputs every member reports. */
export const MEMBER_OUTPUTS: readonly OutputSpec[] = [
  { name: "status", type: OUTPUT_TYPES.string, doc: "`pending` (invited, not accepted yet) or `active`.", changesOnUpdate: true },
  { name: "identityId", type: OUTPUT_TYPES.string, doc: "The member's current identity id (a new one when an invitation is accepted).", changesOnUpdate: true },
  { name: "roleName", type: OUTPUT_TYPES.string, doc: "Name of the member's role, as the service reports it.", changesOnUpdate: true },
  LAST_OPERATION_OUTPUT,
  stateVersionOutput(MEMBER_STATE_VERSION),
];

const TOKEN = "langsmith:index:OrganizationMember";
const KIND = "organization member";

/** A member as the list reports it: active or pending, its current identity and organization role. */
export type MemberRecord = FoundMember & {
  readonly email: string;
};

/** The organization role's fields in a member record. */
const ORGANIZATION_ROLE_KEYS = { id: "org_role_id", name: "org_role_name" } as const;

/** Finds the member with `email` (lower-case) among the active members and the pending invitations. */
export async function findOrganizationMember(client: LangSmithClient, email: string, action: string): Promise<MemberRecord | undefined> {
  const answer = (await found(client.resources.send(LIST_MEMBERS, { action: `${action}: listing the organization's members` }))) as MembersAnswer | undefined;
  const member = memberByEmail(answer, email, ORGANIZATION_ROLE_KEYS);
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
    userId: member.userId,
    lastOperation,
    stateVersion: MEMBER_STATE_VERSION,
  });
}

/** Sends the invitation for `inputs`; answers the pending member. */
async function invite(client: LangSmithClient, inputs: Properties, action: string): Promise<MemberRecord> {
  // The invitation names the organization role `role_id` (the roleId row's createWire).
  const body = toWireBody(ORGANIZATION_MEMBER_FIELDS, inputs);
  const roleId = body["role_id"];
  const sent = (await client.resources.send(INVITE, { action, body })) as Record<string, unknown>;
  return {
    status: "pending",
    identityId: String(sent["id"]),
    email: String(inputs["email"]),
    roleId: typeof sent["org_role_id"] === "string" ? sent["org_role_id"] : (roleId as string | undefined),
    roleName: typeof sent["org_role_name"] === "string" ? sent["org_role_name"] : undefined,
  };
}

/** A member is found by email among the organization's members and pending invitations (its id is the email). */
const ORGANIZATION_MEMBER_READ: ReadHooks<MemberRecord, StateOf<OrganizationMemberInputs>> = {
  fetch: ({ id, client, purpose }) =>
    findOrganizationMember(client, id.toLowerCase(), `${purpose === "refresh" ? "reading" : "importing"} ${KIND} "${id.toLowerCase()}"`),
  refreshed({ id, props }, member) {
    return outputsFor(props, member, typeof props["lastOperation"] === "string" ? props["lastOperation"] : `read ${id}`);
  },
  async imported(_request, member) {
    return importedMember(member);
  },
};

/** A member as an import reads it: the inputs that reproduce it, and its outputs. */
function importedMember(member: MemberRecord): { id: string; inputs: Properties; outputs: Properties } {
  const inputs = compact({ email: member.email, roleId: member.roleId });
  return { id: member.email, inputs, outputs: outputsFor(inputs, member, `imported ${member.email}`) };
}

/**
 * What a listed member carries beyond the resource's outputs, from the
 * members answer: the person's account (which they, or an administrator,
 * change outside the program) and, for an invitation, its workspaces and
 * workspace role (inputs read at the invitation only, so not outputs).
 */
export const ORGANIZATION_MEMBER_LISTED_ONLY = {
  accessScope: { wire: "access_scope", type: "string", doc: "The member's access scope: `organization` or `workspace`." },
  isDisabled: { wire: "is_disabled", type: "boolean", doc: "Whether the member's account is disabled (an active member's)." },
  lsUserId: { wire: "ls_user_id", type: "string", doc: "The member's LangSmith user id (an active member's)." },
  workspaceIds: {
    wire: "tenant_ids",
    type: "stringList",
    doc: "The workspaces the member belongs to (active), or that the invitation names (pending).",
  },
  workspaceRoleId: { wire: "workspace_role_id", type: "string", doc: "The workspace role a pending invitation gives in its workspaces." },
} as const satisfies Record<string, ListedOnlyProperty>;

/** The OrganizationMember resource. */
export const organizationMember: LangSmithResource = declareKind({
  contractBodies: {
    requests: [zPendingIdentityCreate, zOrgIdentityPatch],
    responses: [zPostApiV1OrgsCurrentMembersResponse],
    outputWires: ["id", "org_role_name", "user_id"],
  },
  token: TOKEN,
  listing: {
    filters: { email: { type: "string", output: "email", doc: "Only the member with this email address." } },
    listedOnly: ORGANIZATION_MEMBER_LISTED_ONLY,
  },
  kind: KIND,
  scope: "organization",
  replaceDeletesFirst: true,
  description:
    "A person in the LangSmith organization, by email: an invitation until they accept it (`status` `pending`), then a member (`status` `active`); both are a converged resource. " +
    "The organization role changes in place (a pending invitation is sent again with it); the workspaces of the invitation are read at the invitation only. " +
    "Destroy removes the member or revokes the invitation. Needs an organization-scoped API key. Import by email.",
  fields: ORGANIZATION_MEMBER_FIELDS,
  inputsNotInOutputs: ["workspaceIds", "workspaceRoleId"],
  recordedOutputs: [
    ...MEMBER_OUTPUTS.slice(0, 3),
    {
      name: "userId",
      type: OUTPUT_TYPES.string,
      doc: "The person's LangSmith user id, once they have accepted the invitation (unset while it is pending).",
      changesOnUpdate: true,
    },
    ...MEMBER_OUTPUTS.slice(3),
  ],
  importForms: ["<email>"],
  hooks: {
    async create(context, raw) {
      const inputs = readInputs<Properties>(ORGANIZATION_MEMBER_FIELDS, raw);
      const email = String(inputs["email"]);
      const action = `inviting ${KIND} "${email}"`;
      const client = await context.client(settingsInScope(context, "organization", action, inputs));
      logProgress(context, KIND, email, "sending the invitation");
      try {
        const member = await invite(client, inputs, action);
        return { id: email, outs: outputsFor(inputs, member, `invited ${email} (${shortId(member.identityId)}, pending until accepted)`) };
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
        const existing = await findOrganizationMember(client, email, action).catch(() => undefined);
        if (existing === undefined) throw error;
        throw new ConflictError(
          `${error.message}; ${email} is already ${existing.status === "active" ? "a member" : "invited"}. ${takeOverHint(context.urn, email, TOKEN)}`,
          { status: 409, detail: error.detail },
        );
      }
    },
    async list(context) {
      const client = await context.client(settingsInScope(context, "organization", "listing organization members", {}));
      const answer = (await found(client.resources.send(LIST_MEMBERS, { action: "listing the organization's members" }))) as MembersAnswer | undefined;
      // The answer holds each member whole: listed as an import would read it, with no request more.
      return answeredMembers(answer, ORGANIZATION_ROLE_KEYS, true).map(({ email, member, record }) => {
        const imported = importedMember({ ...member, email });
        return { importId: email, id: email, name: email, wire: record, outputs: { ...imported.inputs, ...imported.outputs } };
      });
    },
    read: ORGANIZATION_MEMBER_READ,
    async update(context, id, rawOlds, raw) {
      organizationMember.migrate(rawOlds); // refuses state written by a newer release
      const inputs = readInputs<Properties>(ORGANIZATION_MEMBER_FIELDS, raw);
      const action = `changing the role of ${KIND} "${id}"`;
      const client = await context.client(settingsInScope(context, "organization", action, inputs));
      const member = await findOrganizationMember(client, id, action);
      if (member === undefined)
        throw new ConflictError(`${action}: ${id} is no longer a member or invited; run pulumi refresh, then pulumi up to invite them again`, { status: 404 });
      if (member.status === "active") {
        logProgress(context, KIND, id, "changing the organization role");
        await client.resources.send(PATCH_MEMBER, { action, params: { identityId: member.identityId }, body: { role_id: inputs["roleId"] as string } });
        const updated = (await findOrganizationMember(client, id, action)) ?? member;
        return { outs: outputsFor(inputs, updated, `changed the organization role of ${id}`) };
      }
      // An invitation cannot be changed: revoke it and invite again, with the new role.
      logProgress(context, KIND, id, "sending the invitation again with the new role");
      await client.resources.send(REVOKE_INVITE, { action, params: { identityId: member.identityId } });
      const again = await invite(client, inputs, action);
      return { outs: outputsFor(inputs, again, `invited ${id} again with the new role (${shortId(again.identityId)})`) };
    },
    async delete(context, id, rawProps) {
      const props = organizationMember.migrate(rawProps);
      const action = `removing ${KIND} "${id}"`;
      const client = await context.client(settingsInScope(context, "organization", action, props));
      const member = await findOrganizationMember(client, id, action);
      if (member === undefined) {
        logProgress(context, KIND, id, "already gone");
        return;
      }
      await client.resources.send(member.status === "active" ? REMOVE_MEMBER : REVOKE_INVITE, { action, params: { identityId: member.identityId } });
      logProgress(context, KIND, id, member.status === "active" ? "removed from the organization" : "invitation revoked");
    },
  },
});

export { organizationMember as resource };
