/**
 * The endpoints of a deployment's logs, on the control plane's v1 routes
 * (`/v1/projects/{id}/...`, where the project is the deployment): a
 * revision's build log, a revision's deploy log and the deployment's deploy
 * log (every revision's), each a `POST` of the filters answering one page;
 * and {@link deploymentLogCalls}: each as a typed call with the action its
 * errors name. What langgraph-cli 0.4.40 calls for `deploy logs` and while a
 * remote build runs (contract/additions.openapi.json).
 */
import type { z } from "zod";
import type { LangSmithClient } from "../client/client";
import { defineEndpoint, subject } from "../client/endpoint";
import type { RequestOptions } from "../client/options";
import { zDeploymentLogsRequest } from "../client/wire/additions.requests";
import { zDeploymentLogsPage } from "../client/wire/additions.responses";

/** The body of a log read: `order`, `limit`, `offset` (a previous page's `next_offset`), `level`, `query`, `start_time`, `end_time`. */
export type DeploymentLogsRequest = z.input<typeof zDeploymentLogsRequest>;
/** One page of a log as the service answers it: `logs` (`id`, `timestamp` in epoch ms or a string, `level`, `message`) and `next_offset`. */
export type DeploymentLogsPage = z.output<typeof zDeploymentLogsPage>;

const PROJECT = "/v1/projects/{deploymentId}";

/** The log endpoints, below the control plane URL (`client.controlPlane`). */
export const DEPLOYMENT_LOG_ENDPOINTS = {
  revisionBuildLogs: defineEndpoint({
    method: "POST",
    path: `${PROJECT}/revisions/{revisionId}/build_logs`,
    request: zDeploymentLogsRequest,
    response: zDeploymentLogsPage,
  }),
  revisionDeployLogs: defineEndpoint({
    method: "POST",
    path: `${PROJECT}/revisions/{revisionId}/deploy_logs`,
    request: zDeploymentLogsRequest,
    response: zDeploymentLogsPage,
  }),
  deploymentDeployLogs: defineEndpoint({ method: "POST", path: `${PROJECT}/deploy_logs`, request: zDeploymentLogsRequest, response: zDeploymentLogsPage }),
} as const;
const E = DEPLOYMENT_LOG_ENDPOINTS;

/**
 * The log endpoints as typed calls: each takes the client first and answers
 * one page; `options.name` names the deployment in messages. They are reads,
 * but `POST`s on the wire, so the client retries them only on 429 or when
 * the connection was refused (as every `POST`).
 */
export const deploymentLogCalls = {
  /** `POST /v1/projects/{id}/revisions/{revisionId}/build_logs`: one page of the revision's build log. */
  revisionBuildLogs(
    client: LangSmithClient,
    deploymentId: string,
    revisionId: string,
    body: DeploymentLogsRequest,
    options?: RequestOptions,
  ): Promise<DeploymentLogsPage> {
    const action = `reading the build logs of revision ${revisionId} of deployment ${subject(deploymentId, options)}`;
    return client.controlPlane.call(E.revisionBuildLogs, { action, params: { deploymentId, revisionId }, body, options });
  },

  /** `POST /v1/projects/{id}/revisions/{revisionId}/deploy_logs`: one page of the revision's deploy (runtime) log. */
  revisionDeployLogs(
    client: LangSmithClient,
    deploymentId: string,
    revisionId: string,
    body: DeploymentLogsRequest,
    options?: RequestOptions,
  ): Promise<DeploymentLogsPage> {
    const action = `reading the deploy logs of revision ${revisionId} of deployment ${subject(deploymentId, options)}`;
    return client.controlPlane.call(E.revisionDeployLogs, { action, params: { deploymentId, revisionId }, body, options });
  },

  /** `POST /v1/projects/{id}/deploy_logs`: one page of the deploy (runtime) log of every revision of the deployment. */
  deploymentDeployLogs(client: LangSmithClient, deploymentId: string, body: DeploymentLogsRequest, options?: RequestOptions): Promise<DeploymentLogsPage> {
    const action = `reading the deploy logs of deployment ${subject(deploymentId, options)}`;
    return client.controlPlane.call(E.deploymentDeployLogs, { action, params: { deploymentId }, body, options });
  },
};
