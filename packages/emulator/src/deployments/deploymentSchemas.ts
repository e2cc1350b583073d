/**
 * The control plane's deployment request bodies: the schemas generated from
 * the published contract (`../wire/controlPlane.ts`: `DeploymentCreateRequest`,
 * `DeploymentPatchRequest`, `SourceConfigRequest`, `SourceRevisionConfigRequest`,
 * `ResourceSpec-Input`). Unknown keys are dropped, as pydantic does by
 * default: a `graph_config_path` key (the spec's name for
 * `langgraph_config_path`) is silently ignored, exactly as the service ignores
 * it. The few changes below are each said where they are made.
 */
import { z } from "zod";
import { zDeploymentCreateRequest, zDeploymentPatchRequest, zSecret, zSourceConfigRequest } from "../wire/controlPlane";
import { zDeploymentLogsRequest, zDeploymentRevisionCreateRequest, zDeploymentUploadUrlRequest } from "../wire/additions";
import { fieldsFirst, uuidString } from "../http/schemaBlocks";

/** Deployment types (`SourceConfigRequest.deployment_type`). */
export const DEPLOYMENT_TYPES = zSourceConfigRequest.shape.deployment_type.unwrap().unwrap().options;

/**
 * A secret. The contract only says `name: string`; the emulator also refuses
 * an empty name (no environment variable can have one).
 */
const secretSchema = zSecret.extend({ name: z.string().min(1) });

/** `SourceConfigRequest`, its UUIDs read as pydantic reads them (any version, hyphens optional). */
export const sourceConfigSchema = zSourceConfigRequest.extend({
  integration_id: uuidString().nullish(),
  listener_id: uuidString().nullish(),
});

/** Parsed `SourceConfigRequest`. */
export type SourceConfigBody = z.infer<typeof sourceConfigSchema>;

/**
 * Body of `POST /v2/deployments` (`DeploymentCreateRequest`): `name`,
 * `source`, `source_config`, `source_revision_config` and `secrets` are
 * required, and checked in that order (the model's). The emulator also
 * bounds `name` to 1..255 characters.
 */
export const deploymentCreateSchema = fieldsFirst(
  zDeploymentCreateRequest.extend({
    name: z.string().min(1).max(255),
    source_config: sourceConfigSchema,
    secrets: z.array(secretSchema),
  }),
  ["name", "source", "source_config", "source_revision_config", "secrets"],
);

/** Parsed body of `POST /v2/deployments`. */
export type DeploymentCreateBody = z.infer<typeof deploymentCreateSchema>;

/** Body of `PATCH /v2/deployments/{id}` (`DeploymentPatchRequest`): everything optional and nullable. */
export const deploymentPatchSchema = zDeploymentPatchRequest.extend({
  secrets: z.array(secretSchema).nullish(),
  source_config: sourceConfigSchema.nullish(),
});

/** Parsed body of `PATCH /v2/deployments/{id}`. */
export type DeploymentPatchBody = z.infer<typeof deploymentPatchSchema>;

/**
 * Body of `POST /v2/deployments/{id}/revisions` (the contract additions'
 * `DeploymentRevisionCreateRequest`): what a new revision builds from, and
 * the deployment's build settings, secrets and secret references it changes.
 */
export const deploymentRevisionCreateSchema = zDeploymentRevisionCreateRequest.extend({
  secrets: z.array(secretSchema).optional(),
});

/** Parsed body of `POST /v2/deployments/{id}/revisions`. */
export type DeploymentRevisionCreateBody = z.infer<typeof deploymentRevisionCreateSchema>;

/** Body of `POST /v2/deployments/{id}/upload-url` (the contract additions' `DeploymentUploadUrlRequest`). */
export const deploymentUploadUrlSchema = zDeploymentUploadUrlRequest;

/**
 * Body of the log endpoints (`POST /v1/projects/{id}/.../build_logs`,
 * `.../deploy_logs`; the contract additions' `DeploymentLogsRequest`).
 */
export const deploymentLogsSchema = zDeploymentLogsRequest;

/** Parsed body of the log endpoints. */
export type DeploymentLogsBody = z.infer<typeof deploymentLogsSchema>;
