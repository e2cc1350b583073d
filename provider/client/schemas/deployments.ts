/**
 * Wire schemas of the control plane API (deployments, revisions, OAuth).
 * These are the only source of the wire types (`z.infer`). Response schemas
 * are loose (unknown fields are kept) and accept `null` wherever the spec or
 * the real service uses it (docs/contract.md lists what the real service returns beyond the contract).
 */
import { z } from "zod";

/** The 13 revision statuses seen on the real service. Other values may appear and are tolerated. */
export const REVISION_STATUSES = [
  "CREATING",
  "QUEUED",
  "AWAITING_BUILD",
  "BUILDING",
  "AWAITING_DEPLOY",
  "DEPLOYING",
  "DEPLOYED",
  "CREATE_FAILED",
  "BUILD_FAILED",
  "DEPLOY_FAILED",
  "SKIPPED",
  "INTERRUPTED",
  "UNKNOWN",
] as const;
/** A known revision status. Wire values are plain strings: see {@link REVISION_STATUSES}. */
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

/** Deployment statuses seen on the real service. Other values may appear and are tolerated. */
export const DEPLOYMENT_STATUSES = [
  "AWAITING_DATABASE",
  "READY",
  "UNUSED",
  "AWAITING_DELETE",
  "AWAITING_FINAL_DELETE",
  "UNKNOWN",
] as const;
/** A known deployment status. */
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];

/** A deployment secret. Responses carry `value` in plaintext: never log or copy it. */
export const DeploymentSecretSchema = z.looseObject({
  name: z.string(),
  value: z.string().nullish(),
});
/** A deployment secret as returned by the service. */
export type DeploymentSecret = z.infer<typeof DeploymentSecretSchema>;

/** `source_config` of a deployment response; every field optional and nullable, unknown fields kept. */
export const SourceConfigSchema = z.looseObject({
  integration_id: z.string().nullish(),
  repo_url: z.string().nullish(),
  repo_branch: z.string().nullish(),
  deployment_type: z.string().nullish(),
  build_on_push: z.boolean().nullish(),
  custom_url: z.string().nullish(),
  resource_spec: z.record(z.string(), z.unknown()).nullish(),
  listener_id: z.string().nullish(),
  listener_config: z.record(z.string(), z.unknown()).nullish(),
  install_command: z.string().nullish(),
  build_command: z.string().nullish(),
  template_id: z.string().nullish(),
});
/** `source_config` of a deployment response. */
export type SourceConfig = z.infer<typeof SourceConfigSchema>;

/**
 * `source_revision_config` of a deployment or revision response. The
 * contract names the config path `langgraph_config_path`; a server written
 * from the paraphrased API document may say `graph_config_path`, so either is
 * read and the result always carries `langgraph_config_path`.
 */
export const SourceRevisionConfigSchema = z
  .looseObject({
    repo_ref: z.string().nullish(),
    langgraph_config_path: z.string().nullish(),
    graph_config_path: z.string().nullish(),
    image_uri: z.string().nullish(),
    repo_commit_sha: z.string().nullish(),
    source_tarball_path: z.string().nullish(),
    tracked_packages: z.unknown().optional(),
  })
  .transform(({ graph_config_path: legacy, ...rest }) => ({
    ...rest,
    langgraph_config_path: rest.langgraph_config_path ?? legacy ?? null,
  }));
/** `source_revision_config` of a deployment or revision response. */
export type SourceRevisionConfig = z.infer<typeof SourceRevisionConfigSchema>;

/** A secret reference: environment variable `name` taken from key `secret_key` of the Kubernetes secret `secret_name`. */
export const SecretReferenceSchema = z.looseObject({
  name: z.string(),
  secret_name: z.string(),
  secret_key: z.string(),
});
/** A secret reference as returned by the service. */
export type SecretReference = z.infer<typeof SecretReferenceSchema>;

/** A deployment as returned by GET, list and PATCH. `id`, `name`, `source`, both configs and `latest_revision_id` (nullable) are required. */
export const DeploymentSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  source: z.string(),
  source_config: SourceConfigSchema,
  source_revision_config: SourceRevisionConfigSchema,
  latest_revision_id: z.string().nullable(),
  active_revision_id: z.string().nullish(),
  display_name: z.string().nullish(),
  status: z.string().nullish(),
  tenant_id: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  image_version: z.string().nullish(),
  is_preview: z.boolean().nullish(),
  secrets: z.array(DeploymentSecretSchema).nullish(),
  secret_references: z.array(SecretReferenceSchema).nullish(),
});
/** A deployment as returned by the service. */
export type Deployment = z.infer<typeof DeploymentSchema>;

/**
 * Response of `POST /v2/deployments`: the spec promises `id` and
 * `latest_revision_id` (the first revision, required here); other deployment
 * fields are accepted when present.
 */
export const CreatedDeploymentSchema = DeploymentSchema.partial().extend({
  id: z.string(),
  latest_revision_id: z.string(),
});
/** Response of `POST /v2/deployments`. */
export type CreatedDeployment = z.infer<typeof CreatedDeploymentSchema>;

/** A revision. `id`, `status` and `created_at` are required. */
export const RevisionSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  created_at: z.string(),
  updated_at: z.string().nullish(),
  source: z.string().nullish(),
  source_revision_config: SourceRevisionConfigSchema.nullish(),
  deployment_id: z.string().nullish(),
});
/** A revision as returned by the service. */
export type Revision = z.infer<typeof RevisionSchema>;

/** A page `{ resources, offset }`, where `offset` (when present) is the offset of the next page. */
function pageSchema<T extends z.ZodType>(item: T) {
  return z.looseObject({
    resources: z.array(item),
    offset: z.number().int().nullish(),
  });
}

/** Page of `GET /v2/deployments`. */
export const DeploymentPageSchema = pageSchema(DeploymentSchema);
/** Page of `GET /v2/deployments`. */
export type DeploymentPage = z.infer<typeof DeploymentPageSchema>;

/** Page of `GET /v2/deployments/{id}/revisions`, newest first. */
export const RevisionPageSchema = pageSchema(RevisionSchema);
/** Page of `GET /v2/deployments/{id}/revisions`. */
export type RevisionPage = z.infer<typeof RevisionPageSchema>;

/** Deployment sources of the contract. */
export const DEPLOYMENT_SOURCES = ["github", "external_docker", "internal_docker", "internal_source"] as const;
/** A deployment source. */
export type DeploymentSource = (typeof DEPLOYMENT_SOURCES)[number];

/** Deployment types of the contract. */
export const DEPLOYMENT_TYPES = ["dev_free", "dev", "prod"] as const;
/** A deployment type. */
export type DeploymentType = (typeof DEPLOYMENT_TYPES)[number];

/** Sources a PATCH may name in `revision_source` (the contract's list: no `external_docker`). */
export const REVISION_SOURCES = ["github", "internal_docker", "internal_source"] as const;

/*
 * Request schemas are strict: a key the contract does not declare is our own
 * mistake (the service would drop it silently), so it fails before sending.
 */

/** A secret sent to the service (contract `Secret`). */
export const SecretInputSchema = z.strictObject({ name: z.string().min(1), value: z.string() });
/** A secret sent to the service. */
export type SecretInput = z.infer<typeof SecretInputSchema>;

/** A secret reference sent to the service (contract `SecretReference`). */
export const SecretReferenceInputSchema = z.strictObject({
  name: z.string().min(1),
  secret_name: z.string().min(1),
  secret_key: z.string().min(1),
});
/** A secret reference sent to the service. */
export type SecretReferenceInput = z.infer<typeof SecretReferenceInputSchema>;

/** `listener_config` as sent (contract `ListenerConfig`). */
export const ListenerConfigInputSchema = z.strictObject({ k8s_namespace: z.string().nullish() });
/** `listener_config` as sent. */
export type ListenerConfigInput = z.infer<typeof ListenerConfigInputSchema>;

/** `source_config` as sent on create/PATCH (contract `SourceConfigRequest`). */
export const SourceConfigInputSchema = z.strictObject({
  integration_id: z.uuid().nullish(),
  repo_url: z.string().nullish(),
  deployment_type: z.enum(DEPLOYMENT_TYPES).nullish(),
  build_on_push: z.boolean().nullish(),
  custom_url: z.string().nullish(),
  resource_spec: z.record(z.string(), z.unknown()).nullish(),
  listener_id: z.uuid().nullish(),
  listener_config: ListenerConfigInputSchema.nullish(),
  install_command: z.string().nullish(),
  build_command: z.string().nullish(),
});
/** `source_config` as sent on create/PATCH. */
export type SourceConfigInput = z.infer<typeof SourceConfigInputSchema>;

/** `source_revision_config` as sent on create/PATCH (contract `SourceRevisionConfigRequest`). */
export const SourceRevisionConfigInputSchema = z.strictObject({
  repo_ref: z.string().nullish(),
  langgraph_config_path: z.string().nullish(),
  image_uri: z.string().nullish(),
  source_tarball_path: z.string().nullish(),
});
/** `source_revision_config` as sent on create/PATCH. */
export type SourceRevisionConfigInput = z.infer<typeof SourceRevisionConfigInputSchema>;

/** Body of `POST /v2/deployments` (contract `DeploymentCreateRequest`; `secrets` is required, `[]` for none). */
export const CreateDeploymentRequestSchema = z.strictObject({
  name: z.string().min(1),
  source: z.enum(DEPLOYMENT_SOURCES),
  source_config: SourceConfigInputSchema,
  source_revision_config: SourceRevisionConfigInputSchema,
  secrets: z.array(SecretInputSchema),
  secret_references: z.array(SecretReferenceInputSchema).nullish(),
});
/** Body of `POST /v2/deployments`. */
export type CreateDeploymentRequest = z.infer<typeof CreateDeploymentRequestSchema>;

/**
 * Body of `PATCH /v2/deployments/{id}` (contract `DeploymentPatchRequest`);
 * carrying `source_revision_config`, `secrets` or `secret_references` creates
 * a new revision.
 */
export const PatchDeploymentRequestSchema = z.strictObject({
  source_config: SourceConfigInputSchema.nullish(),
  source_revision_config: SourceRevisionConfigInputSchema.nullish(),
  secrets: z.array(SecretInputSchema).nullish(),
  secret_references: z.array(SecretReferenceInputSchema).nullish(),
  revision_source: z.enum(REVISION_SOURCES).nullish(),
});
/** Body of `PATCH /v2/deployments/{id}`. */
export type PatchDeploymentRequest = z.infer<typeof PatchDeploymentRequestSchema>;

/** An OAuth provider. Which fields are required is not documented: only `id` and `provider_id` are enforced. */
export const OAuthProviderSchema = z.looseObject({
  id: z.string(),
  provider_id: z.string(),
  organization_id: z.string().nullish(),
  name: z.string().nullish(),
  client_id: z.string().nullish(),
  auth_url: z.string().nullish(),
  token_url: z.string().nullish(),
  uses_pkce: z.boolean().nullish(),
  code_challenge_method: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  provider_type: z.string().nullish(),
  mcp_server_url: z.string().nullish(),
  token_endpoint_auth_method: z.string().nullish(),
  authorization_params: z.record(z.string(), z.unknown()).nullish(),
  is_dynamic_client: z.boolean().nullish(),
  allowed_redirect_uris: z.array(z.string()).nullish(),
});
/** An OAuth provider. */
export type OAuthProvider = z.infer<typeof OAuthProviderSchema>;

/** Response of `GET /v2/auth/providers`: a bare array. */
export const OAuthProviderListSchema = z.array(OAuthProviderSchema);

/** Response of `GET /v2/auth/tokens/exists`. */
export const OAuthTokenStatusSchema = z.looseObject({ has_token: z.boolean() });
/** Response of `GET /v2/auth/tokens/exists`. */
export type OAuthTokenStatus = z.infer<typeof OAuthTokenStatusSchema>;
