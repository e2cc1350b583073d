/**
 * The invokes the native provider serves, over the same invoke cores as the
 * SDK (`provider/invokes/`): each with its token, its schema (inputs and
 * outputs) and how its result becomes an object (the protocol returns
 * objects, so lists are wrapped and "not found" is `found: false`).
 */
import type { LangSmithClient } from "../client/client";
import { getBulkExport, getBulkExportRuns } from "../invokes/bulkExport";
import { getDeployment, type GetDeploymentArgs, getDeploymentRevisions } from "../invokes/deployment";
import { assertProviderId, getOAuthProviders, getOAuthTokenStatus } from "../invokes/oauth";
import type { PulumiPropertySpec, PulumiTypeSpec } from "./pulumiTypes";

/** One invoke of the native provider. */
export interface NativeFunction {
  /** Token, e.g. `langsmith:index:getDeployment`. */
  readonly token: string;
  readonly description: string;
  readonly inputs: Record<string, PulumiPropertySpec>;
  readonly requiredInputs: readonly string[];
  readonly outputs: Record<string, PulumiPropertySpec>;
  /** Runs the invoke; the result is an object of {@link outputs}. */
  run(client: LangSmithClient, args: Record<string, unknown>): Promise<Record<string, unknown>>;
}

const str = (description: string): PulumiPropertySpec => ({ type: "string", description });
const num = (description: string): PulumiPropertySpec => ({ type: "number", description });
const bool = (description: string): PulumiPropertySpec => ({ type: "boolean", description });
const list = (items: PulumiTypeSpec, description: string): PulumiPropertySpec => ({ type: "array", items, description });
const anyMap = (description: string): PulumiPropertySpec => ({ type: "object", additionalProperties: { $ref: "pulumi.json#/Any" }, description });
const ANY: PulumiTypeSpec = { $ref: "pulumi.json#/Any" };

const DEPLOYMENT_OUTPUTS: Record<string, PulumiPropertySpec> = {
  found: bool("Whether a deployment matched; when false, no other property is set."),
  id: str("Deployment id."),
  name: str("Deployment name."),
  source: str("Source kind, e.g. `github`."),
  status: str("Deployment status."),
  latestRevisionId: str("Newest revision."),
  activeRevisionId: str("Revision serving traffic."),
  tenantId: str("Workspace."),
  createdAt: str("ISO 8601 creation time."),
  updatedAt: str("ISO 8601 time of the last change."),
  sourceConfig: anyMap("`source_config` as the service returns it (snake_case)."),
  sourceRevisionConfig: anyMap("`source_revision_config` as the service returns it (snake_case)."),
  secretNames: list({ type: "string" }, "Names of the deployment's secrets (never their values)."),
};

const BULK_EXPORT_OUTPUTS: Record<string, PulumiPropertySpec> = {
  found: bool("Whether the export exists in the workspace; when false, no other property is set."),
  id: str("Bulk export id."),
  destinationId: str("Destination id."),
  projectId: str("Tracing project id (`session_id`)."),
  status: str("Export status."),
  startTime: str("Start of the window."),
  endTime: str("End of the window (one-off exports)."),
  intervalHours: num("Interval of a scheduled export."),
  filter: str("Filter."),
  format: str("File format."),
  formatVersion: str("File layout version."),
  compression: str("Compression."),
  createdAt: str("ISO 8601 creation time."),
  finishedAt: str("ISO 8601 end time."),
};

/** `value` without `undefined` properties (the protocol has no undefined). */
function found<T extends object>(value: T | undefined): Record<string, unknown> {
  return value === undefined ? { found: false } : { found: true, ...value };
}

/** Every invoke of the native provider. */
export const NATIVE_FUNCTIONS: readonly NativeFunction[] = [
  {
    token: "langsmith:index:getDeployment",
    description: "Looks a deployment up by `id` or by exact `name` in the configured workspace (give one of them). Secret values are never returned.",
    inputs: { id: str("Deployment id."), name: str("Exact deployment name.") },
    requiredInputs: [],
    outputs: DEPLOYMENT_OUTPUTS,
    async run(client, args) {
      const id = typeof args["id"] === "string" && args["id"] !== "" ? args["id"] : undefined;
      const name = typeof args["name"] === "string" && args["name"] !== "" ? args["name"] : undefined;
      if ((id === undefined) === (name === undefined)) throw new Error("getDeployment: give exactly one of id or name");
      const lookup: GetDeploymentArgs = id !== undefined ? { id } : { name: name as string };
      return found(await getDeployment(client, lookup));
    },
  },
  {
    token: "langsmith:index:getDeploymentRevisions",
    description: "The newest revisions of a deployment, newest first.",
    inputs: { deploymentId: str("Deployment id."), limit: { type: "integer", description: "How many revisions, 1 to 100; default 10." } },
    requiredInputs: ["deploymentId"],
    outputs: { revisions: list(ANY, "Revisions: `id`, `status`, `createdAt`, `updatedAt`, `sourceRevisionConfig`.") },
    async run(client, args) {
      const limit = typeof args["limit"] === "number" ? args["limit"] : undefined;
      return { revisions: await getDeploymentRevisions(client, { deploymentId: String(args["deploymentId"]), ...(limit !== undefined ? { limit } : {}) }) };
    },
  },
  {
    token: "langsmith:index:getOAuthProviders",
    description: "The OAuth providers configured for the organization (no client secret is ever returned).",
    inputs: {},
    requiredInputs: [],
    outputs: { providers: list(ANY, "Providers: `id`, `providerId`, `name`, `providerType`, `clientId`, `authUrl`, `tokenUrl`, `usesPkce`, `mcpServerUrl`, `allowedRedirectUris`.") },
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
    async run(client, args) {
      return found(await getBulkExport(client, { id: String(args["id"]) }));
    },
  },
  {
    token: "langsmith:index:getBulkExportRuns",
    description: "The runs of a bulk export, oldest first.",
    inputs: { id: str("Bulk export id.") },
    requiredInputs: ["id"],
    outputs: { runs: list(ANY, "Runs: `id`, `status`, `startTime`, `endTime`, `rowsWritten`, `exportedFiles`, `exportPath`, `createdAt`, `finishedAt`, `errors`.") },
    async run(client, args) {
      return { runs: await getBulkExportRuns(client, { id: String(args["id"]) }) };
    },
  },
];

/** The invoke served for `token`, if any. */
export function nativeFunction(token: string): NativeFunction | undefined {
  return NATIVE_FUNCTIONS.find((fn) => fn.token === token);
}
