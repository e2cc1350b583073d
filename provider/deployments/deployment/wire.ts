/** The Deployment's inputs on the wire: request bodies derived from the field table. */
import type { CreateDeploymentRequest, Deployment, PatchDeploymentRequest } from "../../client/contractTypes/controlPlane";
import { type ChangedFields, inPlaceApplied, toCreateBody, toUpdateBody } from "../../engine/fields/fields";
import { VariablesUnreadableError } from "./errors";
import { DEPLOYMENT_FIELDS, type DeploymentInputs } from "./fields";

/**
 * Body of `POST /v2/deployments` (`secrets`, the one list of variables, is
 * required on the wire: `[]` for none). A deployment shipped from
 * `sourceArchive` is created with an empty revision config, as `langgraph
 * deploy` creates it: the service makes no revision until the PATCH that
 * names the upload ({@link toShippedRevisionRequest}).
 */
export function toCreateRequest(inputs: DeploymentInputs): CreateDeploymentRequest {
  const body = toCreateBody<Partial<CreateDeploymentRequest>>(DEPLOYMENT_FIELDS, inputs);
  const created = { source_config: {}, source_revision_config: {}, name: inputs.name, source: inputs.source, ...body, secrets: variablesOf(inputs, []) };
  return inputs.sourceArchive === undefined ? created : { ...created, source_revision_config: {} };
}

/**
 * The PATCH that makes the revision of an uploaded source (as `langgraph
 * deploy` sends it): the revision config sent whole with the upload's
 * object path and the config file's path in the archive, and
 * `revision_source: internal_source`; the other changes as
 * {@link toPatchRequest} sends them.
 */
export function toShippedRevisionRequest(
  inputs: DeploymentInputs,
  changed: ChangedFields,
  upload: { readonly objectPath: string; readonly configArchivePath: string },
  kept: readonly VariableBody[] = [],
): PatchDeploymentRequest {
  const body = toPatchRequest(inputs, changed, true, kept);
  return {
    ...body,
    revision_source: "internal_source",
    source_revision_config: { ...body.source_revision_config, source_tarball_path: upload.objectPath, langgraph_config_path: upload.configArchivePath },
  };
}

/** One entry of the service's list of a deployment's variables (`secrets` on the wire). */
export interface VariableBody {
  readonly name: string;
  readonly value: string;
}

/**
 * The service's one list of variables (`secrets`): the plain
 * `environmentVariables`, then the declared `secrets`, else `kept` (the
 * service's own secrets, which a program that declares none leaves as they are).
 */
export function variablesOf(inputs: DeploymentInputs, kept: readonly VariableBody[]): VariableBody[] {
  const plain = Object.entries(inputs.environmentVariables ?? {}).map(([name, value]) => ({ name, value }));
  return [...plain, ...(inputs.secrets?.map(({ name, value }) => ({ name, value })) ?? kept)];
}

/**
 * The service's secrets a write must send back because the program does not
 * declare them: the entries of its list that are none of the plain variables
 * `plainNames` (the previous ones and the new).
 *
 * @throws VariablesUnreadableError when the service did not answer their values.
 */
export function keptSecrets(deployment: Pick<Deployment, "name" | "secrets">, plainNames: ReadonlySet<string>, action: string): VariableBody[] {
  const kept = (deployment.secrets ?? []).filter((secret) => !plainNames.has(secret.name));
  const unreadable = kept.filter((secret) => typeof secret.value !== "string").map((secret) => secret.name);
  if (unreadable.length > 0) {
    throw new VariablesUnreadableError(
      `${action}: the service keeps environmentVariables and secrets in one list, so changing environmentVariables sends the secrets back, but it did not answer the values of ${unreadable.join(", ")}; declare secrets in the program`,
    );
  }
  return kept.map(({ name, value }) => ({ name, value: value as string }));
}

/**
 * The PATCH body for changed fields, derived from the field table: every
 * field changed in place or by a revision (an unset one as null, an unset
 * list as `[]`: the service replaces each list whole); when a revision is to
 * be made, the whole revision config too (the service builds the revision
 * from it).
 */
export function toPatchRequest(
  inputs: DeploymentInputs,
  changed: ChangedFields,
  newRevision: boolean,
  kept: readonly VariableBody[] = [],
): PatchDeploymentRequest {
  const body = toUpdateBody(DEPLOYMENT_FIELDS, inputs, changed, newRevision ? [REVISION_CONFIG] : []) as PatchDeploymentRequest;
  // The variables are one list on the wire: a change of either half sends both.
  const listChanged = changed.revision.includes("environmentVariables") || changed.revision.includes("secrets");
  return listChanged ? { ...body, secrets: variablesOf(inputs, changed.revision.includes("secrets") ? [] : kept) } : body;
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
