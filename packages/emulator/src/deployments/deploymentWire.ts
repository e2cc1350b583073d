/**
 * Deployments and revisions as the control plane answers them: every property
 * the contract declares is present (FastAPI serializes an unset field as
 * `null`, it never omits one), plus the extras the real service is known to
 * send (`display_name`, `is_preview`, `source_config.repo_branch`,
 * `source_config.template_id`, revision `deployment_id`, `status_history`,
 * `source_revision_config.tracked_packages`).
 */
import type { EmulatorContext } from "../core/context";
import { deploymentRevisions } from "./deploymentStore";
import { currentTransition, isBuilt, resolveCommitSha, revisionHistory } from "./revisions";
import type { DeploymentRecord, RevisionRecord } from "../core/types";

/** Image version reported once a revision is active. */
export const EMULATED_IMAGE_VERSION = "0.4.0-emulator";

/**
 * Defaults filled into a `resource_spec` the client sends (the service answers
 * the full object): CPU in cores, memory in MB.
 */
export const DEFAULT_RESOURCE_SPEC: Readonly<Record<string, unknown>> = {
  min_scale: 1,
  max_scale: 1,
  cpu: 0.5,
  memory_mb: 1024,
  cpu_limit: 1.5,
  memory_limit_mb: 2048,
  db_cpu: 0.25,
  db_memory_mb: 512,
  redis_cpu: 0.25,
  redis_memory_mb: 256,
};

/** Every property of the contract's `ResourceSpec-Output`. */
export const RESOURCE_SPEC_KEYS: readonly string[] = [
  "annotations",
  "cpu",
  "cpu_limit",
  "db_cpu",
  "db_cpu_limit",
  "db_max_connections",
  "db_memory_limit_mb",
  "db_memory_mb",
  "db_storage_gi",
  "executor_cpu",
  "executor_cpu_limit",
  "executor_memory_limit_mb",
  "executor_memory_mb",
  "image_pull_secrets",
  "init_containers",
  "labels",
  "max_scale",
  "memory_limit_mb",
  "memory_mb",
  "min_scale",
  "orchestrator_cpu",
  "orchestrator_cpu_limit",
  "orchestrator_max_scale",
  "orchestrator_memory_limit_mb",
  "orchestrator_memory_mb",
  "orchestrator_min_scale",
  "queue_cpu",
  "queue_cpu_limit",
  "queue_max_scale",
  "queue_memory_limit_mb",
  "queue_memory_mb",
  "queue_min_scale",
  "redis_cpu",
  "redis_cpu_limit",
  "redis_memory_limit_mb",
  "redis_memory_mb",
  "service_account_name",
  "sidecars",
  "volume_mounts",
  "volumes",
];

/** Every property of the contract's `SourceConfig` (with the additions' `template_id`). */
export const SOURCE_CONFIG_KEYS: readonly string[] = [
  "build_command",
  "build_on_push",
  "custom_url",
  "deployment_type",
  "install_command",
  "integration_id",
  "listener_config",
  "listener_id",
  "repo_url",
  "resource_spec",
  "template_id",
];

/** Every property of the contract's `SourceRevisionConfig`, with the additions' `deepagents_version` and `tracked_packages`. */
export const SOURCE_REVISION_CONFIG_KEYS: readonly string[] = [
  "image_uri",
  "langgraph_config_path",
  "repo_commit_sha",
  "repo_ref",
  "source_tarball_path",
  "deepagents_version",
  "tracked_packages",
];

function nulls(keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, null]));
}

function definedEntries(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

/** A sent `resource_spec` with the emulator's defaults filled in (`null` stays `null`). */
export function expandResourceSpec(spec: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (spec === null || spec === undefined) return null;
  return { ...DEFAULT_RESOURCE_SPEC, ...definedEntries(spec) };
}

function renderResourceSpec(spec: unknown): Record<string, unknown> | null {
  if (spec === null || typeof spec !== "object") return null;
  return { ...nulls(RESOURCE_SPEC_KEYS), ...(spec as Record<string, unknown>) };
}

function renderListenerConfig(config: unknown): Record<string, unknown> | null {
  if (config === null || typeof config !== "object") return null;
  return { k8s_namespace: null, ...(config as Record<string, unknown>) };
}

function renderSourceConfig(deployment: DeploymentRecord, repoBranch: string | null): Record<string, unknown> {
  const stored = deployment.sourceConfig;
  return {
    ...nulls(SOURCE_CONFIG_KEYS),
    ...stored,
    listener_config: renderListenerConfig(stored["listener_config"]),
    resource_spec: renderResourceSpec(stored["resource_spec"]),
    repo_branch: repoBranch,
  };
}

function stringOrNull(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/** The commit a GitHub revision resolved to, once built; `null` otherwise. */
function commitSha(revision: RevisionRecord, nowMs: number): string | null {
  const repoRef = stringOrNull(revision.sourceRevisionConfig["repo_ref"]);
  if (revision.source !== "github" || repoRef === null || !isBuilt(revision, nowMs)) return null;
  return resolveCommitSha(revision.repoUrl, repoRef);
}

function renderRevisionConfig(revision: RevisionRecord | undefined, nowMs: number, resolveRef: boolean): Record<string, unknown> {
  const config = revision?.sourceRevisionConfig ?? {};
  const sha = revision ? commitSha(revision, nowMs) : null;
  const repoRef = stringOrNull(config["repo_ref"]);
  return {
    ...nulls(SOURCE_REVISION_CONFIG_KEYS),
    image_uri: stringOrNull(config["image_uri"]),
    langgraph_config_path: stringOrNull(config["langgraph_config_path"]),
    repo_ref: resolveRef && sha !== null ? sha : repoRef,
    source_tarball_path: stringOrNull(config["source_tarball_path"]),
    repo_commit_sha: sha,
    // The emulator builds no Deep Agents and tracks no packages.
    tracked_packages: [],
  };
}

function deploymentStatus(deployment: DeploymentRecord, revisions: RevisionRecord[], nowMs: number): string {
  if (deployment.deleteRequestedAtMs !== null) return "AWAITING_DELETE";
  const first = revisions[revisions.length - 1];
  if (!first) return "UNUSED";
  const history = revisionHistory(first, nowMs);
  return history.length > 1 ? "READY" : "AWAITING_DATABASE";
}

/** The `status` of a deployment (one of the contract's `Deployment.status` values). */
export function statusOfDeployment(ctx: EmulatorContext, deployment: DeploymentRecord): string {
  return deploymentStatus(deployment, deploymentRevisions(ctx.store.state, deployment.id), ctx.now());
}

/**
 * Renders a deployment as GET, list, create, PATCH and redeploy return it
 * (secret values in plaintext, as the service does). On GitHub deployments
 * `source_revision_config.repo_ref` is the resolved commit once built, with the
 * branch in `source_config.repo_branch`.
 */
export function renderDeployment(ctx: EmulatorContext, deployment: DeploymentRecord): Record<string, unknown> {
  const nowMs = ctx.now();
  const revisions = deploymentRevisions(ctx.store.state, deployment.id);
  const latest = revisions[0];
  const active = revisions.find((r) => currentTransition(r, nowMs).status === "DEPLOYED");
  const isGithub = deployment.source === "github";
  const repoBranch = isGithub ? stringOrNull(latest?.sourceRevisionConfig["repo_ref"]) : null;
  return {
    id: deployment.id,
    tenant_id: deployment.tenantId,
    name: deployment.name,
    display_name: deployment.displayName ?? null,
    source: deployment.source,
    source_config: renderSourceConfig(deployment, repoBranch),
    source_revision_config: renderRevisionConfig(latest, nowMs, isGithub),
    secrets: deployment.secrets.map((s) => ({ name: s.name, value: ctx.secrets.decrypt(s.encryptedValue) })),
    secret_references: deployment.secretReferences.map((r) => ({ ...r })),
    status: deploymentStatus(deployment, revisions, nowMs),
    latest_revision_id: latest?.id ?? null,
    active_revision_id: active?.id ?? null,
    image_version: active ? EMULATED_IMAGE_VERSION : null,
    is_preview: false,
    created_at: new Date(deployment.createdAtMs).toISOString(),
    updated_at: new Date(deployment.updatedAtMs).toISOString(),
  };
}

/** Renders a revision as the control plane returns it, with its timestamped `status_history`. */
export function renderRevision(revision: RevisionRecord, nowMs: number): Record<string, unknown> {
  const history = revisionHistory(revision, nowMs);
  const current = history[history.length - 1] ?? { status: "CREATING", atMs: revision.createdAtMs };
  return {
    id: revision.id,
    deployment_id: revision.deploymentId,
    status: current.status,
    source: revision.source,
    source_revision_config: renderRevisionConfig(revision, nowMs, false),
    created_at: new Date(revision.createdAtMs).toISOString(),
    updated_at: new Date(current.atMs).toISOString(),
    status_history: history.map((t) => ({ status: t.status, timestamp: new Date(t.atMs).toISOString() })),
    // The additions' explanation of a status; the emulator's builds need none.
    status_message: null,
  };
}
