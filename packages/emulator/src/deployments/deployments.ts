/**
 * What the deployment routes do to the state: create, PATCH, redeploy and
 * (single or bulk) asynchronous delete. Rendering is in `deploymentWire.ts`,
 * lookups in `deploymentStore.ts`.
 */
import { randomUUID } from "node:crypto";
import type { EmulatorContext } from "../core/context";
import { expandResourceSpec } from "./deploymentWire";
import { deploymentRevisions, findRevision, purgeDeleted, workspaceDeployments } from "./deploymentStore";
import { detailError, type FastApiValidationError, ValidationFailure } from "../http/errors";
import { canonicalUuid, isUuid } from "../http/params";
import { DEFAULT_FAILURE_STEP, supersede } from "./revisions";
import type { DeploymentCreateBody, DeploymentPatchBody, DeploymentRevisionCreateBody, SourceConfigBody } from "./deploymentSchemas";
import { REVISION_STEPS, type DeploymentRecord, type RevisionFailure, type RevisionRecord, type SourceBuildRecord } from "../core/types";

/** Source-config fields that cannot change after creation (changing them needs a new deployment). */
export const IMMUTABLE_SOURCE_CONFIG_FIELDS = ["integration_id", "repo_url", "deployment_type"] as const;

/**
 * Fields a new deployment needs beyond the contract's schema, by source: the
 * service answers 422 "Field required" for them. An `internal_source`
 * deployment needs none: created without `source_tarball_path`, it has no
 * revision until a PATCH names its uploaded archive (langgraph-cli's
 * `deploy --remote`: create, upload, PATCH).
 */
const REQUIRED_BY_SOURCE: Readonly<Record<string, readonly [string, readonly string[]][]>> = {
  github: [
    ["source_config", ["integration_id", "repo_url", "deployment_type"]],
    ["source_revision_config", ["repo_ref", "langgraph_config_path"]],
  ],
  external_docker: [["source_revision_config", ["image_uri"]]],
  internal_docker: [["source_revision_config", ["image_uri"]]],
  internal_template: [["source_config", ["template_id"]]],
};

function missingFieldErrors(body: DeploymentCreateBody): FastApiValidationError[] {
  const sections: Record<string, Record<string, unknown>> = {
    source_config: body.source_config,
    source_revision_config: body.source_revision_config,
  };
  const errors: FastApiValidationError[] = [];
  for (const [section, fields] of REQUIRED_BY_SOURCE[body.source] ?? []) {
    const values = sections[section] ?? {};
    for (const field of fields) {
      if (values[field] === undefined || values[field] === null) {
        errors.push({ type: "missing", loc: ["body", section, field], msg: "Field required", input: values });
      }
    }
  }
  return errors;
}

function definedEntries(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

function canonical(value: string | null | undefined): string | null | undefined {
  return typeof value === "string" && isUuid(value) ? canonicalUuid(value) : value;
}

/** The `source_config` keys a request sets, normalised for storage (UUIDs canonical, resource spec expanded). */
function sourceConfigUpdate(sc: SourceConfigBody): Record<string, unknown> {
  const update = definedEntries({ ...sc, integration_id: canonical(sc.integration_id), listener_id: canonical(sc.listener_id) });
  if ("resource_spec" in update) update["resource_spec"] = expandResourceSpec(sc.resource_spec);
  return update;
}

function takeFailure(ctx: EmulatorContext, deployment: DeploymentRecord): RevisionFailure | null {
  const byName = ctx.pendingFailuresByName.get(deployment.name);
  if (byName) {
    ctx.pendingFailuresByName.delete(deployment.name);
    return byName;
  }
  const failure = deployment.pendingFailure;
  deployment.pendingFailure = null;
  return failure;
}

/**
 * The failure a revision ends in: a build that fails on its archive fails at
 * the end of `BUILDING`, unless an injected failure happens before.
 */
function failureOf(injected: RevisionFailure | null, build: SourceBuildRecord | undefined): RevisionFailure | null {
  if (build?.failure === null || build === undefined) return injected;
  const buildStep = REVISION_STEPS.indexOf("BUILDING");
  if (injected !== null && REVISION_STEPS.indexOf(injected.atStep) < buildStep) return injected;
  return { status: "BUILD_FAILED", atStep: "BUILDING" };
}

/** Adds a revision (superseding unfinished ones, which turn `SKIPPED`) that starts the state machine now. */
function addRevision(
  ctx: EmulatorContext,
  deployment: DeploymentRecord,
  source: string,
  sourceRevisionConfig: Record<string, unknown>,
  nowMs: number,
  build?: SourceBuildRecord,
): RevisionRecord {
  const state = ctx.store.state;
  supersede(deploymentRevisions(state, deployment.id), nowMs);
  const revision: RevisionRecord = {
    id: randomUUID(),
    deploymentId: deployment.id,
    tenantId: deployment.tenantId,
    source,
    sourceRevisionConfig,
    repoUrl: typeof deployment.sourceConfig["repo_url"] === "string" ? deployment.sourceConfig["repo_url"] : null,
    createdAtMs: nowMs,
    stepDurationsMs: { ...ctx.timings.stepDurationsMs },
    failure: failureOf(takeFailure(ctx, deployment), build),
    skippedAtMs: null,
    ...(build !== undefined ? { sourceBuild: build } : {}),
  };
  state.revisions.push(revision);
  return revision;
}

/**
 * Creates a deployment and its first revision (409 on a duplicate name in the
 * workspace); an `internal_source` deployment created without a
 * `source_tarball_path` gets no revision (its first comes with the PATCH
 * naming its upload).
 *
 * @param build what the inspection of the named archive found (`sourceBuilds.ts`), when the body names one.
 */
export function createDeployment(ctx: EmulatorContext, tenantId: string, body: DeploymentCreateBody, build?: SourceBuildRecord): DeploymentRecord {
  const missing = missingFieldErrors(body);
  if (missing.length > 0) throw new ValidationFailure(missing);
  const nowMs = ctx.now();
  const state = ctx.store.state;
  purgeDeleted(state, nowMs);
  if (workspaceDeployments(state, tenantId, nowMs).some((d) => d.name === body.name)) {
    throw detailError(409, `A deployment named '${body.name}' already exists in this workspace`);
  }
  const deployment: DeploymentRecord = {
    id: randomUUID(),
    tenantId,
    name: body.name,
    source: body.source,
    sourceConfig: { deployment_type: "dev", build_on_push: false, ...sourceConfigUpdate(body.source_config) },
    secrets: body.secrets.map((s) => ({ name: s.name, encryptedValue: ctx.secrets.encrypt(s.value) })),
    secretReferences: (body.secret_references ?? []).map((r) => ({ ...r })),
    createdAtMs: nowMs,
    updatedAtMs: nowMs,
    deleteRequestedAtMs: null,
    deleteDurationMs: ctx.timings.deleteDurationMs,
    pendingFailure: null,
  };
  state.deployments.push(deployment);
  const revisionConfig = definedEntries({ ...body.source_revision_config });
  const awaitsUpload =
    body.source === "internal_source" && (revisionConfig["source_tarball_path"] === undefined || revisionConfig["source_tarball_path"] === null);
  if (!awaitsUpload) addRevision(ctx, deployment, body.source, revisionConfig, nowMs, build);
  ctx.store.commit();
  return deployment;
}

function refuseWhileDeleting(deployment: DeploymentRecord): void {
  if (deployment.deleteRequestedAtMs !== null) throw detailError(409, "Deployment is being deleted");
}

/**
 * The `source_revision_config` of the revision a PATCH (or a revision's
 * create) makes: the one given, merged over the latest revision's; none when
 * it gives none (no revision is made).
 */
export function newRevisionConfig(
  ctx: EmulatorContext,
  deployment: DeploymentRecord,
  given: Record<string, unknown> | null | undefined,
): Record<string, unknown> | undefined {
  if (given === undefined || given === null) return undefined;
  const latest = deploymentRevisions(ctx.store.state, deployment.id)[0];
  return { ...(latest?.sourceRevisionConfig ?? {}), ...definedEntries({ ...given }) };
}

/**
 * Applies a PATCH: merges `source_config` (400 when an immutable field
 * changes), sets `display_name` when given (it cannot be cleared), replaces
 * `secrets` and `secret_references` when given (not null),
 * and creates a new revision exactly when `source_revision_config` is given
 * (merged over the latest revision's). `revision_source` sets the source of
 * that new revision; without `source_revision_config` it changes nothing.
 */
export function patchDeployment(ctx: EmulatorContext, deployment: DeploymentRecord, body: DeploymentPatchBody, build?: SourceBuildRecord): void {
  const nowMs = ctx.now();
  refuseWhileDeleting(deployment);
  const sc = sourceConfigUpdate(body.source_config ?? {});
  for (const field of IMMUTABLE_SOURCE_CONFIG_FIELDS) {
    if (field in sc && sc[field] !== deployment.sourceConfig[field]) {
      throw detailError(400, `source_config.${field} cannot be changed after creation; create a new deployment instead`);
    }
  }
  deployment.sourceConfig = { ...deployment.sourceConfig, ...sc };
  // A display name can be set and changed, not cleared (null and "" leave it).
  if (typeof body.display_name === "string" && body.display_name !== "") deployment.displayName = body.display_name;
  if (body.secrets !== undefined && body.secrets !== null) {
    deployment.secrets = body.secrets.map((s) => ({ name: s.name, encryptedValue: ctx.secrets.encrypt(s.value) }));
  }
  if (body.secret_references !== undefined && body.secret_references !== null) {
    deployment.secretReferences = body.secret_references.map((r) => ({ ...r }));
  }
  const merged = newRevisionConfig(ctx, deployment, body.source_revision_config);
  if (merged !== undefined) {
    const latest = deploymentRevisions(ctx.store.state, deployment.id)[0];
    addRevision(ctx, deployment, body.revision_source ?? latest?.source ?? deployment.source, merged, nowMs, build);
  }
  deployment.updatedAtMs = nowMs;
  ctx.store.commit();
}

/**
 * Creates a revision (`POST .../revisions`): always a new one, its
 * `source_revision_config` merged over the latest revision's, with the
 * deployment's build settings (`install_command`, `build_command`,
 * `resource_spec`), secrets and secret references changed as a `PATCH`
 * changes them. Answers the new revision's id.
 */
export function createRevision(ctx: EmulatorContext, deployment: DeploymentRecord, body: DeploymentRevisionCreateBody, build?: SourceBuildRecord): string {
  patchDeployment(ctx, deployment, { ...body, source_revision_config: body.source_revision_config ?? {} }, build);
  return deploymentRevisions(ctx.store.state, deployment.id)[0]?.id ?? "";
}

/**
 * Redeploys a revision: a new revision with that revision's source and
 * `source_revision_config` (the deployment's current secrets apply, as to
 * every revision), superseding an unfinished one. 404 when the revision is
 * not one of the deployment's.
 */
export function redeployRevision(ctx: EmulatorContext, deployment: DeploymentRecord, revisionId: string, build?: SourceBuildRecord): void {
  refuseWhileDeleting(deployment);
  const revision = findRevision(ctx.store.state, deployment.id, revisionId);
  const nowMs = ctx.now();
  addRevision(ctx, deployment, revision.source, { ...revision.sourceRevisionConfig }, nowMs, build);
  deployment.updatedAtMs = nowMs;
  ctx.store.commit();
}

/** Starts the asynchronous delete (idempotent while `AWAITING_DELETE`). */
export function deleteDeployment(ctx: EmulatorContext, deployment: DeploymentRecord): void {
  if (deployment.deleteRequestedAtMs !== null) return;
  const nowMs = ctx.now();
  deployment.deleteRequestedAtMs = nowMs;
  deployment.deleteDurationMs = ctx.timings.deleteDurationMs;
  deployment.updatedAtMs = nowMs;
  ctx.store.commit();
}

/**
 * Bulk delete (`DELETE /v2/deployments?deployment_ids=…`): starts the same
 * asynchronous delete as the single DELETE for each id that names a deployment
 * of the workspace, and skips the others. When none of them exists it answers
 * 404 (the contract declares 404 for this operation, and a FastAPI handler
 * that found nothing to act on raises it), so a caller can tell "nothing
 * there" from "deleting"; when some exist it answers 200.
 *
 * @returns the ids whose delete was started (or was already under way).
 */
export function bulkDeleteDeployments(ctx: EmulatorContext, tenantId: string, ids: readonly string[]): string[] {
  const wanted = new Set(ids);
  const found = workspaceDeployments(ctx.store.state, tenantId, ctx.now()).filter((d) => wanted.has(d.id));
  if (found.length === 0) throw detailError(404, "Deployments not found");
  for (const deployment of found) deleteDeployment(ctx, deployment);
  return found.map((d) => d.id);
}

/** Plans a failure for the next revision of a deployment. */
export function planFailure(status: RevisionFailure["status"], atStep: RevisionFailure["atStep"] | undefined): RevisionFailure {
  return { status, atStep: atStep ?? DEFAULT_FAILURE_STEP[status] };
}
