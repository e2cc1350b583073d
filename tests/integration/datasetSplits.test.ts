// DatasetSplit (issue 46), in-process against the emulator as the native
// provider calls it: a split is a name on its member examples, so create is
// one PUT, a change of membership adds then takes out, refresh reads the
// members through the examples list (and sees a change made outside the
// stack), import takes `[<workspaceId>/]<datasetId>/<name>`, a name already in
// use is refused with the import hint, and destroy leaves no split behind.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ConflictError } from "../../provider/client/errors";
import { nativeFunction } from "../../provider/native/functions";
import { resource as dataset } from "../../provider/tracing/dataset";
import { resource as datasetSplit } from "../../provider/tracing/datasetSplit";
import { resource as example } from "../../provider/tracing/example";
import { configureWith, operation } from "../helpers/providerConfig";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";

describe("DatasetSplit against the emulator", () => {
  let emulator: Emulator;
  let datasetId: string;
  const exampleIds: string[] = [];

  /** A call to the emulator as a user's script makes it. */
  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { "x-api-key": DEFAULT_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status).toBe(200);
    return response.json();
  }

  /** The split's members as the service has them, sorted. */
  async function members(name: string): Promise<string[]> {
    const listed = (await call("GET", `/api/v1/examples?dataset=${datasetId}&splits=${name}`)) as { id: string }[];
    return listed.map((one) => one.id).sort();
  }

  /** Runs a native function (a list function or a lookup) as the native provider does; answers its result. */
  async function runFunction(token: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    const fn = nativeFunction(`langsmith:index:${token}`);
    if (fn === undefined) throw new Error(`no function ${token}`);
    const context = operation();
    return (await fn.run(await context.client(), args, context)) as Record<string, unknown>;
  }

  const splitWrites = () => emulator.control.requestLog().filter((entry) => entry.method === "PUT" && entry.path.endsWith("/splits"));

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator();
    configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });
    datasetId = (await create(dataset, { name: "split-cases" })).id;
    for (const question of ["a?", "b?", "c?"]) {
      exampleIds.push((await create(example, { datasetId, inputs: { question }, ...(question === "a?" ? { split: "test" } : {}) })).id);
    }
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  test("create, refresh, change of membership, drift, import, a name in use, list, delete", async () => {
    const [first, second, third] = exampleIds as [string, string, string];
    emulator.control.clearRequestLog();
    const made = await create(datasetSplit, { datasetId, name: "holdout", exampleIds: [second, first] });
    expect(made.id).toBe(`${datasetId}/holdout`);
    expect(splitWrites()).toHaveLength(1);
    expect(await members("holdout")).toEqual([first, second].sort());
    expect(made.outs).toMatchObject({ datasetId, name: "holdout", tenantId: DEFAULT_WORKSPACE_ID });
    expect(datasetSplit.diff(made.outs, datasetSplit.check(made.outs, made.inputs).inputs).changes).toBe(false);

    // Refresh reads the members; the same set in another order is no drift (the program's order is kept).
    const read = await datasetSplit.read(operation(), made.id, made.outs);
    expect(read?.props["exampleIds"]).toEqual([second, first]);
    expect(datasetSplit.diff(read?.props ?? {}, datasetSplit.check(made.outs, made.inputs).inputs).changes).toBe(false);

    // The example's own split is untouched by a further one.
    const firstExample = await example.read(operation(), first, { datasetId, inputs: { question: "a?" }, split: "test", tenantId: DEFAULT_WORKSPACE_ID });
    expect(firstExample?.props["split"]).toBe("test");

    // A change of membership: the new example added first, then the dropped one taken out.
    emulator.control.clearRequestLog();
    const next = await update(datasetSplit, made.id, read?.props ?? made.outs, { datasetId, name: "holdout", exampleIds: [second, third] });
    expect({ updates: next.diff.updates, replaces: next.diff.replaces }).toEqual({ updates: ["exampleIds"], replaces: [] });
    expect(splitWrites()).toHaveLength(2);
    expect(await members("holdout")).toEqual([second, third].sort());

    // A change made outside the stack is drift the next refresh shows.
    await call("PUT", `/api/v1/datasets/${datasetId}/splits`, { split_name: "holdout", examples: [second], remove: true });
    const drifted = await datasetSplit.read(operation(), made.id, next.outs);
    expect(drifted?.props["exampleIds"]).toEqual([third]);
    expect(
      datasetSplit.diff(drifted?.props ?? {}, datasetSplit.check(next.outs, { datasetId, name: "holdout", exampleIds: [second, third] }).inputs),
    ).toMatchObject({
      changes: true,
      replaces: [],
    });

    // Import by `<datasetId>/<name>` and with the workspace before it.
    for (const given of [`${datasetId}/holdout`, `${DEFAULT_WORKSPACE_ID}/${datasetId}/holdout`]) {
      const imported = await datasetSplit.import(operation(), given);
      expect({ given, id: imported?.id, inputs: imported?.inputs }).toMatchObject({
        given,
        id: made.id,
        inputs: { datasetId, name: "holdout", exampleIds: [third] },
      });
    }
    expect(await datasetSplit.import(operation(), `${datasetId}/no-such-split`)).toBeUndefined();

    // A name the dataset already uses is refused with the import hint, and nothing is written.
    emulator.control.clearRequestLog();
    const taken = datasetSplit.create(operation(), datasetSplit.check({}, { datasetId, name: "holdout", exampleIds: [first] }).inputs);
    await expect(taken).rejects.toThrow(ConflictError);
    await expect(taken).rejects.toThrow(/name "holdout" already exists.*pulumi import/s);
    expect(splitWrites()).toHaveLength(0);

    // The dataset's splits, each as its import id; `base`, the service's own, is not adopted.
    const listed = await datasetSplit.list?.(operation(), { workspaceId: DEFAULT_WORKSPACE_ID, parents: { datasetId } });
    expect(listed).toEqual(
      expect.arrayContaining([
        { importId: `${DEFAULT_WORKSPACE_ID}/${datasetId}/holdout`, id: made.id, name: "holdout" },
        expect.objectContaining({ importId: `${DEFAULT_WORKSPACE_ID}/${datasetId}/base`, name: "base", leftOutBecause: expect.stringContaining("Example") }),
        expect.objectContaining({ name: "test", id: `${datasetId}/test` }),
      ]),
    );

    // The list function (by dataset) and the lookup (by dataset and name), as the native provider runs them.
    const listedSplits = (await runFunction("getDatasetSplits", { datasetId }))["datasetSplits"] as Record<string, unknown>[];
    expect(listedSplits.find((one) => one["name"] === "holdout")).toEqual(expect.objectContaining({ id: made.id, datasetId, exampleIds: [third] }));
    expect(await runFunction("getDatasetSplit", { datasetId, name: "holdout" })).toEqual(
      expect.objectContaining({ found: true, id: made.id, exampleIds: [third] }),
    );

    // Destroy takes every current member out: the split is gone, a refresh drops it, a second destroy is no-op.
    await datasetSplit.delete(operation(), made.id, next.outs);
    expect(await members("holdout")).toEqual([]);
    expect(await call("GET", `/api/v1/datasets/${datasetId}/splits`)).not.toContain("holdout");
    expect(await datasetSplit.read(operation(), made.id, next.outs)).toBeUndefined();
    await expect(datasetSplit.delete(operation(), made.id, next.outs)).resolves.toBeUndefined();
  });

  test("check and diff: a new name or dataset replaces; an empty or malformed list is refused", () => {
    const olds = { datasetId, name: "holdout", exampleIds: [exampleIds[0]], tenantId: DEFAULT_WORKSPACE_ID };
    expect(datasetSplit.diff(olds, datasetSplit.check(olds, { ...olds, name: "regression" }).inputs).replaces).toEqual(["name"]);
    expect(datasetSplit.diff(olds, datasetSplit.check(olds, { ...olds, datasetId: exampleIds[1] }).inputs).replaces).toEqual(["datasetId"]);
    expect(datasetSplit.check({}, { datasetId, name: "holdout", exampleIds: [] }).failures).toEqual([
      { property: "exampleIds", reason: "exampleIds is required: the ids of one or more Examples of the dataset" },
    ]);
    expect(
      datasetSplit
        .check({}, { datasetId, name: "", exampleIds: ["not-a-uuid"] })
        .failures.map((failure) => failure.property)
        .sort(),
    ).toEqual(["exampleIds", "name"]);
  });
});
