// DatasetShare, in-process against the emulator as the native provider calls
// it: create is one PUT and records the share token as a secret output,
// refresh reads the share (and drops one unshared outside the stack), a
// change of shareProjects is one PUT keeping the token, datasetId replaces,
// import takes `[<workspaceId>/]<datasetId>` (the token read back), a dataset
// shared already is refused with the import hint, an unknown dataset is the
// service's 404, the list function lists the workspace's shares without
// their tokens, destroy unshares (the token no longer reads the dataset).
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ConflictError, NotFoundError } from "../../provider/client/errors";
import { nativeFunction } from "../../provider/native/functions";
import { resource as dataset } from "../../provider/tracing/dataset";
import { resource as share } from "../../provider/tracing/datasets/datasetShare";
import { configureWith, operation } from "../helpers/providerConfig";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";

describe("DatasetShare against the emulator", () => {
  let emulator: Emulator;
  let datasetId: string;

  /** A call to the emulator as a user's script makes it; answers the status and the body. */
  async function call(method: string, path: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${emulator.url}${path}`, { method, headers: { "x-api-key": DEFAULT_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID } });
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

  const shareWrites = () => emulator.control.requestLog().filter((entry) => entry.method === "PUT" && entry.path.endsWith("/share"));

  /** Whether the service shares the dataset's experiments with it, as it keeps it (no answer carries it). */
  const sharesProjects = (id: string): unknown =>
    emulator.control.dumpState().state.objects["datasetShares"]?.find((record) => record.parentId === id)?.wire["share_projects"];

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator();
    configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });
    datasetId = (await create(dataset, { name: "shared-cases" })).id;
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  test("create, refresh, change, import, a dataset shared already, list, drift, delete", async () => {
    expect(share.outputs.find((output) => output.name === "shareToken")?.secret).toBe(true);
    emulator.control.clearRequestLog();
    const made = await create(share, { datasetId });
    expect(made.id).toBe(datasetId);
    expect(shareWrites()).toHaveLength(1);
    expect(sharesProjects(datasetId)).toBe(false);
    const token = made.outs["shareToken"];
    expect(typeof token).toBe("string");
    expect(await call("GET", `/api/v1/datasets/${datasetId}/share`)).toEqual({ status: 200, body: { dataset_id: datasetId, share_token: token } });
    expect(made.outs).toMatchObject({ datasetId, tenantId: DEFAULT_WORKSPACE_ID });
    expect(share.diff(made.outs, share.check(made.outs, made.inputs).inputs).changes).toBe(false);
    expect(share.diff(made.outs, share.check(made.outs, { datasetId, shareProjects: false }).inputs).changes).toBe(false);

    // Refresh reads the share: the same token, no drift.
    const read = await share.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ datasetId, shareToken: token });
    expect(share.diff(read?.props ?? {}, share.check(made.outs, made.inputs).inputs).changes).toBe(false);

    // shareProjects changes in place, one PUT, the same token; datasetId replaces.
    emulator.control.clearRequestLog();
    const next = await update(share, made.id, read?.props ?? made.outs, { datasetId, shareProjects: true });
    expect({ updates: next.diff.updates, replaces: next.diff.replaces }).toEqual({ updates: ["shareProjects"], replaces: [] });
    expect(shareWrites()).toHaveLength(1);
    expect(sharesProjects(datasetId)).toBe(true);
    expect(next.outs).toMatchObject({ shareProjects: true, shareToken: token });
    expect(share.diff(next.outs, share.check(next.outs, { datasetId: "00000000-0000-4000-8000-000000000001" }).inputs)).toMatchObject({
      replaces: ["datasetId"],
    });

    // Import by the dataset's id, and with the workspace before it: the token read back.
    for (const given of [datasetId, `${DEFAULT_WORKSPACE_ID}/${datasetId}`]) {
      const imported = await share.import(operation(), given);
      expect({
        given,
        id: imported?.id,
        inputs: imported?.inputs,
        token: (imported?.outputs as Record<string, unknown> | undefined)?.["shareToken"],
      }).toMatchObject({ given, id: datasetId, inputs: { datasetId }, token });
    }

    // A dataset shared already is refused with the import hint, and nothing is written.
    emulator.control.clearRequestLog();
    const again = share.create(operation(), share.check({}, { datasetId }).inputs);
    await expect(again).rejects.toThrow(ConflictError);
    await expect(again).rejects.toThrow(/datasetId "[0-9a-f-]+" already exists.*pulumi import/s);
    expect(shareWrites()).toHaveLength(0);

    // The workspace's shares, without their tokens; the lookup by dataset.
    const listed = (await runFunction("getDatasetShares", {}))["datasetShares"] as Record<string, unknown>[];
    expect(listed).toEqual([expect.objectContaining({ id: datasetId, datasetId, datasetName: "shared-cases", sharedAt: expect.any(String) })]);
    expect(JSON.stringify(listed)).not.toContain(String(token));
    const found = await runFunction("getDatasetShare", { datasetId });
    expect(found).toEqual(expect.objectContaining({ found: true, id: datasetId, datasetId }));
    expect(JSON.stringify(found)).not.toContain(String(token));

    // Unshared outside the stack: the next refresh drops it.
    expect((await call("DELETE", `/api/v1/datasets/${datasetId}/share`)).status).toBe(200);
    expect(await share.read(operation(), made.id, next.outs)).toBeUndefined();

    // Destroy unshares: the public routes no longer answer the token; a second destroy is done.
    const shared = await create(share, { datasetId });
    expect(shared.outs["shareToken"]).not.toBe(token);
    await share.delete(operation(), shared.id, shared.outs);
    expect(await call("GET", `/api/v1/datasets/${datasetId}/share`)).toEqual({ status: 200, body: null });
    await expect(share.delete(operation(), shared.id, shared.outs)).resolves.toBeUndefined();
  });

  test("what a user meets: an unknown dataset (404, naming the action), a dataset deleted while shared", async () => {
    const unknown = share.create(operation(), share.check({}, { datasetId: "00000000-0000-4000-8000-00000000abcd" }).inputs);
    await expect(unknown).rejects.toThrow(NotFoundError);
    await expect(unknown).rejects.toThrow(/creating dataset share.*not found/s);
    expect(share.check({}, { datasetId: "not-a-uuid" }).failures).toEqual([expect.objectContaining({ property: "datasetId" })]);

    const other = (await create(dataset, { name: "shared-then-deleted" })).id;
    const made = await create(share, { datasetId: other });
    await dataset.delete(operation(), other, { name: "shared-then-deleted", tenantId: DEFAULT_WORKSPACE_ID });
    expect(await share.read(operation(), made.id, made.outs)).toBeUndefined();
    await expect(share.delete(operation(), made.id, made.outs)).resolves.toBeUndefined();
  });
});
