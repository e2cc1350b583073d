// DatasetVersionTag (issue 46), in-process against the emulator as the
// native provider calls it: create puts the tag on a version (`latest` or a
// version's time), a change of asOf moves it with one PUT, refresh keeps the
// program's spelling while the tag names that version and shows a tag moved
// elsewhere, import takes `[<workspaceId>/]<datasetId>/<tag>`, a tag already
// in use is refused with the import hint, and destroy leaves the tag (the
// service cannot remove one); against a scripted server, a PUT answered 200
// without the tag is refused.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ConflictError, NotFoundError } from "../../provider/client/errors";
import { nativeFunction } from "../../provider/native/functions";
import { resource as dataset } from "../../provider/tracing/dataset";
import { DatasetVersionTagNotAppliedError, resource as datasetVersionTag } from "../../provider/tracing/datasetVersionTag";
import { resource as example } from "../../provider/tracing/example";
import { configureWith, operation } from "../helpers/providerConfig";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";
import { startScriptedServer, type ScriptedServer } from "../helpers/scriptedServer";

describe("DatasetVersionTag against the emulator", () => {
  let emulator: Emulator;
  let datasetId: string;
  const versionTimes: string[] = [];

  /** A call to the emulator as a user's script makes it; answers the status and the body. */
  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { "x-api-key": DEFAULT_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json() };
  }

  /** The time of the version the tag names, as the service answers it. */
  async function taggedAt(tag: string): Promise<string> {
    const answer = await call("GET", `/api/v1/datasets/${datasetId}/version?tag=${tag}`);
    expect(answer.status).toBe(200);
    return (answer.body as { as_of: string }).as_of;
  }

  const tagWrites = () => emulator.control.requestLog().filter((entry) => entry.method === "PUT" && entry.path.endsWith("/tags"));

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    jest.spyOn(console, "warn").mockImplementation(() => undefined);
    emulator = await createEmulator();
    configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });
    datasetId = (await create(dataset, { name: "tagged-cases" })).id;
    // Two versions: each example written is one.
    for (const question of ["a?", "b?"]) {
      versionTimes.push(String((await create(example, { datasetId, inputs: { question } })).outs["createdAt"]));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  test("create at latest, move, refresh, drift, import, a tag in use, a time that is no version, list, destroy", async () => {
    const [older, newer] = versionTimes as [string, string];
    expect(Date.parse(older)).toBeLessThan(Date.parse(newer));

    emulator.control.clearRequestLog();
    const made = await create(datasetVersionTag, { datasetId, tag: "prod", asOf: "latest" });
    expect(made.id).toBe("prod");
    expect(tagWrites()).toHaveLength(1);
    expect(Date.parse(await taggedAt("prod"))).toBe(Date.parse(newer));
    expect(made.outs).toMatchObject({ datasetId, tag: "prod", asOf: "latest", tenantId: DEFAULT_WORKSPACE_ID });
    expect(Date.parse(String(made.outs["versionAsOf"]))).toBe(Date.parse(newer));
    expect(datasetVersionTag.diff(made.outs, datasetVersionTag.check(made.outs, made.inputs).inputs).changes).toBe(false);

    // `latest` stays as written while the tag names a version.
    const read = await datasetVersionTag.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ asOf: "latest", datasetId, tag: "prod" });

    // Moving the tag is one PUT.
    emulator.control.clearRequestLog();
    const moved = await update(datasetVersionTag, made.id, read?.props ?? made.outs, { datasetId, tag: "prod", asOf: older });
    expect({ updates: moved.diff.updates, replaces: moved.diff.replaces }).toEqual({ updates: ["asOf"], replaces: [] });
    expect(tagWrites()).toHaveLength(1);
    expect(Date.parse(await taggedAt("prod"))).toBe(Date.parse(older));
    expect(Date.parse(String(moved.outs["versionAsOf"]))).toBe(Date.parse(older));

    // Another spelling of the same instant is no drift; a tag moved elsewhere is.
    const respelled = older.replace(/Z$/, "+00:00");
    expect((await datasetVersionTag.read(operation(), made.id, { ...moved.outs, asOf: respelled }))?.props["asOf"]).toBe(respelled);
    expect((await call("PUT", `/api/v1/datasets/${datasetId}/tags`, { as_of: "latest", tag: "prod" })).status).toBe(200);
    const drifted = await datasetVersionTag.read(operation(), made.id, moved.outs);
    expect(Date.parse(String(drifted?.props["asOf"]))).toBe(Date.parse(newer));
    expect(datasetVersionTag.diff(drifted?.props ?? {}, datasetVersionTag.check(moved.outs, { datasetId, tag: "prod", asOf: older }).inputs)).toMatchObject({
      changes: true,
      updates: ["asOf"],
    });

    // Import by `<datasetId>/<tag>`, and with the workspace before it.
    for (const given of [`${datasetId}/prod`, `${DEFAULT_WORKSPACE_ID}/${datasetId}/prod`]) {
      const imported = await datasetVersionTag.import(operation(), given);
      expect({ given, id: imported?.id, inputs: imported?.inputs }).toMatchObject({ given, id: "prod", inputs: { datasetId, tag: "prod" } });
      expect(Date.parse(String(imported?.inputs["asOf"]))).toBe(Date.parse(newer));
    }
    expect(await datasetVersionTag.import(operation(), `${datasetId}/no-such-tag`)).toBeUndefined();

    // A tag the dataset already has is refused with the import hint, and not moved.
    emulator.control.clearRequestLog();
    const taken = datasetVersionTag.create(operation(), datasetVersionTag.check({}, { datasetId, tag: "prod", asOf: older }).inputs);
    await expect(taken).rejects.toThrow(ConflictError);
    await expect(taken).rejects.toThrow(/tag "prod" already exists.*pulumi import/s);
    expect(tagWrites()).toHaveLength(0);
    expect(Date.parse(await taggedAt("prod"))).toBe(Date.parse(newer));

    // A time that is no version of the dataset puts no tag.
    const nowhere = datasetVersionTag.create(operation(), datasetVersionTag.check({}, { datasetId, tag: "nowhere", asOf: "2001-01-01T00:00:00Z" }).inputs);
    await expect(nowhere).rejects.toThrow(NotFoundError);
    expect((await call("GET", `/api/v1/datasets/${datasetId}/version?tag=nowhere`)).status).toBe(404);

    // The dataset's tags, each as its import id.
    await create(datasetVersionTag, { datasetId, tag: "staging", asOf: older });
    const listed = await datasetVersionTag.list?.(operation(), { workspaceId: DEFAULT_WORKSPACE_ID, parents: { datasetId } });
    expect(listed?.map((one) => one.importId).sort()).toEqual([`${DEFAULT_WORKSPACE_ID}/${datasetId}/prod`, `${DEFAULT_WORKSPACE_ID}/${datasetId}/staging`]);

    // The list function (by dataset) and the lookup (by dataset and tag), as the native provider runs them.
    const fn = (token: string) => nativeFunction(`langsmith:index:${token}`);
    const context = operation();
    const listedTags = (await fn("getDatasetVersionTags")?.run(await context.client(), { datasetId }, context))?.["datasetVersionTags"] as Record<
      string,
      unknown
    >[];
    expect(listedTags.map((one) => one["tag"]).sort()).toEqual(["prod", "staging"]);
    expect(await fn("getDatasetVersionTag")?.run(await context.client(), { datasetId, tag: "prod" }, context)).toEqual(
      expect.objectContaining({ found: true, id: "prod", datasetId }),
    );

    // Destroy leaves the tag where it is (the service cannot remove one); a dataset gone takes its tags with it.
    await datasetVersionTag.delete(operation(), made.id, drifted?.props ?? moved.outs);
    expect(Date.parse(await taggedAt("prod"))).toBe(Date.parse(newer));
    await dataset.delete(operation(), datasetId, { name: "tagged-cases", tenantId: DEFAULT_WORKSPACE_ID });
    expect(await datasetVersionTag.read(operation(), made.id, moved.outs)).toBeUndefined();
  });

  test("check and diff: another tag or dataset replaces; asOf is required", () => {
    const olds = { datasetId, tag: "prod", asOf: "latest", tenantId: DEFAULT_WORKSPACE_ID };
    expect(datasetVersionTag.diff(olds, datasetVersionTag.check(olds, { ...olds, tag: "candidate" }).inputs).replaces).toEqual(["tag"]);
    expect(datasetVersionTag.diff(olds, datasetVersionTag.check(olds, { ...olds, datasetId: "00000000-0000-4000-8000-000000000001" }).inputs).replaces).toEqual(
      ["datasetId"],
    );
    expect(datasetVersionTag.check({}, { datasetId, tag: "prod" }).failures).toEqual([
      { property: "asOf", reason: 'asOf is required: "latest" or the RFC 3339 time of one of the dataset\'s versions' },
    ]);
  });
});

describe("DatasetVersionTag against a service that answers 200 and puts no tag", () => {
  let server: ScriptedServer;
  const datasetId = "00000000-0000-4000-8000-00000000d501";

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    server = await startScriptedServer();
    // No tag yet (the create's look-up), and a PUT answered with a version that does not carry it (as the community provider observes).
    server.setFallback((request) =>
      request.method === "PUT" ? { status: 200, json: { as_of: "2026-01-01T00:00:00+00:00", tags: [] } } : { status: 404, json: { detail: "Not found" } },
    );
    configureWith({ "langsmith:apiUrl": server.url, "langsmith:apiKey": DEFAULT_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await server?.close();
  });

  test("the create is refused, naming the tag's time and the dataset, and nothing is recorded", async () => {
    const inputs = datasetVersionTag.check({}, { datasetId, tag: "prod", asOf: "2026-01-01T00:00:00Z" }).inputs;
    const created = datasetVersionTag.create(operation(), inputs);
    await expect(created).rejects.toThrow(DatasetVersionTagNotAppliedError);
    await expect(created).rejects.toThrow(
      `creating dataset version tag "prod": the service did not put the tag on a version: asOf "2026-01-01T00:00:00Z" names no version of dataset ${datasetId}`,
    );
    expect(server.requests.filter((request) => request.method === "PUT").map((request) => [request.path, JSON.parse(request.body)])).toEqual([
      [`/api/v1/datasets/${datasetId}/tags`, { as_of: "2026-01-01T00:00:00Z", tag: "prod" }],
    ]);
  });
});
