/**
 * The Deployment's endpoints (`/v2/deployments` and its revisions, on the
 * control plane), declared like every kind's over the generated wire types
 * (`client/contractTypes/controlPlane.ts` names the few response relaxations), and
 * {@link deploymentCalls}: each endpoint as a typed call with the action its
 * errors name, plus the paging, the lookup by exact name and the waits.
 */
import type { LangSmithClient } from "../../client/client";
import { defineEndpoint, type DeleteResult, subject } from "../../client/endpoint";
import { InvalidRequestError, NotFoundError } from "../../client/errors";
import type { RequestOptions } from "../../client/options";
import {
  type CreateDeploymentRequest,
  CreateDeploymentRequestSchema,
  type CreatedDeployment,
  CreatedDeploymentSchema,
  type Deployment,
  type DeploymentPage,
  DeploymentPageSchema,
  DeploymentSchema,
  type PatchDeploymentRequest,
  PatchDeploymentRequestSchema,
  type Revision,
  type RevisionPage,
  RevisionPageSchema,
  RevisionSchema,
} from "../../client/contractTypes/controlPlane";
import { checkLimit, checkOffset } from "../../client/validateInput";
import { zDeploymentUploadUrlRequest } from "../../client/wire/additions.requests";
import { zDeploymentUploadUrl } from "../../client/wire/additions.responses";
import {
  type DeploymentReader,
  type RevisionReader,
  type WaitForDeletionOptions,
  type WaitForRevisionOptions,
  type WaitForRevisionResult,
  waitForDeletion,
  waitForRevision,
} from "../../client/wait";

/** Filters and paging of `GET /v2/deployments` (the contract has no exact-name filter: see {@link deploymentCalls.findByName}). */
export interface ListDeploymentsParams {
  /** Substring match on the name (`name_contains`). */
  readonly nameContains?: string;
  /** Only these deployments (`deployment_ids`, sent comma-separated as the contract takes it), at most {@link MAX_PAGE_SIZE}; default: all. */
  readonly deploymentIds?: readonly string[];
  /** Page size, 1 to 100; default: the service's default (for `list`) or 100 (for `pages`/`listAll`). */
  readonly limit?: number;
  /** Offset of the first item, at least 0; default 0. */
  readonly offset?: number;
}

/** Paging of `GET /v2/deployments/{id}/revisions`. */
export interface ListRevisionsParams {
  /** Page size, 1 to 100; default the service's default. */
  readonly limit?: number;
  /** Offset of the first item, at least 0; default 0. */
  readonly offset?: number;
  /** Only revisions with this status (e.g. `DEPLOYED`); default all. */
  readonly status?: string;
}

/** Largest page size the service accepts. */
export const MAX_PAGE_SIZE = 100;

const DEPLOYMENTS = "/v2/deployments";
const DEPLOYMENT = "/v2/deployments/{deploymentId}";
const REVISIONS = "/v2/deployments/{deploymentId}/revisions";
const REVISION = "/v2/deployments/{deploymentId}/revisions/{revisionId}";

/** The Deployment's endpoints, below the control plane URL (`client.controlPlane`). */
export const DEPLOYMENT_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: DEPLOYMENTS, request: CreateDeploymentRequestSchema, response: CreatedDeploymentSchema }),
  get: defineEndpoint({ method: "GET", path: DEPLOYMENT, response: DeploymentSchema }),
  list: defineEndpoint({ method: "GET", path: DEPLOYMENTS, response: DeploymentPageSchema }),
  patch: defineEndpoint({ method: "PATCH", path: DEPLOYMENT, request: PatchDeploymentRequestSchema, response: DeploymentSchema }),
  redeploy: defineEndpoint({ method: "POST", path: `${REVISION}/redeploy`, response: DeploymentSchema }),
  delete: defineEndpoint({ method: "DELETE", path: DEPLOYMENT }),
  listRevisions: defineEndpoint({ method: "GET", path: REVISIONS, response: RevisionPageSchema }),
  getRevision: defineEndpoint({ method: "GET", path: REVISION, response: RevisionSchema }),
  uploadUrl: defineEndpoint({ method: "POST", path: `${DEPLOYMENT}/upload-url`, request: zDeploymentUploadUrlRequest, response: zDeploymentUploadUrl }),
} as const;
const E = DEPLOYMENT_ENDPOINTS;

/** The Deployment's endpoints as typed calls: each takes the client first; `options.name` names the deployment in messages. */
export const deploymentCalls = {
  /**
   * `POST /v2/deployments` (201; 200 accepted). Creates the deployment and its first revision.
   * Not idempotent on the wire: only retried on 429 or when the connection was refused.
   * Secret values in `body.secrets` never appear in errors.
   */
  create(client: LangSmithClient, body: CreateDeploymentRequest, options?: RequestOptions): Promise<CreatedDeployment> {
    return client.controlPlane.call(E.create, { action: `creating deployment "${options?.name ?? body.name}"`, body, options });
  },

  /** `GET /v2/deployments/{id}`. The response carries secret values in plaintext: do not log it. */
  get(client: LangSmithClient, deploymentId: string, options?: RequestOptions): Promise<Deployment> {
    return client.controlPlane.call(E.get, { action: `reading deployment ${subject(deploymentId, options)}`, params: { deploymentId }, options });
  },

  /** `GET /v2/deployments` with optional `name_contains`, `deployment_ids` (at most 100), `limit` (1-100) and `offset`. One page. */
  async list(client: LangSmithClient, params: ListDeploymentsParams = {}, options?: RequestOptions): Promise<DeploymentPage> {
    const action = "listing deployments";
    checkLimit(params.limit, action, MAX_PAGE_SIZE);
    checkOffset(params.offset, action);
    if (params.deploymentIds !== undefined && (params.deploymentIds.length === 0 || params.deploymentIds.length > MAX_PAGE_SIZE)) {
      throw new InvalidRequestError(`${action}: deploymentIds must name 1 to ${MAX_PAGE_SIZE} deployments, not ${params.deploymentIds.length}`);
    }
    const query = { name_contains: params.nameContains, deployment_ids: params.deploymentIds?.join(","), limit: params.limit, offset: params.offset };
    return client.controlPlane.call(E.list, { action, query, options });
  },

  /**
   * Iterate over pages of `GET /v2/deployments` (page size `limit`, default 100),
   * starting at `offset` (default 0). The next offset is the page's `offset`
   * when given, else the current offset plus the items received; iteration
   * stops after an empty or short page, or when the offset would not advance.
   */
  async *pages(client: LangSmithClient, params: ListDeploymentsParams = {}, options?: RequestOptions): AsyncGenerator<DeploymentPage, void, undefined> {
    const limit = params.limit ?? MAX_PAGE_SIZE;
    let offset = params.offset ?? 0;
    for (;;) {
      const page = await deploymentCalls.list(client, { ...params, limit, offset }, options);
      yield page;
      if (page.resources.length === 0 || page.resources.length < limit) return;
      const next = page.offset ?? offset + page.resources.length;
      if (next <= offset) return;
      offset = next;
    }
  },

  /** Every deployment matching `params`, following all pages (see `pages`). */
  async listAll(client: LangSmithClient, params: ListDeploymentsParams = {}, options?: RequestOptions): Promise<Deployment[]> {
    const all: Deployment[] = [];
    for await (const page of deploymentCalls.pages(client, params, options)) all.push(...page.resources);
    return all;
  },

  /**
   * The deployment whose name is exactly `name`, or `undefined`. Used before a
   * create (creation is not idempotent) and for adoption. The contract filters
   * by substring only (`name_contains`), so the pages are searched for the
   * exact name.
   */
  async findByName(client: LangSmithClient, name: string, options?: RequestOptions): Promise<Deployment | undefined> {
    if (name === "") throw new InvalidRequestError("finding deployment by name: name must be non-empty");
    for await (const page of deploymentCalls.pages(client, { nameContains: name }, options)) {
      const found = page.resources.find((d) => d.name === name);
      if (found !== undefined) return found;
    }
    return undefined;
  },

  /**
   * `PATCH /v2/deployments/{id}`. A body with `source_revision_config` or
   * `secrets` creates a new revision (read `latest_revision_id` of the result).
   * Not retried except on 429 / refused connection.
   */
  patch(client: LangSmithClient, deploymentId: string, body: PatchDeploymentRequest, options?: RequestOptions): Promise<Deployment> {
    const action = `updating deployment ${subject(deploymentId, options)}`;
    return client.controlPlane.call(E.patch, { action, params: { deploymentId }, body, options });
  },

  /**
   * `POST /v2/deployments/{id}/revisions/{revisionId}/redeploy`: a new
   * revision with the same source revision config as `revisionId` (the
   * service's own retry of a failed revision; secrets are not re-sent).
   * Not idempotent: only retried on 429 or when the connection was refused.
   */
  redeploy(client: LangSmithClient, deploymentId: string, revisionId: string, options?: RequestOptions): Promise<Deployment> {
    const action = `re-deploying revision ${revisionId} of deployment ${subject(deploymentId, options)}`;
    return client.controlPlane.call(E.redeploy, { action, params: { deploymentId, revisionId }, options });
  },

  /**
   * `DELETE /v2/deployments/{id}` (204). Deletion is asynchronous: follow with
   * `waitForDeletion`. A 404 counts as success (`alreadyGone: true`); check the
   * workspace before relying on that.
   */
  async delete(client: LangSmithClient, deploymentId: string, options?: RequestOptions): Promise<DeleteResult> {
    const action = `deleting deployment ${subject(deploymentId, options)}`;
    try {
      await client.controlPlane.call(E.delete, { action, params: { deploymentId }, options });
      return { alreadyGone: false };
    } catch (err) {
      if (err instanceof NotFoundError) return { alreadyGone: true };
      throw err;
    }
  },

  /** `GET /v2/deployments/{id}/revisions`: newest first (`resources[0]` is the latest). */
  async listRevisions(client: LangSmithClient, deploymentId: string, params: ListRevisionsParams = {}, options?: RequestOptions): Promise<RevisionPage> {
    const action = `listing revisions of deployment ${subject(deploymentId, options)}`;
    checkLimit(params.limit, action, MAX_PAGE_SIZE);
    checkOffset(params.offset, action);
    const query = { limit: params.limit, offset: params.offset, ...(params.status !== undefined ? { status: params.status } : {}) };
    return client.controlPlane.call(E.listRevisions, { action, params: { deploymentId }, query, options });
  },

  /** `GET /v2/deployments/{id}/revisions/{revisionId}`. */
  getRevision(client: LangSmithClient, deploymentId: string, revisionId: string, options?: RequestOptions): Promise<Revision> {
    const action = `reading revision ${revisionId} of deployment ${subject(deploymentId, options)}`;
    return client.controlPlane.call(E.getRevision, { action, params: { deploymentId, revisionId }, options });
  },

  /**
   * `POST /v2/deployments/{id}/upload-url`: a signed URL to PUT the next
   * source archive to, the `object_path` a revision names it by, and the
   * headers the PUT must carry. The URL is a credential: never log or record it.
   */
  uploadUrl(
    client: LangSmithClient,
    deploymentId: string,
    options?: RequestOptions,
  ): Promise<{ upload_url: string; object_path: string; upload_headers?: Record<string, string> | null }> {
    const action = `asking for an upload URL for deployment ${subject(deploymentId, options)}`;
    return client.controlPlane.call(E.uploadUrl, { action, params: { deploymentId }, body: { supports_upload_headers: true }, options });
  },

  /** What the waits read through `client`: a deployment, a revision, a page of revisions. */
  reader(client: LangSmithClient): RevisionReader & DeploymentReader {
    return {
      get: (deploymentId, options) => deploymentCalls.get(client, deploymentId, options),
      getRevision: (deploymentId, revisionId, options) => deploymentCalls.getRevision(client, deploymentId, revisionId, options),
      listRevisions: (deploymentId, params, options) => deploymentCalls.listRevisions(client, deploymentId, params, options),
    };
  },

  /**
   * `waitForRevision` through `client`, with its clock (unless `options.clock`
   * is given) and its `timeoutMs` as the poll requests' `requestTimeoutMs`
   * (unless given).
   */
  waitForRevision(client: LangSmithClient, options: WaitForRevisionOptions): Promise<WaitForRevisionResult> {
    return waitForRevision(deploymentCalls.reader(client), { clock: client.clock, requestTimeoutMs: client.timeoutMs, ...options });
  },

  /** `waitForDeletion` through `client`, with its clock and request timeout as {@link deploymentCalls.waitForRevision} does. */
  waitForDeletion(client: LangSmithClient, options: WaitForDeletionOptions): Promise<{ elapsedMs: number }> {
    return waitForDeletion(deploymentCalls.reader(client), { clock: client.clock, requestTimeoutMs: client.timeoutMs, ...options });
  },
};
