// HubEnvironment (issue 46), in-process against the emulator as the native
// provider calls it: one record per workspace (a second create is refused
// with the import hint), a change replaces the list with one PATCH, refresh
// sees a list changed outside the stack, import by id, the lookup with no
// argument answers the workspace's own, the list function lists it, and
// destroy returns the workspace to the defaults (the service's GET is then 404).
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ConflictError } from "../../provider/client/errors";
import { nativeFunction } from "../../provider/native/functions";
import { resource as hubEnvironment } from "../../provider/tracing/hub/hubEnvironment";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";
import { configureWith, operation } from "../helpers/providerConfig";

describe("HubEnvironment against the emulator", () => {
  let emulator: Emulator;

  /** A call to the emulator as a user's script makes it; answers the status and the body. */
  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { "x-api-key": DEFAULT_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json() };
  }

  /** Runs a native function (a list function or a lookup) as the native provider does. */
  async function runFunction(token: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    const fn = nativeFunction(`langsmith:index:${token}`);
    if (fn === undefined) throw new Error(`no function ${token}`);
    const context = operation();
    return (await fn.run(await context.client(), args, context)) as Record<string, unknown>;
  }

  const patches = () => emulator.control.requestLog().filter((entry) => entry.method === "PATCH" && entry.path.startsWith("/api/v1/hub/environments/"));

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator();
    configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  test("the workspace has none until a create; the lookup and the list say so", async () => {
    expect((await call("GET", "/api/v1/hub/environments")).status).toBe(404);
    expect(await runFunction("getHubEnvironment", {})).toEqual({ found: false });
    expect((await runFunction("getHubEnvironments", {}))["hubEnvironments"]).toEqual([]);
  });

  test("create, refresh and drift, update in place, a second create, import, lookup, list, delete", async () => {
    const made = await create(hubEnvironment, { environments: ["staging", "production"] });
    expect(made.outs).toMatchObject({ environments: ["staging", "production"], tenantId: DEFAULT_WORKSPACE_ID });
    expect((await call("GET", "/api/v1/hub/environments")).body).toEqual({ id: made.id, environments: [{ name: "staging" }, { name: "production" }] });
    expect(hubEnvironment.diff(made.outs, hubEnvironment.check(made.outs, made.inputs).inputs).changes).toBe(false);

    // A change made outside the stack is drift that refresh shows.
    await call("PATCH", `/api/v1/hub/environments/${made.id}`, { environments: [{ name: "qa" }] });
    const drifted = await hubEnvironment.read(operation(), made.id, made.outs);
    expect(drifted?.props["environments"]).toEqual(["qa"]);
    expect(hubEnvironment.diff(drifted?.props ?? {}, hubEnvironment.check(made.outs, made.inputs).inputs).changes).toBe(true);

    // The update replaces the whole list with one PATCH, in place.
    emulator.control.clearRequestLog();
    const changed = await update(hubEnvironment, made.id, drifted?.props ?? {}, { environments: ["dev", "staging", "production"] });
    expect(changed.diff.replaces ?? []).toEqual([]);
    expect(changed.outs["environments"]).toEqual(["dev", "staging", "production"]);
    expect(patches()).toHaveLength(1);
    expect(((await call("GET", "/api/v1/hub/environments")).body as { environments: unknown }).environments).toEqual([
      { name: "dev" },
      { name: "staging" },
      { name: "production" },
    ]);

    // A second record in the same workspace is refused, naming the first and how to import it.
    const second = await create(hubEnvironment, { environments: ["other"] }).catch((error: unknown) => error);
    expect(second).toBeInstanceOf(ConflictError);
    expect(String(second)).toMatch(/creating hub environments/);
    expect(String(second)).toContain(`pulumi import langsmith:index:HubEnvironment <name> ${made.id}`);

    // Import by id, with or without the workspace.
    const imported = await hubEnvironment.import(operation(), made.id);
    expect(imported?.inputs).toMatchObject({ environments: ["dev", "staging", "production"] });
    const inWorkspace = await hubEnvironment.import(operation(), `${DEFAULT_WORKSPACE_ID}/${made.id}`);
    expect(inWorkspace?.id).toBe(made.id);
    expect(await hubEnvironment.import(operation(), "00000000-0000-4000-8000-000000000000")).toBeUndefined();

    // The lookup with no argument answers the workspace's own; the list function lists it.
    expect(await runFunction("getHubEnvironment", {})).toMatchObject({ found: true, id: made.id, environments: ["dev", "staging", "production"] });
    const listed = (await runFunction("getHubEnvironments", {}))["hubEnvironments"] as Record<string, unknown>[];
    expect(listed).toEqual([expect.objectContaining({ id: made.id, environments: ["dev", "staging", "production"] })]);

    // Destroy returns the workspace to the defaults: no record, refresh drops it, the lookup finds none.
    await hubEnvironment.delete(operation(), made.id, changed.outs);
    expect((await call("GET", "/api/v1/hub/environments")).status).toBe(404);
    expect(await hubEnvironment.read(operation(), made.id, changed.outs)).toBeUndefined();
    expect(await runFunction("getHubEnvironment", {})).toEqual({ found: false });
    // A delete of one already gone is done.
    await hubEnvironment.delete(operation(), made.id, changed.outs);
  });

  test("a record deleted and made again outside the stack is another object: refresh drops the stack's", async () => {
    const made = await create(hubEnvironment, { environments: ["staging"] });
    await call("DELETE", `/api/v1/hub/environments/${made.id}`);
    const again = (await call("POST", "/api/v1/hub/environments", { environments: [{ name: "staging" }] })).body as { id: string };
    expect(again.id).not.toBe(made.id);
    expect(await hubEnvironment.read(operation(), made.id, made.outs)).toBeUndefined();
    await call("DELETE", `/api/v1/hub/environments/${again.id}`);
  });

  test("check refuses an empty list, more than four and a name given twice, before any request", () => {
    for (const environments of [[], ["a", "b", "c", "d", "e"], ["staging", "staging"], [""], ["x".repeat(65)]]) {
      const checked = hubEnvironment.check({}, { environments });
      expect(checked.failures.map((failure) => failure.property)).toEqual(["environments"]);
    }
  });

  test("the service refuses what check would: a name twice, five names (400)", async () => {
    expect((await call("POST", "/api/v1/hub/environments", { environments: [{ name: "a" }, { name: "a" }] })).status).toBe(400);
    expect((await call("POST", "/api/v1/hub/environments", { environments: ["a", "b", "c", "d", "e"].map((name) => ({ name })) })).status).toBe(400);
  });
});
