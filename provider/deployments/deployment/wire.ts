/** The Deployment's inputs on the wire: request bodies derived from the field table. */
import type { CreateDeploymentRequest, Deployment, PatchDeploymentRequest } from "../../client/contractTypes/controlPlane";
import { type ChangedFields, inPlaceApplied, toCreateBody, toUpdateBody } from "../../engine/fields/fields";
import { DEPLOYMENT_FIELDS, type DeploymentInputs } from "./fields";

/** Body of `POST /v2/deployments` (`secrets` is required on the wire: `[]` for none). */
export function toCreateRequest(inputs: DeploymentInputs): CreateDeploymentRequest {
  const body = toCreateBody<Partial<CreateDeploymentRequest>>(DEPLOYMENT_FIELDS, inputs);
  return { source_config: {}, source_revision_config: {}, secrets: [], name: inputs.name, source: inputs.source, ...body };
}

/**
 * The PATCH body for changed fields, derived from the field table: every
 * field changed in place or by a revision (an unset one as null, an unset
 * list as `[]`: the service replaces each list whole); when a revision is to
 * be made, the whole revision config too (the service builds the revision
 * from it).
 */
export function toPatchRequest(inputs: DeploymentInputs, changed: ChangedFields, newRevision: boolean): PatchDeploymentRequest {
  return toUpdateBody(DEPLOYMENT_FIELDS, inputs, changed, newRevision ? [REVISION_CONFIG] : []) as PatchDeploymentRequest;
}

/** The wire object the service replaces whole when it makes a revision. */
const REVISION_CONFIG = "source_revision_config";

/** Whether the service already holds what a PATCH sends in place (after a lost response). */
export function patchApplied(current: Deployment, body: PatchDeploymentRequest): boolean {
  return inPlaceApplied(DEPLOYMENT_FIELDS, current, body);
}

/** Body of a PATCH that only re-submits the revision config (a new revision of the same inputs). */
export function toResubmitRequest(inputs: DeploymentInputs): PatchDeploymentRequest {
  return toPatchRequest(inputs, { replace: [], inPlace: [], revision: [], local: [], createOnly: [] }, true);
}
