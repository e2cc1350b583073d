/**
 * zod schemas of request bodies, written from the spec (the emulator shares no
 * code with the client). Unknown keys are dropped, as pydantic does by default,
 * except on destination PATCH (see `destinationPatchSchema`).
 */
import { z } from "zod";

/** Deployment sources the emulator accepts. */
export const DEPLOYMENT_SOURCES = ["github", "external_docker"] as const;
/** Deployment types the emulator accepts (the spec shows `dev`). */
export const DEPLOYMENT_TYPES = ["dev_free", "dev", "prod"] as const;

const secretSchema = z.object({ name: z.string().min(1), value: z.string() });

const sourceConfigFields = {
  integration_id: z.string().nullable().optional(),
  repo_url: z.string().nullable().optional(),
  deployment_type: z.enum(DEPLOYMENT_TYPES).nullable().optional(),
  build_on_push: z.boolean().nullable().optional(),
  custom_url: z.string().nullable().optional(),
  resource_spec: z.record(z.string(), z.unknown()).nullable().optional(),
  listener_id: z.string().nullable().optional(),
  listener_config: z.record(z.string(), z.unknown()).nullable().optional(),
  install_command: z.string().nullable().optional(),
  build_command: z.string().nullable().optional(),
  template_id: z.string().nullable().optional(),
};

const sourceRevisionConfigSchema = z.object({
  repo_ref: z.string().min(1).nullable().optional(),
  graph_config_path: z.string().min(1).nullable().optional(),
  image_uri: z.string().min(1).nullable().optional(),
});

/** Body of `POST /v2/deployments`. */
export const deploymentCreateSchema = z.object({
  name: z.string().min(1).max(255),
  source: z.enum(DEPLOYMENT_SOURCES),
  source_config: z.object(sourceConfigFields).optional(),
  source_revision_config: sourceRevisionConfigSchema.optional(),
  secrets: z.array(secretSchema).nullable().optional(),
});

/** Parsed body of `POST /v2/deployments`. */
export type DeploymentCreateBody = z.infer<typeof deploymentCreateSchema>;

/** Body of `PATCH /v2/deployments/{id}`: everything partial. */
export const deploymentPatchSchema = z.object({
  source_config: z.object(sourceConfigFields).optional(),
  source_revision_config: sourceRevisionConfigSchema.optional(),
  secrets: z.array(secretSchema).optional(),
});

/** Parsed body of `PATCH /v2/deployments/{id}`. */
export type DeploymentPatchBody = z.infer<typeof deploymentPatchSchema>;

/** The service's `display_name` pattern. */
export const DISPLAY_NAME_PATTERN = /^[a-zA-Z0-9\-_ ']+$/;

const credentialsSchema = z.object({
  access_key_id: z.string().min(1),
  secret_access_key: z.string().min(1),
  session_token: z.string().min(1).nullable().optional(),
});

/** Destination `config` object. */
export const destinationConfigSchema = z.object({
  bucket_name: z.string().min(1),
  prefix: z.string(),
  region: z.string().min(1).nullable().optional(),
  endpoint_url: z.string().min(1).nullable().optional(),
  include_bucket_in_prefix: z.boolean().nullable().optional(),
  config_kwargs_s3: z
    .object({ addressing_style: z.enum(["virtual", "path", "auto"]).nullable().optional() })
    .catchall(z.unknown())
    .nullable()
    .optional(),
  aws_role_arn: z.string().min(1).nullable().optional(),
  s3_additional_kwargs: z.record(z.string(), z.unknown()).nullable().optional(),
});

/** Parsed destination `config`. */
export type DestinationConfigBody = z.infer<typeof destinationConfigSchema>;

/** Body of `POST /api/v1/bulk-exports/destinations`. */
export const destinationCreateSchema = z.object({
  destination_type: z.literal("s3"),
  display_name: z.string().min(1).max(255).regex(DISPLAY_NAME_PATTERN),
  config: destinationConfigSchema,
  credentials: credentialsSchema.nullable().optional(),
});

/** Parsed create body. */
export type DestinationCreateBody = z.infer<typeof destinationCreateSchema>;

/**
 * Body of `PATCH /api/v1/bulk-exports/destinations/{id}`: credentials only.
 * Other keys answer 422 `extra_forbidden` (stricter than the service, which
 * would ignore them, so a client that tries to change config is caught).
 */
export const destinationPatchSchema = z.strictObject({ credentials: credentialsSchema });

/** Parsed PATCH body. */
export type DestinationPatchBody = z.infer<typeof destinationPatchSchema>;

/** Static S3 credentials as stored (encrypted) and used for writes. */
export type S3Credentials = z.infer<typeof credentialsSchema>;
