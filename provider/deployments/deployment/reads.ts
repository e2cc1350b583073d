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
import { COMMIT_SHA, UUID_PATTERN as UUID } from "../../engine/fields/validators";
import { settingsInScope } from "../../engine/kind/prepare";
import { LARGEST_PAGE, listScope, type ListSource, readThroughList } from "../../engine/reads/listReader";
import type { ListedObject, ListingScope } from "../../engine/resource";
import { deploymentCalls } from "./endpoints";
import { DEPLOYMENT_FIELDS } from "./fields";
import { importedSecretsFingerprint } from "./fingerprint";
import { latestRevisionStatus } from "./revisionWait";
import { type DeploymentOutputs, migrateDeploymentOutputs, outputsFrom, parseInputs, refreshedOutputs } from "./state";

/** The Deployment's type token: its list's pages are kept under it for one operation (`listSnapshots.ts`). */
export const DEPLOYMENT_TOKEN = "langsmith:index:Deployment";

/** Reads the deployment for a refresh; `undefined` when the service answers 404 (in the recorded workspace): gone. */
export async function readDeployment(
  context: OperationContext,
  id: string,
  props: Record<string, unknown>,
): Promise<{ id: string; props: Record<string, unknown> } | undefined> {
  const previous = migrateDeploymentOutputs(props) as unknown as DeploymentOutputs;
  const name = previous.name ?? id;
  const settings = settingsInScope(context, "workspace", `reading deployment "${name}"`, { workspaceId: previous.workspaceId, tenantId: previous.tenantId });
  const client = await context.client(settings);
  const deployment = await readTogetherThroughList(context, client, settings, id, name);
  if (deployment === undefined) return undefined;
  const revisionStatus = await latestRevisionStatus(client, deployment);
  return { id, props: { ...refreshedOutputs(previous, { deployment, revisionStatus }), __provider: props["__provider"] } };
}

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
 * Reads a deployment made outside Pulumi for `pulumi import`: the inputs that
 * reproduce it (minimal: values equal to the defaults are left out; for a
 * GitHub source whose built ref is a commit, the branch; for a GitHub source,
 * no `imageUri`, which is what the build made, not an input) and the outputs
 * a create would have recorded. Secret values are never imported: the
 * outputs record their salted fingerprints, and the provider leaves the
 * service's secrets alone until the program declares `secrets`.
 * `undefined` when there is no such deployment.
 */
export async function importDeployment(
  context: OperationContext,
  given: string,
): Promise<{ inputs: Record<string, unknown>; outputs: DeploymentOutputs } | undefined> {
  // `[<workspaceId>/]<id>`: the workspace when it is not the configured one (e.g. a Workspace of the same stack).
  const [first, second] = given.split("/");
  const workspaceId = second !== undefined && UUID.test(first ?? "") ? first : undefined;
  const id = workspaceId !== undefined ? (second as string) : given;
  const client = await context.client(settingsInScope(context, "workspace", `importing deployment "${id}"`, workspaceId === undefined ? {} : { workspaceId }));
  const deployment = await found(deploymentCalls.get(client, id, { name: id }));
  if (deployment === undefined) return undefined;
  const inputs: Record<string, unknown> = { ...importFields(DEPLOYMENT_FIELDS, deployment), ...(workspaceId === undefined ? {} : { workspaceId }) };
  const revisionConfig = inputs["sourceRevisionConfig"] as Record<string, unknown> | undefined;
  const serverRef = deployment.source_revision_config.repo_ref;
  const branch = deployment.source_config.repo_branch;
  if (revisionConfig !== undefined && typeof serverRef === "string" && COMMIT_SHA.test(serverRef) && typeof branch === "string" && branch !== "") {
    revisionConfig["repoRef"] = branch;
  }
  if (revisionConfig !== undefined && deployment.source === "github") delete revisionConfig["imageUri"];
  const revisionStatus = await latestRevisionStatus(client, deployment);
  const outputs = outputsFrom(parseInputs(inputs), { deployment, revisionStatus }, `imported deployment ${deployment.id}`);
  const secretsFingerprint = importedSecretsFingerprint(deployment.secrets ?? undefined);
  return { inputs, outputs: secretsFingerprint === undefined ? outputs : { ...outputs, secretsFingerprint } };
}

/** The deployments of a workspace (every page), each as the id `importDeployment` takes (`<workspaceId>/<id>`). */
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
