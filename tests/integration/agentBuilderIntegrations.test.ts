// AgentBuilderIntegrations (provider/organization/settings/agentBuilderIntegrations),
// called in-process against the emulator as the native provider calls it:
// create is one PUT of the whole document (id: the workspace's), refresh
// shows a change made outside, update PUTs the whole document again (an
// override left out is gone), import by the workspace's id, destroy leaves
// the document with one warning; an override the service refuses is its 400.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { BadRequestError } from "../../provider/client/errors";
import { resource as agentBuilderIntegrations } from "../../provider/organization/settings/agentBuilderIntegrations";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";
import { configureWith, operation } from "../helpers/providerConfig";

describe("agent-builder integrations against the emulator", () => {
  let emulator: Emulator;
  const warnings: string[] = [];

  /** Sends one request to the emulator as LangSmith's UI would (outside the stack). */
  async function send(method: string, body?: unknown): Promise<Record<string, unknown>> {
    const response = await fetch(`${emulator.url}/v1/agent-builder/integrations`, {
      method,
      headers: { "X-API-Key": DEFAULT_API_KEY, "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  }

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    jest.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
      warnings.push(args.map(String).join(" "));
    });
    emulator = await createEmulator();
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  beforeEach(() => configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID }));

  test("create, drift, update, import, destroy leaves the document", async () => {
    expect(await send("GET")).toMatchObject({ integrations_enabled_by_default: true, integration_overrides: [] });
    const made = await create(agentBuilderIntegrations, {
      integrationsEnabledByDefault: false,
      integrationOverrides: [{ integrationKey: "slack", isEnabled: true }],
    });
    expect(made.id).toBe(DEFAULT_WORKSPACE_ID);
    expect(await send("GET")).toMatchObject({
      integrations_enabled_by_default: false,
      integration_overrides: [{ integration_key: "slack", is_enabled: true }],
    });
    const catalog = made.outs["integrationCatalog"] as Record<string, unknown>[];
    expect(catalog.find((entry) => entry["key"] === "slack")).toMatchObject({ can_invoke: true });
    expect(catalog.find((entry) => entry["key"] === "github")).toMatchObject({ can_invoke: false });

    // A change made outside is drift; the order of the overrides means nothing.
    await send("PUT", {
      integrations_enabled_by_default: false,
      integration_overrides: [
        { integration_key: "github", is_enabled: true },
        { integration_key: "slack", is_enabled: true },
      ],
    });
    const drifted = await agentBuilderIntegrations.read(operation(), made.id, made.outs);
    expect(drifted?.props["integrationOverrides"]).toEqual([
      { integrationKey: "github", isEnabled: true },
      { integrationKey: "slack", isEnabled: true },
    ]);
    const reordered = agentBuilderIntegrations.check(
      {},
      {
        integrationsEnabledByDefault: false,
        integrationOverrides: [
          { integrationKey: "slack", isEnabled: true },
          { integrationKey: "github", isEnabled: true },
        ],
      },
    ).inputs;
    expect(agentBuilderIntegrations.diff(drifted?.props ?? {}, reordered).changes).toBe(false);

    // Update: the whole document again; an override left out is gone.
    const changed = await update(agentBuilderIntegrations, made.id, drifted?.props ?? {}, { integrationsEnabledByDefault: true });
    expect(changed.diff.replaces ?? []).toEqual([]);
    expect(await send("GET")).toMatchObject({ integrations_enabled_by_default: true, integration_overrides: [] });
    expect(changed.outs["integrationOverrides"] ?? []).toEqual([]);

    // Import by the workspace's id.
    const imported = await agentBuilderIntegrations.import(operation(), DEFAULT_WORKSPACE_ID);
    expect(imported?.id).toBe(DEFAULT_WORKSPACE_ID);
    expect(imported?.inputs).toMatchObject({ workspaceId: DEFAULT_WORKSPACE_ID, integrationsEnabledByDefault: true });
    expect(imported?.outputs).toMatchObject({ workspaceId: DEFAULT_WORKSPACE_ID });
    expect(await agentBuilderIntegrations.import(operation(), "agent_builder_integrations")).toBeUndefined();
    // A workspace the key may not use is none to import (the matrix's lookup of an unknown id answers found: false).
    expect(await agentBuilderIntegrations.import(operation(), "4dd960b0-de8d-48a2-a7c2-f6d9a492936d")).toBeUndefined();

    // Destroy leaves the document, with one warning.
    warnings.length = 0;
    await agentBuilderIntegrations.delete(operation(), made.id, changed.outs);
    expect(warnings).toEqual([expect.stringContaining("the workspace keeps its agent-builder integrations as they are")]);
    expect(await send("GET")).toMatchObject({ integrations_enabled_by_default: true });
  });

  test("an integration the catalogue lacks is the service's 400, naming it; one listed twice is refused by check", async () => {
    const refused = await create(agentBuilderIntegrations, {
      integrationsEnabledByDefault: true,
      integrationOverrides: [{ integrationKey: "fax", isEnabled: true }],
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BadRequestError);
    expect(String(refused)).toMatch(/agent-builder integrations.*no integration "fax"/s);
    const twice = agentBuilderIntegrations.check(
      {},
      {
        integrationsEnabledByDefault: true,
        integrationOverrides: [
          { integrationKey: "slack", isEnabled: true },
          { integrationKey: "slack", isEnabled: false },
        ],
      },
    );
    expect(twice.failures.map((f) => f.property)).toEqual(["integrationOverrides"]);
  });
});
