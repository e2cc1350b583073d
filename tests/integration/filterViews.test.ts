// FilterView (provider/tracing/charts/filterView), called in-process
// against the emulator as the native provider calls it: create under a
// project (type and syntax version at their defaults), refresh (a change made
// elsewhere is drift), an in-place update (filters, type, thread filter, time
// range; a filter removed is cleared), the project replacing it, import by
// `<projectId>/<id>`, `getFilterViews` with its type filter, delete, a
// project's delete taking its views, and the refusals a user meets (a
// project not in the workspace, a filter that does not parse).
import { createEmulator, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ProviderSession } from "../../provider/engine/context/session";
import type { Properties } from "../../provider/engine/resource";
import { nativeFunction } from "../../provider/native/functions";
import { resource as filterView } from "../../provider/tracing/charts/filterView";
import { resource as project } from "../../provider/tracing/project";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";
import { configureWith, operation } from "../helpers/providerConfig";

describe("filter views against the emulator", () => {
  let emulator: Emulator;

  /** Sends one request to the emulator as another client would (a change made outside Pulumi). */
  async function outside(method: string, path: string, body?: unknown): Promise<void> {
    const response = await fetch(`${emulator.url}/api/v1${path}`, {
      method,
      headers: { "X-API-Key": DEFAULT_ORG_API_KEY, "X-Tenant-Id": DEFAULT_WORKSPACE_ID, "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.ok).toBe(true);
  }

  /** Runs `getFilterViews` as the native provider does. */
  async function listViews(args: Properties): Promise<Properties[]> {
    const session = new ProviderSession();
    const settings: Record<string, string> = {
      "langsmith:apiUrl": emulator.url,
      "langsmith:apiKey": DEFAULT_ORG_API_KEY,
      "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
    };
    session.configure((key) => settings[key]);
    const context = session.operation({ log: () => undefined });
    const fn = nativeFunction("langsmith:index:getFilterViews");
    if (fn === undefined) throw new Error("no function getFilterViews");
    const result = await fn.run(await context.client(), args, context);
    return result["filterViews"] as Properties[];
  }

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator();
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  beforeEach(() => configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_ORG_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID }));

  test("create, refresh (drift shown), update in place, replace on another project, import, list and delete", async () => {
    const agent = await create(project, { name: "views agent" });
    const made = await create(filterView, { projectId: agent.id, displayName: "Errors", filterString: "eq(error, true)", description: "failing runs" });
    expect(made.outs).toMatchObject({
      projectId: agent.id,
      displayName: "Errors",
      type: "runs",
      syntaxVersion: 1,
      filterString: "eq(error, true)",
      createdAt: expect.any(String),
    });

    // A change made elsewhere is drift.
    await outside("PATCH", `/sessions/${agent.id}/views/${made.id}`, { display_name: "Errors (edited)", filter_string: 'eq(status, "error")' });
    const read = await filterView.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ displayName: "Errors (edited)", filterString: 'eq(status, "error")', description: "failing runs" });
    const drift = filterView.diff(read?.props ?? {}, filterView.check(read?.props ?? {}, made.inputs).inputs);
    expect(drift.changes).toBe(true);
    expect(drift.replaces ?? []).toEqual([]);

    // Every input but the project changes in place; a filter removed is cleared.
    const inputs = {
      projectId: agent.id,
      displayName: "Slow threads",
      type: "threads",
      syntaxVersion: 2,
      threadFilterString: "gt(latency, 5)",
      startTime: "2026-01-01T00:00:00Z",
      endTime: "2026-01-31T00:00:00Z",
      description: "failing runs",
    };
    const changed = await update(filterView, made.id, read?.props ?? {}, inputs);
    expect(changed.diff.replaces ?? []).toEqual([]);
    expect(changed.outs).toMatchObject(inputs);
    expect(changed.outs["filterString"]).toBeUndefined();
    const reread = await filterView.read(operation(), made.id, changed.outs);
    expect(reread?.props).toMatchObject(inputs);
    expect(reread?.props["filterString"]).toBeUndefined();
    expect(filterView.diff(reread?.props ?? {}, filterView.check(reread?.props ?? {}, inputs).inputs).changes).toBe(false);

    // The service answering a time in another spelling (an offset, milliseconds) is no drift.
    await outside("PATCH", `/sessions/${agent.id}/views/${made.id}`, { start_time: "2026-01-01T01:00:00.000+01:00" });
    const respelled = await filterView.read(operation(), made.id, changed.outs);
    expect(respelled?.props["startTime"]).toBe("2026-01-01T00:00:00Z");
    expect(filterView.diff(respelled?.props ?? {}, filterView.check(respelled?.props ?? {}, inputs).inputs).changes).toBe(false);

    // Another project replaces the view.
    const other = await create(project, { name: "views other" });
    expect(filterView.diff(changed.outs, filterView.check(changed.outs, { ...inputs, projectId: other.id }).inputs).replaces).toEqual(["projectId"]);

    // Import by <projectId>/<id>, with or without the workspace.
    const imported = await filterView.import(operation(), `${agent.id}/${made.id}`);
    expect(imported?.inputs).toMatchObject({ ...inputs, projectId: agent.id });
    expect((await filterView.import(operation(), `${DEFAULT_WORKSPACE_ID}/${agent.id}/${made.id}`))?.inputs).toMatchObject({
      workspaceId: DEFAULT_WORKSPACE_ID,
    });

    // The list function: the project's views, by type.
    const runsView = await create(filterView, { projectId: agent.id, displayName: "Roots", filterString: "eq(is_root, true)" });
    expect((await listViews({ projectId: agent.id })).map((v) => v["id"]).sort()).toEqual([made.id, runsView.id].sort());
    expect(await listViews({ projectId: agent.id, type: "runs" })).toEqual([
      expect.objectContaining({ id: runsView.id, displayName: "Roots", projectId: agent.id }),
    ]);

    await filterView.delete(operation(), made.id, changed.outs);
    expect(await filterView.read(operation(), made.id, changed.outs)).toBeUndefined();

    // Deleting the project deletes its views: a refresh then drops them.
    await project.delete(operation(), agent.id, agent.outs);
    expect(await filterView.read(operation(), runsView.id, runsView.outs)).toBeUndefined();
    await project.delete(operation(), other.id, other.outs);
  });

  test("a project not in the workspace and a filter that does not parse are refused by the service; check refuses an unknown type", async () => {
    const missing = await create(filterView, { projectId: "00000000-0000-4000-8000-0000000000ff", displayName: "Orphan" }).catch((error: unknown) => error);
    expect(String(missing)).toMatch(/creating filter view "Orphan": 404/);
    const agent = await create(project, { name: "views refusals" });
    const unparsed = await create(filterView, { projectId: agent.id, displayName: "Broken", filterString: "eq(error" }).catch((error: unknown) => error);
    expect(String(unparsed)).toMatch(/creating filter view "Broken": 400.*filter_string is not a valid filter/);
    expect(filterView.check({}, { projectId: agent.id, displayName: "x", type: "traces" }).failures.map((failure) => failure.property)).toEqual(["type"]);
    await project.delete(operation(), agent.id, agent.outs);
  });
});
