/**
 * The invokes the native provider serves, over the same invoke cores as the
 * SDK (each area's `invokes.ts`): each with its token, its schema (inputs and
 * outputs) and how its result becomes an object (the protocol returns
 * objects, so lists are wrapped and "not found" is `found: false`). The
 * deployment area's are in `deploymentFunctions.ts`.
 */
import { InvalidRequestError } from "../client/errors";
import { getBulkExport, getBulkExportRuns } from "../exports/invokes";
import { assertProviderId, getOAuthProviders, getOAuthTokenStatus } from "../deployments/oauthInvokes";
import {
  getApiKeys,
  getGatewayPolicies,
  getPermissions,
  getRole,
  type GetRoleArgs,
  getWorkspaceSecrets,
  parseAccessScope,
} from "../organization/accessInvokes";
import { getInfo, getOrganization, getWorkspace, type GetWorkspaceArgs } from "../organization/invokes";
import { getDataset, getProject, getPromptCommit } from "../tracing/invokes";
import { loadAllKinds } from "../registry";
import { allListFunctions, listFunctionFor } from "./listFunctions";
import { allLookupFunctions, lookupFunctionFor } from "./lookupFunctions";
import { DEPLOYMENT_FUNCTIONS } from "./deploymentFunctions";
import { exampleRef } from "../engine/fields/fieldSpec";
import {
  ANY,
  anyMap,
  API_KEY_ITEMS,
  bool,
  BULK_EXPORT_OUTPUTS,
  found,
  idOrName,
  list,
  NAMED_OUTPUTS,
  ROLE_OUTPUTS,
  str,
  stringArg,
  WORKSPACE_OUTPUTS,
} from "./functionSpecs";

export type { FunctionExample, NativeFunction } from "./nativeFunction";
import type { NativeFunction } from "./nativeFunction";

const PROJECT = "langsmith:index:Project";

export const NATIVE_FUNCTIONS: readonly NativeFunction[] = [
  ...DEPLOYMENT_FUNCTIONS,
  {
    token: "langsmith:index:getGatewayPolicies",
    description:
      "The organization's LLM-gateway policies (spend caps, rate limits, guards, routing), optionally of one type or for one subject. Needs an organization-scoped API key.",
    inputs: {
      policyType: str("Only policies of this type: `spend_cap`, `default_spend_cap`, `guard`, `route_config`, `rate_limit` or `default_rate_limit`."),
      subjectMatcherKey: str("Only policies with a subject matcher of this key, e.g. `workspace_id`."),
      subjectMatcherValue: str("Only policies with a subject matcher of this value (an id)."),
    },
    requiredInputs: [],
    outputs: {
      policies: list(
        ANY,
        "The policies as the service answers them (snake_case): `id`, `name`, `description`, `policy_type`, `config`, `subject_matchers`, `enabled`, `priority`, `action`, `current_spend_usd`, `parent_policy_id`, `created_at`, `updated_at`.",
      ),
    },
    example: { args: { policyType: "rate_limit" }, output: "policies" },
    async run(client, args) {
      const policyType = stringArg(args, "policyType");
      const subjectMatcherKey = stringArg(args, "subjectMatcherKey");
      const subjectMatcherValue = stringArg(args, "subjectMatcherValue");
      return {
        policies: await getGatewayPolicies(client, {
          ...(policyType !== undefined ? { policyType } : {}),
          ...(subjectMatcherKey !== undefined ? { subjectMatcherKey } : {}),
          ...(subjectMatcherValue !== undefined ? { subjectMatcherValue } : {}),
        }),
      };
    },
  },
  {
    token: "langsmith:index:getOAuthProviders",
    description: "The OAuth providers configured for the organization (no client secret is ever returned).",
    inputs: {},
    requiredInputs: [],
    outputs: {
      providers: list(
        ANY,
        "Providers: `id`, `providerId`, `name`, `providerType`, `clientId`, `authUrl`, `tokenUrl`, `usesPkce`, `mcpServerUrl`, `allowedRedirectUris`.",
      ),
    },
    example: { args: {}, output: "providers" },
    async run(client) {
      return { providers: await getOAuthProviders(client) };
    },
  },
  {
    token: "langsmith:index:getOAuthTokenStatus",
    description: "Whether the current user has stored tokens for an OAuth provider, across agents.",
    inputs: { providerId: str("The provider's `providerId` (see getOAuthProviders).") },
    requiredInputs: ["providerId"],
    outputs: { hasToken: bool("Whether tokens are stored.") },
    example: { args: { providerId: "github" }, output: "hasToken" },
    async run(client, args) {
      const request = { providerId: typeof args["providerId"] === "string" ? args["providerId"] : "" };
      assertProviderId(request);
      return getOAuthTokenStatus(client, request);
    },
  },
  {
    token: "langsmith:index:getBulkExport",
    description: "A bulk export by id.",
    inputs: { id: str("Bulk export id.") },
    requiredInputs: ["id"],
    outputs: BULK_EXPORT_OUTPUTS,
    example: { args: { id: exampleRef("langsmith:index:BulkExport") }, output: "status" },
    async run(client, args) {
      return found(await getBulkExport(client, { id: String(args["id"]) }));
    },
  },
  {
    token: "langsmith:index:getBulkExportRuns",
    description: "The runs of a bulk export, oldest first.",
    inputs: { id: str("Bulk export id.") },
    requiredInputs: ["id"],
    outputs: {
      runs: list(ANY, "Runs: `id`, `status`, `startTime`, `endTime`, `rowsWritten`, `exportedFiles`, `exportPath`, `createdAt`, `finishedAt`, `errors`."),
    },
    example: { args: { id: exampleRef("langsmith:index:BulkExport") }, output: "runs" },
    async run(client, args) {
      return { runs: await getBulkExportRuns(client, { id: String(args["id"]) }) };
    },
  },
  {
    token: "langsmith:index:getInfo",
    description: "The LangSmith instance's version and ingest settings (`GET /api/v1/info`).",
    inputs: {},
    requiredInputs: [],
    outputs: {
      version: str("Version of the LangSmith instance."),
      gitSha: str("Git commit of the build, when reported."),
      licenseExpirationTime: str("ISO 8601 expiry of a self-hosted license, if any."),
      batchIngestConfig: anyMap("`batch_ingest_config` as the service returns it (snake_case)."),
      instanceFlags: anyMap("`instance_flags` as the service returns them."),
      customerId: str("Customer of a self-hosted license, if any."),
      customerName: str("Name of that customer."),
    },
    example: { args: {}, output: "version" },
    async run(client) {
      return { ...(await getInfo(client)) };
    },
  },
  {
    token: "langsmith:index:getOrganization",
    description:
      "The organization of the configured key, with the caller's permissions in it (no payment details): two reads, the organization and its settings. Needs an organization-scoped API key.",
    inputs: {},
    requiredInputs: [],
    outputs: {
      id: str("Organization id."),
      displayName: str("Name shown in LangSmith."),
      handle: str("The organization's handle, when the service reports it."),
      createdAt: str("When it was made (ISO 8601), when the service reports it."),
      isPersonal: bool("Whether it is a personal organization."),
      disabled: bool("Whether the organization is disabled (its members cannot use it), from its settings (`/api/v1/orgs/current/info`)."),
      tier: str("Plan tier, e.g. `enterprise`."),
      config: anyMap("The plan's limits and features: `config` as the service returns it (snake_case)."),
      permissions: list({ type: "string" }, "The caller's permissions in the organization."),
      reachedMaxWorkspaces: bool("Whether the organization has as many workspaces as its plan allows."),
      hasCancelled: bool("Whether the subscription was cancelled."),
      endOfBillingPeriod: str("ISO 8601 end of the billing period, if any."),
      currentPlan: anyMap("`current_plan` (`tier`, `started_on`, `ends_on`) as the service returns it, if any."),
      upcomingPlan: anyMap("`upcoming_plan` as the service returns it, if any."),
      securityContact: str("Security contact of the organization, if set."),
      scimGroupNameSeparator: str("Separator of SCIM group names."),
      defaultSsoProvision: bool("Whether SSO users are provisioned by default."),
    },
    example: { args: {}, output: "displayName" },
    async run(client) {
      return { ...(await getOrganization(client)) };
    },
  },
  {
    token: "langsmith:index:getWorkspace",
    description: "Looks a workspace of the organization up by `id` or by exact `displayName` (give one of them). Needs an organization-scoped API key.",
    inputs: { id: str("Workspace id."), displayName: str("Exact display name.") },
    requiredInputs: [],
    outputs: WORKSPACE_OUTPUTS,
    example: { args: { displayName: exampleRef("langsmith:index:Workspace", { output: "displayName" }) }, output: "id" },
    async run(client, args) {
      const id = stringArg(args, "id");
      const displayName = stringArg(args, "displayName");
      if ((id === undefined) === (displayName === undefined)) throw new InvalidRequestError("getWorkspace: give exactly one of id or displayName");
      const lookup: GetWorkspaceArgs = id !== undefined ? { id } : { displayName: displayName as string };
      return found(await getWorkspace(client, lookup));
    },
  },
  {
    token: "langsmith:index:getRole",
    description:
      "Looks a role of the organization up, built-in or custom, by `id`, by `name` (a built-in role's, e.g. `WORKSPACE_ADMIN`) or by exact `displayName` " +
      "(e.g. `Workspace Admin`, or a custom role's); give one of them. Every custom role is named `CUSTOM`: look those up by `displayName`. Needs an organization-scoped API key.",
    inputs: { id: str("Role id."), name: str("The service's name of a built-in role, e.g. `WORKSPACE_ADMIN`."), displayName: str("Exact display name.") },
    requiredInputs: [],
    outputs: ROLE_OUTPUTS,
    example: { args: { name: "WORKSPACE_ADMIN" }, output: "id" },
    async run(client, args) {
      const id = stringArg(args, "id");
      const name = stringArg(args, "name");
      const displayName = stringArg(args, "displayName");
      const lookups: GetRoleArgs[] = [
        ...(id !== undefined ? [{ id }] : []),
        ...(name !== undefined ? [{ name }] : []),
        ...(displayName !== undefined ? [{ displayName }] : []),
      ];
      const [lookup] = lookups;
      if (lookups.length !== 1 || lookup === undefined) throw new InvalidRequestError("getRole: give exactly one of id, name or displayName");
      return found(await getRole(client, lookup));
    },
  },
  {
    token: "langsmith:index:getPermissions",
    description:
      "The permissions the organization knows (what roles may grant), optionally only those of one access scope. A custom role grants `workspace` permissions only.",
    inputs: { accessScope: str("`organization` or `workspace`; default: both.") },
    requiredInputs: [],
    outputs: { permissions: list(ANY, "Permissions: `name`, `description`, `accessScope`.") },
    example: { args: { accessScope: "workspace" }, output: "permissions" },
    async run(client, args) {
      const accessScope = parseAccessScope(args["accessScope"]);
      return { permissions: await getPermissions(client, accessScope !== undefined ? { accessScope } : {}) };
    },
  },
  {
    token: "langsmith:index:getApiKeys",
    description:
      "The configured workspace's API keys and, with `includeServiceKeys`, the organization's service keys (that needs an organization-scoped API key). " +
      "A key's secret value is never returned: the service shows it only when the key is created.",
    inputs: { includeServiceKeys: bool("Also list the organization's service keys; default false.") },
    requiredInputs: [],
    outputs: {
      apiKeys: list(ANY, `The workspace's API keys: ${API_KEY_ITEMS}.`),
      serviceKeys: list(ANY, `The organization's service keys, when \`includeServiceKeys\` is set: ${API_KEY_ITEMS}.`),
    },
    example: { args: { includeServiceKeys: true }, output: "serviceKeys" },
    async run(client, args) {
      return { ...(await getApiKeys(client, { includeServiceKeys: args["includeServiceKeys"] === true })) };
    },
  },
  {
    token: "langsmith:index:getProject",
    description: "Looks a tracing project of the configured workspace up by `id` or exact `name` (give one of them).",
    inputs: { id: str("Project id."), name: str("Exact name.") },
    requiredInputs: [],
    outputs: NAMED_OUTPUTS("project"),
    example: { args: { name: exampleRef(PROJECT, { output: "name" }) }, output: "id" },
    async run(client, args) {
      return found(await getProject(client, idOrName(args)));
    },
  },
  {
    token: "langsmith:index:getDataset",
    description: "Looks a dataset of the configured workspace up by `id` or exact `name` (give one of them).",
    inputs: { id: str("Dataset id."), name: str("Exact name.") },
    requiredInputs: [],
    outputs: NAMED_OUTPUTS("dataset"),
    example: { args: { name: exampleRef("langsmith:index:Dataset", { output: "name" }) }, output: "id" },
    async run(client, args) {
      return found(await getDataset(client, idOrName(args)));
    },
  },
  {
    token: "langsmith:index:getPromptCommit",
    description: "One commit of a prompt of the configured workspace, by commit hash, tag (e.g. `production`) or `latest`.",
    inputs: { promptHandle: str("The prompt's handle."), ref: str("A commit hash, a tag, or `latest`; default `latest`.") },
    requiredInputs: ["promptHandle"],
    outputs: {
      found: bool("Whether the commit exists."),
      commitHash: str("The commit's hash."),
      commitId: str("The commit's id (what `PromptTag.commitId` takes), when the service reports it."),
      manifest: anyMap("The prompt at that commit."),
      description: str("The commit's description."),
    },
    example: { args: { promptHandle: exampleRef("langsmith:index:Prompt", { output: "handle" }), ref: "latest" }, output: "commitHash" },
    async run(client, args) {
      const handle = stringArg(args, "promptHandle");
      if (handle === undefined) throw new InvalidRequestError("getPromptCommit: promptHandle is required");
      return found(await getPromptCommit(client, handle, stringArg(args, "ref") ?? "latest"));
    },
  },
  {
    token: "langsmith:index:getWorkspaceSecrets",
    description: "The keys of the configured workspace's secrets (e.g. `OPENAI_API_KEY`); the service never returns a value.",
    inputs: {},
    requiredInputs: [],
    outputs: { keys: list({ type: "string" }, "Secret keys, as the service lists them.") },
    example: { args: {}, output: "keys" },
    async run(client) {
      return { keys: await getWorkspaceSecrets(client) };
    },
  },
];

/** The written invokes' tokens: a kind's generated lookup never takes one. */
const WRITTEN_TOKENS: ReadonlySet<string> = new Set(NATIVE_FUNCTIONS.map((fn) => fn.token));

/** The invoke served for `token`, if any: a written one, else a kind's list function or lookup (its module loaded then). */
export function nativeFunction(token: string): NativeFunction | undefined {
  return NATIVE_FUNCTIONS.find((fn) => fn.token === token) ?? listFunctionFor(token) ?? lookupFunctionFor(token, WRITTEN_TOKENS);
}

/** Every invoke: the written ones, then every kind's list function and lookup (every kind's module loaded). */
export function allNativeFunctions(): NativeFunction[] {
  const kinds = loadAllKinds();
  return [...NATIVE_FUNCTIONS, ...allListFunctions(kinds), ...allLookupFunctions(kinds, WRITTEN_TOKENS)];
}
