// McpVendorSettings (provider/organization/settings/mcpVendorSettings),
// called in-process against the emulator as the native provider calls it:
// create POSTs the vendor's settings, and is refused with the import hint
// when the vendor has settings already; refresh shows a change made outside;
// update PUTs the whole settings (a field no longer set is cleared); import
// by the vendor's slug; getMcpVendorSettings lists the vendors with their
// settings; delete removes them; an unknown vendor is the service's 404.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ConflictError, NotFoundError } from "../../provider/client/errors";
import { ProviderSession } from "../../provider/engine/context/session";
import type { Properties } from "../../provider/engine/resource";
import { nativeFunction } from "../../provider/native/functions";
import { resource as mcpVendorSettings } from "../../provider/organization/settings/mcpVendorSettings";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";
import { configureWith, operation } from "../helpers/providerConfig";

describe("MCP vendor settings against the emulator", () => {
  let emulator: Emulator;
  const settingsPath = "/api/v1/platform/mcp-vendors/arcade/settings";

  /** Sends one request to the emulator as LangSmith's UI would (outside the stack). */
  async function send(method: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${emulator.url}${settingsPath}`, {
      method,
      headers: { "X-API-Key": DEFAULT_API_KEY, "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json() };
  }

  /** Runs `getMcpVendorSettings` as the native provider does. */
  async function listFunction(args: Properties = {}): Promise<Properties[]> {
    const session = new ProviderSession();
    const settings: Record<string, string> = {
      "langsmith:apiUrl": emulator.url,
      "langsmith:apiKey": DEFAULT_API_KEY,
      "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
    };
    session.configure((key) => settings[key]);
    const context = session.operation({ log: () => undefined });
    const fn = nativeFunction("langsmith:index:getMcpVendorSettings");
    if (fn === undefined) throw new Error("no function getMcpVendorSettings");
    return (await fn.run(await context.client(), args, context))["mcpVendorSettings"] as Properties[];
  }

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator();
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  beforeEach(() => configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID }));

  test("create, drift, update, import, list, delete", async () => {
    expect(await listFunction()).toEqual([]);
    const made = await create(mcpVendorSettings, { vendorSlug: "arcade", organizationId: "org-1", projectId: "project-1" });
    expect(made.id).toBe("arcade");
    expect(made.outs).toMatchObject({ vendorSlug: "arcade", organizationId: "org-1", projectId: "project-1", isConfigured: true });

    // A change made outside is drift.
    expect((await send("PUT", { organization_id: "org-2", project_id: "project-1" })).status).toBe(200);
    const drifted = await mcpVendorSettings.read(operation(), made.id, made.outs);
    expect(drifted?.props).toMatchObject({ vendorSlug: "arcade", organizationId: "org-2" });
    const inputs = mcpVendorSettings.check({}, { vendorSlug: "arcade", organizationId: "org-1", projectId: "project-1" }).inputs;
    expect(mcpVendorSettings.diff(drifted?.props ?? {}, inputs).changes).toBe(true);

    // Update: one PUT of the whole settings; a field no longer set is cleared.
    const changed = await update(mcpVendorSettings, made.id, drifted?.props ?? {}, { vendorSlug: "arcade", organizationId: "org-1" });
    expect(changed.diff.replaces ?? []).toEqual([]);
    expect((await send("GET")).body).toEqual({ is_configured: false, organization_id: "org-1", project_id: "" });
    expect(changed.outs).toMatchObject({ organizationId: "org-1", isConfigured: false });
    expect(changed.outs["projectId"]).toBeUndefined();

    // Import by the vendor's slug, with or without the workspace.
    expect((await mcpVendorSettings.import(operation(), "arcade"))?.inputs).toMatchObject({ vendorSlug: "arcade", organizationId: "org-1" });
    expect((await mcpVendorSettings.import(operation(), `${DEFAULT_WORKSPACE_ID}/arcade`))?.inputs).toMatchObject({
      workspaceId: DEFAULT_WORKSPACE_ID,
      vendorSlug: "arcade",
    });

    // The list function: the vendor with its settings and what the vendors' list says of it; the filter by slug.
    const listed = await listFunction();
    expect(listed).toEqual([
      expect.objectContaining({
        id: "arcade",
        vendorSlug: "arcade",
        organizationId: "org-1",
        isConfigured: false,
        vendorName: "Arcade",
        vendorStatus: "enabled",
      }),
    ]);
    expect(await listFunction({ vendorSlug: "other" })).toEqual([]);

    // Delete: gone, and refresh drops it.
    await mcpVendorSettings.delete(operation(), made.id, changed.outs);
    expect((await send("GET")).status).toBe(404);
    expect(await mcpVendorSettings.read(operation(), made.id, changed.outs)).toBeUndefined();
    expect(await listFunction()).toEqual([]);
  });

  test("a vendor that has settings already is refused at create, naming the import; an unknown vendor is the service's 404", async () => {
    expect((await send("POST", { organization_id: "org-outside" })).status).toBe(201);
    const refused = await create(mcpVendorSettings, { vendorSlug: "arcade", organizationId: "org-1" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConflictError);
    expect(String(refused)).toMatch(/creating MCP vendor settings "arcade".*already exists.*pulumi import/s);
    expect(((await send("GET")).body as Properties)["organization_id"]).toBe("org-outside");
    expect((await send("DELETE")).status).toBe(200);

    const unknown = await create(mcpVendorSettings, { vendorSlug: "no-such-vendor" }).catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect(String(unknown)).toMatch(/creating MCP vendor settings "no-such-vendor".*not found/s);
  });

  test("check refuses a slug that is no slug", () => {
    expect(mcpVendorSettings.check({}, { vendorSlug: "Arcade Inc" }).failures[0]?.property).toBe("vendorSlug");
  });
});
