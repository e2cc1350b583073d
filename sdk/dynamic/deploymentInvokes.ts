import * as pulumi from "@pulumi/pulumi";
import * as core from "../../provider/deployments/invokes";
import type { DeploymentInfo, GetDeploymentArgs, GetDeploymentRevisionsArgs, RevisionInfo } from "../../provider/deployments/invokes";
import { invokeClient } from "./invokeClient";

export type { DeploymentInfo, GetDeploymentArgs, GetDeploymentRevisionsArgs, RevisionInfo } from "../../provider/deployments/invokes";

/**
 * Looks a deployment up by id or by exact name in the configured workspace.
 *
 * @returns the deployment, or `undefined` when none matches.
 */
export async function getDeployment(args: GetDeploymentArgs): Promise<DeploymentInfo | undefined> {
  return core.getDeployment(await invokeClient(), args);
}

/** {@link getDeployment} as an `Output`, for use with other resources' outputs. */
export function getDeploymentOutput(args: pulumi.Input<GetDeploymentArgs>): pulumi.Output<DeploymentInfo | undefined> {
  return pulumi.output(args).apply((resolved) => getDeployment(resolved as GetDeploymentArgs));
}

/** The newest revisions of a deployment, newest first (`limit` 1 to 100, default 10). */
export async function getDeploymentRevisions(args: GetDeploymentRevisionsArgs): Promise<RevisionInfo[]> {
  return core.getDeploymentRevisions(await invokeClient(), args);
}

/** {@link getDeploymentRevisions} as an `Output`. */
export function getDeploymentRevisionsOutput(args: pulumi.Input<GetDeploymentRevisionsArgs>): pulumi.Output<RevisionInfo[]> {
  return pulumi.output(args).apply((resolved) => getDeploymentRevisions(resolved as GetDeploymentRevisionsArgs));
}
