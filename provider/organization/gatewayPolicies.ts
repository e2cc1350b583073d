/**
 * What the LLM gateway's policy kinds share (GatewayPolicy, GatewaySpendCap):
 * the endpoints of `/api/v1/platform/gateway-policies`, the subject matchers
 * input, and the guard that keeps a create from adopting a policy someone
 * else made (the service's create is an upsert by the set of matchers).
 */
import type { LangSmithClient } from "../client";
import { defineEndpoint } from "../client/endpoint";
import { ConflictError } from "../client/errors";
import {
  zGatewayPoliciesCreateGatewayPolicyRequest,
  zGatewayPoliciesSearchGatewayPoliciesRequest,
  zGatewayPoliciesUpdateGatewayPolicyRequest,
} from "../client/wire/additions.requests";
import {
  zGetApiV1PlatformGatewayPoliciesByIdResponse,
  zGetApiV1PlatformGatewayPoliciesResponse,
  zPatchApiV1PlatformGatewayPoliciesByIdResponse,
  zPostApiV1PlatformGatewayPoliciesResponse,
  zPostApiV1PlatformGatewayPoliciesSearchResponse,
} from "../client/wire/additions.responses";
import type { CrudEndpoints } from "../engine/kind";
import type { FieldSpec } from "../engine/fields/fields";
import type { Properties } from "../engine/resource";
import { z } from "zod";

const COLLECTION = "/api/v1/platform/gateway-policies";
const ONE = `${COLLECTION}/{id}`;

/** The collection (create: an upsert; list: a bare array) and `/{id}` (get, partial PATCH, delete). */
export const GATEWAY_POLICY_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: COLLECTION,
    request: zGatewayPoliciesCreateGatewayPolicyRequest,
    response: zPostApiV1PlatformGatewayPoliciesResponse,
  }),
  list: defineEndpoint({ method: "GET", path: COLLECTION, response: zGetApiV1PlatformGatewayPoliciesResponse }),
  get: defineEndpoint({ method: "GET", path: ONE, response: zGetApiV1PlatformGatewayPoliciesByIdResponse }),
  update: defineEndpoint({
    method: "PATCH",
    path: ONE,
    request: zGatewayPoliciesUpdateGatewayPolicyRequest,
    response: zPatchApiV1PlatformGatewayPoliciesByIdResponse,
  }),
  delete: defineEndpoint({ method: "DELETE", path: ONE }),
} satisfies CrudEndpoints;

/** `POST .../search`: the policies of a type with a matcher of a key and one of the values. */
export const SEARCH_GATEWAY_POLICIES = defineEndpoint({
  method: "POST",
  path: `${COLLECTION}/search`,
  request: zGatewayPoliciesSearchGatewayPoliciesRequest,
  response: zPostApiV1PlatformGatewayPoliciesSearchResponse,
});

/** Keys a subject matcher names its subject by. */
export const SUBJECT_MATCHER_KEYS = ["organization_id", "workspace_id", "user_id", "api_key_id", "run_rule_id"] as const;

const SubjectMatcher = z.strictObject({
  key: z.enum(SUBJECT_MATCHER_KEYS).describe("What names the subject: `organization_id`, `workspace_id`, `user_id`, `api_key_id` or `run_rule_id`."),
  value: z.string().min(1).describe("The subject's id."),
});

/** The `subjectMatchers` row: who a policy applies to (a set: its order means nothing). */
export function subjectMatchersField(example: FieldSpec["example"]) {
  return {
    path: "subjectMatchers",
    wire: "subject_matchers",
    refresh: "always",
    unordered: true,
    type: "list of `{key, value}`, 1 to 10",
    doc: "Who the policy applies to: each matcher a subject (the organization, a workspace, a user, an API key, a run rule) by its id. The service keeps one policy of a kind per set of matchers.",
    schema: z.array(SubjectMatcher).min(1).max(10),
    reason: 'subjectMatchers is required: 1 to 10 { key, value }, e.g. [{ key: "workspace_id", value: <a Workspace\'s id> }]',
    required: true,
    effect: "inPlace",
    secret: false,
    example,
  } as const;
}

/**
 * Before a create: refuses when the organization has a policy of the same
 * type with the same set of matchers, which the service's create (an upsert)
 * would silently take over; the message names it and how to import it.
 */
export async function refuseAdoption(client: LangSmithClient, inputs: Properties, policyType: string, token: string, action: string): Promise<void> {
  if (!action.startsWith("creating")) return;
  const matchers = (inputs["subjectMatchers"] ?? []) as { key: string; value: string }[];
  const first = matchers[0];
  if (first === undefined) return;
  const wanted = matcherSet(matchers);
  const values = matchers.filter((m) => m.key === first.key).map((m) => m.value);
  const found = (await client.originResources.send(SEARCH_GATEWAY_POLICIES, {
    action: `${action}: looking for a policy with the same subjects`,
    body: { policy_type: policyType, subject_matcher_key: first.key, subject_matcher_values: values },
  })) as { id?: string; subject_matchers?: { key?: string; value?: string }[] }[];
  const existing = found.find((policy) => matcherSet((policy.subject_matchers ?? []) as { key: string; value: string }[]) === wanted);
  if (existing?.id !== undefined) {
    throw new ConflictError(
      `${action}: the organization has a ${policyType} policy for these subjects (${existing.id}), which creating one would overwrite; import it instead: pulumi import ${token} <name> ${existing.id}`,
      { status: 409 },
    );
  }
}

function matcherSet(matchers: readonly { key: string; value: string }[]): string {
  return [...new Set(matchers.map((m) => `${m.key}=${m.value}`))].sort().join("&");
}
