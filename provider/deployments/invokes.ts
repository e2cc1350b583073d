/**
 * The Deployment invokes, over a client: what `getDeployment` and
 * `getDeploymentRevisions` return, shared by the SDK (in the program's
 * process) and the native provider (`langsmith:index:getDeployment`, ...).
 */
import { NotFoundError } from "../client/errors";
import type { Deployment as WireDeployment, Revision } from "../client/contractTypes/controlPlane";
import type { LangSmithClient } from "../client/client";
import type { deploymentCalls as Calls } from "./deployment/endpoints";

/**
 * The deployment's typed calls, loaded on the first invoke: the dynamic SDK imports
 * these invokes, and a program that only imports it loads neither zod nor the HTTP client.
 */
async function calls(): Promise<typeof Calls> {
  return (await import("./deployment/endpoints")).deploymentCalls;
}

/** Arguments of {@link getDeployment}: exactly one of `id` or `name`. */
export type GetDeploymentArgs = { id: string; name?: never } | { name: string; id?: never };

/** A deployment as {@link getDeployment} reports it. Secret values are never included. */
export interface DeploymentInfo {
  id: string;
  name: string;
  source: string;
  status: string | null;
  latestRevisionId: string | null;
  activeRevisionId: string | null;
  tenantId: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  /** `source_config` as the service returns it (snake_case). */
  sourceConfig: Record<string, unknown>;
  /** `source_revision_config` as the service returns it (snake_case). */
  sourceRevisionConfig: Record<string, unknown>;
  /** Names of the deployment's secrets; the service's plaintext values are dropped. */
  secretNames: string[];
}

/**
 * Looks a deployment up by id or by exact name in the configured workspace.
 *
 * @returns the deployment, or `undefined` when none matches.
 */
export async function getDeployment(client: LangSmithClient, args: GetDeploymentArgs): Promise<DeploymentInfo | undefined> {
  if (args.id !== undefined) {
    try {
      return toInfo(await (await calls()).get(client, args.id));
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }
  const found = await (await calls()).findByName(client, args.name, { name: args.name });
  return found === undefined ? undefined : toInfo(found);
}

/** Arguments of {@link getDeploymentRevisions}. */
export interface GetDeploymentRevisionsArgs {
  deploymentId: string;
  /** How many revisions, newest first; 1 to 100. Default: 10. */
  limit?: number;
  /** How many of the newest to skip (for the next page); default 0. */
  offset?: number;
  /** Only revisions with this status, e.g. `DEPLOYED`; default all. */
  status?: string;
}

/** A page of revisions: the revisions, and the offset of the next page (`null` after the last). */
export interface RevisionPageInfo {
  revisions: RevisionInfo[];
  nextOffset: number | null;
}

/** One revision of a deployment. */
export interface RevisionInfo {
  id: string;
  status: string;
  /** The source it was built from, e.g. `github`. */
  source: string | null;
  createdAt: string;
  updatedAt: string | null;
  /** `source_revision_config` as the service returns it (snake_case), if any. */
  sourceRevisionConfig: Record<string, unknown> | null;
}

/** The newest revisions of a deployment, newest first. */
export async function getDeploymentRevisions(client: LangSmithClient, args: GetDeploymentRevisionsArgs): Promise<RevisionInfo[]> {
  return (await getDeploymentRevisionPage(client, args)).revisions;
}

/** A page of a deployment's revisions, newest first, with the offset of the next page. */
export async function getDeploymentRevisionPage(client: LangSmithClient, args: GetDeploymentRevisionsArgs): Promise<RevisionPageInfo> {
  const limit = args.limit ?? 10;
  const offset = args.offset ?? 0;
  const page = await (await calls()).listRevisions(client, args.deploymentId, { limit, offset, ...(args.status !== undefined ? { status: args.status } : {}) });
  const revisions = page.resources.map((revision) => ({
    id: revision.id,
    status: revision.status,
    source: revision.source ?? null,
    createdAt: revision.created_at,
    updatedAt: revision.updated_at ?? null,
    sourceRevisionConfig: revision.source_revision_config ? { ...revision.source_revision_config } : null,
  }));
  // The service answers the next page's offset; a full page without it may have a next one.
  const nextOffset = typeof page.offset === "number" ? page.offset : revisions.length === limit ? offset + limit : null;
  return { revisions, nextOffset: revisions.length < limit ? null : nextOffset };
}

/** Arguments of {@link getDeploymentRevision}. */
export interface GetDeploymentRevisionArgs {
  deploymentId: string;
  revisionId: string;
}

/** One revision by id, with its source and the service's explanation of its status. */
export interface RevisionDetail extends RevisionInfo {
  /** The deployment's source the revision was built from, e.g. `github`. */
  source: string | null;
  /** Why the revision has its status (e.g. a build error), when the service says. */
  statusMessage: string | null;
}

/** One revision of a deployment by its id (`GET /v2/deployments/{id}/revisions/{revision_id}`); `undefined` when there is none. */
export async function getDeploymentRevision(client: LangSmithClient, args: GetDeploymentRevisionArgs): Promise<RevisionDetail | undefined> {
  try {
    const revision = (await (await calls()).getRevision(client, args.deploymentId, args.revisionId)) as Revision & { status_message?: string | null };
    return {
      id: revision.id,
      status: revision.status,
      source: revision.source ?? null,
      statusMessage: revision.status_message ?? null,
      createdAt: revision.created_at,
      updatedAt: revision.updated_at ?? null,
      sourceRevisionConfig: revision.source_revision_config ? { ...revision.source_revision_config } : null,
    };
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

function toInfo(deployment: WireDeployment): DeploymentInfo {
  return {
    id: deployment.id,
    name: deployment.name,
    source: deployment.source,
    status: deployment.status ?? null,
    latestRevisionId: deployment.latest_revision_id,
    activeRevisionId: deployment.active_revision_id ?? null,
    tenantId: deployment.tenant_id ?? null,
    createdAt: deployment.created_at ?? null,
    updatedAt: deployment.updated_at ?? null,
    sourceConfig: { ...deployment.source_config },
    sourceRevisionConfig: { ...deployment.source_revision_config },
    secretNames: (deployment.secrets ?? []).map((secret) => secret.name),
  };
}
