/**
 * LLM-gateway policies of the organization (`/api/v1/platform/gateway-policies`):
 * spend caps, rate limits, guards and routing of the model calls made
 * through LangSmith's LLM gateway, each applying to the subjects its
 * matchers name (the organization, a workspace, a user, an API key, a run
 * rule). Served by a Go service: a malformed request is a 400, every error
 * `{"error": "..."}`.
 *
 * What the service does that the contract cannot say:
 * - `policy_type` is one of `spend_cap`, `default_spend_cap`, `guard`,
 *   `route_config`, `rate_limit`, `default_rate_limit`, `model_access`, and
 *   cannot change; `config` follows the type's schema (`{window, limit_usd}`
 *   for a spend cap, `{limits: [...]}` for a rate limit, `{providers:
 *   [{provider, access, allowed_models}]}` for a model access list, whose
 *   `selected` access needs models and `all` takes none), 400 otherwise;
 *   `action` is `block`; 1 to 10 distinct `subject_matchers` (400
 *   otherwise), keyed by a built-in (`workspace_id`, ...) or by a custom
 *   `X-Gateway-*` header's key (its name without the prefix, lowercased,
 *   `my_internal_team`), which the service keeps as it is sent.
 * - A create is an upsert: a policy of the same family (spend caps, rate
 *   limits, guards) with the same set of matchers is changed in place, keeps
 *   its id and is answered 201 like a new one. A route configuration's name
 *   is unique in the organization (409).
 * - `PATCH` changes the fields it sends (a `null` is no change); matchers
 *   that would repeat another policy's set answer 409. `DELETE` answers 204.
 * - The list reads `policy_type`, `subject_matcher_key` and
 *   `subject_matcher_value` and answers a bare array; `POST .../search`
 *   finds the policies of a type with a matcher of a key and any of the
 *   values.
 * - The emulator routes no model calls: nothing is spent (`current_spend_usd`
 *   0 for a spend cap, `null` otherwise) and `current_usage` is empty.
 * - Permissions: `organization:read` to read, `organization:manage` to write.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { EmulatorContext } from "../core/context";
import { HttpError } from "../http/errors";
import type { KindRecord } from "../core/types";
import {
  zGatewayGuardConfig,
  zGatewayModelAccessConfig,
  zGatewayPoliciesCreateGatewayPolicyRequest,
  zGatewayPoliciesSearchGatewayPoliciesRequest,
  zGatewayPoliciesUpdateGatewayPolicyRequest,
  zGatewayRateLimitConfig,
  zGatewayRouteConfig,
  zGatewaySpendCapConfig,
} from "../wire/additions";
import { defineKind } from "../kinds/declaration";
import { goErrorHandler, withoutNulls } from "../kinds/goErrors";
import { kindRecords } from "../kinds/records";
import { authenticateFor } from "../kinds/scopeAuth";

type Json = Record<string, unknown>;

const KIND_NAME = "gatewayPolicies";
const COLLECTION = "/api/v1/platform/gateway-policies";

/** The schema of each policy type's `config`. */
const CONFIG_BY_TYPE: Readonly<Record<string, z.ZodType>> = {
  spend_cap: zGatewaySpendCapConfig,
  default_spend_cap: zGatewaySpendCapConfig,
  guard: zGatewayGuardConfig,
  route_config: zGatewayRouteConfig,
  rate_limit: zGatewayRateLimitConfig,
  default_rate_limit: zGatewayRateLimitConfig,
  model_access: zGatewayModelAccessConfig,
};

/** The family a type belongs to: a create upserts within it. */
function familyOf(policyType: string): string {
  return policyType.replace(/^default_/, "").replace("spend_cap", "cost");
}

/** A set of matchers as a comparable key (order and duplicates aside). */
function matcherKey(matchers: unknown): string {
  return [...new Set(((matchers ?? []) as Json[]).map((m) => `${String(m["key"])}=${String(m["value"])}`))].sort().join("&");
}

/** Checks a policy's fields as the service does (400 naming the first problem). */
function checkPolicy(policy: Json): void {
  const type = String(policy["policy_type"] ?? "");
  const schema = CONFIG_BY_TYPE[type];
  if (schema === undefined) throw new HttpError(400, { error: `policy_type must be one of ${Object.keys(CONFIG_BY_TYPE).join(", ")}` });
  const matchers = (policy["subject_matchers"] ?? []) as Json[];
  if (matchers.length < 1 || matchers.length > 10) throw new HttpError(400, { error: "a policy needs 1 to 10 subject_matchers" });
  if (matchers.some((m) => typeof m["key"] !== "string" || m["key"] === "" || typeof m["value"] !== "string" || m["value"] === ""))
    throw new HttpError(400, { error: "every subject matcher needs a key and a value" });
  if (new Set(matchers.map((m) => `${String(m["key"])}=${String(m["value"])}`)).size !== matchers.length)
    throw new HttpError(400, { error: "subject_matchers must be distinct" });
  const config = schema.safeParse(policy["config"] ?? {});
  if (!config.success) throw new HttpError(400, { error: `config is not a valid ${type} configuration: ${config.error.issues[0]?.message ?? "invalid"}` });
  if (type === "model_access") checkModelAccess(config.data as Json);
  if (typeof policy["name"] !== "string" || policy["name"].trim() === "") throw new HttpError(400, { error: "name is required" });
}

/** A model access list's providers: each named once; `allowed_models` with `selected` access only, and at least one there. */
function checkModelAccess(config: Json): void {
  const providers = (config["providers"] ?? []) as Json[];
  if (new Set(providers.map((p) => p["provider"])).size !== providers.length) throw new HttpError(400, { error: "config.providers: each provider once" });
  for (const provider of providers) {
    const models = (provider["allowed_models"] ?? []) as unknown[];
    if (provider["access"] === "selected" && models.length === 0)
      throw new HttpError(400, { error: `config.providers: ${String(provider["provider"])} has selected access and no allowed_models` });
    if (provider["access"] === "all" && models.length > 0)
      throw new HttpError(400, { error: `config.providers: ${String(provider["provider"])} has all access; allowed_models is for selected access` });
  }
}

/** The organization's policy another one would repeat: the same family and matcher set (or, for a route configuration, the same name). */
function clashing(records: readonly KindRecord[], policy: Json, except?: string): KindRecord | undefined {
  const type = String(policy["policy_type"]);
  return records.find((record) => {
    if (record.id === except) return false;
    if (type === "route_config") return record.wire["policy_type"] === "route_config" && record.wire["name"] === policy["name"];
    return (
      familyOf(String(record.wire["policy_type"])) === familyOf(type) && matcherKey(record.wire["subject_matchers"]) === matcherKey(policy["subject_matchers"])
    );
  });
}

const isSpendCap = (wire: Json): boolean => String(wire["policy_type"]).endsWith("spend_cap");

/** The gateway policy kind: read, changed and deleted at the item; created (an upsert) and searched by the routes below. */
export const GATEWAY_POLICIES = defineKind({
  name: KIND_NAME,
  noun: "Gateway policy",
  scope: "organization",
  collection: COLLECTION,
  idParam: "id",
  errors: "go",
  permissions: { read: "organization:read", write: "organization:manage" },
  get: true,
  patch: {
    schema: zGatewayPoliciesUpdateGatewayPolicyRequest,
    ignoreNull: true,
    derive: (changes, record, call) => {
      const merged = { ...record.wire, ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== null && value !== undefined)) };
      checkPolicy(merged);
      const others = kindRecords(call.ctx, KIND_NAME).filter((r) => r.scopeId === record.scopeId);
      if (clashing(others, merged, record.id) !== undefined) throw new HttpError(409, { error: "another policy of this kind has the same subject matchers" });
      return {};
    },
  },
  delete: { answer: "none" },
  listQuery: {
    policy_type: { type: "enum", values: Object.keys(CONFIG_BY_TYPE), filters: "policy_type" },
    subject_matcher_key: {
      type: "custom",
      read: (query, name) =>
        typeof query[name] === "string" ? (o) => ((o["subject_matchers"] ?? []) as Json[]).some((m) => m["key"] === query[name]) : undefined,
    },
    subject_matcher_value: {
      type: "custom",
      read: (query, name) =>
        typeof query[name] === "string" ? (o) => ((o["subject_matchers"] ?? []) as Json[]).some((m) => m["value"] === query[name]) : undefined,
    },
  },
  render: (record) => ({
    action: "block",
    created_by: null,
    is_system_generated: false,
    parent_policy_id: null,
    description: record.wire["description"] ?? null,
    current_spend_usd: isSpendCap(record.wire) ? 0 : null,
    current_usage: [],
  }),
});

/** Registers the create (an upsert within a family) and the search. */
export function registerGatewayPolicyRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const records = (organizationId: string): KindRecord[] => kindRecords(ctx, KIND_NAME).filter((r) => r.scopeId === organizationId);
  const render = (record: KindRecord): Json => ({ ...record.wire, ...GATEWAY_POLICIES.render?.(record, ctx), id: record.id });
  app.route({
    method: "POST",
    url: COLLECTION,
    errorHandler: goErrorHandler("go"),
    handler: async (request, reply) => {
      const { auth } = authenticateFor(ctx, request, "organization", "organization:manage");
      const parsed = zGatewayPoliciesCreateGatewayPolicyRequest.safeParse(withoutNulls(request.body ?? {}));
      if (!parsed.success)
        throw new HttpError(400, {
          error: `invalid request: ${parsed.error.issues[0]?.path.join(".") ?? "body"}: ${parsed.error.issues[0]?.message ?? "malformed"}`,
        });
      const body: Json = { enabled: true, priority: 0, description: null, action: "block", ...parsed.data };
      checkPolicy(body);
      const organizationId = auth.organization.id;
      const now = new Date(ctx.now()).toISOString();
      const existing = clashing(records(organizationId), body);
      if (existing !== undefined && body["policy_type"] === "route_config")
        throw new HttpError(409, { error: `a route configuration named ${String(body["name"])} exists` });
      const fields = { ...body, organization_id: organizationId, updated_at: now };
      let record: KindRecord;
      if (existing !== undefined) {
        existing.wire = { ...existing.wire, ...fields };
        record = existing;
      } else {
        const id = randomUUID();
        record = { id, scopeId: organizationId, parentId: null, wire: { ...fields, id, created_at: now } };
        (ctx.store.state.objects[KIND_NAME] ??= []).push(record);
      }
      ctx.store.commit();
      return reply.code(201).send(render(record));
    },
  });
  app.route({
    method: "POST",
    url: `${COLLECTION}/search`,
    errorHandler: goErrorHandler("go"),
    handler: async (request) => {
      const { auth } = authenticateFor(ctx, request, "organization", "organization:read");
      const parsed = zGatewayPoliciesSearchGatewayPoliciesRequest.safeParse(withoutNulls(request.body ?? {}));
      const search = parsed.success ? parsed.data : undefined;
      if (search === undefined || typeof search.policy_type !== "string" || typeof search.subject_matcher_key !== "string") {
        throw new HttpError(400, { error: "policy_type and subject_matcher_key are required" });
      }
      const values = new Set(search.subject_matcher_values ?? []);
      return records(auth.organization.id)
        .filter(
          (r) =>
            r.wire["policy_type"] === search.policy_type &&
            ((r.wire["subject_matchers"] ?? []) as Json[]).some(
              (m) => m["key"] === search.subject_matcher_key && (values.size === 0 || values.has(String(m["value"]))),
            ),
        )
        .map(render);
    },
  });
}
