// FeatureModelConfig (provider/organization/settings/featureModelConfig),
// called in-process against the emulator as the native provider calls it:
// create sends one request per choice and is refused, with the import hint,
// for a feature the workspace already configures; refresh compares the
// workspace's own disabled models (the organization's disabled providers are
// no drift; a listed model the organization disables too stays listed, with
// a note); update sends what changed; import by feature; the list function;
// destroy clears the feature; check refuses a feature with no choice.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ConflictError } from "../../provider/client/errors";
import { ProviderSession } from "../../provider/engine/context/session";
import { isPartialFailure, type PartialFailure } from "../../provider/engine/state/partialFailure";
import type { Properties } from "../../provider/engine/resource";
import { nativeFunction } from "../../provider/native/functions";
import { resource as featureModelConfig } from "../../provider/organization/settings/featureModelConfig";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";
import { configureWith, operation } from "../helpers/providerConfig";

describe("feature model configurations against the emulator", () => {
  let emulator: Emulator;
  const logged: string[] = [];

  /** Sends one request to the emulator as LangSmith's UI would (outside the stack). */
  async function send(method: string, path: string, body?: unknown, key = DEFAULT_API_KEY): Promise<unknown> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { "X-API-Key": key, "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status).toBeLessThan(300);
    return response.status === 204 ? undefined : response.json();
  }

  /** The feature as the service lists it. */
  async function listed(feature: string): Promise<Record<string, unknown> | undefined> {
    const all = (await send("GET", "/api/v1/platform/features")) as Record<string, unknown>[];
    return all.find((entry) => entry["feature"] === feature);
  }

  /** Runs `getFeatureModelConfigs` as the native provider does. */
  async function listFunction(): Promise<Properties[]> {
    const session = new ProviderSession();
    const settings: Record<string, string> = {
      "langsmith:apiUrl": emulator.url,
      "langsmith:apiKey": DEFAULT_API_KEY,
      "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
    };
    session.configure((key) => settings[key]);
    const context = session.operation({ log: () => undefined });
    const fn = nativeFunction("langsmith:index:getFeatureModelConfigs");
    if (fn === undefined) throw new Error("no function getFeatureModelConfigs");
    return (await fn.run(await context.client(), {}, context))["featureModelConfigs"] as Properties[];
  }

  /** A new operation of the provider: the lists it read before are read again. */
  function fresh(): void {
    configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });
  }

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    });
    jest.spyOn(console, "warn").mockImplementation(() => undefined);
    emulator = await createEmulator();
  });

  beforeEach(() => fresh());

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  test("create, drift, the organization's providers, update, import, list, destroy", async () => {
    const made = await create(featureModelConfig, {
      feature: "playground",
      defaultModel: "openai:gpt-4o-mini",
      disabledModels: ["openai:gpt-3.5-turbo", "mistral"],
    });
    expect(made.id).toBe("playground");
    expect(await listed("playground")).toMatchObject({ default_model: "openai:gpt-4o-mini", disabled_models: ["openai:gpt-3.5-turbo", "mistral"] });
    expect(made.outs).toMatchObject({ feature: "playground", defaultModel: "openai:gpt-4o-mini", organizationDisabledProviders: [] });

    // The organization disables a provider: in the effective set, but no drift.
    await send("PATCH", "/api/v1/orgs/current/info", { disabled_model_providers: ["deepseek"] }, DEFAULT_ORG_API_KEY);
    fresh();
    const read = await featureModelConfig.read(operation(), made.id, made.outs);
    expect((await listed("playground"))?.["disabled_models"]).toContain("deepseek");
    expect(read?.props["organizationDisabledProviders"]).toEqual(["deepseek"]);
    const inputs = featureModelConfig.check(
      {},
      { feature: "playground", defaultModel: "openai:gpt-4o-mini", disabledModels: ["mistral", "openai:gpt-3.5-turbo"] },
    ).inputs;
    expect(featureModelConfig.diff(read?.props ?? {}, inputs).changes).toBe(false);

    // A model disabled outside the stack is drift, and the next update enables it again.
    await send("PUT", "/api/v1/platform/features/playground/disabled-models", { model: "xai" });
    fresh();
    const drifted = await featureModelConfig.read(operation(), made.id, made.outs);
    expect(drifted?.props["disabledModels"]).toEqual(expect.arrayContaining(["xai"]));
    expect(featureModelConfig.diff(drifted?.props ?? {}, inputs).changes).toBe(true);

    // Update: the drift undone, one model enabled, the organization's provider listed too (a note), the default cleared.
    logged.length = 0;
    const changed = await update(featureModelConfig, made.id, drifted?.props ?? {}, { feature: "playground", disabledModels: ["mistral", "deepseek"] });
    expect(changed.diff.replaces ?? []).toEqual([]);
    expect(await listed("playground")).toMatchObject({ default_model: "", disabled_models: ["mistral", "deepseek"], org_disabled_providers: ["deepseek"] });
    expect(logged.join("\n")).toMatch(/deepseek is also disabled by the organization/);
    // Listed by the program and by the organization: refresh keeps it, no drift.
    fresh();
    const kept = await featureModelConfig.read(operation(), made.id, changed.outs);
    expect(kept?.props["disabledModels"]).toEqual(["mistral", "deepseek"]);
    expect(
      featureModelConfig.diff(kept?.props ?? {}, featureModelConfig.check({}, { feature: "playground", disabledModels: ["mistral", "deepseek"] }).inputs)
        .changes,
    ).toBe(false);

    fresh();
    // Import by feature, with or without the workspace; an unconfigured feature is not found.
    expect((await featureModelConfig.import(operation(), "playground"))?.inputs).toMatchObject({ feature: "playground", disabledModels: ["mistral"] });
    expect((await featureModelConfig.import(operation(), `${DEFAULT_WORKSPACE_ID}/playground`))?.inputs).toMatchObject({
      workspaceId: DEFAULT_WORKSPACE_ID,
      feature: "playground",
    });
    expect(await featureModelConfig.import(operation(), "evaluators")).toBeUndefined();

    // The list function.
    expect((await listFunction()).find((entry) => entry["id"] === "playground")).toMatchObject({
      feature: "playground",
      disabledModels: ["mistral"],
      organizationDisabledProviders: ["deepseek"],
    });

    // Destroy: the workspace's own choices are gone; the organization's provider stays, and the feature is no longer listed as the workspace's.
    await featureModelConfig.delete(operation(), made.id, kept?.props ?? {});
    expect(await listed("playground")).toBeUndefined();
    fresh();
    expect(await featureModelConfig.read(operation(), made.id, kept?.props ?? {})).toBeUndefined();
    await send("PATCH", "/api/v1/orgs/current/info", { disabled_model_providers: [] }, DEFAULT_ORG_API_KEY);
  });

  test("a feature the workspace already configures is refused at create, naming the import", async () => {
    await send("PUT", "/api/v1/platform/features/evaluators/default-model", { model: "openai:gpt-4o" });
    const refused = await create(featureModelConfig, { feature: "evaluators", defaultModel: "anthropic:claude-sonnet-4" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConflictError);
    expect(String(refused)).toMatch(/already exists.*pulumi import/s);
    expect((await listed("evaluators"))?.["default_model"]).toBe("openai:gpt-4o");
  });

  test("a create that fails after its first choice keeps the resource with that choice; the next update sends the rest", async () => {
    emulator.control.injectFault({ method: "PUT", path: "/api/v1/platform/features/insights/disabled-models", status: 403, times: 1 });
    const inputs = { feature: "insights", defaultModel: "openai:gpt-4o-mini", disabledModels: ["mistral"] };
    const failed = await create(featureModelConfig, inputs).catch((error: unknown) => error);
    emulator.control.clearFaults();
    expect(isPartialFailure(failed)).toBe(true);
    const kept = failed as PartialFailure;
    expect(kept.id).toBe("insights");
    expect(kept.message).toMatch(/disabling mistral.*run pulumi up again/s);
    expect(kept.properties).toMatchObject({ feature: "insights", defaultModel: "openai:gpt-4o-mini" });
    expect(kept.properties["disabledModels"]).toBeUndefined();
    const finished = await update(featureModelConfig, kept.id, kept.properties, inputs);
    expect(finished.diff.changes).toBe(true);
    expect(await listed("insights")).toMatchObject({ default_model: "openai:gpt-4o-mini", disabled_models: ["mistral"] });
    await featureModelConfig.delete(operation(), kept.id, finished.outs);
  });

  test("check refuses a feature with no choice, an empty list, and whitespace in a model", () => {
    expect(
      featureModelConfig
        .check({}, { feature: "playground" })
        .failures.map((f) => f.property)
        .sort(),
    ).toEqual(["defaultModel", "disabledModels"]);
    expect(featureModelConfig.check({}, { feature: "playground", disabledModels: [] }).failures[0]?.reason).toMatch(/at least one model/);
    expect(featureModelConfig.check({}, { feature: "playground", defaultModel: "gpt 4" }).failures[0]?.reason).toMatch(/without whitespace/);
  });
});
