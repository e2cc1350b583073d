/**
 * The Deployment's hooks around the engine's create: first, before any
 * request, a `sourceArchive` packed (refused over 200 MiB); instead of a
 * create, the adoption of the deployment `adoptExistingId` names, or of an
 * `internal_source` deployment of the same name that an interrupted create
 * left without a revision; the POST on the control plane (a lost answer
 * found by name); after it, the upload and the PATCH that makes the first
 * revision of a shipped source, the display name (the create request cannot
 * carry it) and the wait until the revision is `DEPLOYED`. The engine keeps the frame (`engine/kind/create.ts`): the
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
import type { ChangedFields } from "../../engine/fields/fields";
import { type DeploymentDiff, describeChanges, diffDeployment } from "./diff";
import { deploymentCalls } from "./endpoints";
import { AdoptionError } from "./errors";
import type { DEPLOYMENT_FIELDS, DeploymentInputs } from "./fields";
import { patchOnce } from "./patch";
import { settle, type SettlingDeployment } from "./revisionWait";
import { type DeploymentOutputs, outputsFrom, refreshedOutputs, withConfigDefaults } from "./state";
import { describeContent } from "./sourceContent";
import { type PackedSource, packSource, releasePackedSource, type ShippedSource, uploadSource } from "./sourceShip";
import { keptSecrets, toCreateRequest, toPatchRequest, toShippedRevisionRequest } from "./wire";

/** What a deployment's create hands on: the POST's answer, the deployment found by name, or the one adopted. */
type CreatedDeployment = Created<SettlingDeployment>;

/** A deployment's create as the engine hands it to the hooks. */
type DeploymentWrite = WriteRequest<InputsOf<typeof DEPLOYMENT_FIELDS>>;

/** What the next `pulumi up` does with a deployment whose create did not finish. */
const RESUME_HINT = "run pulumi up again to resume";

/** The Deployment's hooks around the engine's create (see the module's description). */
export const DEPLOYMENT_CREATE: CreateHooks<
  SettlingDeployment,
  InputsOf<typeof DEPLOYMENT_FIELDS>,
  StateOf<InputsOf<typeof DEPLOYMENT_FIELDS>>,
  PackedSource | undefined
> = {
  prepare: ({ context, name, raw }) => packSource(context, name, raw),
  release: releasePackedSource,
  take({ context, client, inputs }, packed) {
    if (inputs.adoptExistingId !== undefined) return adopt(context, client, withConfigDefaults(inputs));
    return packed === undefined ? Promise.resolve(undefined) : unfinishedSourceDeployment(client, inputs.name);
  },
  post: ({ client, inputs }) => deploymentCalls.create(client, toCreateRequest(withConfigDefaults(inputs)), { name: inputs.name }),
  lookUp: ({ client, inputs }) => deploymentCalls.findByName(client, inputs.name, { name: inputs.name }),
  describe(wire, outcome) {
    // A deployment shipped from its source has no revision until its upload's PATCH: `after` says which revision that made.
    const revision =
      wire.latest_revision_id === null || wire.latest_revision_id === undefined ? "created" : `created with revision ${shortId(wire.latest_revision_id)}`;
    if (outcome === "found") return "created (found by name after the create response was lost)";
    return outcome === "second" ? `${revision} (second attempt; the first never reached the service)` : revision;
  },
  resumeHint: RESUME_HINT,
  unfinished: unfinishedCreate,
  after: waitAfterCreate,
};

/** The changes that leave `sourceArchive` out (its upload makes its own revision). */
function withoutSourceArchive(diff: DeploymentDiff): DeploymentDiff {
  const revision = diff.changed.revision.filter((path) => path !== "sourceArchive");
  return { ...diff, changed: { ...diff.changed, revision } };
}

/** No field changed: the first revision of a shipped source sends the revision config whole, nothing else. */
const NO_CHANGES: ChangedFields = { replace: [], inPlace: [], revision: [], local: [], createOnly: [] };

/** The outputs of a deployment whose create did not finish: its revision's status unknown, so the next up resumes the wait. */
function unfinishedCreate({ inputs }: DeploymentWrite, { wire, outcome, how }: CreatedDeployment): DeploymentOutputs {
  // Until the display name is patched (the create request cannot carry it), the outputs leave it out: the next up sends it.
  const { displayName, ...withoutDisplayName } = withConfigDefaults(inputs);
  const recorded = outcome === "taken" || displayName === undefined ? withConfigDefaults(inputs) : withoutDisplayName;
  return outputsFrom(recorded, { deployment: wire, revisionStatus: null }, `${how}; did not finish: ${RESUME_HINT}`);
}

/**
 * An `internal_source` deployment named `name` with no revision: one an
 * earlier create made and could not finish (it stopped before its upload).
 * It is this program's to finish; a deployment of that name with a revision
 * is left to the create, which the name refuses with the import hint.
 */
async function unfinishedSourceDeployment(client: LangSmithClient, name: string): Promise<CreatedDeployment | undefined> {
  const existing = await deploymentCalls.findByName(client, name, { name });
  if (existing === undefined || existing.source !== "internal_source" || (existing.latest_revision_id ?? null) !== null) return undefined;
  return { id: existing.id, wire: existing, outcome: "taken", how: `finished deployment ${existing.id}, which an interrupted create left without a revision` };
}

/**
 * The first revision of a shipped source: the upload, then one PATCH naming
 * it (with the display name, which the create request cannot carry).
 */
async function shipFirstRevision(
  request: DeploymentWrite,
  wire: SettlingDeployment,
  packed: PackedSource,
): Promise<{ deployment: SettlingDeployment; shipped: ShippedSource }> {
  const { context, client } = request;
  const inputs = withConfigDefaults(request.inputs);
  const shipped = await uploadSource(context, client, wire.id, inputs.name, packed);
  const body = toShippedRevisionRequest(inputs, NO_CHANGES, { objectPath: shipped.objectPath, configArchivePath: packed.configArchivePath });
  const withName = inputs.displayName === undefined ? body : { ...body, display_name: inputs.displayName };
  return { deployment: await patchOnce(context, client, wire.id, inputs.name, withName, null), shipped };
}

/** After the service has the deployment: a shipped source's upload, or its display name (a create cannot carry it); then the wait for its revision. */
async function waitAfterCreate(
  request: DeploymentWrite,
  { wire, outcome, how }: CreatedDeployment,
  packed: PackedSource | undefined,
): Promise<DeploymentOutputs> {
  const { context, client, settings, raw } = request;
  const inputs = withConfigDefaults(request.inputs);
  if (packed !== undefined && (outcome !== "taken" || (wire.latest_revision_id ?? null) === null || inputs.adoptExistingId !== undefined)) {
    const { deployment, shipped } = await shipFirstRevision(request, wire, packed);
    const what = `${how}; shipped the source (${describeContent(shipped)}) as revision ${shortId(deployment.latest_revision_id ?? "?")}`;
    return settle(context, client, settings, inputs, deployment, what, raw, undefined, shipped);
  }
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
  // A source to ship is shipped after the adoption, as a new revision: what the existing revision holds cannot be compared.
  const drift = withoutSourceArchive(diffDeployment(observed, { ...inputs }));
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
