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

/** The built-in keys a subject matcher names its subject by; a custom `X-Gateway-*` header is a key too (see {@link headerKey}). */
export const SUBJECT_MATCHER_KEYS = ["organization_id", "workspace_id", "user_id", "api_key_id", "run_rule_id"] as const;

/** What a custom header's key is made of: the header's name without `X-Gateway-`, lowercased, any other character written `_`. */
const CUSTOM_KEY = /^[a-z0-9_]+$/;

/** The key the service matches a custom `X-Gateway-*` header by: `X-Gateway-My-Team` is `my_team`. */
export function headerKey(header: string): string {
  return header
    .replace(/^x-gateway-/i, "")
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, "_");
}

const SubjectMatcherKey = z
  .string()
  .min(1)
  .superRefine((key, ctx) => {
    if (CUSTOM_KEY.test(key)) return;
    const message = /^x-gateway-./i.test(key)
      ? `${key} is a header's name: its matcher key is "${headerKey(key)}" (the name without X-Gateway-, lowercased, other characters as _)`
      : `"${key}" is neither a built-in key (${SUBJECT_MATCHER_KEYS.join(", ")}) nor a custom header's key (lowercase letters, digits and _, e.g. my_team for X-Gateway-My-Team)`;
    ctx.addIssue({ code: "custom", message });
  })
  .describe(
    "What names the subject: `organization_id`, `workspace_id`, `user_id`, `api_key_id` or `run_rule_id`, or a custom `X-Gateway-*` header's key (the header's name without `X-Gateway-`, lowercased, other characters than letters, digits and `_` written `_`: `X-Gateway-My-Team` is `my_team`).",
  );

const SubjectMatcher = z.strictObject({
  key: SubjectMatcherKey,
  value: z.string().min(1).describe("The subject's id, or the custom header's value (matched exactly, case-sensitive)."),
});

/** Why `subjectMatchers` is refused: the first key that is neither built in nor a header's, else what the input takes. */
function subjectMatchersReason(inputs: Record<string, unknown>): string {
  const matchers = inputs["subjectMatchers"];
  for (const [index, matcher] of (Array.isArray(matchers) ? matchers : []).entries()) {
    const key = (matcher as { key?: unknown } | null)?.key;
    const parsed = SubjectMatcherKey.safeParse(key);
    if (typeof key === "string" && !parsed.success) return `subjectMatchers[${index}].key: ${parsed.error.issues[0]?.message ?? "not a matcher key"}`;
  }
  return 'subjectMatchers is required: 1 to 10 { key, value }, e.g. [{ key: "workspace_id", value: <a Workspace\'s id> }]';
}

/** The `subjectMatchers` row: who a policy applies to (a set: its order means nothing). */
export function subjectMatchersField(example: FieldSpec["example"]) {
  return {
    path: "subjectMatchers",
    wire: "subject_matchers",
    refresh: "always",
    unordered: true,
    type: "list of `{key, value}`, 1 to 10",
    doc: "Who the policy applies to: each matcher a subject (the organization, a workspace, a user, an API key, a run rule) by its id, or the calls that carry a custom `X-Gateway-*` header with a value (key `my_team` for `X-Gateway-My-Team`). The service keeps one policy of a kind per set of matchers.",
    schema: z.array(SubjectMatcher).min(1).max(10),
    reason: subjectMatchersReason,
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
