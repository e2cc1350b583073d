/**
 * zod schemas of the control plane's deployment request bodies, written from
 * the published contract (`DeploymentCreateRequest`, `DeploymentPatchRequest`,
 * `SourceConfigRequest`, `SourceRevisionConfigRequest`, `ResourceSpec-Input`).
 * Unknown keys are dropped, as pydantic does by default: a
 * `graph_config_path` key (the spec's name for `langgraph_config_path`) is
 * silently ignored, exactly as the service ignores it.
 */
import { z } from "zod";
import { uuidString } from "./common";

/** Deployment sources (`Deployment.source`). */
export const DEPLOYMENT_SOURCES = ["github", "external_docker", "internal_docker", "internal_source"] as const;
/** Sources a PATCH may give the new revision (`DeploymentPatchRequest.revision_source`). */
export const REVISION_SOURCES = ["github", "internal_docker", "internal_source"] as const;
/** Deployment types (`SourceConfigRequest.deployment_type`). */
export const DEPLOYMENT_TYPES = ["dev_free", "dev", "prod"] as const;

/**
 * A secret. The contract only says `name: string`; the emulator also refuses
 * an empty name (no environment variable can have one).
 */
const secretSchema = z.object({ name: z.string().min(1), value: z.string() });

const secretReferenceSchema = z.object({ name: z.string(), secret_name: z.string(), secret_key: z.string() });

const stringMap = z.record(z.string(), z.string()).nullish();
const freeObject = z.object({}).catchall(z.unknown());
/** A Kubernetes container: `name` and `image` are required, other keys kept as sent. */
const containerSchema = z.object({ name: z.string(), image: z.string() }).catchall(z.unknown());
const cpu = z.number().min(0.1).max(8).nullish();
const cpuLimit = z.number().min(0.1).max(16).nullish();
const num = z.number().nullish();
const int = z.number().int().nullish();

/** `ResourceSpec-Input`: sizes and scales, CPU in cores, memory in MB, storage in GiB. */
export const resourceSpecSchema = z.object({
  annotations: stringMap,
  cpu,
  cpu_limit: cpuLimit,
  db_cpu: num,
  db_cpu_limit: num,
  db_max_connections: int,
  db_memory_limit_mb: int,
  db_memory_mb: int,
  db_storage_gi: int,
  executor_cpu: num,
  executor_cpu_limit: num,
  executor_memory_limit_mb: int,
  executor_memory_mb: int,
  image_pull_secrets: z.array(z.object({ name: z.string() })).nullish(),
  init_containers: z.array(containerSchema).nullish(),
  labels: stringMap,
  max_scale: int,
  memory_limit_mb: int,
  memory_mb: int,
  min_scale: int,
  orchestrator_cpu: num,
  orchestrator_cpu_limit: num,
  orchestrator_max_scale: int,
  orchestrator_memory_limit_mb: int,
  orchestrator_memory_mb: int,
  orchestrator_min_scale: int,
  queue_cpu: cpu,
  queue_cpu_limit: cpuLimit,
  queue_max_scale: int,
  queue_memory_limit_mb: int,
  queue_memory_mb: int,
  queue_min_scale: int,
  redis_cpu: cpu,
  redis_cpu_limit: cpuLimit,
  redis_memory_limit_mb: int,
  redis_memory_mb: int,
  service_account_name: z.string().nullish(),
  sidecars: z.array(containerSchema).nullish(),
  volume_mounts: z.array(freeObject).nullish(),
  volumes: z.array(freeObject).nullish(),
});

/** `SourceConfigRequest`. */
export const sourceConfigSchema = z.object({
  build_command: z.string().nullish(),
  build_on_push: z.boolean().nullish(),
  custom_url: z.string().nullish(),
  deployment_type: z.enum(DEPLOYMENT_TYPES).nullish(),
  install_command: z.string().nullish(),
  integration_id: uuidString().nullish(),
  listener_config: z.object({ k8s_namespace: z.string().nullish() }).nullish(),
  listener_id: uuidString().nullish(),
  repo_url: z.string().nullish(),
  resource_spec: resourceSpecSchema.nullish(),
});

/** Parsed `SourceConfigRequest`. */
export type SourceConfigBody = z.infer<typeof sourceConfigSchema>;

/** `SourceRevisionConfigRequest`. */
export const sourceRevisionConfigSchema = z.object({
  image_uri: z.string().nullish(),
  langgraph_config_path: z.string().nullish(),
  repo_ref: z.string().nullish(),
  source_tarball_path: z.string().nullish(),
});

/** Parsed `SourceRevisionConfigRequest`. */
export type SourceRevisionConfigBody = z.infer<typeof sourceRevisionConfigSchema>;

/**
 * Body of `POST /v2/deployments` (`DeploymentCreateRequest`): `name`,
 * `source`, `source_config`, `source_revision_config` and `secrets` are
 * required. The emulator also bounds `name` to 1..255 characters.
 */
export const deploymentCreateSchema = z.object({
  name: z.string().min(1).max(255),
  source: z.enum(DEPLOYMENT_SOURCES),
  source_config: sourceConfigSchema,
  source_revision_config: sourceRevisionConfigSchema,
  secrets: z.array(secretSchema),
  secret_references: z.array(secretReferenceSchema).nullish(),
});

/** Parsed body of `POST /v2/deployments`. */
export type DeploymentCreateBody = z.infer<typeof deploymentCreateSchema>;

/** Body of `PATCH /v2/deployments/{id}` (`DeploymentPatchRequest`): everything optional and nullable. */
export const deploymentPatchSchema = z.object({
  revision_source: z.enum(REVISION_SOURCES).nullish(),
  secret_references: z.array(secretReferenceSchema).nullish(),
  secrets: z.array(secretSchema).nullish(),
  source_config: sourceConfigSchema.nullish(),
  source_revision_config: sourceRevisionConfigSchema.nullish(),
});

/** Parsed body of `PATCH /v2/deployments/{id}`. */
export type DeploymentPatchBody = z.infer<typeof deploymentPatchSchema>;

/** A secret reference as sent and stored (`SecretReference`). */
export type SecretReferenceBody = z.infer<typeof secretReferenceSchema>;
