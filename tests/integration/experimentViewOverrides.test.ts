// ExperimentViewOverride (issue 46), in-process against the emulator as the
// native provider calls it (at /api/v1/platform/datasets/...): create is one
// POST, a change of columnOverrides is one PATCH of the whole list, refresh
// sees a change made outside the stack, import takes
// `[<workspaceId>/]<datasetId>/<id>`, a second override of a dataset is the
// service's 409 with the import hint, a column the service refuses is
// refused by check before any request, an unknown dataset is the service's
// 404, the list function lists the dataset's override, destroy deletes it.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ConflictError, NotFoundError } from "../../provider/client/errors";
import { nativeFunction } from "../../provider/native/functions";
import { resource as dataset } from "../../provider/tracing/dataset";
import { resource as override } from "../../provider/tracing/datasets/experimentViewOverride";
import { configureWith, operation } from "../helpers/providerConfig";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";

describe("ExperimentViewOverride against the emulator", () => {
  let emulator: Emulator;
  let datasetId: string;

  /** A call to the emulator as a user's script makes it; answers the status and the body. */
  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { "x-api-key": DEFAULT_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === "" ? undefined : (JSON.parse(text) as unknown) };
  }

  /** Runs a native function (a list function or a lookup) as the native provider does; answers its result. */
  async function runFunction(token: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    const fn = nativeFunction(`langsmith:index:${token}`);
    if (fn === undefined) throw new Error(`no function ${token}`);
    const context = operation();
    return (await fn.run(await context.client(), args, context)) as Record<string, unknown>;
  }

  const writes = (method: string) =>
    emulator.control
      .requestLog()
      .filter((entry) => entry.method === method && entry.path.includes("/api/v1/platform/datasets/") && entry.path.includes("/experiment-view-overrides"));

  const columns = [
    {
      column: "outputs.accuracy",
      precision: 3,
      colorGradient: [
        { value: 0, color: "#ff0000" },
        { value: 1, color: "#00ff00" },
      ],
    },
  ];

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator();
    configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });
    datasetId = (await create(dataset, { name: "overridden" })).id;
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  test("create, refresh, change, drift, import, a second override, list, delete", async () => {
    emulator.control.clearRequestLog();
    const made = await create(override, { datasetId, columnOverrides: columns });
    expect(writes("POST")).toHaveLength(1);
    const stored = (await call("GET", `/api/v1/platform/datasets/${datasetId}/experiment-view-overrides/${made.id}`)).body;
    expect(stored).toMatchObject({
      dataset_id: datasetId,
      column_overrides: [
        {
          column: "outputs.accuracy",
          precision: 3,
          color_gradient: [
            [0, "#ff0000"],
            [1, "#00ff00"],
          ],
        },
      ],
    });
    expect(made.outs).toMatchObject({ datasetId, columnOverrides: columns, createdAt: expect.any(String), tenantId: DEFAULT_WORKSPACE_ID });
    expect(override.diff(made.outs, override.check(made.outs, made.inputs).inputs).changes).toBe(false);

    // Refresh reads it back unchanged.
    const read = await override.read(operation(), made.id, made.outs);
    expect(read?.props["columnOverrides"]).toEqual(columns);
    expect(override.diff(read?.props ?? {}, override.check(made.outs, made.inputs).inputs).changes).toBe(false);

    // A change of the list is one PATCH of the whole list, in place; another dataset replaces.
    const changed = [
      { column: "outputs.accuracy", precision: 2, hide: false },
      { column: "feedback.tone", colorMap: { good: "#00ff00", bad: "#ff0000" }, disableColors: true },
    ];
    emulator.control.clearRequestLog();
    const next = await update(override, made.id, read?.props ?? made.outs, { datasetId, columnOverrides: changed });
    expect({ updates: next.diff.updates, replaces: next.diff.replaces }).toEqual({ updates: ["columnOverrides"], replaces: [] });
    expect(writes("PATCH")).toHaveLength(1);
    expect(next.outs["columnOverrides"]).toEqual(changed);
    expect(
      override.diff(next.outs, override.check(next.outs, { datasetId: "00000000-0000-4000-8000-000000000001", columnOverrides: changed }).inputs),
    ).toMatchObject({
      replaces: ["datasetId"],
    });

    // A change made outside the stack is drift.
    await call("PATCH", `/api/v1/platform/datasets/${datasetId}/experiment-view-overrides/${made.id}`, {
      column_overrides: [{ column: "metrics.latency", hide: true }],
    });
    const drifted = await override.read(operation(), made.id, next.outs);
    expect(drifted?.props["columnOverrides"]).toEqual([{ column: "metrics.latency", hide: true }]);
    expect(override.diff(drifted?.props ?? {}, override.check(next.outs, { datasetId, columnOverrides: changed }).inputs)).toMatchObject({
      changes: true,
      replaces: [],
    });

    // Import by `<datasetId>/<id>` and with the workspace before it.
    for (const given of [`${datasetId}/${made.id}`, `${DEFAULT_WORKSPACE_ID}/${datasetId}/${made.id}`]) {
      const imported = await override.import(operation(), given);
      expect({ given, id: imported?.id, inputs: imported?.inputs }).toMatchObject({
        given,
        id: made.id,
        inputs: { datasetId, columnOverrides: [{ column: "metrics.latency", hide: true }] },
      });
    }

    // A second override of the dataset is the service's 409, with the import of the one it has.
    const second = override.create(operation(), override.check({}, { datasetId, columnOverrides: columns }).inputs);
    await expect(second).rejects.toThrow(ConflictError);
    await expect(second).rejects.toThrow(
      new RegExp(`already has an experiment view override.*pulumi import langsmith:index:ExperimentViewOverride <name> ${datasetId}/${made.id}`, "s"),
    );

    // The list function (by dataset) and the lookup, as the native provider runs them.
    const listed = (await runFunction("getExperimentViewOverrides", { datasetId }))["experimentViewOverrides"] as Record<string, unknown>[];
    expect(listed).toEqual([expect.objectContaining({ id: made.id, datasetId, columnOverrides: [{ column: "metrics.latency", hide: true }] })]);
    expect(await runFunction("getExperimentViewOverride", { datasetId, id: made.id })).toEqual(expect.objectContaining({ found: true, id: made.id }));

    // Destroy deletes it; a refresh then drops it, and a second destroy is done.
    await override.delete(operation(), made.id, next.outs);
    expect((await call("GET", `/api/v1/platform/datasets/${datasetId}/experiment-view-overrides`)).body).toEqual([]);
    expect(await override.read(operation(), made.id, next.outs)).toBeUndefined();
    await expect(override.delete(operation(), made.id, next.outs)).resolves.toBeUndefined();
  });

  test("what a user meets: a column the service refuses (check, nothing sent), an unknown dataset (404), the service's own refusals", async () => {
    const refused = override.check({}, { datasetId, columnOverrides: [{ column: "accuracy" }, { column: "outputs.x", precision: 7 }] });
    expect(refused.failures.map((failure) => failure.reason).join("\n")).toMatch(/must start with one of inputs, outputs/);
    expect(refused.failures.map((failure) => failure.property)).toEqual(expect.arrayContaining([expect.stringContaining("columnOverrides")]));
    expect(override.check({}, { datasetId, columnOverrides: [] }).failures).not.toEqual([]);

    const unknown = override.create(operation(), override.check({}, { datasetId: "00000000-0000-4000-8000-00000000abcd", columnOverrides: columns }).inputs);
    await expect(unknown).rejects.toThrow(NotFoundError);
    await expect(unknown).rejects.toThrow(/creating experiment view override.*dataset not found/s);

    const base = `/api/v1/platform/datasets/${datasetId}/experiment-view-overrides`;
    expect(await call("POST", base, { column_overrides: [{ column: "accuracy" }] })).toEqual({
      status: 422,
      body: { error: "column name at index 0 must start with one of: inputs, outputs, reference_outputs, feedback, metrics, attachments, metadata" },
    });
    expect((await call("POST", base, { column_overrides: [{ column: "outputs.a", color_gradient: [["red", 0]] }] })).status).toBe(422);
    expect((await call("POST", base, { column_overrides: [] })).status).toBe(400);
    const made = await call("POST", base, { column_overrides: [{ column: "inputs" }] });
    expect(made.status).toBe(201);
    expect((await call("POST", base, { column_overrides: [{ column: "inputs" }] })).status).toBe(409);
    // Deleting the dataset deletes its override.
    await dataset.delete(operation(), datasetId, { name: "overridden", tenantId: DEFAULT_WORKSPACE_ID });
    expect((await call("GET", `${base}/${String((made.body as { id: string }).id)}`)).status).toBe(404);
  });
});
