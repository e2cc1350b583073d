/**
 * Retries, backoff, Retry-After, timeouts and aborts through real HTTP.
 * Delays are read from the injected FakeClock (what the client asked to
 * sleep), never measured on the wall clock.
 */
import { ProviderSession } from "../../provider/engine/context/session";
import {
  AbortedError,
  ApiConnectionError,
  ApiTimeoutError,
  ConflictError,
  type LangSmithClient,
  RateLimitError,
  ServerError,
  UnexpectedStatusError,
  createClient,
} from "../../provider/client";
import { FakeClock, type ScriptedServer, startScriptedServer } from "../helpers/scriptedServer";
import { deploymentCalls } from "../../provider/deployments/deployment/endpoints";
import { destinationCalls } from "../../provider/exports/destination/endpoints";

const OK_LIST = { json: { resources: [] } };
const DEPLOYMENT = {
  id: "dep-1",
  name: "agent",
  source: "github",
  source_config: {},
  source_revision_config: {},
  latest_revision_id: "rev-1",
};
const CREATE_BODY = { name: "agent", source: "github" as const, source_config: {}, source_revision_config: {}, secrets: [] };

describe("client retries over real HTTP", () => {
  let server: ScriptedServer;
  let clock: FakeClock;
  let client: LangSmithClient;

  function makeClient(url: string, maxRetries = 4, timeoutMs = 5_000, maxRetryAfterMs?: number): LangSmithClient {
    return createClient({
      apiKey: "k",
      controlPlaneUrl: url,
      apiUrl: url,
      maxRetries,
      timeoutMs,
      clock,
      random: () => 0,
      ...(maxRetryAfterMs !== undefined ? { maxRetryAfterMs } : {}),
    });
  }

  beforeAll(async () => {
    server = await startScriptedServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.reset();
    clock = new FakeClock();
    client = makeClient(server.url);
  });

  test("per-call maxRetries: 0 sends once on a client that retries 4 times", async () => {
    server.enqueue({ status: 503, json: { detail: "busy" } });
    await expect(deploymentCalls.get(client, "dep-1", { maxRetries: 0 })).rejects.toBeInstanceOf(ServerError);
    expect(server.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  test("per-call maxRetries: 2 retries twice on a client that never retries", async () => {
    const once = makeClient(server.url, 0);
    server.enqueue({ status: 503 }, { status: 503 }, { json: DEPLOYMENT });
    await expect(deploymentCalls.get(once, "dep-1", { maxRetries: 2 })).resolves.toMatchObject({ id: "dep-1" });
    expect(server.requests).toHaveLength(3);
    expect(clock.sleeps).toEqual([500, 1_000]);
  });

  test("a per-call maxRetries that is not a finite number falls back to the client's", async () => {
    server.enqueue({ status: 503 }, { json: DEPLOYMENT });
    await expect(deploymentCalls.get(client, "dep-1", { maxRetries: Number.NaN })).resolves.toMatchObject({ id: "dep-1" });
    expect(server.requests).toHaveLength(2);
  });

  test("per-call timeoutMs applies to each attempt of that call", async () => {
    server.enqueue({ delayMs: 2_000, json: DEPLOYMENT });
    const err = await deploymentCalls.get(client, "dep-1", { timeoutMs: 100, maxRetries: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiTimeoutError);
    expect((err as ApiTimeoutError).timeoutMs).toBe(100);
    expect(server.requests).toHaveLength(1);
  });

  test("429 with Retry-After: 0.1 waits 100 ms then succeeds", async () => {
    server.enqueue({ status: 429, headers: { "retry-after": "0.1" }, json: { detail: "slow down" } }, OK_LIST);
    await expect(deploymentCalls.list(client)).resolves.toEqual({ resources: [] });
    expect(server.requests).toHaveLength(2);
    expect(clock.sleeps).toEqual([100]);
  });

  test("429 with Retry-After as an HTTP date waits until that date", async () => {
    const retryAt = new Date(clock.now() + 3_000).toUTCString();
    server.enqueue({ status: 429, headers: { "retry-after": retryAt } }, OK_LIST);
    await deploymentCalls.list(client);
    expect(clock.sleeps).toEqual([3_000]);
  });

  test("an HTTP date in the past retries at once; retry-after-ms wins", async () => {
    server.enqueue(
      { status: 429, headers: { "retry-after": new Date(clock.now() - 10_000).toUTCString() } },
      { status: 503, headers: { "retry-after": "5", "retry-after-ms": "250" } },
      OK_LIST,
    );
    await deploymentCalls.list(client);
    expect(clock.sleeps).toEqual([0, 250]);
  });

  test("Retry-After is capped (default 60 s, configurable)", async () => {
    server.enqueue({ status: 429, headers: { "retry-after": "3600" } }, OK_LIST);
    await deploymentCalls.list(client);
    expect(clock.sleeps).toEqual([60_000]);

    const capped = makeClient(server.url, 4, 5_000, 1_000);
    server.enqueue({ status: 429, headers: { "retry-after": "3600" } }, OK_LIST);
    await deploymentCalls.list(capped);
    expect(clock.sleeps).toEqual([60_000, 1_000]);
  });

  test("503 then 200 on GET retries after the first backoff step", async () => {
    server.enqueue({ status: 503, json: { detail: "unavailable" } }, { json: DEPLOYMENT });
    const d = await deploymentCalls.get(client, "dep-1");
    expect(d.id).toBe("dep-1");
    expect(server.requests).toHaveLength(2);
    expect(clock.sleeps).toEqual([500]);
  });

  test("backoff doubles from 500 ms to at most 8 s", async () => {
    const patient = makeClient(server.url, 6);
    for (let i = 0; i < 6; i++) server.enqueue({ status: 502 });
    server.enqueue(OK_LIST);
    await deploymentCalls.list(patient);
    expect(clock.sleeps).toEqual([500, 1_000, 2_000, 4_000, 8_000, 8_000]);
  });

  test("jitter shortens the backoff by at most 25 %", async () => {
    const jittery = createClient({ apiKey: "k", controlPlaneUrl: server.url, apiUrl: server.url, maxRetries: 2, clock, random: () => 0.999999 });
    server.enqueue({ status: 500 }, { status: 500 }, OK_LIST);
    await deploymentCalls.list(jittery);
    expect(clock.sleeps).toEqual([375, 750]);
  });

  test("gives up after maxRetries with the last error", async () => {
    const few = makeClient(server.url, 2);
    server.enqueue({ status: 503 }, { status: 503 }, { status: 503, json: { detail: "still down" } });
    const err = await deploymentCalls.list(few).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect((err as Error).message).toBe("listing deployments: 503 ServerError - still down");
    expect(server.requests).toHaveLength(3);
  });

  test("maxRetries 0 disables retries", async () => {
    const none = makeClient(server.url, 0);
    server.enqueue({ status: 429, headers: { "retry-after": "0.1" } });
    await expect(deploymentCalls.list(none)).rejects.toBeInstanceOf(RateLimitError);
    expect(server.requests).toHaveLength(1);
  });

  test("408 and DELETE 5xx are retried", async () => {
    server.enqueue({ status: 408 }, OK_LIST);
    await deploymentCalls.list(client);
    server.enqueue({ status: 500 }, { status: 204 });
    await expect(deploymentCalls.delete(client, "dep-1")).resolves.toEqual({ alreadyGone: false });
    expect(server.requests.map((r) => r.method)).toEqual(["GET", "GET", "DELETE", "DELETE"]);
  });

  test("501 is not retried", async () => {
    server.enqueue({ status: 501, json: { detail: "not implemented: GET /v2/deployments" } });
    await expect(deploymentCalls.list(client)).rejects.toBeInstanceOf(ServerError);
    expect(server.requests).toHaveLength(1);
  });

  test("409 is never retried, even on DELETE", async () => {
    server.enqueue({ status: 409, json: { detail: "destination is used by an export" } });
    const err = await destinationCalls.delete(client, "dst-1", { name: "exports" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect((err as Error).message).toBe('deleting bulk-export destination "exports": 409 Conflict - destination is used by an export');
    expect(server.requests).toHaveLength(1);
  });

  test("POST is not retried on 500", async () => {
    server.enqueue({ status: 500, json: { detail: "boom" } });
    await expect(deploymentCalls.create(client, CREATE_BODY)).rejects.toBeInstanceOf(ServerError);
    expect(server.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  test("PATCH is not retried on 503 or 408", async () => {
    server.enqueue({ status: 503 });
    await expect(deploymentCalls.patch(client, "dep-1", { source_config: { build_on_push: true } })).rejects.toBeInstanceOf(ServerError);
    server.enqueue({ status: 408 });
    await expect(destinationCalls.patchCredentials(client, "dst-1", { access_key_id: "a", secret_access_key: "b" })).rejects.toBeInstanceOf(
      UnexpectedStatusError,
    );
    expect(server.requests).toHaveLength(2);
  });

  test("POST is retried on 429", async () => {
    server.enqueue({ status: 429, headers: { "retry-after": "0.1" } }, { status: 201, json: DEPLOYMENT });
    await expect(deploymentCalls.create(client, CREATE_BODY)).resolves.toMatchObject({ id: "dep-1" });
    expect(server.requests.map((r) => r.method)).toEqual(["POST", "POST"]);
  });

  test("429s do not use up maxRetries: a POST rate-limited 6 times on a 2-retry client still lands", async () => {
    const few = makeClient(server.url, 2);
    for (let i = 0; i < 6; i++) server.enqueue({ status: 429, headers: { "retry-after": "1" } });
    server.enqueue({ status: 201, json: DEPLOYMENT });
    await expect(deploymentCalls.create(few, CREATE_BODY)).resolves.toMatchObject({ id: "dep-1" });
    expect(server.requests).toHaveLength(7);
    expect(clock.sleeps).toEqual([1_000, 1_000, 1_000, 1_000, 1_000, 1_000]);
  });

  test("429s without Retry-After back off from 500 ms, and a 503 between them still counts against maxRetries", async () => {
    const one = makeClient(server.url, 1);
    server.enqueue({ status: 429 }, { status: 429 }, { status: 503 }, { status: 429 }, OK_LIST);
    await deploymentCalls.list(one);
    expect(clock.sleeps).toEqual([500, 1_000, 500, 2_000]);
    server.enqueue({ status: 503 }, { status: 429 }, { status: 503, json: { detail: "down" } });
    await expect(deploymentCalls.list(one)).rejects.toBeInstanceOf(ServerError);
  });

  test("429 retries stop once the time waited on them would pass maxRateLimitWaitMs", async () => {
    const budgeted = createClient({
      apiKey: "k",
      controlPlaneUrl: server.url,
      apiUrl: server.url,
      maxRetries: 4,
      maxRateLimitWaitMs: 2_500,
      clock,
      random: () => 0,
    });
    for (let i = 0; i < 4; i++) server.enqueue({ status: 429, headers: { "retry-after": "1" }, json: { detail: "slow down" } });
    const err = await deploymentCalls.create(budgeted, CREATE_BODY, { name: "agent" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as Error).message).toBe(
      'creating deployment "agent": 429 RateLimited - slow down; rate limited; try again later or lower concurrency (pulumi up --parallel)',
    );
    expect(clock.sleeps).toEqual([1_000, 1_000]);
    expect(server.requests).toHaveLength(3);
  });

  test("GET is retried after a dropped connection", async () => {
    server.enqueue({ drop: true }, { json: DEPLOYMENT });
    await expect(deploymentCalls.get(client, "dep-1")).resolves.toMatchObject({ id: "dep-1" });
    expect(server.requests).toHaveLength(2);
  });

  test("POST is not retried after a dropped connection (it may have been applied)", async () => {
    server.enqueue({ drop: true });
    const err = await deploymentCalls.create(client, CREATE_BODY).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiConnectionError);
    expect(server.requests).toHaveLength(1);
  });

  test("POST is retried when the connection was refused (nothing was sent)", async () => {
    const doomed = await startScriptedServer();
    const port = doomed.port;
    await doomed.close();
    let revived: ScriptedServer | undefined;
    clock.onSleep = async () => {
      if (revived === undefined) {
        revived = await startScriptedServer(port);
        revived.enqueue({ status: 201, json: DEPLOYMENT });
      }
    };
    try {
      const c = makeClient(`http://127.0.0.1:${port}`);
      await expect(deploymentCalls.create(c, CREATE_BODY)).resolves.toMatchObject({ id: "dep-1" });
      expect(clock.sleeps).toHaveLength(1);
      expect(revived?.requests.map((r) => r.method)).toEqual(["POST"]);
    } finally {
      await revived?.close();
    }
  });

  test("a refused connection exhausts retries as ApiConnectionError", async () => {
    const doomed = await startScriptedServer();
    await doomed.close();
    const c = makeClient(doomed.url, 2);
    const err = await deploymentCalls.list(c).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiConnectionError);
    expect((err as ApiConnectionError).code).toBe("ECONNREFUSED");
    expect((err as Error).message).toContain("(after 3 attempts)");
    expect(clock.sleeps).toEqual([500, 1_000]);
  });

  describe("timeouts", () => {
    test("a slow response fails with ApiTimeoutError carrying timeoutMs", async () => {
      const impatient = makeClient(server.url, 0, 50);
      server.enqueue({ delayMs: 2_000, json: DEPLOYMENT });
      const err = await deploymentCalls.get(impatient, "dep-1").catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiTimeoutError);
      expect(err).toBeInstanceOf(ApiConnectionError);
      expect((err as ApiTimeoutError).timeoutMs).toBe(50);
      expect((err as Error).message).toContain("within 50 ms");
    });

    test("GET is retried after a timeout", async () => {
      const impatient = makeClient(server.url, 2, 50);
      server.enqueue({ delayMs: 2_000, json: DEPLOYMENT }, { json: DEPLOYMENT });
      await expect(deploymentCalls.get(impatient, "dep-1")).resolves.toMatchObject({ id: "dep-1" });
      expect(server.requests).toHaveLength(2);
    });

    test("POST is not retried after a timeout", async () => {
      const impatient = makeClient(server.url, 2, 50);
      server.enqueue({ delayMs: 2_000, status: 201, json: DEPLOYMENT });
      await expect(deploymentCalls.create(impatient, CREATE_BODY)).rejects.toBeInstanceOf(ApiTimeoutError);
      expect(server.requests).toHaveLength(1);
    });

    test("a per-call timeoutMs overrides the client default", async () => {
      server.enqueue({ delayMs: 2_000, json: DEPLOYMENT });
      const err = await deploymentCalls.get(makeClient(server.url, 0, 30_000), "dep-1", { timeoutMs: 50 }).catch((e: unknown) => e);
      expect((err as ApiTimeoutError).timeoutMs).toBe(50);
    });
  });

  describe("AbortSignal", () => {
    test("an already-aborted signal sends nothing", async () => {
      const controller = new AbortController();
      controller.abort();
      await expect(deploymentCalls.list(client, {}, { signal: controller.signal })).rejects.toBeInstanceOf(AbortedError);
      expect(server.requests).toHaveLength(0);
    });

    test("aborting an in-flight request rejects with AbortedError", async () => {
      const controller = new AbortController();
      server.setFallback(() => {
        controller.abort();
        return { delayMs: 2_000, json: DEPLOYMENT };
      });
      await expect(deploymentCalls.get(client, "dep-1", { signal: controller.signal })).rejects.toBeInstanceOf(AbortedError);
      expect(server.requests).toHaveLength(1);
    });

    test("cancelling the engine's call aborts the provider's request in flight (no per-call signal)", async () => {
      const saved = { ...process.env };
      Object.assign(process.env, { LANGSMITH_API_KEY: "k", LANGSMITH_CONTROL_PLANE_URL: server.url, LANGSMITH_ENDPOINT: server.url });
      try {
        const session = new ProviderSession();
        session.configure(() => undefined);
        server.setFallback(() => {
          session.cancel();
          return { delayMs: 2_000, json: DEPLOYMENT };
        });
        const context = session.operation({ log: () => undefined });
        const served = (async () => deploymentCalls.get(await context.client(), "dep-1"))();
        await expect(served).rejects.toBeInstanceOf(AbortedError);
        expect(server.requests).toHaveLength(1);
      } finally {
        process.env = saved;
      }
    });

    test("aborting during the retry backoff stops retrying", async () => {
      const controller = new AbortController();
      clock.onSleep = () => controller.abort();
      server.enqueue({ status: 503 });
      await expect(deploymentCalls.list(client, {}, { signal: controller.signal })).rejects.toBeInstanceOf(AbortedError);
      expect(server.requests).toHaveLength(1);
    });
  });
});
