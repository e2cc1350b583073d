import type { LangSmithClient } from "../../client";
import { defineEndpoint } from "../../client/endpoint";
import { ConflictError, InvalidRequestError, found } from "../../client/errors";
import { zIdentityCreate, zIdentityPatch } from "../../client/wire/organizationAndAccess.requests";
import { zGetApiV1WorkspacesCurrentMembersResponse, zPostApiV1WorkspacesCurrentMembersResponse } from "../../client/wire/organizationAndAccess.responses";
import type { OperationContext } from "../../engine/context/operation";
import { logProgress } from "../../engine/context/progress";
import type { StateOf } from "../../engine/kind/declaration";
import type { ReadHooks } from "../../engine/kind/hooks";
import { declareKind, settingsInScope, workspaceIdField } from "../../engine/kind";
import { exampleRef, readInputs, unknownOr, type FieldTable, type InputsOf } from "../../engine/fields/fields";
import { compact } from "../../engine/fields/paths";
import { EMAIL_PATTERN, uuid } from "../../engine/fields/validators";
import type { LangSmithResource, ListedOnlyProperty, Properties } from "../../engine/resource";
import { tenantIdOutput } from "../../engine/state/outputs";
import { takeOverHint, workspaceOtherThanStack } from "../../engine/state/takeOver";
import { answeredMembers, memberByEmail, type FoundMember, type MembersAnswer } from "./memberLookup";
import { MEMBER_OUTPUTS, MEMBER_STATE_VERSION, findOrganizationMember } from "./organizationMember";
import { z } from "zod";

/** `POST /api/v1/workspaces/current/members`: adds an active organization member (by its organization identity). */
export const ADD_MEMBER = defineEndpoint({
  method: "POST",
  path: "/workspaces/current/members",
  request: zIdentityCreate,
  response: zPostApiV1WorkspacesCurrentMembersResponse,
});
/** `GET /api/v1/workspaces/current/members`: the workspace's members and pending invitations. */
export const LIST_WORKSPACE_MEMBERS = defineEndpoint({
  method: "GET",
  path: "/workspaces/current/members",
  response: zGetApiV1WorkspacesCurrentMembersResponse,
});
/** `PATCH /api/v1/workspaces/current/members/{identity_id}`: the member's workspace role. */
export const PATCH_WORKSPACE_MEMBER = defineEndpoint({ method: "PATCH", path: "/workspaces/current/members/{identityId}", request: zIdentityPatch });
/** `DELETE /api/v1/workspaces/current/members/{identity_id}`: removes the member from the workspace. */
export const REMOVE_WORKSPACE_MEMBER = defineEndpoint({ method: "DELETE", path: "/workspaces/current/members/{identityId}" });

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
    // An active member: the OrganizationMember's invitation must have been accepted (the emulator's control acceptInvite) before this is created.
    example: {
      value: exampleRef("langsmith:index:OrganizationMember", { output: "email" }),
      changed: exampleRef("langsmith:index:OrganizationMember", { output: "email", other: true }),
    },
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
    example: { value: exampleRef("langsmith:index:Role"), changed: exampleRef("langsmith:index:Role", { other: true }) },
  },
] as const satisfies FieldTable;

/** A WorkspaceMember's checked inputs. */
export type WorkspaceMemberInputs = InputsOf<typeof WORKSPACE_MEMBER_FIELDS>;

const TOKEN = "langsmith:index:WorkspaceMember";
const KIND = "workspace member";

async function findWorkspaceMember(client: LangSmithClient, email: string, action: string): Promise<FoundMember | undefined> {
  const answer = (await found(client.resources.send(LIST_WORKSPACE_MEMBERS, { action: `${action}: listing the workspace's members` }))) as
    MembersAnswer | undefined;
  return memberByEmail(answer, email, WORKSPACE_ROLE_KEYS);
}

/** The workspace role's fields in a member record. */
const WORKSPACE_ROLE_KEYS = { id: "role_id", name: "role_name" } as const;

/**
 * What a listed member carries beyond the resource's outputs, from the
 * workspace's members answer: the person's account, which they (or an
 * administrator) change outside the program. `userId` is an
 * OrganizationMember's output; here, listed only.
 */
export const WORKSPACE_MEMBER_LISTED_ONLY = {
  accessScope: { wire: "access_scope", type: "string", doc: "The member's access scope: `workspace` or `organization`." },
  isDisabled: { wire: "is_disabled", type: "boolean", doc: "Whether the member's account is disabled (an active member's)." },
  lsUserId: { wire: "ls_user_id", type: "string", doc: "The member's LangSmith user id (an active member's)." },
  userId: { wire: "user_id", type: "string", doc: "The member's user id (an active member's)." },
} as const satisfies Record<string, ListedOnlyProperty>;

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
const tenantOf = (context: OperationContext, props: Properties): string | undefined => settingsInScope(context, "workspace", "", props).client.workspaceId;

/**
 * A member is found by email in the workspace's members (its id is the
 * email); an import takes an active member only, as a pending invitation is
 * the OrganizationMember's.
 */
const WORKSPACE_MEMBER_READ: ReadHooks<FoundMember, StateOf<WorkspaceMemberInputs>> = {
  async fetch({ id, client, purpose }) {
    const email = id.toLowerCase();
    const member = await findWorkspaceMember(client, email, `${purpose === "refresh" ? "reading" : "importing"} ${KIND} "${email}"`);
    return purpose === "import" && member?.status === "pending" ? undefined : member;
  },
  refreshed({ id, props, settings }, member) {
    const lastOperation = typeof props["lastOperation"] === "string" ? props["lastOperation"] : `read ${id}`;
    return outputsFor(props, id, typeof props["tenantId"] === "string" ? props["tenantId"] : settings.client.workspaceId, member, lastOperation);
  },
  async imported({ id, props, settings }, member) {
    return importedMember(id.toLowerCase(), props, settings.client.workspaceId, member);
  },
};

/** A member as an import reads it: the inputs that reproduce it (`props`: the import's, e.g. its `workspaceId`), and its outputs. */
function importedMember(
  email: string,
  props: Properties,
  tenantId: string | undefined,
  member: FoundMember,
): { id: string; inputs: Properties; outputs: Properties } {
  const inputs = compact({ ...props, email, roleId: member.roleId });
  return { id: email, inputs, outputs: outputsFor(inputs, email, tenantId, member, `imported ${email}`) };
}

/** The WorkspaceMember resource. */
export const workspaceMember: LangSmithResource = declareKind({
  contractBodies: { requests: [zIdentityCreate, zIdentityPatch], responses: [zPostApiV1WorkspacesCurrentMembersResponse], outputWires: ["id", "role_name"] },
  token: TOKEN,
  listing: {
    filters: { email: { type: "string", output: "email", doc: "Only the member with this email address." } },
    listedOnly: WORKSPACE_MEMBER_LISTED_ONLY,
  },
  kind: KIND,
  scope: "workspace",
  replaceDeletesFirst: true,
  description:
    "An organization member's role in one LangSmith workspace, by email. The person must have accepted the organization's invitation (an active `OrganizationMember`); " +
    "for someone still invited, name the workspace in the invitation's `workspaceIds` instead. The role changes in place; destroy removes the person from the workspace only. " +
    "Import by `[<workspaceId>/]<email>`.",
  fields: WORKSPACE_MEMBER_FIELDS,
  inputsNotInOutputs: [],
  recordedOutputs: [...MEMBER_OUTPUTS.slice(0, 3), tenantIdOutput("Workspace of the membership."), ...MEMBER_OUTPUTS.slice(3)],
  importForms: ["<email>", "<workspaceId>/<email>"],
  hooks: {
    async create(context, raw) {
      const inputs = readInputs<Properties>(WORKSPACE_MEMBER_FIELDS, raw);
      const email = String(inputs["email"]);
      const action = `adding ${KIND} "${email}"`;
      const client = await context.client(settingsInScope(context, "workspace", action, inputs));
      const organizationMember = await findOrganizationMember(client, email, action);
      if (organizationMember === undefined) {
        throw new InvalidRequestError(
          `${action} failed: ${email} is not a member of the organization; declare an OrganizationMember for them (and make this resource depend on it)`,
        );
      }
      if (organizationMember.status === "pending") {
        throw new InvalidRequestError(
          `${action} failed: ${email} has not accepted the organization's invitation yet; list this workspace in the OrganizationMember's workspaceIds (they join it on accepting), or run pulumi up again once they have accepted`,
        );
      }
      logProgress(context, KIND, email, "adding to the workspace");
      try {
        await client.resources.send(ADD_MEMBER, {
          action,
          body: { org_identity_id: organizationMember.identityId, ...(inputs["roleId"] !== undefined ? { role_id: inputs["roleId"] as string } : {}) },
        });
      } catch (error) {
        if (error instanceof ConflictError)
          throw new ConflictError(
            `${error.message}; ${email} is already in the workspace. ${takeOverHint(context.urn, email, TOKEN, workspaceOtherThanStack(context, tenantOf(context, inputs)))}`,
            { status: 409, detail: error.detail },
          );
        throw error;
      }
      const member = (await findWorkspaceMember(client, email, action)) as FoundMember;
      return { id: email, outs: outputsFor(inputs, email, tenantOf(context, inputs), member, `added ${email} to the workspace`) };
    },
    async list(context, scope) {
      const props = scope.workspaceId === undefined ? {} : { workspaceId: scope.workspaceId };
      const client = await context.client(settingsInScope(context, "workspace", "listing workspace members", props));
      const answer = (await found(client.resources.send(LIST_WORKSPACE_MEMBERS, { action: "listing the workspace's members" }))) as MembersAnswer | undefined;
      // The answer holds each member whole: listed as an import would read it, with no request more. A pending
      // invitation naming the workspace is listed too (status pending), but adopted as the OrganizationMember it is.
      const tenantId = tenantOf(context, props);
      return answeredMembers(answer, WORKSPACE_ROLE_KEYS, true).map(({ email, member, record }) => {
        const imported = importedMember(email, props, tenantId, member);
        return {
          importId: scope.workspaceId === undefined ? email : `${scope.workspaceId}/${email}`,
          id: email,
          name: email,
          wire: record,
          outputs: { ...imported.inputs, ...imported.outputs },
          ...(member.status === "pending"
            ? { leftOutBecause: "a pending invitation naming the workspace: adopted as its OrganizationMember (workspaceIds)" }
            : {}),
        };
      });
    },
    read: WORKSPACE_MEMBER_READ,
    async update(context, id, rawOlds, raw) {
      const olds = workspaceMember.migrate(rawOlds);
      const inputs = readInputs<Properties>(WORKSPACE_MEMBER_FIELDS, raw);
      const action = `changing the workspace role of "${id}"`;
      const client = await context.client(settingsInScope(context, "workspace", action, { ...olds, ...inputs }));
      const member = await findWorkspaceMember(client, id, action);
      if (member === undefined || member.status === "pending") {
        throw new InvalidRequestError(
          `${action} failed: ${id} is ${member === undefined ? "no longer in the workspace (run pulumi refresh)" : "still invited: the role of a pending invitation cannot change"}`,
        );
      }
      logProgress(context, KIND, id, "changing the workspace role");
      await client.resources.send(PATCH_WORKSPACE_MEMBER, { action, params: { identityId: member.identityId }, body: { role_id: inputs["roleId"] as string } });
      const updated = (await findWorkspaceMember(client, id, action)) ?? member;
      return {
        outs: outputsFor(
          inputs,
          id,
          typeof olds["tenantId"] === "string" ? olds["tenantId"] : tenantOf(context, inputs),
          updated,
          `changed the workspace role of ${id}`,
        ),
      };
    },
    async delete(context, id, rawProps) {
      const props = workspaceMember.migrate(rawProps);
      const action = `removing ${KIND} "${id}"`;
      const client = await context.client(settingsInScope(context, "workspace", action, props));
      const member = await findWorkspaceMember(client, id, action);
      if (member === undefined || member.status === "pending") {
        logProgress(context, KIND, id, "not in the workspace");
        return;
      }
      await client.resources.send(REMOVE_WORKSPACE_MEMBER, { action, params: { identityId: member.identityId } });
      logProgress(context, KIND, id, "removed from the workspace");
    },
  },
});

export { workspaceMember as resource };
