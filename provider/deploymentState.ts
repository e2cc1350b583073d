import type { Deployment } from "./client";
import type { DeploymentInputs } from "./deploymentSchema";
import { fingerprintSecrets, previousFingerprint, reconcileWithService, type SecretsFingerprint } from "./deploymentSecrets";

/** Version of the output layout; bumped when it changes, so older state can be migrated. */
export const DEPLOYMENT_STATE_VERSION = 1;

/**
 * Everything the resource records: the inputs echoed for diffing (the
 * secrets as fingerprints only), plus what the service reported.
 */
export interface DeploymentOutputs extends Omit<DeploymentInputs, "secrets"> {
  /** Fingerprints of the declared secrets; absent when there are none. */
  secretsFingerprint?: SecretsFingerprint;
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

/**
 * Outputs after a create or update: the inputs as given (secrets as
 * fingerprints, reusing the previous salt so unchanged secrets keep theirs),
 * plus what the service reported.
 */
export function outputsFrom(
  inputs: DeploymentInputs,
  observed: ObservedDeployment,
  lastOperation: string,
  previous?: Record<string, unknown>,
): DeploymentOutputs {
  const { deployment } = observed;
  return {
    ...inputsWithFingerprint(inputs, previous),
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
 * The inputs as outputs record them: everything but the secrets, which are
 * fingerprinted (with the previous salt when there is one).
 */
export function inputsWithFingerprint(inputs: DeploymentInputs, previous?: Record<string, unknown>): Omit<DeploymentOutputs, "latestRevisionId" | "latestRevisionStatus" | "status" | "tenantId" | "createdAt" | "updatedAt" | "lastOperation" | "stateVersion"> {
  const { secrets, ...rest } = inputs;
  const salt = previous !== undefined ? previousFingerprint(previous)?.salt : undefined;
  const secretsFingerprint = fingerprintSecrets(secrets, salt);
  return secretsFingerprint === undefined ? rest : { ...rest, secretsFingerprint };
}

/**
 * Outputs after a refresh: each input field the program sets is replaced by
 * the service's current value, so out-of-band changes show as drift in the
 * next preview. Fields the program leaves unset are not managed and stay
 * unset. The service's secret values are only compared with the recorded
 * fingerprints; they never reach the outputs.
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
  take("deploymentType", (serverConfig.deployment_type ?? undefined) as DeploymentInputs["sourceConfig"]["deploymentType"]);
  take("buildOnPush", serverConfig.build_on_push ?? undefined);
  take("customUrl", serverConfig.custom_url ?? null);
  take("resourceSpec", serverConfig.resource_spec ?? null);
  take("listenerId", serverConfig.listener_id ?? undefined);
  take("listenerConfig", listenerConfigFromWire(serverConfig.listener_config));
  take("installCommand", serverConfig.install_command ?? undefined);
  take("buildCommand", serverConfig.build_command ?? undefined);

  const revisionConfig: DeploymentInputs["sourceRevisionConfig"] = { ...previous.sourceRevisionConfig };
  if ("repoRef" in revisionConfig) {
    const serverRef = serverRevision.repo_ref ?? undefined;
    // GitHub deployments report the built commit in repo_ref and keep the branch in repo_branch.
    const resolvedFromBranch = serverRef !== undefined && COMMIT_SHA.test(serverRef) && serverConfig.repo_branch === previous.sourceRevisionConfig.repoRef;
    revisionConfig.repoRef = resolvedFromBranch ? previous.sourceRevisionConfig.repoRef : serverRef;
  }
  if ("graphConfigPath" in revisionConfig) revisionConfig.graphConfigPath = serverRevision.langgraph_config_path ?? undefined;
  if ("imageUri" in revisionConfig) revisionConfig.imageUri = serverRevision.image_uri ?? null;

  const refreshed: DeploymentOutputs = {
    ...previous,
    name: deployment.name,
    // A source this release does not know shows as drift (a replacement), never as an error.
    source: deployment.source as DeploymentInputs["source"],
    sourceConfig,
    sourceRevisionConfig: revisionConfig,
    latestRevisionId: deployment.latest_revision_id ?? null,
    latestRevisionStatus: observed.revisionStatus,
    status: deployment.status ?? null,
    tenantId: deployment.tenant_id ?? previous.tenantId,
    updatedAt: deployment.updated_at ?? previous.updatedAt,
    stateVersion: DEPLOYMENT_STATE_VERSION,
  };
  if ("secretReferences" in previous) {
    const references = (deployment.secret_references ?? []).map(({ name, secret_name, secret_key }) => ({ name, secretName: secret_name, secretKey: secret_key }));
    refreshed.secretReferences = references;
  }
  // Release 0.1.0 kept the secrets themselves in the outputs; refresh turns them into fingerprints.
  delete (refreshed as Partial<Record<"secrets", unknown>>).secrets;
  const secretsFingerprint = reconcileWithService(previousFingerprint(previous as unknown as Record<string, unknown>), deployment.secrets ?? undefined);
  if (secretsFingerprint === undefined) delete refreshed.secretsFingerprint;
  else refreshed.secretsFingerprint = secretsFingerprint;
  return refreshed;
}

/** `listener_config` of a response in the inputs' camelCase form (`undefined` when unset). */
function listenerConfigFromWire(config: Record<string, unknown> | null | undefined): DeploymentInputs["sourceConfig"]["listenerConfig"] {
  if (config === null || config === undefined) return undefined;
  const namespace = config["k8s_namespace"];
  return typeof namespace === "string" ? { k8sNamespace: namespace } : {};
}

/** True when the previous outputs record a wait that did not end in `DEPLOYED`. */
export function needsResume(previous: Partial<DeploymentOutputs>): boolean {
  if (previous.waitForDeployed === false) return false;
  return typeof previous.latestRevisionId === "string" && previous.latestRevisionStatus !== "DEPLOYED";
}
