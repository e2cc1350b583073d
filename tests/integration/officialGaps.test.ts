// The four gaps the official Terraform provider showed on kinds we have
// (issue 44), each driven in-process against the emulator as the native
// provider runs it: a gateway policy of type `model_access`; a gateway
// subject matcher keyed by a custom `X-Gateway-*` header; an organization's
// model configuration (PlaygroundSettings `scope`); a tagging of an agent
// and of a skill, read back on refresh.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import type { Properties } from "../../provider/engine/resource";
import { resource as gatewayPolicy } from "../../provider/organization/gatewayPolicy";
import { resource as tagKey } from "../../provider/organization/tagKey";
import { resource as tagValue } from "../../provider/organization/tagValue";
import { resource as tagging } from "../../provider/organization/tagging";
import { resource as playgroundSettings } from "../../provider/tracing/playgroundSettings";
import { configureWith, operation } from "../helpers/providerConfig";
import { createChecked as create } from "../helpers/kindSteps";

describe("the official provider's gaps, closed", () => {
  let emulator: Emulator;

  function configure(apiKey: string): void {
    configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": apiKey, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });
  }

  const requests = (method: string, fragment: string) =>
    emulator.control.requestLog().filter((entry) => entry.method === method && entry.path.includes(fragment));

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator();
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  beforeEach(() => {
    configure(DEFAULT_ORG_API_KEY);
    emulator.control.clearRequestLog();
  });

  test("a model_access gateway policy: created with its providers, read back, changed in place; a selected access without models refused by the service", async () => {
    const config = {
      providers: [
        { provider: "anthropic", access: "all" },
        { provider: "openai", access: "selected", allowed_models: ["gpt-4o"] },
      ],
    };
    const inputs = {
      name: "models for the support team",
      policyType: "model_access",
      config,
      subjectMatchers: [{ key: "workspace_id", value: DEFAULT_WORKSPACE_ID }],
    };
    const made = await create(gatewayPolicy, inputs);
    expect(made.outs).toMatchObject({ policyType: "model_access", config });
    const read = await gatewayPolicy.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ policyType: "model_access", config });

    const changed = { providers: [{ provider: "openai", access: "selected", allowed_models: ["gpt-4o", "gpt-4o-mini"] }] };
    const checked = gatewayPolicy.check(made.outs, { ...inputs, config: changed });
    expect(checked.failures).toEqual([]);
    const news = checked.inputs;
    expect(gatewayPolicy.diff(made.outs, news)).toMatchObject({ changes: true, replaces: [], updates: ["config"] });
    const updated = await gatewayPolicy.update(operation(), made.id, made.outs, news);
    expect(updated.outs).toMatchObject({ config: changed });

    const refused = gatewayPolicy.check(made.outs, { ...inputs, config: { providers: [{ provider: "openai", access: "selected" }] } }).inputs;
    await expect(gatewayPolicy.update(operation(), made.id, updated.outs as Properties, refused)).rejects.toThrow(
      /updating gateway policy "models for the support team": 400 .*allowed_models/,
    );
    await gatewayPolicy.delete(operation(), made.id, updated.outs as Properties);
  });

  test("a subject matcher keyed by a custom X-Gateway-* header: accepted as the header's key, kept by the service; the header's own name refused with the key to write", async () => {
    const inputs = {
      name: "team rate limit",
      policyType: "rate_limit",
      config: { limits: [{ metric: "requests", window: "minute", value: 30 }] },
      subjectMatchers: [{ key: "my_internal_team", value: "support" }],
    };
    const made = await create(gatewayPolicy, inputs);
    expect(requests("POST", "/api/v1/platform/gateway-policies")).toHaveLength(2); // the search for a clash, the create
    const read = await gatewayPolicy.read(operation(), made.id, made.outs);
    expect(read?.props["subjectMatchers"]).toEqual([{ key: "my_internal_team", value: "support" }]);

    const headerName = gatewayPolicy.check({}, { ...inputs, subjectMatchers: [{ key: "X-Gateway-My-Internal-Team", value: "support" }] });
    expect(headerName.failures.map((f) => f.reason).join("\n")).toMatch(/X-Gateway-My-Internal-Team.*my_internal_team/);
    const spaced = gatewayPolicy.check({}, { ...inputs, subjectMatchers: [{ key: "my team", value: "support" }] });
    expect(spaced.failures).toHaveLength(1);
    await gatewayPolicy.delete(operation(), made.id, made.outs);
  });

  test("PlaygroundSettings scope: an organization's model configuration is created with scope organization, read back as such, and a change of scope replaces it", async () => {
    const inputs = { name: "org-wide gpt-4o", settings: { provider: "openai", model: "gpt-4o" }, scope: "organization" };
    const made = await create(playgroundSettings, inputs);
    const answer = await fetch(`${emulator.url}/api/v1/playground-settings/${made.id}`, {
      headers: { "x-api-key": DEFAULT_ORG_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID },
    });
    expect(((await answer.json()) as Record<string, unknown>)["organization_id"]).toEqual(expect.any(String));
    expect(made.outs).toMatchObject({ scope: "organization" });
    const read = await playgroundSettings.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ scope: "organization" });
    const imported = await playgroundSettings.import(operation(), made.id);
    expect(imported?.inputs).toMatchObject({ scope: "organization" });

    const toWorkspace = playgroundSettings.check(made.outs, { ...inputs, scope: "workspace" });
    expect(toWorkspace.failures).toEqual([]);
    expect(playgroundSettings.diff(made.outs, toWorkspace.inputs)).toMatchObject({ changes: true, replaces: ["scope"] });
    expect(playgroundSettings.check({}, { name: "x", settings: {}, scope: "tenant" }).failures).toHaveLength(1);

    const workspaceOne = await create(playgroundSettings, { name: "workspace gpt-4o", settings: { provider: "openai", model: "gpt-4o" } });
    const readWorkspace = await playgroundSettings.read(operation(), workspaceOne.id, workspaceOne.outs);
    expect(readWorkspace?.props["scope"] ?? "workspace").toBe("workspace");
    await playgroundSettings.delete(operation(), made.id, made.outs);
    await playgroundSettings.delete(operation(), workspaceOne.id, workspaceOne.outs);
  });

  test("a tagging of an agent and of a skill: created, refreshed through the resource's tags (the grouped list has no group for them), gone once deleted", async () => {
    configure(DEFAULT_API_KEY);
    const key = await create(tagKey, { key: "owner" });
    const value = await create(tagValue, { tagKeyId: key.id, value: "platform" });
    for (const [resourceType, resourceId] of [
      ["agent", "0b6f1a01-4c1a-4c55-9a57-3d2d5f1c2b7e"],
      ["skill", "9a573d2d-0b6f-4c1a-8c55-1a015f1c2b7e"],
    ] as const) {
      const made = await create(tagging, { tagValueId: value.id, resourceType, resourceId });
      emulator.control.clearRequestLog();
      const read = await tagging.read(operation(), made.id, made.outs);
      expect(read?.props).toMatchObject({ tagValueId: value.id, resourceType, resourceId });
      expect(requests("GET", "/api/v1/workspaces/current/tags/resource")).toHaveLength(1);
      await tagging.delete(operation(), made.id, made.outs);
      expect(await tagging.read(operation(), made.id, made.outs)).toBeUndefined();
    }
    await tagKey.delete(operation(), key.id, key.outs);
  });
});
