/**
 * The Deployment's wait for its newest revision: follow it (and a newer one
 * that supersedes it) until `DEPLOYED`, with a progress line at each status
 * change, or keep the deployment in the stack as a partial failure the next
 * `pulumi up` resumes.
 */
import type { Deployment, LangSmithClient } from "../../client";
import { AbortedError, RevisionFailedError, WaitTimeoutError } from "../../client/errors";
import { DEFAULT_HISTORY_LIMIT, parseTimings } from "../../client/revisionTimings";
import { type OperationContext, waitTimeoutSeconds } from "../../engine/context/operation";
import { formatDuration, logProgress, shortId } from "../../engine/context/progress";
import type { ProviderSettings } from "../../engine/context/settings";
import { messageOf, partialFailure } from "../../engine/state/partialFailure";
import type { DeploymentInputs } from "./fields";
import { type DeploymentOutputs, type ObservedDeployment, outputsFrom } from "./state";
import { deploymentCalls } from "./endpoints";
import { BUILD_LOG_INTERVAL_MS, failedBuildTail, followBuildLog } from "./buildLog";
import type { ShippedSource } from "./sourceShip";

const KIND = "deployment";

/** The source whose revisions the service builds from an uploaded archive: its build log is followed. */
const SHIPPED_SOURCE = "internal_source";

/** A deployment as a wait starts from: a full GET, a create's partial answer, or what an update answered. */
export type SettlingDeployment = Partial<Deployment> & { readonly id: string };

/**
 * Waits for the deployment's newest revision (unless `waitForDeployed` is
 * false) with a progress line at each status change, and returns the outputs.
 *
 * @throws PartialFailure on any failure (the revision failed, the wait timed
 *   out or was cancelled, a poll or the final GET failed), so the engine keeps
 *   the resource in state and the next `pulumi up` resumes or re-submits.
 */
export async function settle(
  context: OperationContext,
  client: LangSmithClient,
  settings: ProviderSettings,
  inputs: DeploymentInputs,
  deployment: SettlingDeployment,
  what: string,
  raw: Record<string, unknown>,
  previous?: Record<string, unknown>,
  shipped?: ShippedSource,
): Promise<DeploymentOutputs> {
  const source = shipped === undefined ? {} : { shipped };
  const name = inputs.name;
  const revisionId = deployment.latest_revision_id ?? null;
  // The revision being waited for (a newer one when the service superseded it).
  let followedRevisionId = revisionId;
  const timeoutSeconds = waitTimeoutSeconds(context, inputs.deployTimeoutSeconds ?? settings.deployTimeoutSeconds);
  try {
    if (inputs.waitForDeployed === false || revisionId === null) {
      const revisionStatus = await latestRevisionStatus(client, { ...deployment, name });
      return outputsFrom(inputs, { deployment, revisionStatus, ...source }, `${what}; not waiting (waitForDeployed is false)`, previous);
    }
    logProgress(context, KIND, name, `${what}; waiting up to ${formatDuration(timeoutSeconds * 1000)} for revision ${shortId(revisionId)} to be DEPLOYED`);
    // A source the service builds shows its newest build line while it builds.
    const buildLog =
      inputs.source === SHIPPED_SOURCE
        ? followBuildLog({ context, client, deploymentId: deployment.id, name }, revisionId, buildLogInterval(settings))
        : undefined;
    const result = await deploymentCalls
      .waitForRevision(client, {
        deploymentId: deployment.id,
        revisionId,
        // Predict DEPLOYED from how long earlier revisions took (the service's list and our own record).
        historyLimit: DEFAULT_HISTORY_LIMIT,
        history: parseTimings(previous?.["revisionTimings"]),
        name,
        waitTimeoutMs: timeoutSeconds * 1000,
        ...settings.pollIntervalsMs,
        signal: context.signal,
        onStatus: (event) => {
          followedRevisionId = event.revisionId;
          buildLog?.revision(event.revisionId);
          const followed = event.supersededRevisionId ? ` (revision ${shortId(event.supersededRevisionId)} was SKIPPED; following the newer one)` : "";
          logProgress(context, KIND, name, `revision ${shortId(event.revisionId)} ${event.status} (${formatDuration(event.elapsedMs)})${followed}`);
        },
      })
      .finally(() => buildLog?.stop());
    followedRevisionId = result.revision.id;
    const latest = await deploymentCalls.get(client, deployment.id, { name });
    const followed =
      result.supersededRevisionIds.length > 0
        ? `; revision ${shortId(result.supersededRevisionIds.join(", "))} was superseded (SKIPPED), followed the newest revision`
        : "";
    const observed: ObservedDeployment = {
      deployment: { ...latest, latest_revision_id: result.revision.id },
      revisionStatus: result.revision.status,
      ...source,
    };
    return outputsFrom(
      inputs,
      observed,
      `${what}; revision ${shortId(result.revision.id)} DEPLOYED in ${formatDuration(result.elapsedMs)}${followed}`,
      previous,
      result.timing,
    );
  } catch (error) {
    // The deployment exists whatever failed: keep it, with what is known of its revision, so the next up resumes.
    const failedRevision =
      error instanceof RevisionFailedError
        ? error.revisionId
        : error instanceof WaitTimeoutError
          ? (error.revisionId ?? followedRevisionId)
          : followedRevisionId;
    const status = error instanceof RevisionFailedError ? error.revisionStatus : error instanceof WaitTimeoutError ? (error.lastStatus ?? null) : null;
    const resumeHint =
      error instanceof RevisionFailedError ? "run pulumi up again to re-submit the revision after fixing the cause" : "run pulumi up again to resume waiting";
    const outputs = outputsFrom(
      inputs,
      { deployment: { ...deployment, latest_revision_id: failedRevision }, revisionStatus: status, ...source },
      `${what}; revision ${shortId(failedRevision ?? "?")} ${status ?? "did not finish"}: ${resumeHint}`,
      previous,
    );
    const known = error instanceof RevisionFailedError || error instanceof WaitTimeoutError || error instanceof AbortedError;
    const message = known ? messageOf(error) : `${messageOf(error)}; deployment "${name}" (${deployment.id}) exists and stays in the stack: ${resumeHint}`;
    // A failed build of a shipped source says why in its log: its last lines go with the error.
    const tail =
      error instanceof RevisionFailedError && error.revisionStatus === "BUILD_FAILED" && inputs.source === SHIPPED_SOURCE
        ? await failedBuildTail({ client, deploymentId: deployment.id, name }, error.revisionId)
        : "";
    if (tail !== "") throw partialFailure(deployment.id, outputs, `${message}${tail}`, raw);
    throw partialFailure(deployment.id, outputs, message, raw);
  }
}

/** How often the build log is read: the revision polls' shortest interval when set lower (tests), else {@link BUILD_LOG_INTERVAL_MS}. */
function buildLogInterval(settings: ProviderSettings): number {
  return Math.min(BUILD_LOG_INTERVAL_MS, settings.pollIntervalsMs.minIntervalMs ?? BUILD_LOG_INTERVAL_MS);
}

/** Status of the deployment's newest revision, or null when it has none. */
export async function latestRevisionStatus(
  client: LangSmithClient,
  deployment: Pick<Deployment, "id" | "name"> & Partial<Pick<Deployment, "latest_revision_id">>,
): Promise<string | null> {
  if (deployment.latest_revision_id === null || deployment.latest_revision_id === undefined) return null;
  const revision = await deploymentCalls.getRevision(client, deployment.id, deployment.latest_revision_id, { name: deployment.name });
  return revision.status;
}
