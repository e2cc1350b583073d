/**
 * The IssuesAgent resource (beta): the agent that scans a tracing project's
 * traces for issues and proposes fixes against a GitHub repository. One per
 * project, named in every path by the project's id, which is therefore the
 * resource's id. The create takes the repository, context, priorities and
 * run filter; the rest (`cronEnabled`, `userInstructions`, the spend limit,
 * ...) is written by one PATCH right after. `overview` is written through an
 * endpoint of its own and never returned: the state keeps the program's
 * value (as the community Terraform provider does), so only a change in the
 * program sends it again.
 */
import type { LangSmithClient } from "../../client";
import { defineEndpoint } from "../../client/endpoint";
import { found } from "../../client/errors";
import {
  zTracerSessionIssuesAgentCreateIssuesAgentRequest,
  zTracerSessionIssuesAgentSaveOverviewRequest,
  zTracerSessionIssuesAgentUpdateIssuesAgentRequest,
} from "../../client/wire/additions.requests";
import {
  zGetApiV1PlatformIssuesAgentResponse,
  zGetApiV1PlatformSessionsBySessionIdIssuesAgentResponse,
  zPatchApiV1PlatformSessionsBySessionIdIssuesAgentOverviewResponse,
  zPatchApiV1PlatformSessionsBySessionIdIssuesAgentResponse,
  zPostApiV1PlatformSessionsBySessionIdIssuesAgentResponse,
  zTracerSessionIssuesAgentIssuesAgent,
} from "../../client/wire/additions.responses";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../../engine/kind";
import type { Properties } from "../../engine/resource";
import { isRecord } from "../../engine/fields/paths";
import { emptyAsUnset, exampleRef, toWireBody, unknownOr, type FieldTable, type InputsOf } from "../../engine/fields/fields";
import { uuid } from "../../engine/fields/validators";
import { CREATED_AT_OUTPUT, OUTPUT_TYPES } from "../../engine/state/outputs";
import { z } from "zod";

const ONE = "/platform/sessions/{id}/issues-agent";

/** The agent of one project (`/api/v1/platform/sessions/{session_id}/issues-agent`: POST 201, GET, PATCH, DELETE 204) and the workspace's list (not paged). */
export const ISSUES_AGENT_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: ONE,
    request: zTracerSessionIssuesAgentCreateIssuesAgentRequest,
    response: zPostApiV1PlatformSessionsBySessionIdIssuesAgentResponse,
  }),
  list: defineEndpoint({ method: "GET", path: "/platform/issues-agent", response: zGetApiV1PlatformIssuesAgentResponse }),
  get: defineEndpoint({ method: "GET", path: ONE, response: zGetApiV1PlatformSessionsBySessionIdIssuesAgentResponse }),
  update: defineEndpoint({
    method: "PATCH",
    path: ONE,
    request: zTracerSessionIssuesAgentUpdateIssuesAgentRequest,
    response: zPatchApiV1PlatformSessionsBySessionIdIssuesAgentResponse,
  }),
  delete: defineEndpoint({ method: "DELETE", path: ONE }),
} satisfies CrudEndpoints;

/** `PATCH …/issues-agent/overview` `{content}`: saves the overview document (a private hub repository), answering its commit; nothing reads it back. */
export const SAVE_ISSUES_AGENT_OVERVIEW = defineEndpoint({
  method: "PATCH",
  path: `${ONE}/overview`,
  request: zTracerSessionIssuesAgentSaveOverviewRequest,
  response: zPatchApiV1PlatformSessionsBySessionIdIssuesAgentOverviewResponse,
});

const KIND = "issues agent";

/** An optional string the service answers as `""` or leaves out when unset; unset, it is cleared with `""`. */
const text = { required: false, effect: "inPlace", secret: false, fromWire: emptyAsUnset, clearWith: "" } as const;
/** A setting the service's create cannot take: a new agent that sets it is written by one PATCH right after. */
const updateOnly = { required: false, effect: "inPlace", secret: false, createWire: null } as const;

/** Every input field of an IssuesAgent. */
export const ISSUES_AGENT_FIELDS = [
  workspaceIdField(KIND),
  {
    path: "projectId",
    wire: "session_id",
    updateWire: null,
    refresh: "always",
    type: "string (UUID)",
    doc: "The `Project` (tracing project) the agent watches; the resource's id (`pulumi import` takes it). A project has one agent; another project replaces it.",
    schema: unknownOr(uuid("projectId")),
    reason: "projectId is required: set it to a Project's id",
    required: true,
    effect: "replace",
    secret: false,
    example: { value: exampleRef("langsmith:index:Project"), changed: exampleRef("langsmith:index:Project", { other: true }) },
  },
  {
    ...text,
    path: "githubRepoUrl",
    wire: "github_repo_url",
    type: "string (URL)",
    doc: "The GitHub repository the agent proposes fixes against; default none. The service clears the agent's fix state when it changes.",
    schema: z.string().url(),
    example: { value: "https://github.com/example/support-bot", changed: "https://github.com/example/support-bot-v2" },
  },
  {
    ...text,
    path: "githubBaseBranch",
    wire: "github_base_branch",
    type: "string",
    doc: "The branch fixes are proposed against; default the repository's default branch.",
    schema: z.string().min(1),
    example: { value: "main", changed: "develop" },
  },
  {
    ...text,
    path: "githubRepoSubdir",
    wire: "github_repo_subdir",
    type: "string",
    doc: "The folder of the repository that holds the application; default its root.",
    schema: z.string().min(1),
    example: { value: "agent", changed: "services/agent" },
  },
  {
    ...text,
    path: "contextHubRepoHandle",
    wire: "context_hub_repo_handle",
    type: "string",
    doc: "A prompt hub repository whose content the agent reads as context; default none.",
    schema: z.string().min(1),
    example: { value: "support-context", changed: "support-context-v2" },
  },
  {
    ...text,
    path: "runFilter",
    wire: "run_filter",
    type: "string (LangSmith filter)",
    doc: "Which traces the agent analyses, in LangSmith's filter language (e.g. `eq(is_root, true)`); default every trace.",
    schema: z.string().min(1),
    example: { value: "eq(is_root, true)", changed: 'and(eq(is_root, true), eq(status, "error"))' },
  },
  {
    path: "priorities",
    wire: "priorities",
    type: "list of strings",
    doc: "What the agent looks at first, most important first (e.g. `errors`, `latency`); default the service's.",
    schema: z.array(z.string().min(1)),
    required: false,
    clearWith: [],
    effect: "inPlace",
    secret: false,
    example: { value: ["errors"], changed: ["errors", "latency"] },
  },
  {
    ...updateOnly,
    path: "cronEnabled",
    wire: "cron_enabled",
    serviceDefault: true,
    type: "boolean",
    doc: "Whether the agent scans on the service's schedule (`cronSchedule`); default the service's (on).",
    schema: z.boolean(),
    example: { value: false, changed: true },
  },
  {
    ...updateOnly,
    path: "agentOverviewAccepted",
    wire: "agent_overview_accepted",
    type: "boolean",
    doc: "Whether the team has accepted the agent's overview of the application (the agent then works from it).",
    schema: z.boolean(),
    unsetMeans: false,
    defaultDoc: "`false`",
    example: { value: true, changed: false },
  },
  {
    ...updateOnly,
    path: "previewVerifyEnabled",
    wire: "preview_verify_enabled",
    type: "boolean",
    doc: "Whether the agent's fix runs may verify fixes on preview deployments (when the service allows previews at all).",
    schema: z.boolean(),
    unsetMeans: false,
    defaultDoc: "`false`",
    example: { value: true, changed: false },
  },
  {
    ...updateOnly,
    path: "userInstructions",
    wire: "user_instructions",
    fromWire: emptyAsUnset,
    clearWith: "",
    type: "string",
    doc: "The team's own instructions, which the agent treats as authoritative (it never edits them); default none. Unset clears them.",
    schema: z.string().min(1),
    example: { value: "Ignore timeouts from the staging tools.", changed: "Ignore timeouts and rate limits from the staging tools." },
  },
  {
    ...updateOnly,
    path: "sessionLcuSpendLimitMonthly",
    wire: "session_lcu_spend_limit_monthly",
    toWire: (value: unknown) => String(value),
    fromWire: (value: unknown) => (typeof value === "string" && value !== "" ? Number(value) : undefined),
    clearWith: "-1",
    type: "number (LCU a month), at least 0",
    doc: "The most the agent may spend on this project each month, in LCU (the service's decimal string is read as a number); `0` stops its runs. Default no limit; unset removes it.",
    schema: z.number().min(0),
    example: { value: 100, changed: 250.5 },
  },
  {
    path: "overview",
    type: "string (Markdown)",
    doc: "The agent's overview of the application (what it does, what matters), saved through the service's overview endpoint as a private hub repository. Write-only: the service never returns it, so the state keeps the program's value, a change in the program writes it again, an edit made elsewhere (or by the agent's own scans) is not seen, and an import leaves it unset. Unset, the service keeps the last one written (it has no removal).",
    schema: z.string().min(1),
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: "A support bot for a bank's customers.", changed: "A support bot for a bank's customers and branch staff." },
  },
] as const satisfies FieldTable;

/** An IssuesAgent's checked inputs. */
export type IssuesAgentInputs = InputsOf<typeof ISSUES_AGENT_FIELDS>;

/** The agent as the reads see it: its id is its project's (the service's own `id` is in no path). */
function keyedByProject<T extends { session_id?: unknown }>(agent: T): T & { id: string } {
  return { ...agent, id: String(agent.session_id ?? "") };
}

/** Saves `inputs.overview` unless the state records that value already; answers the overview's outputs (the recorded ones when nothing was sent). */
async function saveOverview(client: LangSmithClient, id: string, inputs: Properties, olds: Properties | undefined, action: string): Promise<Properties> {
  const recorded = Object.fromEntries(["overviewCommitHash", "overviewRepoId"].filter((key) => olds?.[key] !== undefined).map((key) => [key, olds?.[key]]));
  const overview = inputs["overview"];
  if (typeof overview !== "string" || (olds !== undefined && olds["overview"] === overview)) return recorded;
  const answer: unknown = await client.resources.send(SAVE_ISSUES_AGENT_OVERVIEW, {
    action: `${action}: saving the overview`,
    params: { id },
    body: { content: overview },
  });
  const saved = isRecord(answer) ? answer : {};
  return { ...recorded, overviewCommitHash: saved["commit_hash"], overviewRepoId: saved["session_agent_overview_repo_id"] ?? recorded["overviewRepoId"] };
}

/** The IssuesAgent, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:IssuesAgent",
  listing: {
    paging: { by: "none" },
    // The overview is write-only: no answer holds it.
    leftOut: ["overview"],
    listedOnly: {
      projectName: { wire: "session_name", type: "string", doc: "The name of the agent's project, when the service listed it." },
      issueCount: { wire: "issue_count", type: "integer", doc: "How many issues the agent has found, when the service listed it." },
      latestRunId: { wire: "latest_run_id", type: "string", doc: "The agent's latest run, empty until its first scan." },
    },
  },
  kind: KIND,
  description:
    "**Beta** (the service's issues-agent API may change). The issues agent of a LangSmith tracing project: it scans the project's traces for issues and proposes fixes against a GitHub repository. " +
    "A project has one agent, so its id is the project's id and another `projectId` replaces it; everything else changes in place. The create takes the repository, context, priorities and run filter; " +
    "`cronEnabled`, `agentOverviewAccepted`, `previewVerifyEnabled`, `userInstructions` and the spend limit are written by one update right after. " +
    "`overview` is write-only: the service never returns it, so the state keeps the program's value and only a change in the program writes it again. " +
    "Destroy deletes the agent, its issues and its overview. Import by the project's id.",
  scope: "workspace",
  fields: ISSUES_AGENT_FIELDS,
  endpoints: ISSUES_AGENT_ENDPOINTS,
  object: zTracerSessionIssuesAgentIssuesAgent,
  displayName: (props) => (typeof props.projectId === "string" ? `project ${props.projectId}` : undefined),
  idOf: (_created, inputs) => String(inputs.projectId).toLowerCase(),
  unwrap: (answer) => keyedByProject(answer),
  listItems: (answer) => answer.map(keyedByProject),
  // The project is the path, not a field of the create or the update.
  wrapBody: (body) => Object.fromEntries(Object.entries(body).filter(([key]) => key !== "session_id")),
  afterWrite: saveOverview,
  hooks: {
    create: {
      /** The POST at the project's path (the project is the agent's id, not an input the path names). */
      async post({ client, inputs, action }) {
        const body = Object.fromEntries(Object.entries(toWireBody(ISSUES_AGENT_FIELDS, inputs)).filter(([key]) => key !== "session_id"));
        const answer: unknown = await client.resources.send(ISSUES_AGENT_ENDPOINTS.create, { action, params: { id: String(inputs.projectId) }, body });
        return keyedByProject(isRecord(answer) ? answer : {});
      },
      /** The project's agent, when it already has one (a lost create answer, or an agent made elsewhere). */
      async lookUp({ client, inputs, action }) {
        const answer: unknown = await found(
          client.resources.send(ISSUES_AGENT_ENDPOINTS.get, { action: `${action}: looking for the project's agent`, params: { id: String(inputs.projectId) } }),
        );
        return isRecord(answer) ? keyedByProject(answer) : undefined;
      },
    },
  },
  outputs: [
    {
      name: "cronSchedule",
      type: OUTPUT_TYPES.string,
      doc: "When the agent's recurring scans run (a cron expression the service chooses), while `cronEnabled`.",
      changesOnUpdate: false,
      wire: "cron_schedule",
    },
    {
      name: "overviewRepoId",
      type: OUTPUT_TYPES.string,
      doc: "The id of the private hub repository that holds the overview, once one was saved.",
      changesOnUpdate: true,
      wire: "session_agent_overview_repo_id",
    },
    {
      name: "overviewCommitHash",
      type: OUTPUT_TYPES.string,
      doc: "The commit of the overview this stack last wrote (the service answers it only to the write).",
      changesOnUpdate: true,
      wire: "overview_commit_hash",
      onlyAtCreate: true,
    },
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
  ],
});
