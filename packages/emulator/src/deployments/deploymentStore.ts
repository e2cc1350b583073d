/**
 * Lookups over the stored deployments and revisions of a workspace: what
 * exists, what is gone (deletion finished), and revisions newest first.
 */
import { detailError } from "../http/errors";
import type { DeploymentRecord, EmulatorState, RevisionRecord } from "../core/types";

/** Whether a deleted deployment has finished `AWAITING_DELETE` (it then answers 404). */
export function isGone(deployment: DeploymentRecord, nowMs: number): boolean {
  return deployment.deleteRequestedAtMs !== null && deployment.deleteRequestedAtMs + deployment.deleteDurationMs <= nowMs;
}

/** Removes deployments whose deletion finished, with their revisions. */
export function purgeDeleted(state: EmulatorState, nowMs: number): void {
  const gone = new Set(state.deployments.filter((d) => isGone(d, nowMs)).map((d) => d.id));
  if (gone.size === 0) return;
  state.deployments = state.deployments.filter((d) => !gone.has(d.id));
  state.revisions = state.revisions.filter((r) => !gone.has(r.deploymentId));
}

/** Deployments of a workspace that still exist (including `AWAITING_DELETE` ones). */
export function workspaceDeployments(state: EmulatorState, tenantId: string, nowMs: number): DeploymentRecord[] {
  return state.deployments.filter((d) => d.tenantId === tenantId && !isGone(d, nowMs));
}

/** Finds a deployment of the workspace; 404 when absent, gone or in another workspace. */
export function findDeployment(state: EmulatorState, tenantId: string, id: string, nowMs: number): DeploymentRecord {
  const deployment = workspaceDeployments(state, tenantId, nowMs).find((d) => d.id === id);
  if (!deployment) throw detailError(404, "Deployment not found");
  return deployment;
}

/** Revisions of a deployment, newest first. */
export function deploymentRevisions(state: EmulatorState, deploymentId: string): RevisionRecord[] {
  return state.revisions
    .map((revision, index) => ({ revision, index }))
    .filter(({ revision }) => revision.deploymentId === deploymentId)
    .sort((a, b) => b.revision.createdAtMs - a.revision.createdAtMs || b.index - a.index)
    .map(({ revision }) => revision);
}

/** Finds a revision of a deployment; 404 "Revision not found" otherwise. */
export function findRevision(state: EmulatorState, deploymentId: string, revisionId: string): RevisionRecord {
  const revision = deploymentRevisions(state, deploymentId).find((r) => r.id === revisionId);
  if (!revision) throw detailError(404, "Revision not found");
  return revision;
}
