/**
 * The Deployment's reads: refresh (one deployment, read together with the
 * others a refresh sends at once, through the list), `pulumi import` (the
 * inputs that reproduce a deployment made elsewhere) and the listing `adopt`
 * reads. The writes are `operations.ts`.
 */
import type { Deployment, LangSmithClient } from "../../client";
import { AbortedError, found } from "../../client/errors";
import type { OperationContext } from "../../engine/context/operation";
import type { ProviderSettings } from "../../engine/context/settings";
import { importFields } from "../../engine/fields/fields";
import { COMMIT_SHA } from "../../engine/fields/validators";
import type { StateOf } from "../../engine/kind/declaration";
import type { ReadHooks } from "../../engine/kind/hooks";
import { settingsInScope } from "../../engine/kind/prepare";
import { LARGEST_PAGE, listScope, type ListSource, readThroughList } from "../../engine/reads/listReader";
import type { ImportedResource, ListedObject, ListingScope } from "../../engine/resource";
import { deploymentCalls } from "./endpoints";
import { DEPLOYMENT_FIELDS, type DeploymentInputs } from "./fields";
import { importedSecretsFingerprint } from "./fingerprint";
import { latestRevisionStatus } from "./revisionWait";
import { outputsFrom, parseInputs, refreshedOutputs } from "./state";

/** The Deployment's type token: its list's pages are kept under it for one operation (`listSnapshots.ts`). */
export const DEPLOYMENT_TOKEN = "langsmith:index:Deployment";

/** A deployment as its Read answers it: the service's deployment and the status of its latest revision. */
export type DeploymentRead = Deployment & { readonly latestRevisionStatus: string | null };

/**
 * The Deployment's hooks around the engine's Read. A refresh reads through
 * the deployments' list, with the others a refresh sends at once; an import
 * reads by id. Either reads the latest revision's status beside it.
 */
export const DEPLOYMENT_READ: ReadHooks<DeploymentRead, StateOf<DeploymentInputs>> = {
  async fetch({ purpose, context, client, settings, id, name }) {
    const deployment =
      purpose === "refresh" ? await readTogetherThroughList(context, client, settings, id, name) : await found(deploymentCalls.get(client, id, { name }));
    return deployment === undefined ? undefined : { ...deployment, latestRevisionStatus: await latestRevisionStatus(client, deployment) };
  },
  // The engine's refreshed fields, completed: defaults, a branch resolved to its commit, the secrets' fingerprints, the revision.
  refreshed: ({ props }, { latestRevisionStatus: revisionStatus, ...deployment }, fields) => refreshedOutputs(props, { deployment, revisionStatus }, fields),
  imported: async ({ props }, read) => importedDeployment(read, props.workspaceId),
};

/**
 * Reads one deployment together with the deployment reads that arrive with
 * it (a refresh sends them all at once): through the list, page by page,
 * then filtered by `deployment_ids` (see `listReader.ts`), so the
 * deployments of a stack take a request or two instead of one GET each.
 * One the list does not hold, and any read whose batch failed, is read by
 * GET, whose 404 alone says it is gone.
 */
async function readTogetherThroughList(
  context: OperationContext,
  client: LangSmithClient,
  settings: ProviderSettings,
  id: string,
  name: string,
): Promise<Deployment | undefined> {
  const source: ListSource = {
    by: "pages",
    pageSize: LARGEST_PAGE,
    hasGet: true,
    page: async (offset, limit) => (await deploymentCalls.list(client, { limit, offset })).resources,
    byIds: { maxIds: LARGEST_PAGE, fetch: async (ids) => (await deploymentCalls.list(client, { deploymentIds: ids, limit: LARGEST_PAGE })).resources },
  };
  try {
    const listed = await readThroughList(context.lists, DEPLOYMENT_TOKEN, listScope(settings), id, source);
    if (listed !== undefined) return listed as Deployment;
  } catch (error) {
    if (error instanceof AbortedError) throw error;
  }
  return found(deploymentCalls.get(client, id, { name }));
}

/**
 * A deployment made outside Pulumi, for `pulumi import`: the inputs that
 * reproduce it (minimal: values equal to the defaults are left out; for a
 * GitHub source whose built ref is a commit, the branch; for a GitHub source,
 * no `imageUri`, which is what the build made, not an input) and the outputs
 * a create would have recorded. Secret values are never imported: the
 * outputs record their salted fingerprints, and the provider leaves the
 * service's secrets alone until the program declares `secrets`.
 */
function importedDeployment({ latestRevisionStatus: revisionStatus, ...deployment }: DeploymentRead, workspaceId: unknown): ImportedResource {
  const inputs: Record<string, unknown> = { ...importFields(DEPLOYMENT_FIELDS, deployment), ...(typeof workspaceId === "string" ? { workspaceId } : {}) };
  const revisionConfig = inputs["sourceRevisionConfig"] as Record<string, unknown> | undefined;
  const serverRef = deployment.source_revision_config.repo_ref;
  const branch = deployment.source_config.repo_branch;
  if (revisionConfig !== undefined && typeof serverRef === "string" && COMMIT_SHA.test(serverRef) && typeof branch === "string" && branch !== "") {
    revisionConfig["repoRef"] = branch;
  }
  if (revisionConfig !== undefined && deployment.source === "github") delete revisionConfig["imageUri"];
  const outputs = outputsFrom(parseInputs(inputs), { deployment, revisionStatus }, `imported deployment ${deployment.id}`);
  const secretsFingerprint = importedSecretsFingerprint(deployment.secrets ?? undefined);
  return { id: deployment.id, inputs, outputs: secretsFingerprint === undefined ? outputs : { ...outputs, secretsFingerprint } };
}

/** The deployments of a workspace (every page), each as the id an import takes (`<workspaceId>/<id>`). */
export async function listDeployments(context: OperationContext, scope: ListingScope): Promise<ListedObject[]> {
  const client = await context.client(
    settingsInScope(context, "workspace", "listing deployments", scope.workspaceId === undefined ? {} : { workspaceId: scope.workspaceId }),
  );
  const deployments = await deploymentCalls.listAll(client);
  return deployments.map((deployment) => ({
    importId: scope.workspaceId === undefined ? deployment.id : `${scope.workspaceId}/${deployment.id}`,
    id: deployment.id,
    name: deployment.name,
  }));
}
