/**
 * The Deployment's outputs: the inputs echoed for diffing (secrets as
 * fingerprints only) plus what the service reported; refresh; and the
 * migration of outputs written by older releases.
 */
import type { Deployment, DeploymentSecret } from "../../client/contractTypes/controlPlane";
import { mergeTimings, parseTimings, type RevisionTiming } from "../../client/revisionTimings";
import { type InputsOf, readInputs, refreshFields } from "../../engine/fields/fields";
import { getPath, isRecord, setPath } from "../../engine/fields/paths";
import { COMMIT_SHA } from "../../engine/fields/validators";
import { migrateOutputs } from "../../engine/state/stateVersion";
import { DEPLOYMENT_FIELDS, type DeploymentInputs } from "./fields";
import { fingerprintSecrets, parseSecretsFingerprint, reconcileWithService, type SecretsFingerprint } from "./fingerprint";
import { DEPLOYMENT_STATE_VERSION, SOURCE_OUTPUTS } from "./outputs";
import type { ShippedSource } from "./sourceShip";

/** Everything the resource records. */
export type DeploymentOutputs = Omit<DeploymentInputs, "secrets"> & {
  /** Fingerprints of the declared secrets; absent when there are none. */
  secretsFingerprint?: SecretsFingerprint;
  latestRevisionId: string | null;
  latestRevisionStatus: string | null;
  status: string | null;
  tenantId: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  lastOperation: string;
  stateVersion: number;
  /** The source last shipped from `sourceArchive` (see `outputs.ts`); absent without it. */
  sourceContentHash?: string;
  sourceFileCount?: number;
  sourceSizeBytes?: number;
  sourceObjectPath?: string;
  /**
   * How long this deployment's recent revisions took to reach `DEPLOYED`, newest first (at most 5),
   * as the provider's waits observed them; the next wait predicts from these. Absent until a wait
   * has finished. Durations only: no secret, no timestamp of this machine.
   */
  revisionTimings?: RevisionTiming[];
};

/** Checked inputs as the operations use them (`sourceConfig` and `sourceRevisionConfig` default to `{}`). */
export function parseInputs(raw: Record<string, unknown>): DeploymentInputs {
  return withConfigDefaults(readInputs<InputsOf<typeof DEPLOYMENT_FIELDS>>(DEPLOYMENT_FIELDS, raw));
}

/** The checked inputs with `sourceConfig` and `sourceRevisionConfig` defaulting to `{}`, as the operations use them. */
export function withConfigDefaults(inputs: InputsOf<typeof DEPLOYMENT_FIELDS>): DeploymentInputs {
  return { ...inputs, sourceConfig: inputs.sourceConfig ?? {}, sourceRevisionConfig: inputs.sourceRevisionConfig ?? {} };
}

/** What the service said about a deployment and its newest revision. */
export interface ObservedDeployment {
  deployment: Deployment;
  revisionStatus: string | null;
}

/** The facts outputs record of a deployment: a full GET, or only the create's answer. */
export type DeploymentFacts = Partial<Pick<Deployment, "latest_revision_id" | "status" | "tenant_id" | "created_at" | "updated_at">>;

/**
 * Outputs of any release in today's layout: the one place old state is
 * recognised. Version 1 kept the secrets themselves; they become a fingerprint.
 */
export function migrateDeploymentOutputs(outputs: Record<string, unknown>): Record<string, unknown> {
  return migrateOutputs("deployment", outputs, DEPLOYMENT_STATE_VERSION, {
    1: ({ secrets, ...rest }) => {
      if (!Array.isArray(secrets) || parseSecretsFingerprint(rest["secretsFingerprint"]) !== undefined) return rest;
      const plain = secrets.filter((s): s is { name: string; value: string } => typeof s?.name === "string" && typeof s?.value === "string");
      const secretsFingerprint = fingerprintSecrets(plain);
      return secretsFingerprint === undefined ? rest : { ...rest, secretsFingerprint };
    },
  });
}

/**
 * Outputs after a create or update: the inputs as given (secrets as
 * fingerprints, reusing the previous salt so unchanged secrets keep theirs),
 * plus what the service reported, and the revisions' timings: `timing` (what
 * a wait that finished observed) in front of the recorded ones.
 */
export function outputsFrom(
  inputs: DeploymentInputs,
  observed: { deployment: DeploymentFacts; revisionStatus: string | null; shipped?: ShippedSource },
  lastOperation: string,
  previous?: Record<string, unknown>,
  timing?: RevisionTiming,
): DeploymentOutputs {
  const { deployment } = observed;
  // What the wait observed (if it finished) in front of the recorded timings.
  const timings = mergeTimings(timing === undefined ? [] : [timing], parseTimings(previous?.["revisionTimings"]));
  return {
    ...inputsWithFingerprint(inputs, previous),
    ...(timings.length > 0 ? { revisionTimings: timings } : {}),
    ...sourceOutputsOf(inputs, observed.shipped, previous),
    latestRevisionId: deployment.latest_revision_id ?? null,
    latestRevisionStatus: observed.revisionStatus,
    status: deployment.status ?? null,
    tenantId: deployment.tenant_id ?? null,
    createdAt: deployment.created_at ?? null,
    updatedAt: deployment.updated_at ?? null,
    lastOperation,
    stateVersion: DEPLOYMENT_STATE_VERSION,
  };
}

/**
 * The source outputs: those of the source just shipped, else the recorded
 * ones while the program still ships from `sourceArchive`; none without it.
 */
function sourceOutputsOf(inputs: DeploymentInputs, shipped: ShippedSource | undefined, previous: Record<string, unknown> | undefined): Record<string, unknown> {
  if (inputs.sourceArchive === undefined) return {};
  if (shipped !== undefined) {
    return {
      [SOURCE_OUTPUTS.contentHash]: shipped.contentHash,
      [SOURCE_OUTPUTS.fileCount]: shipped.fileCount,
      [SOURCE_OUTPUTS.sizeBytes]: shipped.sizeBytes,
      [SOURCE_OUTPUTS.objectPath]: shipped.objectPath,
    };
  }
  const recorded: Record<string, unknown> = {};
  for (const key of Object.values(SOURCE_OUTPUTS)) if (previous?.[key] !== undefined) recorded[key] = previous[key];
  return recorded;
}

/** The inputs as outputs record them: everything but the secrets, which are fingerprinted (with the previous salt when there is one). */
export function inputsWithFingerprint(
  inputs: DeploymentInputs,
  previous?: Record<string, unknown>,
): Omit<DeploymentInputs, "secrets"> & { secretsFingerprint?: SecretsFingerprint } {
  const { secrets, ...rest } = inputs;
  const recorded = previous !== undefined ? parseSecretsFingerprint(previous["secretsFingerprint"]) : undefined;
  // Imported secrets the program does not declare stay unmanaged: their record is kept.
  if (secrets === undefined && recorded?.imported === true) return { ...rest, secretsFingerprint: recorded };
  const secretsFingerprint = fingerprintSecrets(secrets, recorded?.salt);
  return secretsFingerprint === undefined ? rest : { ...rest, secretsFingerprint };
}

/**
 * Outputs after a refresh: each field the table follows takes the service's
 * value (fields the program leaves unset are not managed and stay unset), so
 * out-of-band changes show as drift. A `repoRef` the service resolved to the
 * built commit (branch kept in `repo_branch`) is not drift. The service's
 * secret values are only compared with the recorded fingerprints; they never
 * reach the outputs.
 *
 * @param fields the previous outputs with the table's fields refreshed from the answer, when the caller has them (the engine's Read does); default: refreshed here.
 */
export function refreshedOutputs(
  previous: Record<string, unknown>,
  observed: ObservedDeployment,
  fields: Record<string, unknown> = refreshFields(DEPLOYMENT_FIELDS, previous, observed.deployment),
): Record<string, unknown> {
  const { deployment } = observed;
  const refreshed = { ...fields };
  refreshed["sourceConfig"] ??= {};
  refreshed["sourceRevisionConfig"] ??= {};
  const declaredRef = getPath(previous, "sourceRevisionConfig.repoRef");
  const serverRef = deployment.source_revision_config.repo_ref;
  if (typeof declaredRef === "string" && typeof serverRef === "string" && COMMIT_SHA.test(serverRef) && deployment.source_config.repo_branch === declaredRef) {
    setPath(refreshed, "sourceRevisionConfig.repoRef", declaredRef);
  }
  // The service's one list holds the plain variables too: those the outputs record are read as such, the rest as secrets.
  const { variables, secrets } = splitVariables(previous["environmentVariables"], deployment.secrets ?? undefined);
  if (variables !== undefined) refreshed["environmentVariables"] = variables;
  const secretsFingerprint = reconcileWithService(parseSecretsFingerprint(previous["secretsFingerprint"]), secrets);
  if (secretsFingerprint === undefined) delete refreshed["secretsFingerprint"];
  else refreshed["secretsFingerprint"] = secretsFingerprint;
  return {
    ...refreshed,
    latestRevisionId: deployment.latest_revision_id ?? null,
    latestRevisionStatus: observed.revisionStatus,
    status: deployment.status ?? null,
    tenantId: deployment.tenant_id ?? previous["tenantId"],
    updatedAt: deployment.updated_at ?? previous["updatedAt"],
    stateVersion: DEPLOYMENT_STATE_VERSION,
  };
}

/** True when the previous outputs record a wait that did not end in `DEPLOYED`. */
export function needsResume(previous: {
  readonly waitForDeployed?: unknown;
  readonly latestRevisionId?: unknown;
  readonly latestRevisionStatus?: unknown;
}): boolean {
  if (previous.waitForDeployed === false) return false;
  return typeof previous.latestRevisionId === "string" && previous.latestRevisionStatus !== "DEPLOYED";
}

/** What the writes read of the recorded outputs, each by its type: absent where the state holds none (or a value of another type). */
export interface RecordedDeployment {
  readonly name?: string;
  readonly workspaceId?: string;
  readonly tenantId?: string;
  readonly latestRevisionId?: string;
  readonly latestRevisionStatus?: string;
  /** Seconds. */
  readonly deleteTimeoutSeconds?: number;
  readonly waitForDeployed?: boolean;
  readonly sourceConfig?: Readonly<Record<string, unknown>>;
  readonly sourceRevisionConfig?: Readonly<Record<string, unknown>>;
  readonly environmentVariables?: Readonly<Record<string, unknown>>;
}

/** The recorded outputs (today's layout) as the writes read them (see {@link RecordedDeployment}). */
export function recordedDeployment(outputs: Record<string, unknown>): RecordedDeployment {
  const pick = <T>(key: keyof RecordedDeployment, is: (value: unknown) => value is T): Record<string, T> => (is(outputs[key]) ? { [key]: outputs[key] } : {});
  const isString = (value: unknown): value is string => typeof value === "string";
  const isRecordValue = (value: unknown): value is Record<string, unknown> => isRecord(value);
  return {
    ...pick("name", isString),
    ...pick("workspaceId", isString),
    ...pick("tenantId", isString),
    ...pick("latestRevisionId", isString),
    ...pick("latestRevisionStatus", isString),
    ...pick("deleteTimeoutSeconds", (value): value is number => typeof value === "number"),
    ...pick("waitForDeployed", (value): value is boolean => typeof value === "boolean"),
    ...pick("sourceConfig", isRecordValue),
    ...pick("sourceRevisionConfig", isRecordValue),
    ...pick("environmentVariables", isRecordValue),
  };
}

/**
 * The service's list of variables split as the outputs record it: the plain
 * variables the previous outputs name (a name the service no longer has is
 * dropped: drift), and the rest, which are the secrets. `variables` is
 * `undefined` (keep what is recorded) when none are recorded or the service
 * answered no values.
 */
function splitVariables(
  recorded: unknown,
  server: readonly DeploymentSecret[] | undefined,
): { variables: Record<string, string> | undefined; secrets: readonly DeploymentSecret[] | undefined } {
  if (!isRecord(recorded) || server === undefined) return { variables: undefined, secrets: server };
  const names = new Set(Object.keys(recorded));
  const secrets = server.filter((entry) => !names.has(entry.name));
  const plain = server.filter((entry) => names.has(entry.name));
  if (plain.some((entry) => typeof entry.value !== "string")) return { variables: undefined, secrets };
  return { variables: Object.fromEntries(plain.map((entry) => [entry.name, entry.value as string])), secrets };
}
