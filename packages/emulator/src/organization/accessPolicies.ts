/**
 * Access policies of the organization
 * (`/api/v1/platform/orgs/current/access-policies`): attribute-based rules
 * that allow or deny permissions on resources by their resource tags, and
 * their attachment to roles (`/api/v1/platform/orgs/current/roles/{role_id}/access-policies`).
 * Served by a Go service of the platform: a malformed request is a 400,
 * every error RFC 9457 problem details.
 *
 * What the service does that the contract cannot say:
 * - A create answers 201 with the new policy's `id` only; a read answers the
 *   policy with the ids of the roles it is attached to (`role_ids`).
 * - `name` must not be empty, and a policy needs at least one condition
 *   group, each with at least one condition (422 otherwise); `role_ids`
 *   given at create attach it at once (404 naming a role the organization
 *   does not have).
 * - `PATCH` takes the whole policy (`name`, `effect`, `condition_groups`
 *   required; a description left out or `null` is cleared) and answers it; it cannot
 *   change the roles (the attachment routes do).
 * - Attaching (`POST .../roles/{role_id}/access-policies`, body
 *   `{access_policy_ids}`) and detaching (`DELETE` with the ids as the
 *   repeated query parameter `access_policy_ids`) answer 204; an empty list
 *   is a 422, a role or policy the organization does not have a 404, a
 *   role id that is not a UUID a 400;
 *   attaching twice, or detaching a policy not attached, changes nothing.
 *   The older attach path (`.../access-policies/roles/{role_id}/access-policies`)
 *   does the same.
 * - Deleting a policy detaches it from every role; `DELETE` answers 204.
 * - The emulator grants and denies nothing by them: a key's permissions are
 *   its roles' alone.
 * - Permissions: `organization:read` to read, `organization:manage` to write.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../core/context";
import { HttpError } from "../http/errors";
import { isUuid, type RawQuery } from "../http/params";
import { zAuthzInternalAttachAccessPoliciesPayload, zAuthzInternalCreateAccessPolicyPayload, zAuthzInternalUpdateAccessPolicyPayload } from "../wire/additions";
import { defineKind } from "../kinds/declaration";
import { goErrorHandler, withoutNulls } from "../kinds/goErrors";
import { kindRecords } from "../kinds/records";
import { findRole } from "../http/roleCatalog";
import { authenticateFor } from "../kinds/scopeAuth";

type Json = Record<string, unknown>;

const COLLECTION = "/api/v1/platform/orgs/current/access-policies";
const KIND_NAME = "accessPolicies";

/** A policy's fields checked as the service checks them (422 naming the first problem). */
function checkPolicy(body: Json): void {
  if ("name" in body && (typeof body["name"] !== "string" || body["name"].trim() === "")) throw new HttpError(422, { error: "name must not be empty" });
  if (!("condition_groups" in body)) return;
  const groups = body["condition_groups"];
  if (!Array.isArray(groups) || groups.length === 0) throw new HttpError(422, { error: "a policy needs at least one condition group" });
  groups.forEach((group: Json, i) => {
    const conditions = group["conditions"];
    if (!Array.isArray(conditions) || conditions.length === 0) throw new HttpError(422, { error: `condition_groups[${i}] needs at least one condition` });
    if (typeof group["permission"] !== "string" || typeof group["resource_type"] !== "string" || group["resource_type"] === "") {
      throw new HttpError(422, { error: `condition_groups[${i}] needs a permission and a resource_type` });
    }
  });
}

/** The role ids, each checked to be one of the organization's roles (404 naming the first that is not). */
function checkedRoles(ctx: EmulatorContext, organizationId: string, roleIds: readonly string[]): string[] {
  return roleIds.map((roleId) => {
    const role = findRole(ctx.store.state, organizationId, roleId);
    if (role === undefined) throw new HttpError(404, { error: `role ${roleId} not found` });
    return role.id;
  });
}

/** The access policy kind. */
export const ACCESS_POLICIES = defineKind({
  name: KIND_NAME,
  noun: "Access policy",
  scope: "organization",
  collection: COLLECTION,
  idParam: "access_policy_id",
  errors: "problem",
  permissions: { read: "organization:read", write: "organization:manage" },
  create: {
    schema: zAuthzInternalCreateAccessPolicyPayload,
    status: 201,
    defaults: { description: "", role_ids: [] },
    derive: (body, call) => {
      checkPolicy({ name: body["name"] ?? "", condition_groups: body["condition_groups"] ?? [] });
      return { role_ids: checkedRoles(call.ctx, call.scopeId, (body["role_ids"] as string[] | undefined) ?? []) };
    },
  },
  get: true,
  patch: {
    schema: zAuthzInternalUpdateAccessPolicyPayload,
    check: (body) => {
      for (const field of ["name", "effect", "condition_groups"]) if (!(field in body)) throw new HttpError(422, { error: `${field} is required` });
      checkPolicy(body);
    },
    // The whole policy: a description left out (or sent as null) is cleared.
    derive: (changes) => (typeof changes["description"] === "string" ? {} : { description: "" }),
  },
  delete: { answer: "none" },
  answers: { create: (object) => ({ id: object["id"] }) },
  // A role deleted since is no longer listed.
  render: (record, ctx) => ({
    role_ids: ((record.wire["role_ids"] as string[] | undefined) ?? []).filter((roleId) => findRole(ctx.store.state, record.scopeId, roleId) !== undefined),
  }),
  listAnswer: (objects) => ({ access_policies: objects }),
});

/** The request's repeated query parameter `name` as a list. */
function repeatedQuery(query: RawQuery, name: string): string[] {
  const raw = query[name];
  return (raw === undefined ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)]).filter((value) => value !== "");
}

/** Registers the routes that attach access policies to a role and detach them. */
export function registerAccessPolicyAttachments(app: FastifyInstance, ctx: EmulatorContext): void {
  const change = (request: FastifyRequest, ids: string[], attach: boolean): null => {
    const { auth } = authenticateFor(ctx, request, "organization", "organization:manage");
    const roleId = String((request.params as Json)["role_id"]);
    if (!isUuid(roleId)) throw new HttpError(400, { error: `role_id ${JSON.stringify(roleId)} is not a UUID` });
    const [role] = checkedRoles(ctx, auth.organization.id, [roleId]);
    if (ids.length === 0) throw new HttpError(422, { error: "access_policy_ids must name at least one policy" });
    const policies = ids.map((id) => {
      const policy = kindRecords(ctx, KIND_NAME).find((record) => record.id === id.toLowerCase() && record.scopeId === auth.organization.id);
      if (policy === undefined) throw new HttpError(404, { error: `access policy ${id} not found` });
      return policy;
    });
    for (const policy of policies) {
      const roles = new Set((policy.wire["role_ids"] as string[] | undefined) ?? []);
      if (attach) roles.add(String(role));
      else roles.delete(String(role));
      policy.wire["role_ids"] = [...roles];
    }
    ctx.store.commit();
    return null;
  };
  const attachBody = (request: FastifyRequest): string[] => {
    const parsed = zAuthzInternalAttachAccessPoliciesPayload.safeParse(withoutNulls(request.body ?? {}));
    if (!parsed.success) throw new HttpError(400, { error: "invalid request body: access_policy_ids must be a list of ids" });
    return parsed.data.access_policy_ids ?? [];
  };
  for (const path of ["/api/v1/platform/orgs/current/roles/:role_id/access-policies", `${COLLECTION}/roles/:role_id/access-policies`]) {
    app.route({
      method: "POST",
      url: path,
      errorHandler: goErrorHandler("problem"),
      handler: async (request, reply) => reply.code(204).send(change(request, attachBody(request), true)),
    });
  }
  app.route({
    method: "DELETE",
    url: "/api/v1/platform/orgs/current/roles/:role_id/access-policies",
    errorHandler: goErrorHandler("problem"),
    handler: async (request, reply) => reply.code(204).send(change(request, repeatedQuery(request.query as RawQuery, "access_policy_ids"), false)),
  });
}
