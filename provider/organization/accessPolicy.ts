/** The AccessPolicy resource: an attribute-based rule allowing or denying permissions on resources by their resource tags. */
import { defineEndpoint } from "../client/endpoint";
import {
  zAuthzInternalAbacOperator,
  zAuthzInternalCreateAccessPolicyPayload,
  zAuthzInternalPermission,
  zAuthzInternalUpdateAccessPolicyPayload,
} from "../client/wire/additions.requests";
import {
  zGetApiV1PlatformOrgsCurrentAccessPoliciesByAccessPolicyIdResponse,
  zGetApiV1PlatformOrgsCurrentAccessPoliciesResponse,
  zPatchApiV1PlatformOrgsCurrentAccessPoliciesByAccessPolicyIdResponse,
  zPostApiV1PlatformOrgsCurrentAccessPoliciesResponse,
} from "../client/wire/additions.responses";
import { declareKind, type CrudEndpoints } from "../engine/kind";
import { emptyAsUnset, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { z } from "zod";
import { zAuthzInternalAccessPolicy } from "../client/wire/additions.responses";

/** Where the organization's access policies are, at the API's origin. */
export const ACCESS_POLICIES_PATH = "/api/v1/platform/orgs/current/access-policies";
const ONE = `${ACCESS_POLICIES_PATH}/{id}`;

/** The collection (create answers `{id}`; list `{access_policies}`) and `/{access_policy_id}` (get with `role_ids`, PATCH of the whole policy, delete). */
export const ACCESS_POLICY_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: ACCESS_POLICIES_PATH,
    request: zAuthzInternalCreateAccessPolicyPayload,
    response: zPostApiV1PlatformOrgsCurrentAccessPoliciesResponse,
  }),
  list: defineEndpoint({ method: "GET", path: ACCESS_POLICIES_PATH, response: zGetApiV1PlatformOrgsCurrentAccessPoliciesResponse }),
  get: defineEndpoint({ method: "GET", path: ONE, response: zGetApiV1PlatformOrgsCurrentAccessPoliciesByAccessPolicyIdResponse }),
  update: defineEndpoint({
    method: "PATCH",
    path: ONE,
    request: zAuthzInternalUpdateAccessPolicyPayload,
    response: zPatchApiV1PlatformOrgsCurrentAccessPoliciesByAccessPolicyIdResponse,
  }),
  delete: defineEndpoint({ method: "DELETE", path: ONE }),
} satisfies CrudEndpoints;

/** What a condition compares: the value of one of the resource's tags. */
const Condition = z.strictObject({
  attributeKey: z.string().min(1).describe("The resource tag's key, e.g. `env`."),
  operator: zAuthzInternalAbacOperator.describe(
    "How the tag's value is compared with `attributeValue` (`equals`, `matches`, their negations and `_ignore_case`/`_if_exists` forms).",
  ),
  attributeValue: z.string().optional().describe("The value compared with (a regular expression for `matches`)."),
  attributeName: z.enum(["resource_tag_key"]).optional().describe("What is compared: `resource_tag_key`, a resource tag (the only attribute); default it."),
});

/** One group: a permission on a type of resource, granted or denied where every condition holds. */
const ConditionGroup = z.strictObject({
  permission: zAuthzInternalPermission.describe("The permission the group allows or denies, e.g. `projects:read`."),
  resourceType: z.string().min(1).describe("The type of resource it applies to, e.g. `project`, `dataset`, `prompt`, `queue`, `deployment`, `sandbox`."),
  conditions: z.array(Condition).min(1).describe("Conditions on the resource, all of which must hold."),
});
type ConditionGroupInput = z.infer<typeof ConditionGroup>;

const groupsToWire = (groups: ConditionGroupInput[]) =>
  groups.map((group) => ({
    permission: group.permission,
    resource_type: group.resourceType,
    conditions: group.conditions.map((condition) => ({
      attribute_name: condition.attributeName ?? "resource_tag_key",
      attribute_key: condition.attributeKey,
      operator: condition.operator,
      ...(condition.attributeValue !== undefined ? { attribute_value: condition.attributeValue } : {}),
    })),
  }));

type WireCondition = { attribute_name?: string; attribute_key?: string; operator?: string; attribute_value?: string };
const groupsFromWire = (value: unknown) =>
  Array.isArray(value) && value.length > 0
    ? (value as { permission?: string; resource_type?: string; conditions?: WireCondition[] }[]).map((group) => ({
        permission: group.permission,
        resourceType: group.resource_type,
        conditions: (group.conditions ?? []).map((condition) => ({
          attributeKey: condition.attribute_key,
          operator: condition.operator,
          ...(typeof condition.attribute_value === "string" && condition.attribute_value !== "" ? { attributeValue: condition.attribute_value } : {}),
          // The default is left out, as a program leaves it out.
          ...(condition.attribute_name !== undefined && condition.attribute_name !== "resource_tag_key" ? { attributeName: condition.attribute_name } : {}),
        })),
      }))
    : undefined;

/** Every input field of an AccessPolicy. */
export const ACCESS_POLICY_FIELDS = [
  {
    path: "name",
    wire: "name",
    refresh: "always",
    type: "string",
    doc: "Name of the policy.",
    schema: z.string().trim().min(1),
    reason: 'name is required, e.g. "production projects: read only"',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "prod projects read", changed: "prod projects read v2" },
  },
  {
    path: "description",
    wire: "description",
    fromWire: emptyAsUnset,
    type: "string",
    doc: "What the policy is for.",
    schema: z.string(),
    required: false,
    default: "",
    effect: "inPlace",
    secret: false,
    example: { value: "Read access to projects tagged env=prod.", changed: "Read access to projects tagged env=prod or env=staging." },
  },
  {
    path: "effect",
    wire: "effect",
    refresh: "always",
    type: "`allow` \\| `deny`",
    doc: "Whether the policy grants its permissions where its conditions hold, or takes them away (a deny wins over an allow).",
    schema: z.enum(["allow", "deny"]),
    reason: 'effect is required: "allow" or "deny"',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "allow", changed: "deny" },
  },
  {
    path: "conditionGroups",
    wire: "condition_groups",
    refresh: "always",
    toWire: (value: unknown) => groupsToWire(value as ConditionGroupInput[]),
    fromWire: groupsFromWire,
    type: "list of `{permission, resourceType, conditions: [{attributeKey, operator, attributeValue?, attributeName?}]}`",
    doc: "What the policy covers: each group a permission on a type of resource, where all its conditions on the resource's tags hold (the groups are alternatives).",
    schema: z.array(ConditionGroup).min(1),
    reason:
      'conditionGroups is required: at least one { permission, resourceType, conditions }, e.g. [{ permission: "projects:read", resourceType: "project", conditions: [{ attributeKey: "env", operator: "equals", attributeValue: "prod" }] }]',
    required: true,
    effect: "inPlace",
    secret: false,
    example: {
      value: [{ permission: "projects:read", resourceType: "project", conditions: [{ attributeKey: "env", operator: "equals", attributeValue: "prod" }] }],
      changed: [
        {
          permission: "projects:read",
          resourceType: "project",
          conditions: [{ attributeKey: "env", operator: "matches", attributeValue: "^(prod|staging)$" }],
        },
        {
          permission: "datasets:read",
          resourceType: "dataset",
          conditions: [{ attributeKey: "team", operator: "equals_ignore_case", attributeValue: "support" }],
        },
      ],
    },
  },
] as const satisfies FieldTable;

/** An AccessPolicy's checked inputs. */
export type AccessPolicyInputs = InputsOf<typeof ACCESS_POLICY_FIELDS>;

/** The AccessPolicy, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:AccessPolicy",
  listing: {},
  kind: "access policy",
  description:
    "An access policy of the LangSmith organization: permissions on resources (projects, datasets, prompts, queues, deployments, sandboxes, ...) allowed or denied where conditions on the resources' tags hold. " +
    "It acts through the roles it is attached to (`AccessPolicyAttachment`). Everything changes in place (one PATCH of the whole policy). Needs an organization-scoped API key. Import by id.",
  scope: "organization",
  base: "origin",
  fields: ACCESS_POLICY_FIELDS,
  nameField: "name",
  updateSendsAll: true,
  endpoints: ACCESS_POLICY_ENDPOINTS,
  object: zAuthzInternalAccessPolicy,
  listItems: (answer) => answer.access_policies ?? [],
  outputs: [],
});
