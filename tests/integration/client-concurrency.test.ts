/**
 * The shared adaptive window (provider/client/concurrency.ts) through real
 * HTTP against the emulator's rate limit (a sliding one-second window
 * answering 429 with Retry-After): concurrent creates through the provider
 * all succeed, each sent once, with far fewer 429s than independent retries;
 * a new client of the same origin and key is held by the pause another's 429
 * set, and a request queued behind it honours its abort signal and its
 * 429 time budget without ever being sent. Counts come from the emulator's
 * request log; nothing is asserted on wall-clock time.
 */
import { createEmulator, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { AbortedError, type LangSmithClient, RateLimitWaitError, createClient, credentialFingerprint, sharedLimiter } from "../../provider/client";
import { systemClock } from "../../provider/client/clock";
import { configureWith, operation } from "../helpers/providerConfig";
import { TAG_KEY_ENDPOINTS } from "../../provider/organization/tagKey";
import { resource as tagKey } from "../../provider/organization/tagKey";

const COUNT = 60;
const LIMIT_PER_SECOND = 10;
const TAG_KEYS_PATH = "/api/v1/workspaces/current/tag-keys";

interface RunCounts {
  readonly posts: number;
  readonly acceptedPosts: number;
  readonly rateLimited: number;
}

describe("adaptive concurrency against the emulator's rate limit", () => {
  const emulators: Emulator[] = [];

  async function limitedEmulator(requestsPerSecond: number): Promise<Emulator> {
    const emulator = await createEmulator({ rateLimitPerSecond: requestsPerSecond });
    emulators.push(emulator);
    return emulator;
  }

  function clientFor(emulator: Emulator, options: { adaptiveConcurrency?: boolean; maxRateLimitWaitMs?: number } = {}): LangSmithClient {
    return createClient({ apiKey: DEFAULT_ORG_API_KEY, workspaceId: DEFAULT_WORKSPACE_ID, controlPlaneUrl: emulator.url, apiUrl: emulator.url, ...options });
  }

  function counts(emulator: Emulator): RunCounts {
    const posts = emulator.control.requestLog().filter((e) => e.method === "POST" && e.path === TAG_KEYS_PATH);
    return {
      posts: posts.length,
      acceptedPosts: posts.filter((e) => e.status >= 200 && e.status < 300).length,
      rateLimited: emulator.control.requestLog().filter((e) => e.status === 429).length,
    };
  }

  /** The tag keys the emulator holds, read with the limit lifted. */
  async function storedKeys(emulator: Emulator): Promise<string[]> {
    emulator.control.setRateLimit(null);
    const listed = (await clientFor(emulator).resources.send(TAG_KEY_ENDPOINTS.list, { action: "listing tag keys" })) as { key: string }[];
    return listed.map((k) => k.key);
  }

  beforeAll(() => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
  });

  /** Whether the window shared by this process's clients of `emulator` (real clock, the org key) holds requests now. */
  function paused(emulator: Emulator): boolean {
    return sharedLimiter(systemClock, new URL(emulator.url).origin, credentialFingerprint(DEFAULT_ORG_API_KEY)).snapshot().pausedUntilMs > Date.now();
  }

  afterAll(async () => {
    jest.restoreAllMocks();
    await Promise.all(emulators.map((e) => e.close()));
  });

  test(`${COUNT} concurrent TagKey creates through the provider at ${LIMIT_PER_SECOND} requests/s: all succeed, each sent once, far fewer 429s than independent retries`, async () => {
    // Independent retries (the shared window off): every 429'd request comes back after its own Retry-After.
    const independent = await limitedEmulator(LIMIT_PER_SECOND);
    const client = clientFor(independent, { adaptiveConcurrency: false });
    await Promise.all(
      Array.from({ length: COUNT }, (_, i) => client.resources.send(TAG_KEY_ENDPOINTS.create, { action: `creating tag key "k${i}"`, body: { key: `k${i}` } })),
    );
    const baseline = counts(independent);
    expect(baseline.acceptedPosts).toBe(COUNT);

    // The provider, as the engine calls it: concurrent creates, whose requests share the origin's window.
    const shared = await limitedEmulator(LIMIT_PER_SECOND);
    const values: Record<string, string> = {
      "langsmith:apiUrl": shared.url,
      "langsmith:apiKey": DEFAULT_ORG_API_KEY,
      "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
    };
    configureWith(values);
    const created = await Promise.all(
      Array.from({ length: COUNT }, async (_, i) => {
        const checked = tagKey.check({}, { key: `key-${i}` });
        expect(checked.failures).toEqual([]);
        return tagKey.create(operation(), checked.inputs);
      }),
    );
    expect(new Set(created.map((c) => c.id)).size).toBe(COUNT);
    const adaptive = counts(shared);
    // Each create accepted exactly once: a 429 was not processed, so resending it made no duplicate.
    expect(adaptive.acceptedPosts).toBe(COUNT);
    expect(adaptive.posts).toBe(COUNT + adaptive.rateLimited);
    const keys = await storedKeys(shared);
    expect(keys).toHaveLength(COUNT);
    expect(new Set(keys).size).toBe(COUNT);

    // Independent retries: 50 + 40 + 30 + 20 + 10 = 150 429s; the shared window stays far below.
    expect(baseline.rateLimited).toBeGreaterThanOrEqual(100);
    expect(adaptive.rateLimited).toBeLessThan(baseline.rateLimited / 2);
  }, 60_000);

  test("a new client of the same origin and key waits out the pause another client's 429 set; queued, it honours its abort signal and is never sent", async () => {
    const emulator = await limitedEmulator(1);
    const first = clientFor(emulator);
    const burst = Promise.all([0, 1, 2].map((i) => first.resources.send(TAG_KEY_ENDPOINTS.list, { action: `listing tag keys ${i}` })));
    await waitFor(() => paused(emulator)); // the client has read a 429
    const before = emulator.control.requestLog().length;

    const controller = new AbortController();
    const queued = clientFor(emulator).resources.send(TAG_KEY_ENDPOINTS.get, {
      action: "reading tag key",
      params: { id: "00000000-0000-4000-8000-000000000000" },
      options: { signal: controller.signal },
    });
    setTimeout(() => controller.abort(), 50);
    const err = await queued.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AbortedError);
    expect((err as Error).message).toBe("reading tag key: aborted while waiting for a request slot");
    expect(
      emulator.control
        .requestLog()
        .slice(before)
        .filter((e) => e.path.endsWith("000000000000")),
    ).toEqual([]);
    await burst;
  }, 30_000);

  test("a request queued behind 429s past maxRateLimitWaitMs fails with RateLimitWaitError, unsent, and no secret in the message", async () => {
    const emulator = await limitedEmulator(1);
    const first = clientFor(emulator);
    const burst = Promise.all([0, 1, 2].map((i) => first.resources.send(TAG_KEY_ENDPOINTS.list, { action: `listing tag keys ${i}` })));
    await waitFor(() => paused(emulator)); // the client has read a 429
    const before = emulator.control.requestLog().length;

    const impatient = clientFor(emulator, { maxRateLimitWaitMs: 100 });
    const err = await impatient.resources
      .send(TAG_KEY_ENDPOINTS.get, { action: "reading tag key", params: { id: "00000000-0000-4000-8000-000000000000" } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitWaitError);
    expect((err as RateLimitWaitError).status).toBe(429);
    expect((err as Error).message).toMatch(
      /^reading tag key: rate limited: not sent after waiting \d+ ms in all on 429 answers from http:\/\/127\.0\.0\.1:\d+ \(maxRateLimitWaitMs 100\)$/,
    );
    expect((err as Error).message).not.toContain(DEFAULT_ORG_API_KEY);
    expect(
      emulator.control
        .requestLog()
        .slice(before)
        .filter((e) => e.path.endsWith("000000000000")),
    ).toEqual([]);
    await burst;
  }, 30_000);
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error("condition not met");
}
