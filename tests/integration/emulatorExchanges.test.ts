// The process-wide exchange observers of the emulator (observeExchanges):
// every API request of every instance is reported after its response, control
// routes are not, and a throwing observer does not break the server.
import { type ApiExchange, createEmulator, DEFAULT_API_KEY, type Emulator, observeExchanges } from "../../packages/emulator/src";

describe("emulator exchange observers", () => {
  let first: Emulator;
  let second: Emulator;

  beforeAll(async () => {
    first = await createEmulator({ control: true });
    second = await createEmulator();
  });

  afterAll(async () => {
    await first.close();
    await second.close();
  });

  async function call(emulator: Emulator, method: string, path: string, body?: unknown): Promise<number> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: {
        "x-api-key": DEFAULT_API_KEY,
        "user-agent": "exchange-test/1.0",
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    await response.text();
    return response.status;
  }

  async function settle(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  test("reports method, path, query, user agent, bodies and status of every instance", async () => {
    const seen: ApiExchange[] = [];
    const stop = observeExchanges((e) => seen.push(e));
    try {
      const body = {
        name: "observed",
        source: "external_docker",
        source_config: {},
        source_revision_config: { image_uri: "docker.io/acme/agent:1" },
        secrets: [],
      };
      expect(await call(first, "POST", "/v2/deployments", body)).toBe(201);
      expect(await call(second, "GET", "/v2/deployments?limit=5&deployment_ids=a&deployment_ids=b")).toBe(200);
      expect(await call(first, "POST", "/__emulator/reset")).toBe(204);
      await settle();
      expect(seen).toHaveLength(2);
      const [create, list] = seen as [ApiExchange, ApiExchange];
      expect(create).toMatchObject({
        method: "POST",
        path: "/v2/deployments",
        query: {},
        userAgent: "exchange-test/1.0",
        requestBody: body,
        status: 201,
      });
      expect((create.responseBody as Record<string, unknown>)["name"]).toBe("observed");
      expect(list).toMatchObject({
        method: "GET",
        path: "/v2/deployments",
        query: { limit: "5", deployment_ids: ["a", "b"] },
        requestBody: undefined,
        status: 200,
        responseBody: { resources: [], offset: 0 },
      });
    } finally {
      stop();
    }
  });

  test("unsubscribes, and a throwing observer does not break the server", async () => {
    const seen: ApiExchange[] = [];
    const stopThrowing = observeExchanges(() => {
      throw new Error("observer bug");
    });
    const stop = observeExchanges((e) => seen.push(e));
    try {
      expect(await call(first, "GET", "/v2/deployments")).toBe(200);
      expect(await call(first, "GET", "/v2/deployments")).toBe(200);
      await settle();
      expect(seen).toHaveLength(2);
    } finally {
      stopThrowing();
      stop();
      stop();
    }
    expect(await call(first, "GET", "/v2/deployments")).toBe(200);
    await settle();
    expect(seen).toHaveLength(2);
  });

  test("reports injected faults with the fault that shaped them", async () => {
    const seen: ApiExchange[] = [];
    const stop = observeExchanges((e) => seen.push(e));
    try {
      first.control.injectFault({ method: "GET", path: "/v2/deployments", status: 503, times: 1 });
      expect(await call(first, "GET", "/v2/deployments")).toBe(503);
      await settle();
      expect(seen).toEqual([expect.objectContaining({ status: 503, fault: "status", requestBody: undefined })]);
    } finally {
      stop();
    }
  });
});
