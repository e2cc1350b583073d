// Objects of a workspace's lists that a stack should not take over, against
// the emulator: the service's default model prices (`tenant_id` null, the
// same in every workspace, which no one can change or delete) and keys that
// have already expired. Listing them for adoption gives each with the reason
// it is left out; `pulumi import` of a default price (the plugin's Read by id)
// is refused with a message that says to create an entry of the workspace's
// own, while the workspace's own entries and live keys import as before.
import * as providerproto from "@pulumi/pulumi/proto/provider_pb";
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ProviderSession } from "../../provider/engine/context/session";
import { loadKind } from "../../provider/registry";
import { callProvider, type ConfiguredProvider, startConfiguredProvider } from "../helpers/providerGrpc";

const PRICE_URN = "urn:pulumi:dev::p::langsmith:index:ModelPriceMap::price";

describe("the service's own objects and expired keys", () => {
  let emulator: Emulator;
  let provider: ConfiguredProvider;
  let defaultPriceId: string;
  let ownPriceId: string;
  const session = new ProviderSession();

  const send = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${emulator.url}/api/v1${path}`, {
      method,
      headers: { "Content-Type": "application/json", "X-Api-Key": DEFAULT_API_KEY, "X-Tenant-Id": DEFAULT_WORKSPACE_ID },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };

  beforeAll(async () => {
    emulator = await createEmulator({ control: true });
    const prices = (await send("GET", "/model-price-map")) as { id: string; tenant_id: string | null }[];
    defaultPriceId = prices.find((price) => price.tenant_id === null)?.id ?? "";
    ownPriceId = (
      (await send("POST", "/model-price-map", { name: "own-gpt-4o", match_pattern: "^gpt-4o$", prompt_cost: 0.000002, completion_cost: 0.00001 })) as {
        id: string;
      }
    ).id;
    await send("POST", "/api-key", { description: "expired key", expires_at: "2021-03-04T05:06:07Z" });
    await send("POST", "/api-key", { description: "live key", expires_at: "2099-01-01T00:00:00Z" });
    await send("POST", "/api-key", { description: "key without expiry" });
    const settings: Record<string, string> = {
      "langsmith:apiUrl": emulator.url,
      "langsmith:apiKey": DEFAULT_API_KEY,
      "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
    };
    session.configure((key) => settings[key]);
    provider = await startConfiguredProvider(settings);
  }, 60_000);

  afterAll(async () => {
    provider?.stop();
    await emulator?.close();
  });

  const context = () => session.operation({ log: () => undefined });

  it("lists the default model prices as left out, with why, and the workspace's own entry as taken", async () => {
    expect(defaultPriceId).not.toBe("");
    const listed = await loadKind("langsmith:index:ModelPriceMap")?.list?.(context(), { workspaceId: DEFAULT_WORKSPACE_ID, parents: {} });
    const byId = new Map((listed ?? []).map((one) => [one.id, one]));
    expect(byId.get(defaultPriceId)?.leftOutBecause).toMatch(
      /^it is one of LangSmith's default model prices .*create a ModelPriceMap entry of the workspace's own with the same matchPattern$/,
    );
    expect(byId.get(ownPriceId)).toEqual({ importId: `${DEFAULT_WORKSPACE_ID}/${ownPriceId}`, id: ownPriceId, name: "own-gpt-4o" });
  });

  it("lists an expired key as left out, with when it expired; live keys and keys that never expire are taken", async () => {
    const listed = (await loadKind("langsmith:index:ApiKey")?.list?.(context(), { workspaceId: DEFAULT_WORKSPACE_ID, parents: {} })) ?? [];
    const byName = new Map(listed.map((one) => [one.name, one]));
    expect(byName.get("expired key")?.leftOutBecause).toBe(
      "it expired at 2021-03-04T05:06:07Z and no longer works; delete it in LangSmith, or declare a new key",
    );
    expect(byName.get("live key")?.leftOutBecause).toBeUndefined();
    expect(byName.get("key without expiry")?.leftOutBecause).toBeUndefined();
  });

  it("refuses `pulumi import` of a default model price, saying what to do; imports the workspace's own entry", async () => {
    const read = (id: string) =>
      callProvider<providerproto.ReadRequest, providerproto.ReadResponse>(
        provider.client,
        provider.client.read,
        new providerproto.ReadRequest().setUrn(PRICE_URN).setId(id),
      );
    await expect(read(defaultPriceId)).rejects.toThrow(
      /importing model price ".*": it is one of LangSmith's default model prices .*create a ModelPriceMap entry of the workspace's own/,
    );
    const own = await read(ownPriceId);
    expect(own.getId()).toBe(ownPriceId);
    expect(own.getInputs()?.toJavaScript()).toMatchObject({ name: "own-gpt-4o", matchPattern: "^gpt-4o$" });
  });
});
