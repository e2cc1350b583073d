/**
 * The issues agent of a tracing project
 * (`/api/v1/platform/sessions/{session_id}/issues-agent`, with `X-Tenant-Id`;
 * beta): an agent that scans the project's traces for issues and proposes
 * fixes against a GitHub repository. Served by a Go service: a malformed
 * request is a 400, every error `{"error": "..."}`.
 *
 * What the service does that the contract cannot say (the emulator's choices
 * where nothing public says it):
 * - One agent per project, named by the project's id in the path (no id of
 *   its own in any path): a second create answers 409; an unknown project
 *   400 on create (whose published answers have no 404) and 404 elsewhere; a
 *   malformed project id 400. Deleting the project deletes its agent.
 * - The create takes the repository, context and priorities only (201);
 *   `cron_enabled` (default true: the recurring scan, on the service's
 *   `cron_schedule`), `agent_overview_accepted` and `preview_verify_enabled`
 *   (default false), `user_instructions` and the monthly spend limit are
 *   set by `PATCH`, which changes only what it sends.
 * - `user_instructions` and `run_filter` sent as `""` clear them; a
 *   `run_filter` must parse as LangSmith's filter language (400 otherwise).
 *   `session_lcu_spend_limit_monthly` is a decimal string, answered with six
 *   decimals; a negative one clears it, one that is not a number is a 400.
 *   Unset fields are answered with Go's zero values (`""`, `[]`), as the
 *   service's structs have no `omitempty`.
 * - `PATCH …/overview` `{content}` saves the agent's overview document (a
 *   private hub repository, made on the first save): it answers a new
 *   `commit_hash` and the repository's id, which the agent then carries as
 *   `session_agent_overview_repo_id`. No answer ever holds the content.
 * - The list (`GET /api/v1/platform/issues-agent`) answers every agent of the
 *   workspace, not paged; `DELETE` answers 204.
 * - Permissions: `projects:read` to read, `projects:update` to write.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../core/context";
import { HttpError } from "../../http/errors";
import { isUuid } from "../../http/params";
import { parseBody } from "../../http/validation";
import {
  zTracerSessionIssuesAgentCreateIssuesAgentRequest,
  zTracerSessionIssuesAgentSaveOverviewRequest,
  zTracerSessionIssuesAgentUpdateIssuesAgentRequest,
} from "../../wire/additions";
import { defineKind } from "../../kinds/declaration";
import type { KindCall } from "../../kinds/kindCall";
import { goErrorHandler, withoutNulls } from "../../kinds/goErrors";
import { kindRecords } from "../../kinds/records";
import { authenticateFor } from "../../kinds/scopeAuth";
import { RULE_TARGET_KINDS } from "../runRules";
import { runFilterProblem } from "../runFilter";

type Json = Record<string, unknown>;

const ITEM = "/api/v1/platform/sessions/:session_id/issues-agent";
const KIND_NAME = "issuesAgents";

/** The schedule of the recurring scan the service gives every agent. */
export const ISSUES_AGENT_CRON_SCHEDULE = "0 */6 * * *";

/** Refuses a path whose project id is not a UUID (400, as the Go service parses it). */
function checkProjectParam(call: Pick<KindCall, "params">): void {
  const sessionId = call.params["session_id"];
  if (sessionId !== undefined && !isUuid(sessionId)) throw new HttpError(400, { error: `invalid session_id ${JSON.stringify(sessionId)}` });
}

/** The fields a create or `PATCH` changes, with `""` clearing and the spend limit normalised; refuses a filter or a limit that does not parse. */
function normalised(changes: Json): Json {
  const out: Json = {};
  for (const field of ["user_instructions", "run_filter"]) if (changes[field] === "") out[field] = null;
  const filter = changes["run_filter"];
  if (typeof filter === "string" && filter !== "") {
    const problem = runFilterProblem(filter);
    if (problem !== undefined) throw new HttpError(400, { error: `invalid run_filter: ${problem}` });
  }
  const limit = changes["session_lcu_spend_limit_monthly"];
  if (typeof limit === "string") {
    const value = Number(limit);
    if (limit.trim() === "" || !Number.isFinite(value))
      throw new HttpError(400, { error: `session_lcu_spend_limit_monthly must be a decimal number, not ${JSON.stringify(limit)}` });
    out["session_lcu_spend_limit_monthly"] = value < 0 ? null : value.toFixed(6);
  }
  return out;
}

/** Go's zero values of the agent's fields that may be unset. */
const ZERO: Json = {
  context_hub_repo_handle: "",
  github_base_branch: "",
  github_repo_subdir: "",
  github_repo_url: "",
  latest_run_id: "",
  latest_thread_id: "",
  run_filter: "",
  session_agent_overview_repo_id: "",
  session_lcu_spend_limit_monthly: "",
  session_name: "",
  tenant_name: "",
  user_instructions: "",
  priorities: [],
};

/** An answer with every unset field (`null`) as Go's zero value. */
function withZeros(object: Json): Json {
  return { ...ZERO, ...Object.fromEntries(Object.entries(object).filter(([, value]) => value !== null && value !== undefined)) };
}

/** The issues agent kind. */
export const ISSUES_AGENTS = defineKind({
  name: KIND_NAME,
  noun: "Issues agent",
  scope: "workspace",
  collection: ITEM,
  idParam: "session_id",
  paths: { list: "/api/v1/platform/issues-agent", item: ITEM },
  // The project's id names the agent (compared as a UUID: case aside).
  itemKey: { resolve: (value, candidates) => candidates.find((candidate) => candidate.wire["session_id"] === value.toLowerCase()) },
  checkPath: checkProjectParam,
  errors: "go",
  permissions: { read: "projects:read", write: "projects:update" },
  create: {
    schema: zTracerSessionIssuesAgentCreateIssuesAgentRequest,
    status: 201,
    defaults: { cron_enabled: true, cron_schedule: ISSUES_AGENT_CRON_SCHEDULE, agent_overview_accepted: false, preview_verify_enabled: false, issue_count: 0 },
    derive: (body, call) => {
      const sessionId = String(call.params["session_id"]).toLowerCase();
      if (!kindRecords(call.ctx, RULE_TARGET_KINDS.project).some((project) => project.id === sessionId && project.scopeId === call.scopeId))
        throw new HttpError(400, { error: `session ${sessionId} not found in this workspace` });
      return { ...normalised(body), session_id: sessionId, tenant_id: call.scopeId, engine_version: "1" };
    },
  },
  get: true,
  patch: { schema: zTracerSessionIssuesAgentUpdateIssuesAgentRequest, derive: (changes) => normalised(changes) },
  delete: { answer: "none" },
  unique: ["session_id"],
  references: { session_id: RULE_TARGET_KINDS.project },
  hidden: ["overview_content"],
  render: (record, ctx) => {
    const project = kindRecords(ctx, RULE_TARGET_KINDS.project).find((candidate) => candidate.id === record.wire["session_id"]);
    const workspace = ctx.store.state.organizations.flatMap((organization) => organization.workspaces).find((candidate) => candidate.id === record.scopeId);
    return { session_name: project?.wire["name"] ?? null, tenant_name: workspace?.name ?? null };
  },
  answers: { create: withZeros, get: withZeros, patch: withZeros },
  listAnswer: (objects) => objects.map(withZeros),
});

/** Registers `PATCH …/issues-agent/overview`: saves the agent's overview (never answered back), answering the commit and the repository's id. */
export function registerIssuesAgentOverview(app: FastifyInstance, ctx: EmulatorContext): void {
  app.route({
    method: "PATCH",
    url: `${ITEM}/overview`,
    errorHandler: goErrorHandler("go"),
    handler: async (request) => {
      const { scopeId } = authenticateFor(ctx, request, "workspace", "projects:update");
      const params = request.params as Record<string, string>;
      checkProjectParam({ params });
      const body = parseBody(zTracerSessionIssuesAgentSaveOverviewRequest, withoutNulls(request.body)) as Json;
      const record = kindRecords(ctx, KIND_NAME).find(
        (candidate) => candidate.scopeId === scopeId && candidate.wire["session_id"] === params["session_id"]?.toLowerCase(),
      );
      if (record === undefined) throw new HttpError(404, { error: "issues agent not found" });
      const repoId = typeof record.wire["session_agent_overview_repo_id"] === "string" ? record.wire["session_agent_overview_repo_id"] : randomUUID();
      const commitHash = randomBytes(20).toString("hex");
      record.wire = {
        ...record.wire,
        overview_content: typeof body["content"] === "string" ? body["content"] : "",
        session_agent_overview_repo_id: repoId,
        updated_at: new Date(ctx.now()).toISOString(),
      };
      ctx.store.commit();
      return { commit_hash: commitHash, session_agent_overview_repo_id: repoId };
    },
  });
}
