/**
 * The Deployment's hooks around the engine's create: instead of a create,
 * the adoption of the deployment `adoptExistingId` names; the POST on the
 * control plane (a lost answer found by name); after it, the display name
 * (the create request cannot carry it) and the wait until the revision is
 * `DEPLOYED`. The engine keeps the frame (`engine/kind/create.ts`): the
 * settings and client, one create however its answer is lost, the import
 * hint of a name taken, and the deployment kept in the stack, resumable,
 * when what follows the create fails.
 */
import type { LangSmithClient } from "../../client";
import { found } from "../../client/errors";
import type { OperationContext } from "../../engine/context/operation";
import { shortId } from "../../engine/context/progress";
import type { InputsOf } from "../../engine/fields/fields";
import type { StateOf } from "../../engine/kind/declaration";
import type { Created, CreateHooks, WriteRequest } from "../../engine/kind/hooks";
import { describeChanges, diffDeployment } from "./diff";
import { deploymentCalls } from "./endpoints";
import { AdoptionError } from "./errors";
import type { DEPLOYMENT_FIELDS, DeploymentInputs } from "./fields";
import { patchOnce } from "./patch";
import { settle, type SettlingDeployment } from "./revisionWait";
import { type DeploymentOutputs, outputsFrom, refreshedOutputs, withConfigDefaults } from "./state";
import { keptSecrets, toCreateRequest, toPatchRequest } from "./wire";

/** What a deployment's create hands on: the POST's answer, the deployment found by name, or the one adopted. */
type CreatedDeployment = Created<SettlingDeployment>;

/** A deployment's create as the engine hands it to the hooks. */
type DeploymentWrite = WriteRequest<InputsOf<typeof DEPLOYMENT_FIELDS>>;

/** What the next `pulumi up` does with a deployment whose create did not finish. */
const RESUME_HINT = "run pulumi up again to resume";

/** The Deployment's hooks around the engine's create (see the module's description). */
export const DEPLOYMENT_CREATE: CreateHooks<SettlingDeployment, InputsOf<typeof DEPLOYMENT_FIELDS>, StateOf<InputsOf<typeof DEPLOYMENT_FIELDS>>> = {
  take: ({ context, client, inputs }) =>
    inputs.adoptExistingId === undefined ? Promise.resolve(undefined) : adopt(context, client, withConfigDefaults(inputs)),
  post: ({ client, inputs }) => deploymentCalls.create(client, toCreateRequest(withConfigDefaults(inputs)), { name: inputs.name }),
  lookUp: ({ client, inputs }) => deploymentCalls.findByName(client, inputs.name, { name: inputs.name }),
  describe(wire, outcome) {
    const revision = `created with revision ${shortId(wire.latest_revision_id ?? "?")}`;
    if (outcome === "found") return "created (found by name after the create response was lost)";
    return outcome === "second" ? `${revision} (second attempt; the first never reached the service)` : revision;
  },
  resumeHint: RESUME_HINT,
  unfinished: unfinishedCreate,
  after: waitAfterCreate,
};

/** The outputs of a deployment whose create did not finish: its revision's status unknown, so the next up resumes the wait. */
function unfinishedCreate({ inputs }: DeploymentWrite, { wire, outcome, how }: CreatedDeployment): DeploymentOutputs {
  // Until the display name is patched (the create request cannot carry it), the outputs leave it out: the next up sends it.
  const { displayName, ...withoutDisplayName } = withConfigDefaults(inputs);
  const recorded = outcome === "taken" || displayName === undefined ? withConfigDefaults(inputs) : withoutDisplayName;
  return outputsFrom(recorded, { deployment: wire, revisionStatus: null }, `${how}; did not finish: ${RESUME_HINT}`);
}

/** After the service has the deployment: its display name (a create cannot carry it), then the wait for its revision. */
async function waitAfterCreate(request: DeploymentWrite, { wire, outcome, how }: CreatedDeployment): Promise<DeploymentOutputs> {
  const { context, client, settings, raw } = request;
  const inputs = withConfigDefaults(request.inputs);
  if (outcome === "taken") return settle(context, client, settings, inputs, wire, how, raw);
  const name = inputs.name;
  if (inputs.displayName !== undefined) await deploymentCalls.patch(client, wire.id, { display_name: inputs.displayName }, { name });
  return settle(context, client, settings, inputs, await deploymentCalls.get(client, wire.id, { name }), how, raw);
}

/**
 * Takes over the deployment `adoptExistingId` names, then brings it in line
 * with the inputs in one PATCH when it differs. A failure leaves nothing to
 * keep: the next up adopts again.
 */
async function adopt(context: OperationContext, client: LangSmithClient, inputs: DeploymentInputs): Promise<CreatedDeployment> {
  const id = inputs.adoptExistingId ?? "";
  const name = inputs.name;
  const deployment = await found(deploymentCalls.get(client, id, { name }));
  if (deployment === undefined) {
    throw new AdoptionError(`adopting deployment "${name}": no deployment with id ${id} in the configured workspace`, { status: 404 });
  }
  if (deployment.name !== name) {
    throw new AdoptionError(`adopting deployment "${name}": deployment ${id} is named "${deployment.name}"; set name to "${deployment.name}" to adopt it`);
  }
  const how = `adopted existing deployment ${id}`;
  const observed = refreshedOutputs({ ...outputsFrom(inputs, { deployment, revisionStatus: null }, "") }, { deployment, revisionStatus: null });
  const drift = diffDeployment(observed, { ...inputs });
  if (drift.replaces.length > 0) {
    throw new AdoptionError(
      `adopting deployment "${name}": ${describeChanges(drift.replaces)} differ from the existing deployment and cannot be changed in place`,
    );
  }
  // The id as the service spells it, whatever the input's spelling.
  if (drift.changed.inPlace.length === 0 && drift.changed.revision.length === 0) return { id: deployment.id, wire: deployment, outcome: "taken", how };
  // The service's own secrets go back with the plain variables when the program declares none (one list on the wire).
  const kept =
    inputs.secrets === undefined && drift.changed.revision.includes("environmentVariables")
      ? keptSecrets(deployment, new Set(Object.keys(inputs.environmentVariables ?? {})), `adopting deployment "${name}"`)
      : [];
  const body = toPatchRequest(inputs, drift.changed, drift.changed.revision.length > 0, kept);
  const patched = await patchOnce(context, client, deployment.id, name, body, deployment.latest_revision_id);
  const reconciled = `reconciled ${describeChanges([...drift.changed.inPlace, ...drift.changed.revision])}`;
  return { id: patched.id, wire: patched, outcome: "taken", how: `${how}; ${reconciled}` };
}
