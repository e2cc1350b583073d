// ChartSection (provider/tracing/charts/chartSection), called in-process
// against the emulator as the native provider calls it: create (the service
// picks the index when unset, and the state records it), refresh through the
// sections' list (a change made outside Pulumi is drift), an in-place update
// (a description removed is cleared), import by id (and a non-id refused as
// not found), `getChartSections` with its filter and the listed-only chart
// count, and delete.
import { createEmulator, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ProviderSession } from "../../provider/engine/context/session";
import type { Properties } from "../../provider/engine/resource";
import { nativeFunction } from "../../provider/native/functions";
import { resource as chartSection } from "../../provider/tracing/charts/chartSection";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";
import { configureWith, operation } from "../helpers/providerConfig";

describe("chart sections against the emulator", () => {
  let emulator: Emulator;

  /** Sends one request to the emulator as another client would (a change made outside Pulumi). */
  async function outside(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${emulator.url}/api/v1${path}`, {
      method,
      headers: { "X-API-Key": DEFAULT_ORG_API_KEY, "X-Tenant-Id": DEFAULT_WORKSPACE_ID, "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.ok).toBe(true);
    return response.json();
  }

  /** Runs `getChartSections` as the native provider does. */
  async function listSections(args: Properties = {}): Promise<Properties[]> {
    const session = new ProviderSession();
    const settings: Record<string, string> = {
      "langsmith:apiUrl": emulator.url,
      "langsmith:apiKey": DEFAULT_ORG_API_KEY,
      "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
    };
    session.configure((key) => settings[key]);
    const context = session.operation({ log: () => undefined });
    const fn = nativeFunction("langsmith:index:getChartSections");
    if (fn === undefined) throw new Error("no function getChartSections");
    const result = await fn.run(await context.client(), args, context);
    return result["chartSections"] as Properties[];
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

  test("create, refresh (drift shown), update in place, import, list and delete", async () => {
    const first = await create(chartSection, { title: "Agent health", description: "latency and errors" });
    expect(first.outs).toMatchObject({
      title: "Agent health",
      description: "latency and errors",
      index: 0,
      tenantId: DEFAULT_WORKSPACE_ID,
      createdAt: expect.any(String),
    });
    // The service's index is recorded, and an unset index is no change.
    expect(chartSection.diff(first.outs, chartSection.check(first.outs, first.inputs).inputs).changes).toBe(false);
    const second = await create(chartSection, { title: "Costs", index: 7 });
    expect(second.outs["index"]).toBe(7);

    // A change made outside Pulumi shows on refresh.
    await outside("PATCH", `/charts/section/${first.id}`, { title: "Agent health (edited)", index: 3 });
    const read = await chartSection.read(operation(), first.id, first.outs);
    expect(read?.props).toMatchObject({ title: "Agent health (edited)", index: 3, description: "latency and errors" });
    const drift = chartSection.diff(read?.props ?? {}, chartSection.check(read?.props ?? {}, first.inputs).inputs);
    expect(drift.changes).toBe(true);
    expect(drift.replaces ?? []).toEqual([]);

    // Every input changes in place; a description removed is cleared.
    const changed = await update(chartSection, first.id, read?.props ?? {}, { title: "Agent health", index: 2 });
    expect(changed.diff.replaces ?? []).toEqual([]);
    expect(changed.outs).toMatchObject({ title: "Agent health", index: 2 });
    expect(changed.outs["description"]).toBeUndefined();
    const reread = await chartSection.read(operation(), first.id, changed.outs);
    expect(reread?.props).toMatchObject({ title: "Agent health", index: 2 });
    expect(reread?.props["description"]).toBeUndefined();

    // Import by id, with or without the workspace (the service's index is an output, not an input); anything else is not found.
    const imported = await chartSection.import(operation(), first.id);
    expect(imported?.inputs).toMatchObject({ title: "Agent health" });
    expect(imported?.inputs["index"]).toBeUndefined();
    expect(imported?.outputs).toMatchObject({ index: 2, createdAt: first.outs["createdAt"] });
    expect((await chartSection.import(operation(), `${DEFAULT_WORKSPACE_ID}/${second.id}`))?.inputs).toMatchObject({
      title: "Costs",
      workspaceId: DEFAULT_WORKSPACE_ID,
    });
    expect(await chartSection.import(operation(), "Agent health")).toBeUndefined();

    // The list function: every section, the chart count beside the outputs; titleContains filters.
    const listed = await listSections();
    expect(listed.find((s) => s["id"] === first.id)).toMatchObject({ title: "Agent health", index: 2, chartCount: 0, modifiedAt: expect.any(String) });
    expect((await listSections({ titleContains: "cost" })).map((s) => s["id"])).toEqual([second.id]);

    await chartSection.delete(operation(), first.id, changed.outs);
    expect(await chartSection.read(operation(), first.id, changed.outs)).toBeUndefined();
    await chartSection.delete(operation(), second.id, second.outs);
    expect(await listSections()).toEqual([]);
  });

  test("check refuses a missing title and a negative index, naming the fields", () => {
    const checked = chartSection.check({}, { index: -1 });
    expect(checked.failures.map((failure) => failure.property).sort()).toEqual(["index", "title"]);
  });
});
