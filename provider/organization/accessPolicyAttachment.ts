/** The AccessPolicyAttachment resource: an access policy attached to a role, so the role's members are held to it. */
import type { LangSmithClient } from "../client";
import { defineEndpoint } from "../client/endpoint";
import { found, NotFoundError } from "../client/errors";
import { zAuthzInternalAttachAccessPoliciesPayload } from "../client/wire/additions.requests";
import { zGetApiV1PlatformOrgsCurrentAccessPoliciesByAccessPolicyIdResponse } from "../client/wire/additions.responses";
import type { OperationContext } from "../engine/context/operation";
import { logProgress } from "../engine/context/progress";
import { declareKind, settingsInScope } from "../engine/kind";
import { exampleRef, readInputs, unknownOr, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { uuid } from "../engine/fields/validators";
import type { Properties } from "../engine/resource";
import { ACCESS_POLICIES_PATH, ACCESS_POLICY_ENDPOINTS } from "./accessPolicy";

const ROLE_POLICIES = "/api/v1/platform/orgs/current/roles/{roleId}/access-policies";

/** `POST .../roles/{role_id}/access-policies` with `{access_policy_ids}` (204). */
export const ATTACH_ACCESS_POLICIES = defineEndpoint({ method: "POST", path: ROLE_POLICIES, request: zAuthzInternalAttachAccessPoliciesPayload });
/** `DELETE .../roles/{role_id}/access-policies?access_policy_ids=...` (204). */
export const DETACH_ACCESS_POLICIES = defineEndpoint({ method: "DELETE", path: ROLE_POLICIES });
/** `GET .../access-policies/{access_policy_id}`: the policy, with the roles it is attached to (`role_ids`). */
const GET_ACCESS_POLICY = defineEndpoint({
  method: "GET",
  path: `${ACCESS_POLICIES_PATH}/{policyId}`,
  response: zGetApiV1PlatformOrgsCurrentAccessPoliciesByAccessPolicyIdResponse,
});

const TOKEN = "langsmith:index:AccessPolicyAttachment";
const KIND = "access policy attachment";

/** Every input field of an AccessPolicyAttachment. */
export const ACCESS_POLICY_ATTACHMENT_FIELDS = [
  {
    path: "roleId",
    type: "string (UUID)",
    doc: "The `Role` (or a built-in role's id) the policy is attached to.",
    schema: unknownOr(uuid("roleId")),
    reason: "roleId is required: a Role's id",
    required: true,
    effect: "replace",
    secret: false,
    example: { value: exampleRef("langsmith:index:Role"), changed: exampleRef("langsmith:index:Role", { other: true }) },
  },
  {
    path: "accessPolicyId",
    type: "string (UUID)",
    doc: "The `AccessPolicy` attached.",
    schema: unknownOr(uuid("accessPolicyId")),
    reason: "accessPolicyId is required: an AccessPolicy's id",
    required: true,
    effect: "replace",
    secret: false,
    example: {
      value: exampleRef("langsmith:index:AccessPolicy"),
      why: "the matrix declares one AccessPolicy per program; another role is the change it makes",
    },
  },
] as const satisfies FieldTable;

/** An AccessPolicyAttachment's checked inputs. */
export type AccessPolicyAttachmentInputs = InputsOf<typeof ACCESS_POLICY_ATTACHMENT_FIELDS>;

/** The attachment's id: `<roleId>/<accessPolicyId>`. */
const idOf = (roleId: string, policyId: string): string => `${roleId.toLowerCase()}/${policyId.toLowerCase()}`;

/** Whether the policy is attached to the role; `undefined` when the policy is gone. */
async function attached(client: LangSmithClient, roleId: string, policyId: string, action: string): Promise<boolean | undefined> {
  const policy = (await found(client.originResources.send(GET_ACCESS_POLICY, { action: `${action}: reading the access policy`, params: { policyId } }))) as
    { role_ids?: string[] } | undefined;
  if (policy === undefined) return undefined;
  return (policy.role_ids ?? []).some((id) => id.toLowerCase() === roleId.toLowerCase());
}

const clientOf = (context: OperationContext, action: string): Promise<LangSmithClient> => context.client(settingsInScope(context, "organization", action, {}));

/** The outputs of an attachment: its inputs. */
const outputsOf = (roleId: string, policyId: string, lastOperation: string): Properties => ({ roleId, accessPolicyId: policyId, lastOperation });

/** The AccessPolicyAttachment resource. */
export const accessPolicyAttachment = declareKind({
  token: TOKEN,
  listing: {},
  kind: KIND,
  scope: "organization",
  description:
    "An `AccessPolicy` attached to a role: the role's members are held to the policy. Either side changed replaces it (an attachment has nothing else). " +
    "Needs an organization-scoped API key. Import by `<roleId>/<accessPolicyId>`.",
  fields: ACCESS_POLICY_ATTACHMENT_FIELDS,
  inputsNotInOutputs: [],
  importForms: ["<roleId>/<accessPolicyId>"],
  contractBodies: { requests: [zAuthzInternalAttachAccessPoliciesPayload], responses: [], outputWires: [] },
  hooks: {
    async create(context, raw) {
      const inputs = readInputs<Properties>(ACCESS_POLICY_ATTACHMENT_FIELDS, raw);
      const roleId = String(inputs["roleId"]);
      const policyId = String(inputs["accessPolicyId"]);
      const id = idOf(roleId, policyId);
      const action = `attaching ${KIND} "${id}"`;
      logProgress(context, KIND, id, "attaching");
      await (
        await clientOf(context, action)
      ).originResources.send(ATTACH_ACCESS_POLICIES, { action, params: { roleId }, body: { access_policy_ids: [policyId] } });
      return { id, outs: outputsOf(roleId, policyId, `attached access policy ${policyId} to role ${roleId}`) };
    },
    read: {
      /** The attachment is the role among the policy's roles: `<roleId>/<accessPolicyId>`, the same id for a refresh and an import. */
      async fetch({ id, client, purpose }) {
        const [roleId, policyId, ...rest] = id.split("/");
        if (roleId === undefined || policyId === undefined || rest.length > 0) return undefined;
        const action = `${purpose === "refresh" ? "reading" : "importing"} ${KIND} "${id}"`;
        if ((await attached(client, roleId, policyId, action)) !== true) return undefined;
        return { id: idOf(roleId, policyId), role_id: roleId.toLowerCase(), access_policy_id: policyId.toLowerCase() };
      },
      refreshed: ({ id, props }, wire) => ({
        ...props,
        ...outputsOf(
          String(wire["role_id"]),
          String(wire["access_policy_id"]),
          typeof props["lastOperation"] === "string" ? props["lastOperation"] : `read ${id}`,
        ),
      }),
      async imported({ id }, wire) {
        const inputs = { roleId: String(wire["role_id"]), accessPolicyId: String(wire["access_policy_id"]) };
        return { id: String(wire["id"]), inputs, outputs: outputsOf(inputs.roleId, inputs.accessPolicyId, `imported ${id}`) };
      },
    },
    async update(_context, id, olds) {
      // Every input replaces: an update changes nothing the service holds.
      return { outs: { ...olds, lastOperation: `no change to ${id}` } };
    },
    async delete(context, id) {
      const [roleId = "", policyId = ""] = id.split("/");
      const action = `detaching ${KIND} "${id}"`;
      try {
        await (
          await clientOf(context, action)
        ).originResources.send(DETACH_ACCESS_POLICIES, { action, params: { roleId }, query: { access_policy_ids: policyId } });
        logProgress(context, KIND, id, "detached");
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        logProgress(context, KIND, id, "the role or the policy was already gone (404)");
      }
    },
    /** The attachments of every access policy: the roles each names (`role_ids`), each as `<roleId>/<accessPolicyId>`. */
    async list(context) {
      const action = `listing ${KIND}s`;
      const answer = (await found((await clientOf(context, action)).originResources.send(ACCESS_POLICY_ENDPOINTS.list, { action }))) as
        { access_policies?: { id?: string; role_ids?: string[] }[] } | undefined;
      return (answer?.access_policies ?? []).flatMap((policy) =>
        typeof policy.id === "string"
          ? (policy.role_ids ?? []).map((roleId) => ({ importId: `${roleId}/${policy.id as string}`, id: idOf(roleId, policy.id as string) }))
          : [],
      );
    },
  },
});

export { accessPolicyAttachment as resource };
