// Tool (issue 46), in-process against the emulator as the native provider
// calls it: every call after the create names the tool by its id
// (`/tools/id/{id}`), so refresh and update work whatever the handle; a
// change of the handle replaces; a handle in use is refused with the import
// hint; import by id or by handle; the list function (with its search) and
// the lookup by handle; destroy makes it gone.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ConflictError } from "../../provider/client/errors";
import { nativeFunction } from "../../provider/native/functions";
import { resource as tool } from "../../provider/tracing/hub/tool";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";
import { configureWith, operation } from "../helpers/providerConfig";

const SEARCH_PARAMETERS = { type: "object", properties: { query: { type: "string" } }, required: ["query"] };

describe("Tool against the emulator", () => {
  let emulator: Emulator;

  /** A call to the emulator as a user's script makes it; answers the status and the body. */
  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { "x-api-key": DEFAULT_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: response.status === 204 ? undefined : await response.json() };
  }

  /** Runs a native function as the native provider does. */
  async function runFunction(token: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    const fn = nativeFunction(`langsmith:index:${token}`);
    if (fn === undefined) throw new Error(`no function ${token}`);
    const context = operation();
    return (await fn.run(await context.client(), args, context)) as Record<string, unknown>;
  }

  const requests = (method: string) =>
    emulator.control.requestLog().filter((entry) => entry.method === method && entry.path.startsWith("/api/v1/platform/tools"));

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator();
    configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  test("create, refresh and drift, update in place by id, a handle in use, import, list, lookup, delete", async () => {
    const inputs = { handle: "web-search", name: "search", description: "Searches the web.", parameters: SEARCH_PARAMETERS };
    const made = await create(tool, inputs);
    expect(made.outs).toMatchObject({ ...inputs, tenantId: DEFAULT_WORKSPACE_ID, createdAt: expect.any(String) });
    expect(made.outs["enabled"]).toBeUndefined();
    expect(tool.diff(made.outs, tool.check(made.outs, made.inputs).inputs).changes).toBe(false);

    // A change made outside the stack (by id) is drift.
    expect((await call("PATCH", `/api/v1/platform/tools/id/${made.id}`, { description: "Searches the whole web.", enabled: false })).status).toBe(200);
    const drifted = await tool.read(operation(), made.id, made.outs);
    expect(drifted?.props).toMatchObject({ description: "Searches the whole web.", handle: "web-search" });

    // Every in-place field in one PATCH of /tools/id/{id}.
    emulator.control.clearRequestLog();
    const changed = await update(tool, made.id, drifted?.props ?? {}, {
      ...inputs,
      name: "search_web",
      returns: { type: "string" },
      metadata: { team: "search" },
      enabled: false,
    });
    expect(changed.diff.replaces ?? []).toEqual([]);
    expect(requests("PATCH").map((entry) => entry.path)).toEqual([`/api/v1/platform/tools/id/${made.id}`]);
    expect(changed.outs).toMatchObject({ name: "search_web", returns: { type: "string" }, metadata: { team: "search" }, enabled: false });
    // Removed from the program, returns and metadata are cleared.
    const cleared = await update(tool, made.id, changed.outs, { ...inputs, name: "search_web", enabled: false });
    expect(((await call("GET", `/api/v1/platform/tools/id/${made.id}`)).body as Record<string, unknown>)["returns"]).toEqual({});
    expect(cleared.outs["returns"]).toBeUndefined();

    // Another handle replaces the tool.
    expect(tool.diff(cleared.outs, tool.check(cleared.outs, { ...inputs, handle: "web-search-2" }).inputs).replaces).toEqual(["handle"]);

    // A handle in use: the service's 409, with the existing tool's id and the import.
    const taken = await create(tool, inputs).catch((error: unknown) => error);
    expect(taken).toBeInstanceOf(ConflictError);
    expect(String(taken)).toContain(`pulumi import langsmith:index:Tool <name> ${made.id}`);

    // Import by id or by handle.
    expect((await tool.import(operation(), made.id))?.inputs).toMatchObject({ handle: "web-search", name: "search_web", enabled: false });
    expect((await tool.import(operation(), `${DEFAULT_WORKSPACE_ID}/web-search`))?.id).toBe(made.id);
    expect(await tool.import(operation(), "no-such-tool")).toBeUndefined();

    // The list function, with and without its search; the lookup by handle.
    const all = (await runFunction("getTools", {}))["tools"] as Record<string, unknown>[];
    expect(all).toEqual([expect.objectContaining({ id: made.id, handle: "web-search", parameters: SEARCH_PARAMETERS })]);
    expect((await runFunction("getTools", { query: "nothing-like-it" }))["tools"]).toEqual([]);
    expect(await runFunction("getTool", { handle: "web-search" })).toMatchObject({ found: true, id: made.id, name: "search_web" });

    await tool.delete(operation(), made.id, cleared.outs);
    expect((await call("GET", "/api/v1/platform/tools/web-search")).status).toBe(404);
    expect(await tool.read(operation(), made.id, cleared.outs)).toBeUndefined();
    await tool.delete(operation(), made.id, cleared.outs);
  });

  test("the list function pages through more tools than one page holds", async () => {
    for (let index = 0; index < 105; index++) {
      expect((await call("POST", "/api/v1/platform/tools", { handle: `bulk-${index}`, name: "n", description: "d", parameters: {} })).status).toBe(201);
    }
    expect(((await runFunction("getTools", {}))["tools"] as unknown[]).length).toBe(105);
  });

  test("check refuses a handle with a slash or white space, and a missing schema", () => {
    const checked = tool.check({}, { handle: "web search/x", name: "n", description: "d" });
    expect(checked.failures.map((failure) => failure.property).sort()).toEqual(["handle", "parameters"]);
  });
});
