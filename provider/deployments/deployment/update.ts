/**
 * The Deployment's hooks around the engine's update: what the changes need
 * sent (one PATCH, making exactly one new revision when a revision field
 * changed; a re-deploy of a failed revision; or nothing, to resume a wait
 * left unfinished), then the wait until the revision is `DEPLOYED`. The
 * engine keeps the frame (`engine/kind/write.ts`): the inputs checked, the
 * Diff's changed fields, the settings and client of the deployment's
 * workspace.
 */
import type { Deployment, LangSmithClient, PatchDeploymentRequest } from "../../client";
import { ApiConnectionError, MethodNotAllowedError, NotFoundError } from "../../client/errors";
import type { OperationContext } from "../../engine/context/operation";
import { logProgress, shortId } from "../../engine/context/progress";
import type { ChangedFields, InputsOf } from "../../engine/fields/fields";
import { isRecord } from "../../engine/fields/paths";
import type { StateOf } from "../../engine/kind/declaration";
import type { UpdateHooks } from "../../engine/kind/hooks";
import { describeChanges } from "./diff";
import { deploymentCalls } from "./endpoints";
import type { DEPLOYMENT_FIELDS, DeploymentInputs } from "./fields";
import { patchOnce } from "./patch";
import { settle } from "./revisionWait";
import { inputsWithFingerprint, needsResume, outputsFrom, recordedDeployment, type RecordedDeployment, withConfigDefaults } from "./state";
import { SOURCE_OUTPUTS } from "./outputs";
import { describeContent, sourceContentOf } from "./sourceContent";
import { packSource, releasePackedSource, type ShippedSource, uploadSource } from "./sourceShip";
import { keptSecrets, toPatchRequest, toResubmitRequest, toShippedRevisionRequest, type VariableBody } from "./wire";

/** What an update sent: the deployment as the service answered it, and whether a wait for its revision follows. */
export interface SentDeployment {
  readonly deployment: Deployment;
  /** True when the update made a revision (or resumes a wait left unfinished): `after` waits until it is `DEPLOYED`. */
  readonly waits: boolean;
  /** The source it uploaded, when `sourceArchive`'s content changed. */
  readonly shipped?: ShippedSource;
}

/** The Deployment's hooks around the engine's update (see the module's description). */
export const DEPLOYMENT_UPDATE: UpdateHooks<SentDeployment, InputsOf<typeof DEPLOYMENT_FIELDS>, StateOf<InputsOf<typeof DEPLOYMENT_FIELDS>>> = {
  async send({ context, client, id, olds, inputs: checked, raw, changed, action }) {
    const inputs = withConfigDefaults(checked);
    const previous = recordedDeployment(olds);
    const resume = needsResume(previous) && inputs.waitForDeployed !== false;
    const resumedRevision = resume ? previous.latestRevisionId : undefined;
    const failedRevisionId = resume && isFailed(previous.latestRevisionStatus) ? previous.latestRevisionId : undefined;
    const failure = `re-submitted revision after ${previous.latestRevisionStatus ?? "failure"}`;
    if (changed.inPlace.length === 0 && changed.revision.length === 0) {
      if (failedRevisionId !== undefined) {
        // Nothing changed since the revision failed: ask the service to build it again.
        const deployment = await redeployOnce(context, client, id, inputs, failedRevisionId);
        return { wire: { deployment, waits: true }, what: `${failure}: new revision ${shortId(deployment.latest_revision_id ?? "?")}` };
      }
      if (resumedRevision === undefined) return undefined;
      // The last wait timed out or was interrupted: poll the same revision again.
      const deployment = await deploymentCalls.get(client, id, { name: inputs.name });
      const what = `resumed waiting for revision ${shortId(resumedRevision)} (was ${previous.latestRevisionStatus ?? "unknown"})`;
      return { wire: { deployment, waits: true }, what };
    }
    const newRevision = changed.revision.length > 0 || failedRevisionId !== undefined;
    const kept = needsKeptSecrets(inputs, changed) ? await serviceSecrets(client, id, inputs, olds, action) : [];
    const { body, shipped } = await revisionBody(context, client, id, inputs, raw, olds, changed, newRevision, kept);
    const deployment = await patchOnce(context, client, id, inputs.name, body, previous.latestRevisionId);
    const revision = shortId(deployment.latest_revision_id ?? "?");
    if (!newRevision) {
      const patched = `patched in place (${describeChanges(changed.inPlace)}); no new revision`;
      // A wait left unfinished (timed out, interrupted, or cut by a failure after the create) resumes after the in-place patch.
      if (resumedRevision !== undefined)
        return { wire: { deployment, waits: true }, what: `${patched}; resumed waiting for revision ${shortId(resumedRevision)}` };
      return { wire: { deployment, waits: false }, what: patched };
    }
    const reason =
      changed.revision.length > 0
        ? `new revision ${revision} (${describeRevisionChange(previous, inputs, changed.revision, olds, raw)})`
        : `${failure}: new revision ${revision}`;
    const source = shipped === undefined ? {} : { shipped };
    return {
      wire: { deployment, waits: true, ...source },
      what: changed.inPlace.length > 0 ? `${reason}; patched ${describeChanges(changed.inPlace)}` : reason,
    };
  },
  async after({ context, client, settings, inputs: checked, raw, olds, changed }, sent) {
    const inputs = withConfigDefaults(checked);
    if (sent === undefined) {
      const what = changed.local.length > 0 ? `updated provider settings (${describeChanges(changed.local)}); no API call` : "no change";
      return { ...olds, ...inputsWithFingerprint(inputs, olds), lastOperation: what };
    }
    const { deployment, waits, shipped } = sent.wire;
    if (waits) return settle(context, client, settings, inputs, deployment, sent.what, raw, olds, shipped);
    const source = shipped === undefined ? {} : { shipped };
    return outputsFrom(inputs, { deployment, revisionStatus: recordedDeployment(olds).latestRevisionStatus ?? null, ...source }, sent.what, olds);
  },
};

/**
 * The PATCH of an update. A deployment shipped from `sourceArchive` names
 * its archive in every revision: the one uploaded now when the content
 * changed (packed before any request of the update's PATCH), else the one
 * recorded; the config's path is its path in the archive.
 */
async function revisionBody(
  context: OperationContext,
  client: LangSmithClient,
  id: string,
  inputs: DeploymentInputs,
  raw: Record<string, unknown>,
  olds: Record<string, unknown>,
  changed: ChangedFields,
  newRevision: boolean,
  kept: readonly VariableBody[],
): Promise<{ body: PatchDeploymentRequest; shipped?: ShippedSource }> {
  const content = sourceContentOf(raw);
  const recordedPath = olds[SOURCE_OUTPUTS.objectPath];
  if (!newRevision || inputs.sourceArchive === undefined || content === undefined) return { body: toPatchRequest(inputs, changed, newRevision, kept) };
  if (!changed.revision.includes("sourceArchive") && typeof recordedPath === "string") {
    return { body: toShippedRevisionRequest(inputs, changed, { objectPath: recordedPath, configArchivePath: content.configArchivePath }, kept) };
  }
  const packed = await packSource(context, inputs.name, raw);
  if (packed === undefined) return { body: toPatchRequest(inputs, changed, newRevision, kept) };
  try {
    const shipped = await uploadSource(context, client, id, inputs.name, packed);
    return { body: toShippedRevisionRequest(inputs, changed, { objectPath: shipped.objectPath, configArchivePath: packed.configArchivePath }, kept), shipped };
  } finally {
    await releasePackedSource(packed);
  }
}

/**
 * Re-deploys a failed revision (`POST …/revisions/{id}/redeploy`), the
 * service's own retry: no secret is sent again. When the response is lost, a
 * revision newer than the failed one means it was committed. A service
 * without the operation (404 for the route, 405) gets the equivalent PATCH.
 */
async function redeployOnce(
  context: OperationContext,
  client: LangSmithClient,
  id: string,
  inputs: DeploymentInputs,
  failedRevisionId: string,
): Promise<Deployment> {
  const name = inputs.name;
  try {
    return await deploymentCalls.redeploy(client, id, failedRevisionId, { name });
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof MethodNotAllowedError) {
      const current = await deploymentCalls.get(client, id, { name });
      logProgress(
        context,
        "deployment",
        name,
        `the service cannot re-deploy revision ${shortId(failedRevisionId)} (${error.status}); sending the revision config again instead`,
      );
      return patchOnce(context, client, id, name, toResubmitRequest(inputs), current.latest_revision_id);
    }
    if (!(error instanceof ApiConnectionError)) throw error;
    logProgress(context, "deployment", name, "the re-deploy response was lost; checking whether the service made the revision before retrying");
    const current = await deploymentCalls.get(client, id, { name });
    if (current.latest_revision_id !== failedRevisionId && current.latest_revision_id !== null) return current;
    return deploymentCalls.redeploy(client, id, failedRevisionId, { name });
  }
}

/** Whether a PATCH must send back the service's own secrets: the plain variables changed, and the program declares no secrets (the service keeps both in one list). */
function needsKeptSecrets(inputs: DeploymentInputs, changed: ChangedFields): boolean {
  return changed.revision.includes("environmentVariables") && !changed.revision.includes("secrets") && inputs.secrets === undefined;
}

/** The service's secrets the program does not declare: its list of variables less the plain ones, before and after. */
async function serviceSecrets(
  client: LangSmithClient,
  id: string,
  inputs: DeploymentInputs,
  olds: Record<string, unknown>,
  action: string,
): Promise<VariableBody[]> {
  const deployment = await deploymentCalls.get(client, id, { name: inputs.name });
  const previous = olds["environmentVariables"];
  const names = new Set([...Object.keys(inputs.environmentVariables ?? {}), ...(isRecord(previous) ? Object.keys(previous) : [])]);
  return keptSecrets(deployment, names, action);
}

function isFailed(status: string | undefined): boolean {
  return typeof status === "string" && status.includes("FAILED");
}

/** Plain words for a revision change, e.g. `repoRef main→v2, secrets`; secret values are never shown. */
function describeRevisionChange(
  previous: RecordedDeployment,
  inputs: DeploymentInputs,
  paths: readonly string[],
  olds: Record<string, unknown>,
  raw: Record<string, unknown>,
): string {
  return paths
    .map((path) => {
      if (path === "secrets") return "secrets changed";
      if (path === "secretReferences") return "secret references changed";
      if (path === "sourceArchive") return describeSourceChange(olds, raw);
      if (path === "environmentVariables") return describeVariablesChange(previous.environmentVariables, inputs.environmentVariables);
      const [group, key] = path.split(".") as ["sourceConfig" | "sourceRevisionConfig", string];
      const before = previous[group]?.[key] ?? "unset";
      const after = (inputs[group] as Record<string, unknown>)[key] ?? "unset";
      return `${key} ${String(before)}→${String(after)}`;
    })
    .join(", ");
}

/** Plain words for a change of the shipped source, e.g. `source changed (13 files, 11.9 KiB → 14 files, 12.3 KiB)`. */
function describeSourceChange(olds: Record<string, unknown>, raw: Record<string, unknown>): string {
  const content = sourceContentOf(raw);
  const fileCount = olds[SOURCE_OUTPUTS.fileCount];
  const sizeBytes = olds[SOURCE_OUTPUTS.sizeBytes];
  const before = typeof fileCount === "number" && typeof sizeBytes === "number" ? describeContent({ fileCount, sizeBytes }) : "none shipped";
  return content === undefined ? "source changed" : `source changed (${before} → ${describeContent(content)})`;
}

/** Plain words for a change of the plain variables, e.g. `LOG_LEVEL info→debug, FEATURE_FLAGS unset→beta` (their values are not secret). */
function describeVariablesChange(before: Readonly<Record<string, unknown>> | undefined, after: Readonly<Record<string, string>> | undefined): string {
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return names
    .filter((name) => before?.[name] !== after?.[name])
    .map((name) => `${name} ${String(before?.[name] ?? "unset")}→${after?.[name] ?? "unset"}`)
    .join(", ");
}
