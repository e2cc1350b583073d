import { randomUUID } from "node:crypto";
import type { EmulatorContext } from "./context";
import { detailError, type FastApiValidationError, ValidationFailure } from "./errors";
import {
  currentTransition,
  DEFAULT_FAILURE_STEP,
  isBuilt,
  resolveCommitSha,
  revisionHistory,
  supersede,
} from "./revisions";
import type { DeploymentCreateBody, DeploymentPatchBody } from "./schemas";
import type { DeploymentRecord, EmulatorState, RevisionFailure, RevisionRecord } from "./types";

/** Defaults filled into a `resource_spec` the client sends (the service answers the full object). */
export const DEFAULT_RESOURCE_SPEC: Readonly<Record<string, unknown>> = {
  min_scale: 1,
  max_scale: 1,
  cpu: 0.5,
  memory_mb: 1024,
  cpu_limit: 1.5,
  memory_limit_mb: 2048,
  db_min_scale: 1,
  db_cpu: 0.25,
  db_memory_mb: 512,
  redis_cpu: 0.25,
  redis_memory_mb: 256,
};

/** Source-config fields that cannot change after creation (changing them needs a new deployment). */
export const IMMUTABLE_SOURCE_CONFIG_FIELDS = ["integration_id", "repo_url", "deployment_type"] as const;

/** Image version reported once a revision is active. */
export const EMULATED_IMAGE_VERSION = "0.4.0-emulator";

function expandResourceSpec(spec: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (spec === null || spec === undefined) return null;
  return { ...DEFAULT_RESOURCE_SPEC, ...spec };
}

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

function missingFieldErrors(body: DeploymentCreateBody): FastApiValidationError[] {
  const errors: FastApiValidationError[] = [];
  const sourceConfig: Record<string, unknown> = body.source_config ?? {};
  const revisionConfig: Record<string, unknown> = body.source_revision_config ?? {};
  const required: [string, Record<string, unknown>, string[]][] =
    body.source === "github"
      ? [
          ["source_config", sourceConfig, ["integration_id", "repo_url", "deployment_type"]],
          ["source_revision_config", revisionConfig, ["repo_ref", "graph_config_path"]],
        ]
      : [["source_revision_config", revisionConfig, ["image_uri"]]];
  for (const [section, values, fields] of required) {
    for (const field of fields) {
      if (values[field] === undefined || values[field] === null) {
        errors.push({ type: "missing", loc: ["body", section, field], msg: "Field required", input: values });
      }
    }
  }
  return errors;
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

function addRevision(
  ctx: EmulatorContext,
  deployment: DeploymentRecord,
  sourceRevisionConfig: Record<string, unknown>,
  nowMs: number,
): RevisionRecord {
  const state = ctx.store.state;
  supersede(deploymentRevisions(state, deployment.id), nowMs);
  const revision: RevisionRecord = {
    id: randomUUID(),
    deploymentId: deployment.id,
    tenantId: deployment.tenantId,
    source: deployment.source,
    sourceRevisionConfig,
    repoUrl: typeof deployment.sourceConfig["repo_url"] === "string" ? deployment.sourceConfig["repo_url"] : null,
    createdAtMs: nowMs,
    stepDurationsMs: { ...ctx.timings.stepDurationsMs },
    failure: takeFailure(ctx, deployment),
    skippedAtMs: null,
  };
  state.revisions.push(revision);
  return revision;
}

function definedEntries(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

/** Creates a deployment and its first revision (409 on a duplicate name in the workspace). */
export function createDeployment(ctx: EmulatorContext, tenantId: string, body: DeploymentCreateBody): DeploymentRecord {
  const missing = missingFieldErrors(body);
  if (missing.length > 0) throw new ValidationFailure(missing);
  const nowMs = ctx.now();
  const state = ctx.store.state;
  purgeDeleted(state, nowMs);
  if (workspaceDeployments(state, tenantId, nowMs).some((d) => d.name === body.name)) {
    throw detailError(409, `A deployment named '${body.name}' already exists in this workspace`);
  }
  const sc = body.source_config ?? {};
  const deployment: DeploymentRecord = {
    id: randomUUID(),
    tenantId,
    name: body.name,
    source: body.source,
    sourceConfig: {
      integration_id: sc.integration_id ?? null,
      repo_url: sc.repo_url ?? null,
      deployment_type: sc.deployment_type ?? "dev",
      build_on_push: sc.build_on_push ?? false,
      custom_url: sc.custom_url ?? null,
      resource_spec: expandResourceSpec(sc.resource_spec),
      listener_id: sc.listener_id ?? null,
      listener_config: sc.listener_config ?? null,
      install_command: sc.install_command ?? null,
      build_command: sc.build_command ?? null,
      template_id: sc.template_id ?? null,
    },
    secrets: (body.secrets ?? []).map((s) => ({ name: s.name, encryptedValue: ctx.secrets.encrypt(s.value) })),
    createdAtMs: nowMs,
    updatedAtMs: nowMs,
    deleteRequestedAtMs: null,
    deleteDurationMs: ctx.timings.deleteDurationMs,
    pendingFailure: null,
  };
  state.deployments.push(deployment);
  addRevision(ctx, deployment, definedEntries({ ...(body.source_revision_config ?? {}) }), nowMs);
  ctx.store.commit();
  return deployment;
}

/**
 * Applies a PATCH: merges `source_config` (400 when an immutable field changes),
 * replaces `secrets` when given, and creates a new revision exactly when
 * `source_revision_config` is present (merged over the latest revision's).
 */
export function patchDeployment(ctx: EmulatorContext, deployment: DeploymentRecord, body: DeploymentPatchBody): void {
  const nowMs = ctx.now();
  if (deployment.deleteRequestedAtMs !== null) throw detailError(409, "Deployment is being deleted");
  const sc = definedEntries({ ...(body.source_config ?? {}) });
  for (const field of IMMUTABLE_SOURCE_CONFIG_FIELDS) {
    if (field in sc && sc[field] !== deployment.sourceConfig[field]) {
      throw detailError(400, `source_config.${field} cannot be changed after creation; create a new deployment instead`);
    }
  }
  if ("resource_spec" in sc) sc["resource_spec"] = expandResourceSpec(sc["resource_spec"] as Record<string, unknown> | null);
  deployment.sourceConfig = { ...deployment.sourceConfig, ...sc };
  if (body.secrets !== undefined) {
    deployment.secrets = body.secrets.map((s) => ({ name: s.name, encryptedValue: ctx.secrets.encrypt(s.value) }));
  }
  if (body.source_revision_config !== undefined) {
    const latest = deploymentRevisions(ctx.store.state, deployment.id)[0];
    const merged = { ...(latest?.sourceRevisionConfig ?? {}), ...definedEntries({ ...body.source_revision_config }) };
    addRevision(ctx, deployment, merged, nowMs);
  }
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

/** Plans a failure for the next revision of a deployment. */
export function planFailure(
  status: RevisionFailure["status"],
  atStep: RevisionFailure["atStep"] | undefined,
): RevisionFailure {
  return { status, atStep: atStep ?? DEFAULT_FAILURE_STEP[status] };
}

function deploymentStatus(deployment: DeploymentRecord, revisions: RevisionRecord[], nowMs: number): string {
  if (deployment.deleteRequestedAtMs !== null) return "AWAITING_DELETE";
  const first = revisions[revisions.length - 1];
  if (!first) return "UNUSED";
  const history = revisionHistory(first, nowMs);
  return history.length > 1 ? "READY" : "AWAITING_DATABASE";
}

/** Renders a deployment as GET, list, create and PATCH return it (secret values in plaintext, as the service does). */
export function renderDeployment(ctx: EmulatorContext, deployment: DeploymentRecord): Record<string, unknown> {
  const nowMs = ctx.now();
  const revisions = deploymentRevisions(ctx.store.state, deployment.id);
  const latest = revisions[0];
  const active = revisions.find((r) => currentTransition(r, nowMs).status === "DEPLOYED");
  const config = latest?.sourceRevisionConfig ?? {};
  const repoRef = typeof config["repo_ref"] === "string" ? config["repo_ref"] : null;
  const isGithub = deployment.source === "github";
  const resolvedRef =
    isGithub && repoRef !== null && latest && isBuilt(latest, nowMs) ? resolveCommitSha(latest.repoUrl, repoRef) : repoRef;
  return {
    id: deployment.id,
    tenant_id: deployment.tenantId,
    name: deployment.name,
    display_name: null,
    source: deployment.source,
    source_config: { ...deployment.sourceConfig, repo_branch: isGithub ? repoRef : null },
    source_revision_config: {
      repo_ref: resolvedRef,
      graph_config_path: config["graph_config_path"] ?? null,
      image_uri: config["image_uri"] ?? null,
    },
    secrets: deployment.secrets.map((s) => ({ name: s.name, value: ctx.secrets.decrypt(s.encryptedValue) })),
    secret_references: [],
    status: deploymentStatus(deployment, revisions, nowMs),
    latest_revision_id: latest?.id ?? null,
    active_revision_id: active?.id ?? null,
    image_version: active ? EMULATED_IMAGE_VERSION : null,
    is_preview: false,
    created_at: new Date(deployment.createdAtMs).toISOString(),
    updated_at: new Date(deployment.updatedAtMs).toISOString(),
  };
}
