// getGatewayPolicies through the native function against the emulator: the
// organization's gateway policies, filtered by type and by a subject
// matcher's key and value; a workspace-scoped key is refused naming the
// scope it needs.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { createClient, type LangSmithClient } from "../../provider/client";
import { nativeFunction } from "../../provider/native/functions";

describe("getGatewayPolicies against the emulator", () => {
  let emulator: Emulator;
  let client: LangSmithClient;

  beforeAll(async () => {
    emulator = await createEmulator();
    client = createClient({ controlPlaneUrl: emulator.url, apiUrl: emulator.url, apiKey: DEFAULT_ORG_API_KEY, maxRetries: 0 });
    const post = async (body: unknown) => {
      const response = await fetch(`${emulator.url}/api/v1/platform/gateway-policies`, {
        method: "POST",
        headers: { "x-api-key": DEFAULT_ORG_API_KEY, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (response.status !== 201) throw new Error(`POST: ${response.status} ${await response.text()}`);
    };
    await post({
      name: "workspace cap",
      policy_type: "spend_cap",
      subject_matchers: [{ key: "workspace_id", value: DEFAULT_WORKSPACE_ID }],
      config: { window: "monthly", limit_usd: 100 },
    });
    await post({
      name: "key rate",
      policy_type: "rate_limit",
      subject_matchers: [{ key: "api_key_id", value: "key-1" }],
      config: { limits: [{ metric: "requests", window: "minute", value: 60 }] },
    });
  });

  afterAll(async () => {
    await emulator.close();
  });

  const run = (c: LangSmithClient, args: Record<string, unknown>) =>
    nativeFunction("langsmith:index:getGatewayPolicies")?.run(c, args) as Promise<{ policies: Record<string, unknown>[] }>;

  it("lists every policy, or those of a type, or those for a subject", async () => {
    expect((await run(client, {})).policies.map((p) => p["name"]).sort()).toEqual(["key rate", "workspace cap"]);
    expect((await run(client, { policyType: "spend_cap" })).policies).toEqual([
      expect.objectContaining({ name: "workspace cap", config: { window: "monthly", limit_usd: 100 }, current_spend_usd: 0 }),
    ]);
    expect((await run(client, { subjectMatcherKey: "api_key_id", subjectMatcherValue: "key-1" })).policies.map((p) => p["name"])).toEqual(["key rate"]);
    expect((await run(client, { subjectMatcherValue: "no-such-subject" })).policies).toEqual([]);
  });

  it("refuses a workspace-scoped key, naming the permission it lacks", async () => {
    const workspaceClient = createClient({
      controlPlaneUrl: emulator.url,
      apiUrl: emulator.url,
      apiKey: DEFAULT_API_KEY,
      workspaceId: DEFAULT_WORKSPACE_ID,
      maxRetries: 0,
    });
    await expect(run(workspaceClient, {})).rejects.toThrow(/organization/);
  });
});
