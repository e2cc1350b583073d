import type { Deployment, DeploymentSecret } from "./client";
import type { DeploymentInputs } from "./deploymentSchema";

/** Version of the output layout; bumped when it changes, so older state can be migrated. */
export const DEPLOYMENT_STATE_VERSION = 1;

/**
 * Stands in for a secret value that was changed outside Pulumi. Refresh puts
 * it in the outputs instead of the service's plaintext value, so the next
 * preview shows the secrets as changed without anything secret being copied.
 */
export const SECRET_CHANGED_OUTSIDE = "(changed outside Pulumi)";

/** Everything the resource records: the inputs echoed for diffing, plus what the service reported. */
export interface DeploymentOutputs extends DeploymentInputs {
  latestRevisionId: string | null;
  latestRevisionStatus: string | null;
  status: string | null;
  tenantId: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  lastOperation: string;
  stateVersion: number;
}

/** What the service said about a deployment and its newest revision. */
export interface ObservedDeployment {
  deployment: Deployment;
  revisionStatus: string | null;
}

/** Outputs after a create or update: the inputs as given, plus what the service reported. */
export function outputsFrom(inputs: DeploymentInputs, observed: ObservedDeployment, lastOperation: string): DeploymentOutputs {
  const { deployment } = observed;
  return {
    ...inputs,
    latestRevisionId: deployment.latest_revision_id ?? null,
    latestRevisionStatus: observed.revisionStatus,
    status: deployment.status ?? null,
    tenantId: deployment.tenant_id ?? null,
    createdAt: deployment.created_at ?? null,
    updatedAt: deployment.updated_at ?? null,
    lastOperation,
    stateVersion: DEPLOYMENT_STATE_VERSION,
  };
}

const COMMIT_SHA = /^[0-9a-f]{40}$/i;

/**
 * Outputs after a refresh: each input field the program sets is replaced by
 * the service's current value, so out-of-band changes show as drift in the
 * next preview. Fields the program leaves unset are not managed and stay
 * unset. The service's secret values never reach the outputs.
 */
export function refreshedOutputs(previous: DeploymentOutputs, observed: ObservedDeployment): DeploymentOutputs {
  const { deployment } = observed;
  const serverConfig = deployment.source_config;
  const serverRevision = deployment.source_revision_config;
  const sourceConfig: DeploymentInputs["sourceConfig"] = { ...previous.sourceConfig };
  const take = <K extends keyof DeploymentInputs["sourceConfig"]>(key: K, value: DeploymentInputs["sourceConfig"][K] | undefined) => {
    if (key in sourceConfig) sourceConfig[key] = value;
  };
  take("integrationId", serverConfig.integration_id ?? undefined);
  take("repoUrl", serverConfig.repo_url ?? undefined);
  take("deploymentType", serverConfig.deployment_type ?? undefined);
  take("buildOnPush", serverConfig.build_on_push ?? undefined);
  take("customUrl", serverConfig.custom_url ?? null);
  take("resourceSpec", serverConfig.resource_spec ?? null);

  const revisionConfig: DeploymentInputs["sourceRevisionConfig"] = { ...previous.sourceRevisionConfig };
  if ("repoRef" in revisionConfig) {
    const serverRef = serverRevision.repo_ref ?? undefined;
    // GitHub deployments report the built commit in repo_ref and keep the branch in repo_branch.
    const resolvedFromBranch = serverRef !== undefined && COMMIT_SHA.test(serverRef) && serverConfig.repo_branch === previous.sourceRevisionConfig.repoRef;
    revisionConfig.repoRef = resolvedFromBranch ? previous.sourceRevisionConfig.repoRef : serverRef;
  }
  if ("graphConfigPath" in revisionConfig) revisionConfig.graphConfigPath = serverRevision.graph_config_path ?? undefined;
  if ("imageUri" in revisionConfig) revisionConfig.imageUri = serverRevision.image_uri ?? null;

  const refreshed: DeploymentOutputs = {
    ...previous,
    name: deployment.name,
    source: deployment.source,
    sourceConfig,
    sourceRevisionConfig: revisionConfig,
    latestRevisionId: deployment.latest_revision_id ?? null,
    latestRevisionStatus: observed.revisionStatus,
    status: deployment.status ?? null,
    tenantId: deployment.tenant_id ?? previous.tenantId,
    updatedAt: deployment.updated_at ?? previous.updatedAt,
    stateVersion: DEPLOYMENT_STATE_VERSION,
  };
  const secrets = reconcileSecrets(previous.secrets, deployment.secrets ?? undefined);
  if (secrets === undefined) delete refreshed.secrets;
  else refreshed.secrets = secrets;
  return refreshed;
}

/**
 * The secrets as Pulumi should record them after a refresh: the known values
 * where the service agrees, {@link SECRET_CHANGED_OUTSIDE} where it holds a
 * different value or a secret the program does not declare, and nothing for
 * secrets the service no longer has.
 *
 * When the service does not return secret values at all, the previous list is
 * kept: absence of evidence is not drift.
 */
export function reconcileSecrets(
  declared: DeploymentInputs["secrets"],
  server: readonly DeploymentSecret[] | undefined,
): DeploymentInputs["secrets"] {
  if (server === undefined || server.some((secret) => secret.value === undefined || secret.value === null)) return declared;
  const serverByName = new Map(server.map((secret) => [secret.name, secret.value ?? ""]));
  const result: { name: string; value: string }[] = [];
  for (const secret of declared ?? []) {
    if (!serverByName.has(secret.name)) continue;
    result.push({ name: secret.name, value: serverByName.get(secret.name) === secret.value ? secret.value : SECRET_CHANGED_OUTSIDE });
  }
  const declaredNames = new Set((declared ?? []).map((secret) => secret.name));
  for (const secret of server) {
    if (!declaredNames.has(secret.name)) result.push({ name: secret.name, value: SECRET_CHANGED_OUTSIDE });
  }
  if (result.length === 0) return declared === undefined ? undefined : [];
  return result;
}

/** True when the previous outputs record a wait that did not end in `DEPLOYED`. */
export function needsResume(previous: Partial<DeploymentOutputs>): boolean {
  if (previous.waitForDeployed === false) return false;
  return typeof previous.latestRevisionId === "string" && previous.latestRevisionStatus !== "DEPLOYED";
}
