// Chart (provider/tracing/charts/chart), called in-process against the
// emulator as the native provider calls it: create on a section (the
// service's index recorded; its series ids and null-filled keys no drift),
// refresh through the chart's POST read and the section from the charts'
// list (a change made elsewhere, a move to another section, is drift), an
// in-place update (series, section, filters; metadata removed is cleared),
// import by id (never a text block), `getCharts` with its section filter,
// delete, a section's delete taking its charts with it, and the refusals a
// user meets (a section not in the workspace, a series the contract refuses).
import { createEmulator, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ProviderSession } from "../../provider/engine/context/session";
import type { Properties } from "../../provider/engine/resource";
import { nativeFunction } from "../../provider/native/functions";
import { resource as chart } from "../../provider/tracing/charts/chart";
import { resource as chartSection } from "../../provider/tracing/charts/chartSection";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";
import { configureWith, operation } from "../helpers/providerConfig";

describe("charts against the emulator", () => {
  let emulator: Emulator;

  /** Sends one request to the emulator as another client would (a change made outside Pulumi). */
  async function outside(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const response = await fetch(`${emulator.url}/api/v1${path}`, {
      method,
      headers: { "X-API-Key": DEFAULT_ORG_API_KEY, "X-Tenant-Id": DEFAULT_WORKSPACE_ID, "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.ok).toBe(true);
    return (await response.json()) as Record<string, unknown>;
  }

  /** Runs `getCharts` as the native provider does. */
  async function listCharts(args: Properties = {}): Promise<Properties[]> {
    const session = new ProviderSession();
    const settings: Record<string, string> = {
      "langsmith:apiUrl": emulator.url,
      "langsmith:apiKey": DEFAULT_ORG_API_KEY,
      "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
    };
    session.configure((key) => settings[key]);
    const context = session.operation({ log: () => undefined });
    const fn = nativeFunction("langsmith:index:getCharts");
    if (fn === undefined) throw new Error("no function getCharts");
    const result = await fn.run(await context.client(), args, context);
    return result["charts"] as Properties[];
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

  test("create, refresh (drift and a move shown), update in place, import, list and delete", async () => {
    const health = await create(chartSection, { title: "Agent health" });
    const costs = await create(chartSection, { title: "Costs" });
    const series = [
      { name: "p50", metric: "latency_p50", filters: { filter: "eq(is_root, true)" }, groupBy: { attribute: "run_type" } },
      { name: "judged", metricDefinition: { type: "percentile", field: "latency_seconds", params: { p: 0.95 } } },
    ];
    const made = await create(chart, { sectionId: health.id, title: "Latency", chartType: "line", series, metadata: { team: "platform" } });
    expect(made.outs).toMatchObject({ sectionId: health.id, title: "Latency", chartType: "line", index: 0, series, tenantId: DEFAULT_WORKSPACE_ID });

    // The service answers each series with an id and every key filled (max_groups among them): no drift.
    const read = await chart.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ sectionId: health.id, title: "Latency", index: 0, series, metadata: { team: "platform" } });
    expect(chart.diff(read?.props ?? {}, chart.check(read?.props ?? {}, made.inputs).inputs).changes).toBe(false);

    // A change made elsewhere (a series' metric, a move to another section) is drift.
    const answered = await outside("POST", `/charts/${made.id}`, { omit_data: true });
    const wireSeries = answered["series"] as Record<string, unknown>[];
    expect(wireSeries[0]).toMatchObject({ id: expect.any(String), project_metric: null, group_by: { attribute: "run_type", max_groups: 5 } });
    await outside("PATCH", `/charts/${made.id}`, { section_id: costs.id, series: [{ ...wireSeries[0], metric: "latency_p99" }, wireSeries[1]] });
    const drifted = await chart.read(operation(), made.id, made.outs);
    expect(drifted?.props).toMatchObject({ sectionId: costs.id, series: [{ name: "p50", metric: "latency_p99" }, series[1]] });
    const drift = chart.diff(drifted?.props ?? {}, chart.check(drifted?.props ?? {}, made.inputs).inputs);
    expect(drift.changes).toBe(true);
    expect(drift.replaces ?? []).toEqual([]);

    // Every input changes in place: back to the program's section and series, new filters; metadata removed is cleared.
    const inputs = {
      sectionId: health.id,
      title: "Latency",
      chartType: "bar",
      series: [{ name: "p99", metric: "latency_p99" }],
      commonFilters: { filter: 'eq(run_type, "llm")' },
    };
    const changed = await update(chart, made.id, drifted?.props ?? {}, inputs);
    expect(changed.diff.replaces ?? []).toEqual([]);
    expect(changed.outs).toMatchObject({ ...inputs, index: 0 });
    expect(changed.outs["metadata"]).toBeUndefined();
    const reread = await chart.read(operation(), made.id, changed.outs);
    expect(reread?.props).toMatchObject(inputs);
    expect(reread?.props["metadata"]).toBeUndefined();
    expect(chart.diff(reread?.props ?? {}, chart.check(reread?.props ?? {}, inputs).inputs).changes).toBe(false);

    // Import by id: the inputs that reproduce it (no ids, no nulls); a text block is not a Chart.
    const imported = await chart.import(operation(), made.id);
    expect(imported?.inputs).toEqual({
      sectionId: health.id,
      title: "Latency",
      chartType: "bar",
      series: [{ name: "p99", metric: "latency_p99" }],
      commonFilters: { filter: 'eq(run_type, "llm")' },
    });
    const text = await outside("POST", "/charts/create", { chart_type: "text", section_id: health.id, markdown: "# notes" });
    expect(await chart.import(operation(), String(text["id"]))).toBeUndefined();

    // The list function: every chart of every section, text blocks left out; sectionId filters.
    const second = await create(chart, { sectionId: costs.id, title: "Spend", chartType: "kpi", series: [{ name: "cost", metric: "total_cost" }] });
    const listed = await listCharts();
    expect(listed.map((c) => c["id"]).sort()).toEqual([made.id, second.id].sort());
    expect(listed.find((c) => c["id"] === made.id)).toMatchObject({ title: "Latency", sectionId: health.id, index: 0, tenantId: DEFAULT_WORKSPACE_ID });
    expect((await listCharts({ sectionId: costs.id })).map((c) => c["id"])).toEqual([second.id]);

    await chart.delete(operation(), made.id, changed.outs);
    expect(await chart.read(operation(), made.id, changed.outs)).toBeUndefined();

    // Deleting a section deletes the charts on it: a refresh then drops them.
    await chartSection.delete(operation(), costs.id, costs.outs);
    expect(await chart.read(operation(), second.id, second.outs)).toBeUndefined();
    await chartSection.delete(operation(), health.id, health.outs);
  });

  test("a section not in the workspace is refused by the service; check refuses what the contract cannot take, naming the field", async () => {
    const refused = await create(chart, {
      sectionId: "00000000-0000-4000-8000-0000000000ff",
      title: "Orphan",
      chartType: "line",
      series: [{ name: "runs", metric: "run_count" }],
    }).catch((error: unknown) => error);
    expect(String(refused)).toMatch(/creating chart "Orphan": 404/);
    const checked = chart.check({}, { title: "x", chartType: "text", series: [{ name: "runs", metric: "runs_per_day" }] });
    expect(checked.failures.map((failure) => failure.property).sort()).toEqual(["chartType", "sectionId", "series[0].metric"]);
    expect(checked.failures.find((failure) => failure.property === "series[0].metric")?.reason).toMatch(/latency_p50/);
  });
});
