/**
 * The Deployment's lifecycle hooks that write: create (or adopt), update
 * and delete, each a named function of the operation's context over checked
 * inputs and migrated outputs; the declaration in `resource.ts` names them.
 * The reads (refresh, import, listing) are `reads.ts`, the wait for a
 * revision `revisionWait.ts`.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Deployment, LangSmithClient, PatchDeploymentRequest } from "../../client";
import { ApiConnectionError, ConflictError, found, MethodNotAllowedError, NotFoundError } from "../../client/errors";
import { type OperationContext, waitTimeoutSeconds } from "../../engine/context/operation";
import { formatDuration, logProgress, shortId } from "../../engine/context/progress";
import { keepingResource } from "../../engine/state/partialFailure";
import { takeOverHint, workspaceOtherThanStack } from "../../engine/state/takeOver";
import { settingsInScope } from "../../engine/kind/prepare";
import { describeChanges, diffDeployment } from "./diff";
import { settle } from "./revisionWait";
import { AdoptionError, NameTakenError } from "./errors";
import type { DeploymentInputs } from "./fields";
import {
  type DeploymentOutputs,
  inputsWithFingerprint,
  migrateDeploymentOutputs,
  needsResume,
  type DeploymentFacts,
  outputsFrom,
  parseInputs,
  recordedDeployment,
  type RecordedDeployment,
  refreshedOutputs,
} from "./state";
import { patchApplied, toCreateRequest, toPatchRequest, toResubmitRequest } from "./wire";
import { deploymentCalls } from "./endpoints";
import { createOnce } from "../../engine/kind/interruptedCreate";
import { DEPLOYMENT_TOKEN, listDeployments } from "./reads";

export { DEPLOYMENT_TOKEN, listDeployments };

const KIND = "deployment";

/**
 * Creates the deployment (or adopts `adoptExistingId`) and waits for its
 * revision, unless told not to. Once the service has the deployment, every
 * failure is a {@link PartialFailure} with its id, so the engine keeps it and
 * the next `pulumi up` resumes instead of creating it again.
 */
export async function createDeployment(context: OperationContext, raw: Record<string, unknown>): Promise<pulumi.dynamic.CreateResult<DeploymentOutputs>> {
  const inputs = parseInputs(raw);
  const settings = settingsInScope(context, "workspace", `creating deployment "${inputs.name}"`, inputs);
  const client = await context.client(settings);
  const name = inputs.name;
  if (inputs.adoptExistingId !== undefined) {
    // Adoption creates nothing: a failure before the reconciling PATCH leaves nothing to keep, and the next up adopts again.
    const { deployment, how } = await adopt(client, inputs);
    const patched = await reconcileAdopted(context, client, deployment, inputs);
    const current = patched?.deployment ?? deployment;
    const started = patched ? `${how}; ${patched.what}` : how;
    const outs = await keepingResource(
      current.id,
      () => unfinished(inputs, current, started),
      raw,
      RESUME_HINT,
      () => settle(context, client, settings, inputs, current, started, raw),
    );
    return { id: current.id, outs };
  }
  const { created, how } = await createOrFind(context, client, inputs);
  // Until the display name is patched (the create request cannot carry it), the outputs leave it out: the next up sends it.
  const { displayName, ...withoutDisplayName } = inputs;
  const outs = await keepingResource(
    created.id,
    () => unfinished(displayName === undefined ? inputs : withoutDisplayName, created, how),
    raw,
    RESUME_HINT,
    async () => {
      if (displayName !== undefined) await deploymentCalls.patch(client, created.id, { display_name: displayName }, { name });
      const deployment = await deploymentCalls.get(client, created.id, { name });
      return settle(context, client, settings, inputs, deployment, how, raw);
    },
  );
  return { id: created.id, outs };
}

const RESUME_HINT = "run pulumi up again to resume";

/** Outputs for a deployment that exists but whose create did not finish: its revision's status unknown, so the next update resumes the wait. */
function unfinished(inputs: DeploymentInputs, deployment: DeploymentFacts, what: string): DeploymentOutputs {
  return outputsFrom(inputs, { deployment, revisionStatus: null }, `${what}; did not finish: ${RESUME_HINT}`);
}

/**
 * Applies changed inputs: one PATCH (in-place fields, and a new revision when
 * revision fields changed) then a wait; or re-deploys a failed revision; or
 * resumes a wait that did not finish; or only records provider settings.
 */
export async function updateDeployment(
  context: OperationContext,
  id: string,
  rawOlds: Record<string, unknown>,
  news: Record<string, unknown>,
): Promise<{ outs: object }> {
  const olds = migrateDeploymentOutputs(rawOlds);
  const previous = recordedDeployment(olds);
  const inputs = parseInputs(news);
  const settings = settingsInScope(context, "workspace", `updating deployment "${inputs.name}"`, {
    workspaceId: inputs.workspaceId ?? previous.workspaceId,
    tenantId: previous.tenantId,
  });
  const client = await context.client(settings);
  const plan = diffDeployment(olds, news);
  const resume = needsResume(previous) && inputs.waitForDeployed !== false;

  const failedRevisionId =
    resume && isFailed(previous.latestRevisionStatus) && typeof previous.latestRevisionId === "string" ? previous.latestRevisionId : undefined;
  if (plan.changed.inPlace.length === 0 && plan.changed.revision.length === 0 && failedRevisionId !== undefined) {
    // Nothing changed since the revision failed: ask the service to build it again.
    const deployment = await redeployOnce(context, client, id, inputs, failedRevisionId);
    const what = `re-submitted revision after ${previous.latestRevisionStatus ?? "failure"}: new revision ${shortId(deployment.latest_revision_id ?? "?")}`;
    return { outs: await settle(context, client, settings, inputs, deployment, what, news, olds) };
  }
  const newRevision = plan.changed.revision.length > 0 || failedRevisionId !== undefined;
  const body = plan.changed.inPlace.length > 0 || newRevision ? toPatchRequest(inputs, plan.changed, newRevision) : undefined;

  if (body === undefined) {
    if (resume && typeof previous.latestRevisionId === "string") {
      // The last wait timed out or was interrupted: poll the same revision again.
      const deployment = await deploymentCalls.get(client, id, { name: inputs.name });
      const what = `resumed waiting for revision ${shortId(previous.latestRevisionId)} (was ${previous.latestRevisionStatus ?? "unknown"})`;
      return { outs: await settle(context, client, settings, inputs, deployment, what, news, olds) };
    }
    const what = plan.changed.local.length > 0 ? `updated provider settings (${describeChanges(plan.changed.local)}); no API call` : "no change";
    return { outs: { ...olds, ...inputsWithFingerprint(inputs, olds), lastOperation: what } };
  }

  const deployment = await patchOnce(context, client, id, inputs.name, body, previous.latestRevisionId);
  const reason = newRevision
    ? plan.changed.revision.length > 0
      ? `new revision ${shortId(deployment.latest_revision_id ?? "?")} (${describeRevisionChange(previous, inputs, plan.changed.revision)})`
      : `re-submitted revision after ${previous.latestRevisionStatus ?? "failure"}: new revision ${shortId(deployment.latest_revision_id ?? "?")}`
    : `patched in place (${describeChanges(plan.changed.inPlace)}); no new revision`;
  const full = plan.changed.inPlace.length > 0 && newRevision ? `${reason}; patched ${describeChanges(plan.changed.inPlace)}` : reason;
  if (!newRevision) {
    // A wait left unfinished (timed out, interrupted, or cut by a failure after the create) resumes after the in-place patch.
    if (resume && typeof previous.latestRevisionId === "string") {
      return {
        outs: await settle(
          context,
          client,
          settings,
          inputs,
          deployment,
          `${full}; resumed waiting for revision ${shortId(previous.latestRevisionId)}`,
          news,
          olds,
        ),
      };
    }
    const revisionStatus = previous.latestRevisionStatus ?? null;
    return { outs: outputsFrom(inputs, { deployment, revisionStatus }, full, olds) };
  }
  return { outs: await settle(context, client, settings, inputs, deployment, full, news, olds) };
}

/** Deletes the deployment and waits until the service has removed it; a 404 (in the recorded workspace) means done. */
export async function deleteDeployment(context: OperationContext, id: string, props: Record<string, unknown>): Promise<void> {
  const previous = recordedDeployment(migrateDeploymentOutputs(props));
  const name = previous.name ?? id;
  const settings = settingsInScope(context, "workspace", `deleting deployment "${name}"`, { workspaceId: previous.workspaceId, tenantId: previous.tenantId });
  const client = await context.client(settings);
  const result = await deploymentCalls.delete(client, id, { name });
  if (result.alreadyGone) return;
  const timeoutSeconds = waitTimeoutSeconds(context, previous.deleteTimeoutSeconds ?? settings.deleteTimeoutSeconds);
  logProgress(context, KIND, name, `deleting (waiting up to ${formatDuration(timeoutSeconds * 1000)} for the service to remove it)`);
  const deletionInterval = settings.pollIntervalsMs.minIntervalMs;
  await deploymentCalls.waitForDeletion(client, {
    deploymentId: id,
    name,
    waitTimeoutMs: timeoutSeconds * 1000,
    ...(deletionInterval !== undefined ? { intervalMs: deletionInterval } : {}),
    signal: context.signal,
    onStatus: (event) => logProgress(context, KIND, name, `deletion ${event.status} (${formatDuration(event.elapsedMs)})`),
  });
}

/** POSTs the deployment; when the response was lost, finds what the service committed instead of posting twice. */
async function createOrFind(
  context: OperationContext,
  client: LangSmithClient,
  inputs: DeploymentInputs,
): Promise<{ created: DeploymentFacts & { id: string }; how: string }> {
  const name = inputs.name;
  try {
    // A lost answer is the engine's rule for every kind: the deployment is looked up by name before it is created again.
    const { created, outcome } = await createOnce<DeploymentFacts & { id: string }>(
      () => deploymentCalls.create(client, toCreateRequest(inputs), { name }),
      () => deploymentCalls.findByName(client, name, { name }),
      () => logProgress(context, KIND, name, "the create response was lost; looking the deployment up by name before retrying"),
    );
    const how = {
      created: `created with revision ${shortId(created.latest_revision_id ?? "?")}`,
      found: "created (found by name after the create response was lost)",
      second: `created with revision ${shortId(created.latest_revision_id ?? "?")} (second attempt; the first never reached the service)`,
    }[outcome];
    return { created, how };
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    const existing = await deploymentCalls.findByName(client, name, { name }).catch(() => undefined);
    throw new NameTakenError(
      `creating deployment "${name}": a deployment with this name already exists in the workspace.${existing ? ` ${takeOverHint(context.urn, existing.id, undefined, workspaceOtherThanStack(context, existing.tenant_id))}` : ""}`,
      {
        status: 409,
      },
    );
  }
}

/** Takes over the deployment named by `adoptExistingId`. */
async function adopt(client: LangSmithClient, inputs: DeploymentInputs): Promise<{ deployment: Deployment; how: string }> {
  const id = inputs.adoptExistingId ?? "";
  const deployment = await found(deploymentCalls.get(client, id, { name: inputs.name }));
  if (deployment === undefined) {
    throw new AdoptionError(`adopting deployment "${inputs.name}": no deployment with id ${id} in the configured workspace`, { status: 404 });
  }
  if (deployment.name !== inputs.name) {
    throw new AdoptionError(
      `adopting deployment "${inputs.name}": deployment ${id} is named "${deployment.name}"; set name to "${deployment.name}" to adopt it`,
    );
  }
  return { deployment, how: `adopted existing deployment ${id}` };
}

/** After adoption: one PATCH bringing the deployment in line with the inputs, when it differs. */
async function reconcileAdopted(
  context: OperationContext,
  client: LangSmithClient,
  deployment: Deployment,
  inputs: DeploymentInputs,
): Promise<{ deployment: Deployment; what: string } | undefined> {
  const observed = refreshedOutputs({ ...outputsFrom(inputs, { deployment, revisionStatus: null }, "") }, { deployment, revisionStatus: null });
  const drift = diffDeployment(observed, { ...inputs });
  if (drift.replaces.length > 0) {
    throw new AdoptionError(
      `adopting deployment "${inputs.name}": ${describeChanges(drift.replaces)} differ from the existing deployment and cannot be changed in place`,
    );
  }
  if (drift.changed.inPlace.length === 0 && drift.changed.revision.length === 0) return undefined;
  const body = toPatchRequest(inputs, drift.changed, drift.changed.revision.length > 0);
  const patched = await patchOnce(context, client, deployment.id, inputs.name, body, deployment.latest_revision_id);
  return { deployment: patched, what: `reconciled ${describeChanges([...drift.changed.inPlace, ...drift.changed.revision])}` };
}

/**
 * Sends one PATCH. When its response is lost, the revisions tell whether it
 * was committed (a revision newer than `previousRevisionId` exists); only if
 * not is it sent again, so one update never makes two revisions.
 */
async function patchOnce(
  context: OperationContext,
  client: LangSmithClient,
  id: string,
  name: string,
  body: PatchDeploymentRequest,
  previousRevisionId: string | null | undefined,
): Promise<Deployment> {
  try {
    return await deploymentCalls.patch(client, id, body, { name });
  } catch (error) {
    if (!(error instanceof ApiConnectionError)) throw error;
    logProgress(context, KIND, name, "the update response was lost; checking whether the service applied it before retrying");
    const current = await deploymentCalls.get(client, id, { name });
    const makesRevision = body.source_revision_config !== undefined;
    if (makesRevision && current.latest_revision_id !== previousRevisionId && current.latest_revision_id !== null) return current;
    if (!makesRevision && patchApplied(current, body)) return current;
    return deploymentCalls.patch(client, id, body, { name });
  }
}

/**
 * Re-deploys a failed revision (`POST …/revisions/{id}/redeploy`), the
 * service's own retry: no secret is sent again. When the response is lost, a
 * revision newer than the failed one means it was committed. A service
 * without the operation (404 for the route, 405) gets the equivalent PATCH.
 */
async function redeployOnce(
  context: OperationContext,
  client: LangSmithClient,
  id: string,
  inputs: DeploymentInputs,
  failedRevisionId: string,
): Promise<Deployment> {
  const name = inputs.name;
  try {
    return await deploymentCalls.redeploy(client, id, failedRevisionId, { name });
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof MethodNotAllowedError) {
      const current = await deploymentCalls.get(client, id, { name });
      logProgress(
        context,
        KIND,
        name,
        `the service cannot re-deploy revision ${shortId(failedRevisionId)} (${error.status}); sending the revision config again instead`,
      );
      return patchOnce(context, client, id, name, toResubmitRequest(inputs), current.latest_revision_id);
    }
    if (!(error instanceof ApiConnectionError)) throw error;
    logProgress(context, KIND, name, "the re-deploy response was lost; checking whether the service made the revision before retrying");
    const current = await deploymentCalls.get(client, id, { name });
    if (current.latest_revision_id !== failedRevisionId && current.latest_revision_id !== null) return current;
    return deploymentCalls.redeploy(client, id, failedRevisionId, { name });
  }
}

function isFailed(status: string | null | undefined): boolean {
  return typeof status === "string" && status.includes("FAILED");
}

/** Plain words for a revision change, e.g. `repoRef main→v2, secrets`; secret values are never shown. */
function describeRevisionChange(previous: RecordedDeployment, inputs: DeploymentInputs, paths: readonly string[]): string {
  return paths
    .map((path) => {
      if (path === "secrets") return "secrets changed";
      if (path === "secretReferences") return "secret references changed";
      const [group, key] = path.split(".") as ["sourceConfig" | "sourceRevisionConfig", string];
      const before = previous[group]?.[key] ?? "unset";
      const after = (inputs[group] as Record<string, unknown>)[key] ?? "unset";
      return `${key} ${String(before)}→${String(after)}`;
    })
    .join(", ");
}
