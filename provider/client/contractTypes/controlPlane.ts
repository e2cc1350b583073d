/**
 * Wire schemas of the control plane API (deployments, revisions, OAuth): the
 * ones generated from the contract (`../wire/controlPlane.*`), named for the
 * client. Requests are the generated strict schemas as they are. Responses are
 * the generated loose ones (unknown fields kept), relaxed only where a server
 * is known to differ from the document; each relaxation says which difference
 * it is (docs/contract.md, "Differences kept on purpose").
 */
import { z } from "zod";
import { zDeploymentCreateRequest, zDeploymentPatchRequest, zSecret, zSecretReference } from "../wire/controlPlane.requests";
import {
  zDeployment,
  zDeploymentsList,
  zOAuthProviderResponse,
  zOAuthTokenStatusResponse,
  zRevision,
  zRevisionsList,
  zSecret as zSecretResponse,
  zSecretReference as zSecretReferenceResponse,
  zSourceConfig,
  zSourceRevisionConfig,
} from "../wire/controlPlane.responses";

/** The 13 revision statuses of the contract. Other values may appear and are tolerated (see {@link RevisionSchema}). */
export const REVISION_STATUSES = zRevision.shape.status.options;
/** A known revision status. Wire values are plain strings: see {@link REVISION_STATUSES}. */
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

/**
 * Deployment statuses: the contract's, and `AWAITING_FINAL_DELETE`, which the
 * service sends while a deletion finishes. Other values are tolerated too.
 */
export const DEPLOYMENT_STATUSES = [...zDeployment.shape.status.options, "AWAITING_FINAL_DELETE"] as const;
/** A known deployment status. */
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];

/** Deployment sources of the contract. */
export const DEPLOYMENT_SOURCES = zDeploymentCreateRequest.shape.source.options;
/** A deployment source. */
export type DeploymentSource = (typeof DEPLOYMENT_SOURCES)[number];

/** Deployment types of the contract. */
export const DEPLOYMENT_TYPES = zSourceConfig.shape.deployment_type.unwrap().unwrap().options;
/** A deployment type. */
export type DeploymentType = (typeof DEPLOYMENT_TYPES)[number];

/** Sources a PATCH may name in `revision_source` (the contract's list: no `external_docker`). */
export const REVISION_SOURCES = zDeploymentPatchRequest.shape.revision_source.unwrap().unwrap().options;

/*
 * Responses.
 */

/**
 * A deployment secret as returned. Responses carry `value` in plaintext:
 * never log or copy it. The contract requires `value`; it is read as optional
 * and nullable so that a service that stops echoing values leaves the
 * provider's record of the secrets as it is, instead of failing the read.
 */
export const DeploymentSecretSchema = zSecretResponse.extend({ value: z.string().nullish() });
/** A deployment secret as returned by the service. */
export type DeploymentSecret = z.infer<typeof DeploymentSecretSchema>;

/** A secret reference as returned: environment variable `name` from key `secret_key` of the Kubernetes secret `secret_name`. */
export const SecretReferenceSchema = zSecretReferenceResponse;
/** A secret reference as returned by the service. */
export type SecretReference = z.infer<typeof SecretReferenceSchema>;

/**
 * `source_config` of a deployment response. The service also sends
 * `repo_branch` (the branch while `source_revision_config.repo_ref` holds the
 * resolved commit) and `template_id`, which the document does not declare.
 */
export const SourceConfigSchema = zSourceConfig.extend({
  repo_branch: z.string().nullish(),
  template_id: z.string().nullish(),
});
/** `source_config` of a deployment response. */
export type SourceConfig = z.infer<typeof SourceConfigSchema>;

/**
 * `source_revision_config` of a deployment or revision response. The
 * contract names the config path `langgraph_config_path`; a server written
 * from the paraphrased API document says `graph_config_path`, so either is
 * read and the result always carries `langgraph_config_path`.
 */
export const SourceRevisionConfigSchema = zSourceRevisionConfig
  .extend({ graph_config_path: z.string().nullish() })
  .transform(({ graph_config_path: legacy, ...rest }) => ({
    ...rest,
    langgraph_config_path: rest.langgraph_config_path ?? legacy ?? null,
  }));
/** `source_revision_config` of a deployment or revision response. */
export type SourceRevisionConfig = z.infer<typeof SourceRevisionConfigSchema>;

/**
 * A deployment as returned by GET, list, PATCH and redeploy: the contract's
 * `Deployment`, with these differences:
 * - `status` and `source` are plain strings: the service sends values the
 *   document's enums lack (`AWAITING_FINAL_DELETE`), and one unknown value
 *   must not make a whole list (or the search by name) unreadable;
 * - `status`, `created_at`, `updated_at`, `tenant_id`, `active_revision_id`
 *   and `secrets` may be missing (servers written from the paraphrased document
 *   leave them out; the client needs none of them), and secret values as in
 *   {@link DeploymentSecretSchema};
 * - the service also sends `display_name` and `is_preview`;
 * - `source_config` and `source_revision_config` as above.
 */
export const DeploymentSchema = zDeployment
  .extend({
    secrets: z.array(DeploymentSecretSchema),
    status: z.string(),
    source: z.string(),
    source_config: SourceConfigSchema,
    source_revision_config: SourceRevisionConfigSchema,
    display_name: z.string().nullish(),
    is_preview: z.boolean().nullish(),
  })
  .partial({ created_at: true, updated_at: true, tenant_id: true, active_revision_id: true, secrets: true, status: true });
/** A deployment as returned by the service. */
export type Deployment = z.infer<typeof DeploymentSchema>;

/**
 * Response of `POST /v2/deployments`. The contract answers the whole
 * deployment; the paraphrased document promises only `id` and
 * `latest_revision_id`, so those two are required and the rest is read
 * when present. `latest_revision_id` is null for an `internal_source`
 * deployment created without its upload (its first revision comes with the
 * PATCH that names the upload), as the contract's `Deployment` allows.
 */
export const CreatedDeploymentSchema = DeploymentSchema.partial().extend({
  id: z.string(),
  latest_revision_id: z.string().nullable(),
});
/** Response of `POST /v2/deployments`. */
export type CreatedDeployment = z.infer<typeof CreatedDeploymentSchema>;

/**
 * A revision: the contract's `Revision`, with `status` and `source` as plain
 * strings (a status the document does not list keeps the wait polling), and
 * `updated_at`, `source` and `source_revision_config` possibly missing (servers
 * written from the paraphrased document leave them out).
 */
export const RevisionSchema = zRevision
  .extend({ status: z.string(), source: z.string(), source_revision_config: SourceRevisionConfigSchema })
  .partial({ updated_at: true, source: true, source_revision_config: true });
/** A revision as returned by the service. */
export type Revision = z.infer<typeof RevisionSchema>;

/**
 * Page of `GET /v2/deployments`: `{ resources, offset }`, where `offset` is
 * the offset of the next page. Servers written from the paraphrased document
 * may leave `offset` out or null; paging then counts the items received.
 */
export const DeploymentPageSchema = zDeploymentsList.extend({ resources: z.array(DeploymentSchema), offset: z.int().nullish() });
/** Page of `GET /v2/deployments`. */
export type DeploymentPage = z.infer<typeof DeploymentPageSchema>;

/** Page of `GET /v2/deployments/{id}/revisions`, newest first (`offset` as in {@link DeploymentPageSchema}). */
export const RevisionPageSchema = zRevisionsList.extend({ resources: z.array(RevisionSchema), offset: z.int().nullish() });
/** Page of `GET /v2/deployments/{id}/revisions`. */
export type RevisionPage = z.infer<typeof RevisionPageSchema>;

/**
 * An OAuth provider: the contract's `OAuthProviderResponse`. The service also
 * sends `authorization_params` and `allowed_redirect_uris`, which the
 * document does not declare (the OAuth invokes read the latter).
 */
export const OAuthProviderSchema = zOAuthProviderResponse.extend({
  authorization_params: z.record(z.string(), z.unknown()).nullish(),
  allowed_redirect_uris: z.array(z.string()).nullish(),
});
/** An OAuth provider. */
export type OAuthProvider = z.infer<typeof OAuthProviderSchema>;

/** Response of `GET /v2/auth/providers`: a bare array. */
export const OAuthProviderListSchema = z.array(OAuthProviderSchema);

/** Response of `GET /v2/auth/tokens/exists`. */
export const OAuthTokenStatusSchema = zOAuthTokenStatusResponse;
/** Response of `GET /v2/auth/tokens/exists`. */
export type OAuthTokenStatus = z.infer<typeof OAuthTokenStatusSchema>;

/*
 * Requests: the generated strict schemas as they are (a key the contract does
 * not declare is our own mistake, which the service would drop silently, so
 * it fails before sending). Their types are the schemas' inputs: a default
 * the contract declares is the service's to apply, so it may be left out.
 */

/** A secret sent to the service (contract `Secret`). */
export const SecretInputSchema = zSecret;
/** A secret sent to the service. */
export type SecretInput = z.input<typeof SecretInputSchema>;

/** A secret reference sent to the service (contract `SecretReference`). */
export const SecretReferenceInputSchema = zSecretReference;
/** A secret reference sent to the service. */
export type SecretReferenceInput = z.input<typeof SecretReferenceInputSchema>;

/** Body of `POST /v2/deployments` (contract `DeploymentCreateRequest`; `secrets` is required, `[]` for none). */
export const CreateDeploymentRequestSchema = zDeploymentCreateRequest;
/** Body of `POST /v2/deployments`. */
export type CreateDeploymentRequest = z.input<typeof CreateDeploymentRequestSchema>;

/**
 * Body of `PATCH /v2/deployments/{id}` (contract `DeploymentPatchRequest`);
 * carrying `source_revision_config`, `secrets` or `secret_references` creates
 * a new revision.
 */
export const PatchDeploymentRequestSchema = zDeploymentPatchRequest;
/** Body of `PATCH /v2/deployments/{id}`. */
export type PatchDeploymentRequest = z.input<typeof PatchDeploymentRequestSchema>;
