/**
 * A Deployment's plain `environmentVariables` against the emulator, through
 * the provider in-process: they reach the service in its one list with the
 * secrets, a change of one value is one new revision that keeps the
 * secrets, a secret set outside the program (which declares none) survives
 * a change of the plain variables, and a refresh reads each half as what it
 * is (no drift after a clean update).
 */
import { DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID } from "../../packages/emulator/src";
import { provider } from "../../provider/dynamic/deployment";
import { emulatorEnv, type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";

const base = (name: string) => ({
  name,
  source: "github",
  sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev" },
  sourceRevisionConfig: { repoRef: "main", graphConfigPath: "langgraph.json" },
  __provider: "serialized-shim",
});

describe("Deployment environmentVariables against the emulator", () => {
  let stack: EmulatorStack;
  const saved = { ...process.env };
  const headers = () => ({ "x-api-key": DEFAULT_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID, "content-type": "application/json" });
  /** The service's list of the deployment's variables, by name. */
  const serviceVariables = async (id: string): Promise<Record<string, unknown>> => {
    const response = await fetch(`${stack.emulator.url}/v2/deployments/${id}`, { headers: headers() });
    const body = (await response.json()) as { secrets?: { name: string; value?: string | null }[] };
    return Object.fromEntries((body.secrets ?? []).map((secret) => [secret.name, secret.value]));
  };
  const revisionCount = async (id: string): Promise<number> => {
    const response = await fetch(`${stack.emulator.url}/v2/deployments/${id}/revisions?limit=100`, { headers: headers() });
    return ((await response.json()) as { resources: unknown[] }).resources.length;
  };

  beforeAll(async () => {
    stack = await startEmulatorStack();
    Object.assign(process.env, emulatorEnv(stack));
  });
  afterAll(async () => {
    process.env = saved;
    await stack?.emulator.close();
  });

  test("with secrets: one list on the service; a changed value is one revision, the secret kept; no drift after", async () => {
    const inputs = { ...base("vars-agent"), environmentVariables: { LOG_LEVEL: "info" }, secrets: [{ name: "API_TOKEN", value: "canary-vars-71c2" }] };
    const created = await provider.create(inputs);
    expect(await serviceVariables(created.id)).toEqual({ LOG_LEVEL: "info", API_TOKEN: "canary-vars-71c2" });
    const outs = created.outs as Record<string, unknown>;
    expect(outs["environmentVariables"]).toEqual({ LOG_LEVEL: "info" });
    expect(JSON.stringify(outs)).not.toContain("canary-vars-71c2");

    const changed = { ...inputs, environmentVariables: { LOG_LEVEL: "debug" } };
    const diff = await provider.diff!(created.id, outs, changed);
    expect(diff).toEqual(expect.objectContaining({ changes: true, replaces: [] }));
    const before = await revisionCount(created.id);
    const updated = await provider.update!(created.id, outs, changed);
    const after = updated.outs as Record<string, unknown>;
    expect(await revisionCount(created.id)).toBe(before + 1);
    expect(String(after["lastOperation"])).toContain("LOG_LEVEL info→debug");
    expect(await serviceVariables(created.id)).toEqual({ LOG_LEVEL: "debug", API_TOKEN: "canary-vars-71c2" });

    const read = await provider.read!(created.id, after);
    expect(read.props?.["environmentVariables"]).toEqual({ LOG_LEVEL: "debug" });
    expect((await provider.diff!(created.id, read.props as Record<string, unknown>, changed)).changes).toBe(false);
    await provider.delete!(created.id, after);
  });

  test("without declared secrets: a secret set outside the program survives a change of the plain variables", async () => {
    const inputs = { ...base("vars-only-agent"), environmentVariables: { LOG_LEVEL: "info" } };
    const created = await provider.create(inputs);
    // A secret set in LangSmith's UI, outside the program.
    const patched = await fetch(`${stack.emulator.url}/v2/deployments/${created.id}`, {
      method: "PATCH",
      headers: headers(),
      body: JSON.stringify({
        secrets: [
          { name: "LOG_LEVEL", value: "info" },
          { name: "SET_IN_UI", value: "canary-ui-3f9a" },
        ],
      }),
    });
    expect(patched.ok).toBe(true);
    const outs = created.outs as Record<string, unknown>;
    const updated = await provider.update!(created.id, outs, { ...inputs, environmentVariables: { LOG_LEVEL: "warning", REGION: "eu" } });
    expect(await serviceVariables(created.id)).toEqual({ LOG_LEVEL: "warning", REGION: "eu", SET_IN_UI: "canary-ui-3f9a" });
    expect(JSON.stringify(updated.outs)).not.toContain("canary-ui-3f9a");
    await provider.delete!(created.id, updated.outs as Record<string, unknown>);
  });

  test("a name both plain and secret is refused by check", async () => {
    const checked = await provider.check!(
      {},
      { ...base("vars-twice"), environmentVariables: { API_TOKEN: "plain" }, secrets: [{ name: "API_TOKEN", value: "x" }] },
    );
    expect(checked.failures).toEqual([expect.objectContaining({ property: "secrets[0].name", reason: expect.stringContaining("API_TOKEN is listed twice") })]);
  });
});
