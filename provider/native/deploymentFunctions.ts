/**
 * The deployment area's written invokes of the native provider: a deployment
 * (`getDeployment`), its revisions (`getDeploymentRevisions`,
 * `getDeploymentRevision`), its logs (`getDeploymentLogs`) and the
 * workspace's listeners (`getListeners`), over the same cores as the SDK
 * (`provider/deployments/invokes.ts`, `logInvokes.ts`).
 */
import { InvalidRequestError } from "../client/errors";
import { getDeployment, type GetDeploymentArgs, getDeploymentRevision, getDeploymentRevisionPage } from "../deployments/invokes";
import { getDeploymentLogs, type GetDeploymentLogsArgs, getListeners } from "../deployments/logInvokes";
import { exampleRef } from "../engine/fields/fieldSpec";
import { ANY, anyMap, bool, DEPLOYMENT_OUTPUTS, found, list, str, stringArg } from "./functionSpecs";
import type { NativeFunction } from "./nativeFunction";

const DEPLOYMENT = "langsmith:index:Deployment";

/** The deployment area's invokes, in the order the schema lists them. */
export const DEPLOYMENT_FUNCTIONS: readonly NativeFunction[] = [
  {
    token: "langsmith:index:getDeployment",
    description: "Looks a deployment up by `id` or by exact `name` in the configured workspace (give one of them). Secret values are never returned.",
    inputs: { id: str("Deployment id."), name: str("Exact deployment name.") },
    requiredInputs: [],
    outputs: DEPLOYMENT_OUTPUTS,
    example: { args: { name: exampleRef(DEPLOYMENT, { output: "name" }) }, output: "status" },
    async run(client, args) {
      const id = typeof args["id"] === "string" && args["id"] !== "" ? args["id"] : undefined;
      const name = typeof args["name"] === "string" && args["name"] !== "" ? args["name"] : undefined;
      if ((id === undefined) === (name === undefined)) throw new Error("getDeployment: give exactly one of id or name");
      const lookup: GetDeploymentArgs = id !== undefined ? { id } : { name: name as string };
      return found(await getDeployment(client, lookup));
    },
  },
  {
    token: "langsmith:index:getDeploymentRevisions",
    description: "The newest revisions of a deployment, newest first, a page at a time (optionally only those of one status).",
    inputs: {
      deploymentId: str("Deployment id."),
      limit: { type: "integer", description: "How many revisions, 1 to 100; default 10." },
      offset: { type: "integer", description: "How many of the newest to skip (a previous page's `nextOffset`); default 0." },
      status: str("Only revisions with this status, e.g. `DEPLOYED`; default all."),
    },
    requiredInputs: ["deploymentId"],
    outputs: {
      revisions: list(ANY, "Revisions: `id`, `status`, `source`, `createdAt`, `updatedAt`, `sourceRevisionConfig`."),
      nextOffset: { type: "integer", description: "The `offset` of the next page; unset after the last." },
    },
    example: { args: { deploymentId: exampleRef(DEPLOYMENT), limit: 5 }, output: "revisions" },
    async run(client, args) {
      const limit = typeof args["limit"] === "number" ? args["limit"] : undefined;
      const offset = typeof args["offset"] === "number" ? args["offset"] : undefined;
      const status = stringArg(args, "status");
      const page = await getDeploymentRevisionPage(client, {
        deploymentId: String(args["deploymentId"]),
        ...(limit !== undefined ? { limit } : {}),
        ...(offset !== undefined ? { offset } : {}),
        ...(status !== undefined ? { status } : {}),
      });
      return { revisions: page.revisions, ...(page.nextOffset !== null ? { nextOffset: page.nextOffset } : {}) };
    },
  },
  {
    token: "langsmith:index:getDeploymentRevision",
    description: "One revision of a deployment by its id: its status (and why, when the service says), source and `sourceRevisionConfig`.",
    inputs: { deploymentId: str("Deployment id."), revisionId: str("Revision id (e.g. a Deployment's `latestRevisionId`).") },
    requiredInputs: ["deploymentId", "revisionId"],
    outputs: {
      found: bool("Whether the revision exists."),
      id: str("Revision id."),
      status: str("Its status, e.g. `DEPLOYED`, `BUILD_FAILED`."),
      statusMessage: str("Why it has that status, when the service says (e.g. a build error)."),
      source: str("The source it was built from, e.g. `github`."),
      createdAt: str("When it was made (ISO 8601)."),
      updatedAt: str("When its status last changed (ISO 8601)."),
      sourceRevisionConfig: anyMap("`source_revision_config` as the service returns it (snake_case): the ref, the commit built, the image."),
    },
    example: { args: { deploymentId: exampleRef(DEPLOYMENT), revisionId: exampleRef(DEPLOYMENT, { output: "latestRevisionId" }) }, output: "status" },
    async run(client, args) {
      const deploymentId = stringArg(args, "deploymentId");
      const revisionId = stringArg(args, "revisionId");
      if (deploymentId === undefined || revisionId === undefined)
        throw new InvalidRequestError("getDeploymentRevision: deploymentId and revisionId are required");
      return found(await getDeploymentRevision(client, { deploymentId, revisionId }));
    },
  },
  {
    token: "langsmith:index:getDeploymentLogs",
    description:
      "A deployment's logs: a revision's build or deploy (runtime) log, or, for `deploy` without `revisionId`, every revision's deploy log; filtered by level, text and time, " +
      "newest first unless `order` is `asc`, read page after page up to `maxLines`. The lines are returned as the service gives them and are not marked secret: " +
      "a log holds whatever the build or the agent printed.",
    inputs: {
      deploymentId: str("Deployment id."),
      revisionId: str(
        "The revision whose log is read (e.g. a Deployment's `latestRevisionId`). Default: for `build`, the newest revision; for `deploy`, every revision's deploy log.",
      ),
      type: str("`build` (the image build) or `deploy` (the agent server's runtime); default `deploy`, as `langgraph deploy logs`."),
      level: str("Only lines of this level: `DEBUG`, `INFO`, `WARNING`, `ERROR` or `CRITICAL` (any case); default all."),
      query: str("Only lines whose message contains this text; default all."),
      startTime: str("Only lines written at or after this time, ISO 8601 (e.g. `2026-03-08T00:00:00Z`); default no bound."),
      endTime: str("Only lines written before this time, ISO 8601; default no bound."),
      order: str("`desc` (newest first, so `maxLines` keeps the newest) or `asc` (oldest first); default `desc`."),
      offset: str("Read on after a previous result: its `nextOffset` (opaque); default the start, in the order asked."),
      maxLines: { type: "integer", description: "Lines returned at most, 1 to 10000; default 1000. The lines are read 100 to a request." },
    },
    requiredInputs: ["deploymentId"],
    outputs: {
      logs: list(ANY, "The lines, in the order asked: `id`, `timestamp` (ISO 8601), `level`, `message`, as the service gives them."),
      revisionId: str(
        "The revision read: the one given, or the newest for a build log; unset for every revision's deploy log, or when the deployment has no revision yet.",
      ),
      nextOffset: str("Set when `maxLines` stopped the read and the service offered more: pass it as `offset` to read on."),
    },
    example: { args: { deploymentId: exampleRef(DEPLOYMENT), type: "build", level: "INFO", maxLines: 200 }, output: "logs" },
    async run(client, args) {
      const deploymentId = stringArg(args, "deploymentId");
      if (deploymentId === undefined) throw new InvalidRequestError("getDeploymentLogs: deploymentId is required");
      const maxLines = typeof args["maxLines"] === "number" ? args["maxLines"] : undefined;
      const strings = Object.fromEntries(
        (["revisionId", "type", "level", "query", "startTime", "endTime", "order", "offset"] as const).flatMap((key) => {
          const value = stringArg(args, key);
          return value === undefined ? [] : [[key, value]];
        }),
      ) as Omit<GetDeploymentLogsArgs, "deploymentId" | "maxLines">;
      return { ...(await getDeploymentLogs(client, { deploymentId, ...strings, ...(maxLines !== undefined ? { maxLines } : {}) })) };
    },
  },
  {
    token: "langsmith:index:getListeners",
    description:
      "The configured workspace's listeners: what runs its deployments in a cluster of its own (hybrid and self-hosted LangSmith), every one (paged to the end).",
    inputs: {},
    requiredInputs: [],
    outputs: {
      listeners: list(
        ANY,
        "Listeners: `id`, `computeId` (the cluster's id), `computeType` (e.g. `k8s`), `computeConfig` (as the service returns it, snake_case: `k8s_namespaces`), `version`, `createdAt`, `updatedAt`.",
      ),
    },
    example: { args: {}, output: "listeners" },
    async run(client) {
      return { listeners: await getListeners(client) };
    },
  },
];
