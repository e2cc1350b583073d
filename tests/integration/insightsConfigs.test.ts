// InsightsConfig (issue 46, beta), in-process against the emulator as the
// native provider calls it: create (the service stores `config` normalised,
// null-filled), refresh through the project's list (only the keys the program
// sets are compared; a key changed outside Pulumi is drift; a config the list
// lacks is gone), an in-place update (a changed key of `config` sends the
// whole `config`, which the service replaces), import by
// `[<workspaceId>/]<projectId>/<id>`, the list function, a bad cron refused by
// check, an unknown project refused by the service, another project replacing,
// and delete.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { NotFoundError } from "../../provider/client/errors";
import { nativeFunction } from "../../provider/native/functions";
import { resource as project } from "../../provider/tracing/project";
import { resource as insightsConfig } from "../../provider/tracing/insights/insightsConfig";
import { configureWith, operation } from "../helpers/providerConfig";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";

type Json = Record<string, unknown>;

describe("InsightsConfig against the emulator", () => {
  let emulator: Emulator;
  let projectId: string;

  /** A call to the emulator as a user's script makes it; answers the status and the body. */
  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { "x-api-key": DEFAULT_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json() };
  }

  /** The project's configs as the service lists them. */
  async function listed(): Promise<Json[]> {
    return ((await call("GET", `/api/v1/sessions/${projectId}/insights/configs`)).body as { configs: Json[] }).configs;
  }

  /** Starts a new operation, as the engine does by configuring the provider: the list pages read so far are dropped. */
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

  test("create, refresh of the program's keys only, drift, update sending the whole config, import, list, delete", async () => {
    const inputs = {
      projectId,
      name: "support topics",
      scheduleCron: "0 6 * * 1",
      config: { summaryPrompt: "Summarise what the user asked for.", sample: 500, hierarchy: [10], partitions: { errors: 'eq(status, "error")' } },
    };
    const made = await create(insightsConfig, inputs);
    expect(made.outs).toMatchObject({ ...inputs, tenantId: DEFAULT_WORKSPACE_ID });
    // The service null-fills the keys the program left out, and defaults the model.
    const stored = (await listed()).find((config) => config["id"] === made.id);
    expect(stored?.["config"]).toMatchObject({ summary_prompt: "Summarise what the user asked for.", filter: null, user_context: null, model: "openai" });
    expect(stored?.["prebuilt"]).toBe(false);

    // Refresh reads the program's keys only: no drift from the service's additions.
    const read = await insightsConfig.read(operation(), made.id, made.outs);
    expect(read?.props["config"]).toEqual(inputs.config);
    expect(insightsConfig.diff(read?.props ?? {}, insightsConfig.check(made.outs, inputs).inputs).changes).toBe(false);

    // A key changed outside Pulumi is drift.
    const outside = { ...(stored?.["config"] as Json), summary_prompt: "something else" };
    expect((await call("PATCH", `/api/v1/sessions/${projectId}/insights/configs/${made.id}`, { config: outside })).status).toBe(200);
    newOperation();
    const drifted = await insightsConfig.read(operation(), made.id, made.outs);
    expect(drifted?.props).toMatchObject({ config: { summaryPrompt: "something else" } });
    expect(insightsConfig.diff(drifted?.props ?? {}, insightsConfig.check(made.outs, inputs).inputs)).toMatchObject({ changes: true, replaces: [] });

    // One changed key sends the whole config: the other keys stay.
    emulator.control.clearRequestLog();
    const changedInputs = { ...inputs, description: "weekly topics", config: { ...inputs.config, sample: 1000 } };
    const changed = await update(insightsConfig, made.id, drifted?.props ?? made.outs, changedInputs);
    expect(changed.diff.replaces ?? []).toEqual([]);
    const patch = emulator.control.requestLog().filter((entry) => entry.method === "PATCH");
    expect(patch).toHaveLength(1);
    const after = (await listed()).find((config) => config["id"] === made.id);
    expect(after).toMatchObject({ description: "weekly topics", schedule_cron: "0 6 * * 1" });
    expect(after?.["config"]).toMatchObject({
      summary_prompt: "Summarise what the user asked for.",
      sample: 1000,
      hierarchy: [10],
      partitions: inputs.config.partitions,
    });
    expect(changed.outs).toMatchObject(changedInputs);

    // Unsetting the schedule clears it.
    const unscheduled = await update(insightsConfig, made.id, changed.outs, { ...changedInputs, scheduleCron: undefined });
    expect((await listed()).find((config) => config["id"] === made.id)?.["schedule_cron"]).toBeNull();
    expect(unscheduled.outs["scheduleCron"]).toBeUndefined();

    // Another project replaces it.
    const moved = insightsConfig.diff(
      unscheduled.outs,
      insightsConfig.check(unscheduled.outs, { ...changedInputs, projectId: "00000000-0000-4000-8000-000000000001" }).inputs,
    );
    expect(moved.replaces).toEqual(["projectId"]);

    // Import by `<projectId>/<id>`, with or without the workspace: the service's keys that are set, not its nulls or its default model.
    for (const given of [`${projectId}/${made.id}`, `${DEFAULT_WORKSPACE_ID}/${projectId}/${made.id}`]) {
      const imported = await insightsConfig.import(operation(), given);
      expect(imported?.id).toBe(made.id);
      const { workspaceId: _workspace, ...rest } = imported?.inputs ?? {};
      expect(rest).toEqual({
        projectId,
        name: "support topics",
        description: "weekly topics",
        config: { summaryPrompt: "Summarise what the user asked for.", sample: 1000, hierarchy: [10], partitions: inputs.config.partitions },
      });
    }

    // The list function, as the native provider runs it.
    const context = operation();
    const fn = nativeFunction("langsmith:index:getInsightsConfigs");
    const all = (await fn?.run(await context.client(), { projectId }, context))?.["insightsConfigs"] as Json[];
    expect(all.map((one) => [one["id"], one["name"]])).toEqual([[made.id, "support topics"]]);

    // Delete; a config missing from the list is gone.
    await insightsConfig.delete(operation(), made.id, unscheduled.outs);
    expect(await listed()).toEqual([]);
    newOperation();
    expect(await insightsConfig.read(operation(), made.id, unscheduled.outs)).toBeUndefined();
    await insightsConfig.delete(operation(), made.id, unscheduled.outs);
  });

  test("a bad schedule is refused by check; an unknown project by the service", async () => {
    const refused = insightsConfig.check({}, { projectId, name: "x", scheduleCron: "every monday" });
    expect(refused.failures).toEqual([{ property: "scheduleCron", reason: expect.stringMatching(/five-field cron expression/) }]);
    expect(insightsConfig.check({}, { projectId }).failures.map((failure) => failure.property)).toEqual(["name"]);
    const missing = "00000000-0000-4000-8000-00000000abcd";
    const failed = insightsConfig.create(operation(), insightsConfig.check({}, { projectId: missing, name: "orphan" }).inputs);
    await expect(failed).rejects.toThrow(NotFoundError);
    await expect(failed).rejects.toThrow(/creating insights config "orphan"/);
  });
});
