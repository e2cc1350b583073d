/**
 * The Deployment's PATCH sent once: when its answer is lost, the service's
 * deployment says whether it was applied before it is sent again, so one
 * update never makes two revisions. The create's adoption and the update
 * send it.
 */
import type { Deployment, LangSmithClient, PatchDeploymentRequest } from "../../client";
import { ApiConnectionError } from "../../client/errors";
import type { OperationContext } from "../../engine/context/operation";
import { logProgress } from "../../engine/context/progress";
import { deploymentCalls } from "./endpoints";
import { patchApplied } from "./wire";

/**
 * Sends one PATCH. When its response is lost, the revisions tell whether it
 * was committed (a revision newer than `previousRevisionId` exists); only if
 * not is it sent again.
 */
export async function patchOnce(
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
    logProgress(context, "deployment", name, "the update response was lost; checking whether the service applied it before retrying");
    const current = await deploymentCalls.get(client, id, { name });
    const makesRevision = body.source_revision_config !== undefined;
    if (makesRevision && current.latest_revision_id !== previousRevisionId && current.latest_revision_id !== null) return current;
    if (!makesRevision && patchApplied(current, body)) return current;
    return deploymentCalls.patch(client, id, body, { name });
  }
}
