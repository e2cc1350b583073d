// IssuesAgent (issue 46, beta), in-process against the emulator as the
// native provider calls it: one agent per project, its id the project's; a
// create is the POST and then one PATCH of the fields the create cannot take;
// the write-only overview is saved through its own endpoint, kept in the state
// and sent again only when the program changes it; refresh (drift), an
// in-place update (the spend limit read as a number, unset values cleared),
// import by the project's id, the list function, delete; and the refusals a
// user meets (a second agent for the project, with the import hint; an unknown
// project; a run filter that does not parse).
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ConflictError } from "../../provider/client/errors";
import { nativeFunction } from "../../provider/native/functions";
import { resource as project } from "../../provider/tracing/project";
import { resource as issuesAgent } from "../../provider/tracing/insights/issuesAgent";
import { configureWith, operation } from "../helpers/providerConfig";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";

type Json = Record<string, unknown>;

describe("IssuesAgent against the emulator", () => {
  let emulator: Emulator;
  let projectId: string;

  /** A call to the emulator as a user's script makes it; answers the status and the body. */
  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { "x-api-key": DEFAULT_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: response.status === 204 ? {} : ((await response.json()) as Json) };
  }

  const agentPath = (id: string): string => `/api/v1/platform/sessions/${id}/issues-agent`;
  const requests = (method: string, suffix: string) => emulator.control.requestLog().filter((entry) => entry.method === method && entry.path.endsWith(suffix));
  /** Starts a new operation, as the engine does by configuring the provider. */
  const newOperation = (): void =>
    configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator();
    newOperation();
    projectId = (await create(project, { name: "support-bot" })).id;
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  test("create (POST, then one PATCH), the overview written once, refresh, drift, update, import, list, delete", async () => {
    const inputs = {
      projectId,
      githubRepoUrl: "https://github.com/example/support-bot",
      priorities: ["errors"],
      runFilter: "eq(is_root, true)",
      cronEnabled: false,
      userInstructions: "Ignore timeouts from the staging tools.",
      sessionLcuSpendLimitMonthly: 100,
      overview: "A support bot for a bank's customers.",
    };
    emulator.control.clearRequestLog();
    const made = await create(issuesAgent, inputs);
    expect(made.id).toBe(projectId);
    expect(requests("POST", "/issues-agent")).toHaveLength(1);
    expect(requests("PATCH", "/issues-agent")).toHaveLength(1);
    expect(requests("PATCH", "/overview")).toHaveLength(1);
    expect(made.outs).toMatchObject({ ...inputs, tenantId: DEFAULT_WORKSPACE_ID, cronSchedule: expect.any(String), overviewRepoId: expect.any(String) });
    expect(made.outs["overviewCommitHash"]).toMatch(/^[0-9a-f]{40}$/);
    const stored = (await call("GET", agentPath(projectId))).body;
    expect(stored).toMatchObject({
      session_id: projectId,
      cron_enabled: false,
      session_lcu_spend_limit_monthly: "100.000000",
      user_instructions: inputs.userInstructions,
    });
    expect(JSON.stringify(stored)).not.toContain("A support bot");

    // Refresh: the spend limit's decimal string is the same number; the overview is the state's.
    const read = await issuesAgent.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ sessionLcuSpendLimitMonthly: 100, overview: inputs.overview, overviewCommitHash: made.outs["overviewCommitHash"] });
    expect(issuesAgent.diff(read?.props ?? {}, issuesAgent.check(made.outs, inputs).inputs).changes).toBe(false);

    // A setting changed outside Pulumi is drift.
    expect((await call("PATCH", agentPath(projectId), { cron_enabled: true, priorities: ["latency"] })).status).toBe(200);
    newOperation();
    const drifted = await issuesAgent.read(operation(), made.id, made.outs);
    expect(drifted?.props).toMatchObject({ cronEnabled: true, priorities: ["latency"] });
    expect(issuesAgent.diff(drifted?.props ?? {}, issuesAgent.check(made.outs, inputs).inputs)).toMatchObject({ changes: true, replaces: [] });

    // An update back, unchanged overview: one PATCH, the overview not sent again.
    emulator.control.clearRequestLog();
    const changedInputs = { ...inputs, sessionLcuSpendLimitMonthly: 250.5, userInstructions: undefined };
    const changed = await update(issuesAgent, made.id, drifted?.props ?? made.outs, changedInputs);
    expect(changed.diff.replaces ?? []).toEqual([]);
    expect(requests("PATCH", "/issues-agent")).toHaveLength(1);
    expect(requests("PATCH", "/overview")).toHaveLength(0);
    const after = (await call("GET", agentPath(projectId))).body;
    expect(after).toMatchObject({ cron_enabled: false, priorities: ["errors"], session_lcu_spend_limit_monthly: "250.500000" });
    expect(after["user_instructions"]).toBe("");
    expect(changed.outs).toMatchObject({ overviewCommitHash: made.outs["overviewCommitHash"], sessionLcuSpendLimitMonthly: 250.5 });

    // A new overview is one write to the overview endpoint; unsetting the limit clears it (the service takes a negative one as none).
    emulator.control.clearRequestLog();
    const rewritten = await update(issuesAgent, made.id, changed.outs, {
      ...changedInputs,
      overview: "A support bot for customers and staff.",
      sessionLcuSpendLimitMonthly: undefined,
    });
    expect(requests("PATCH", "/overview")).toHaveLength(1);
    expect(rewritten.outs["overviewCommitHash"]).not.toBe(made.outs["overviewCommitHash"]);
    expect((await call("GET", agentPath(projectId))).body["session_lcu_spend_limit_monthly"]).toBe("");

    // Another project replaces it.
    expect(
      issuesAgent.diff(rewritten.outs, issuesAgent.check(rewritten.outs, { ...changedInputs, projectId: "00000000-0000-4000-8000-000000000001" }).inputs)
        .replaces,
    ).toEqual(["projectId"]);

    // Import by the project's id: the settings, never the overview (which the service does not return).
    for (const given of [projectId, `${DEFAULT_WORKSPACE_ID}/${projectId}`]) {
      const imported = await issuesAgent.import(operation(), given);
      expect(imported?.id).toBe(projectId);
      expect(imported?.inputs).toMatchObject({ projectId, githubRepoUrl: inputs.githubRepoUrl, priorities: ["errors"], runFilter: inputs.runFilter });
      expect(imported?.inputs["overview"]).toBeUndefined();
    }

    // The list function: every agent of the workspace, each by its project's id.
    const context = operation();
    const listed = (await nativeFunction("langsmith:index:getIssuesAgents")?.run(await context.client(), {}, context))?.["issuesAgents"] as Json[];
    expect(listed.map((one) => [one["id"], one["projectId"]])).toEqual([[projectId, projectId]]);

    await issuesAgent.delete(operation(), made.id, rewritten.outs);
    expect((await call("GET", agentPath(projectId))).status).toBe(404);
    expect(await issuesAgent.read(operation(), made.id, rewritten.outs)).toBeUndefined();
  });

  test("a second agent for the project is refused with the import hint; an unknown project and a bad run filter are refused", async () => {
    const first = await create(issuesAgent, { projectId });
    expect(first.outs).toMatchObject({ cronEnabled: true });
    const second = issuesAgent.create(operation(), issuesAgent.check({}, { projectId, priorities: ["latency"] }).inputs);
    await expect(second).rejects.toThrow(ConflictError);
    await expect(second).rejects.toThrow(/pulumi import/);

    const unknown = issuesAgent.create(operation(), issuesAgent.check({}, { projectId: "00000000-0000-4000-8000-00000000abcd" }).inputs);
    await expect(unknown).rejects.toThrow(/creating issues agent "project 00000000-0000-4000-8000-00000000abcd".*not found/s);

    const badFilter = update(issuesAgent, first.id, first.outs, { projectId, runFilter: "eq(is_root" });
    await expect(badFilter).rejects.toThrow(/updating issues agent "project [0-9a-f-]+".*run_filter/s);
    expect(issuesAgent.check({}, { projectId, sessionLcuSpendLimitMonthly: -5 }).failures.map((failure) => failure.property)).toEqual([
      "sessionLcuSpendLimitMonthly",
    ]);
    await issuesAgent.delete(operation(), first.id, first.outs);
  });
});
