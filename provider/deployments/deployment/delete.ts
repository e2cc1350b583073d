/** The Deployment's delete: the DELETE, then a wait until the service has removed it. */
import { type OperationContext, waitTimeoutSeconds } from "../../engine/context/operation";
import { formatDuration, logProgress } from "../../engine/context/progress";
import { settingsInScope } from "../../engine/kind/prepare";
import { deploymentCalls } from "./endpoints";
import { migrateDeploymentOutputs, recordedDeployment } from "./state";

/** Deletes the deployment and waits until the service has removed it; a 404 (in the recorded workspace) means done. */
export async function deleteDeployment(context: OperationContext, id: string, props: Record<string, unknown>): Promise<void> {
  const previous = recordedDeployment(migrateDeploymentOutputs(props));
  const name = previous.name ?? id;
  const settings = settingsInScope(context, "workspace", `deleting deployment "${name}"`, { workspaceId: previous.workspaceId, tenantId: previous.tenantId });
  const client = await context.client(settings);
  const result = await deploymentCalls.delete(client, id, { name });
  if (result.alreadyGone) return;
  const timeoutSeconds = waitTimeoutSeconds(context, previous.deleteTimeoutSeconds ?? settings.deleteTimeoutSeconds);
  logProgress(context, "deployment", name, `deleting (waiting up to ${formatDuration(timeoutSeconds * 1000)} for the service to remove it)`);
  const deletionInterval = settings.pollIntervalsMs.minIntervalMs;
  await deploymentCalls.waitForDeletion(client, {
    deploymentId: id,
    name,
    waitTimeoutMs: timeoutSeconds * 1000,
    ...(deletionInterval !== undefined ? { intervalMs: deletionInterval } : {}),
    signal: context.signal,
    onStatus: (event) => logProgress(context, "deployment", name, `deletion ${event.status} (${formatDuration(event.elapsedMs)})`),
  });
}
