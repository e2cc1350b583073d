/** The Deployment's inputs on the wire: request bodies derived from the field table. */
import type { CreateDeploymentRequest, PatchDeploymentRequest } from "../client/schemas/deployments";
import type { ChangedFields } from "../shared/fields";
import { getPath, setPath } from "../shared/paths";
import { toWireBody } from "../shared/fields";
import { DEPLOYMENT_FIELDS, type DeploymentInputs } from "./fields";

/** Body of `POST /v2/deployments` (`secrets` is required on the wire: `[]` for none). */
export function toCreateRequest(inputs: DeploymentInputs): CreateDeploymentRequest {
  const body = toWireBody(DEPLOYMENT_FIELDS, inputs);
  return { source_config: {}, source_revision_config: {}, secrets: [], ...body } as unknown as CreateDeploymentRequest;
}

/**
 * The PATCH body for changed fields: the changed `sourceConfig` keys (in-place
 * ones, and build settings that make a revision; an unset one is sent as
 * null) in `source_config`; when a revision is to be made, the whole revision
 * config, plus `secrets` and `secret_references` when they changed (the
 * service replaces each list whole; `[]` clears it).
 */
export function toPatchRequest(inputs: DeploymentInputs, changed: ChangedFields, newRevision: boolean): PatchDeploymentRequest {
  const sent: Record<string, unknown> = structuredClone(inputs) as unknown as Record<string, unknown>;
  const configPaths = [...changed.inPlace, ...changed.revision].filter((path) => path.startsWith("sourceConfig."));
  const paths = [...configPaths];
  for (const path of configPaths) if (getPath(sent, path) === undefined) setPath(sent, path, null);
  if (newRevision) {
    paths.push(...DEPLOYMENT_FIELDS.filter((field) => field.path.startsWith("sourceRevisionConfig.")).map((field) => field.path));
    for (const list of ["secrets", "secretReferences"] as const) {
      if (!changed.revision.includes(list)) continue;
      paths.push(list);
      if (sent[list] === undefined) sent[list] = [];
    }
  }
  const body = toWireBody(DEPLOYMENT_FIELDS, sent, paths) as PatchDeploymentRequest;
  if (newRevision && body.source_revision_config === undefined) body.source_revision_config = {};
  return body;
}

/** Body of a PATCH that only re-submits the revision config (a new revision of the same inputs). */
export function toResubmitRequest(inputs: DeploymentInputs): PatchDeploymentRequest {
  return toPatchRequest(inputs, { replace: [], inPlace: [], revision: [], local: [], createOnly: [] }, true);
}
