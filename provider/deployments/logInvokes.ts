/**
 * The invokes of a deployment's logs and of the workspace's listeners, over
 * a client: what `getDeploymentLogs` and `getListeners` return
 * (`langsmith:index:getDeploymentLogs`, `langsmith:index:getListeners`).
 */
import type { LangSmithClient } from "../client/client";
import type { DeploymentLogLine, DeploymentLogOrder, DeploymentLogType, readDeploymentLogs as ReadDeploymentLogs } from "./deploymentLogs";
import type { deploymentCalls as DeploymentCalls } from "./deployment/endpoints";
import type { listenerCalls as ListenerCalls } from "./listenerEndpoints";

/**
 * The modules that read, loaded on the first invoke: the plugin answers its
 * first call before loading zod or the HTTP client, and these invokes do not change that.
 */
async function logReaders(): Promise<{ readDeploymentLogs: typeof ReadDeploymentLogs; deploymentCalls: typeof DeploymentCalls }> {
  const [logs, deployments] = await Promise.all([import("./deploymentLogs"), import("./deployment/endpoints")]);
  return { readDeploymentLogs: logs.readDeploymentLogs, deploymentCalls: deployments.deploymentCalls };
}

async function listenerReader(): Promise<typeof ListenerCalls> {
  return (await import("./listenerEndpoints")).listenerCalls;
}

/** Arguments of {@link getDeploymentLogs}. */
export interface GetDeploymentLogsArgs {
  /** The deployment's id. */
  deploymentId: string;
  /** The revision whose log is read; default: for `build`, the newest revision; for `deploy`, every revision's (the deployment's deploy log). */
  revisionId?: string;
  /** `build` (the image build) or `deploy` (the agent server's runtime); default `deploy`, as `langgraph deploy logs`. */
  type?: DeploymentLogType;
  /** Only lines of this level (`DEBUG`, `INFO`, `WARNING`, `ERROR`, `CRITICAL`, any case); default all. */
  level?: string;
  /** Only lines whose message contains this text; default all. */
  query?: string;
  /** Only lines written at or after this ISO 8601 time; default no bound. */
  startTime?: string;
  /** Only lines written before this ISO 8601 time; default no bound. */
  endTime?: string;
  /** `desc` (newest first) or `asc` (oldest first); default `desc`. */
  order?: DeploymentLogOrder;
  /** Read on from a previous result's `nextOffset`; default the start (in the order asked). */
  offset?: string;
  /** Lines returned at most, 1 to 10 000; default 1 000. */
  maxLines?: number;
}

/** What {@link getDeploymentLogs} returns. */
export interface DeploymentLogsInfo {
  /** The lines, in the order asked, as the service gives them (timestamps as ISO 8601). */
  logs: DeploymentLogLine[];
  /** The revision read: the one given, or the newest for a build log; absent for the deployment's deploy log, or a build log of a deployment with no revision yet. */
  revisionId?: string;
  /** Set when `maxLines` stopped the read with more offered: pass it as `offset` to read on. */
  nextOffset?: string;
}

/**
 * A deployment's build or deploy logs (a revision's, or for `deploy` without
 * a revision, every revision's), read page after page up to `maxLines`. A
 * build log without `revisionId` is the newest revision's, as
 * `langgraph deploy logs --type build` reads it (one more request); a
 * deployment with no revision yet (a source deployment waiting for its
 * upload) has no build log: `logs` is empty.
 *
 * @throws InvalidRequestError before anything is sent for an argument out of
 *   range; NotFoundError when the deployment or the revision does not exist.
 */
export async function getDeploymentLogs(client: LangSmithClient, args: GetDeploymentLogsArgs): Promise<DeploymentLogsInfo> {
  const { readDeploymentLogs, deploymentCalls } = await logReaders();
  const type = args.type ?? "deploy";
  let revisionId = args.revisionId;
  if (type === "build" && (revisionId === undefined || revisionId === "")) {
    const newest = (await deploymentCalls.listRevisions(client, args.deploymentId, { limit: 1 })).resources[0];
    if (newest === undefined) return { logs: [] };
    revisionId = newest.id;
  }
  const read = await readDeploymentLogs(
    client,
    {
      deploymentId: args.deploymentId,
      type,
      ...(revisionId !== undefined && revisionId !== "" ? { revisionId } : {}),
      ...(args.order !== undefined ? { order: args.order } : {}),
      ...(args.level !== undefined ? { level: args.level } : {}),
      ...(args.query !== undefined ? { query: args.query } : {}),
      ...(args.startTime !== undefined ? { startTime: args.startTime } : {}),
      ...(args.endTime !== undefined ? { endTime: args.endTime } : {}),
      ...(args.offset !== undefined ? { offset: args.offset } : {}),
    },
    args.maxLines !== undefined ? { maxLines: args.maxLines } : {},
  );
  return {
    logs: read.logs,
    ...(revisionId !== undefined && revisionId !== "" ? { revisionId } : {}),
    ...(read.nextOffset !== undefined ? { nextOffset: read.nextOffset } : {}),
  };
}

/** A listener of the workspace: what runs its deployments in a cluster of its own (hybrid and self-hosted LangSmith). */
export interface ListenerInfo {
  id: string;
  /** The cluster's id, as registered (e.g. its name). */
  computeId: string;
  /** The kind of compute, e.g. `k8s`. */
  computeType: string;
  /** `compute_config` as the service returns it (snake_case), e.g. `{ k8s_namespaces: ["agents"] }`. */
  computeConfig: Record<string, unknown>;
  /** The listener's version, when reported. */
  version: string | null;
  /** When it was registered, ISO 8601. */
  createdAt: string;
  /** When it last changed, ISO 8601. */
  updatedAt: string;
}

/** Every listener of the configured workspace (`GET /v2/listeners`, paged to the end), in the service's order. */
export async function getListeners(client: LangSmithClient): Promise<ListenerInfo[]> {
  return (await (await listenerReader()).listAll(client)).map((listener) => ({
    id: listener.id,
    computeId: listener.compute_id,
    computeType: listener.compute_type,
    computeConfig: { ...listener.compute_config },
    version: listener.version ?? null,
    createdAt: listener.created_at,
    updatedAt: listener.updated_at,
  }));
}
