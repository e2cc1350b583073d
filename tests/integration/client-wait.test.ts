/**
 * waitForRevision and waitForDeletion through real HTTP, with the FakeClock
 * driving poll intervals and deadlines (no real sleeping, no wall-clock asserts);
 * and against a server that hangs, on real time, where the only time assertion
 * is an upper bound (deadline + poll interval + the 1 s poll-timeout floor + 2 s slack).
 */
import {
  AbortedError,
  AuthenticationError,
  type LangSmithClient,
  MIN_POLL_REQUEST_TIMEOUT_MS,
  RevisionFailedError,
  type RevisionStatusEvent,
  WaitTimeoutError,
  createClient,
} from "../../provider/client";
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { DETECTION_OFFSET_MS } from "../../provider/client/revisionTimings";
import { FakeClock, type ScriptedResponse, type ScriptedServer, startScriptedServer } from "../helpers/scriptedServer";
import { deploymentCalls } from "../../provider/deployments/deployment/endpoints";

function rev(id: string, status: string): ScriptedResponse {
  return { path: `/v2/deployments/dep-1/revisions/${id}`, json: { id, status, created_at: "2025-01-01T00:00:00Z" } };
}

const MIN = 10;
const MAX = 1_000;
const MID = Math.round(Math.sqrt(MIN * MAX));

describe("waiting over real HTTP", () => {
  let server: ScriptedServer;
  let clock: FakeClock;
  let client: LangSmithClient;

  beforeAll(async () => {
    server = await startScriptedServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.reset();
    clock = new FakeClock();
    client = createClient({ apiKey: "k", controlPlaneUrl: server.url, apiUrl: server.url, maxRetries: 1, clock, random: () => 0 });
  });
  afterEach(() => {
    expect(server.pending()).toBe(0);
  });

  test("polls through the statuses to DEPLOYED, adapting the interval, reporting each change", async () => {
    server.enqueue(
      rev("rev-1", "QUEUED"),
      rev("rev-1", "BUILDING"),
      rev("rev-1", "BUILDING"),
      rev("rev-1", "AWAITING_DEPLOY"),
      rev("rev-1", "DEPLOYING"),
      rev("rev-1", "DEPLOYED"),
    );
    const events: RevisionStatusEvent[] = [];
    const result = await deploymentCalls.waitForRevision(client, {
      deploymentId: "dep-1",
      revisionId: "rev-1",
      minIntervalMs: MIN,
      maxIntervalMs: MAX,
      onStatus: (e) => events.push(e),
    });
    expect(result.revision.status).toBe("DEPLOYED");
    expect(result.supersededRevisionIds).toEqual([]);
    expect(events.map((e) => [e.status, e.previousStatus])).toEqual([
      ["QUEUED", undefined],
      ["BUILDING", "QUEUED"],
      ["AWAITING_DEPLOY", "BUILDING"],
      ["DEPLOYING", "AWAITING_DEPLOY"],
      ["DEPLOYED", "DEPLOYING"],
    ]);
    // Slow while building, fast near the end, in between when queued.
    expect(clock.sleeps).toEqual([MID, MAX, MAX, MIN, MIN]);
    expect(result.elapsedMs).toBe(MID + 2 * MAX + 2 * MIN);
  });

  test.each(["BUILD_FAILED", "DEPLOY_FAILED", "CREATE_FAILED", "SOME_NEW_FAILED_STATE"])("%s ends the wait with RevisionFailedError", async (status) => {
    server.enqueue(rev("rev-1", "BUILDING"), rev("rev-1", status));
    const err = await deploymentCalls
      .waitForRevision(client, { deploymentId: "dep-1", revisionId: "rev-1", name: "agent", minIntervalMs: MIN, maxIntervalMs: MAX })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RevisionFailedError);
    const e = err as RevisionFailedError;
    expect(e.revisionId).toBe("rev-1");
    expect(e.deploymentId).toBe("dep-1");
    expect(e.revisionStatus).toBe(status);
    expect(e.message).toContain(`waiting for deployment "agent": revision rev-1 ended in ${status}`);
  });

  test("INTERRUPTED, UNKNOWN and unseen statuses keep polling", async () => {
    server.enqueue(rev("rev-1", "INTERRUPTED"), rev("rev-1", "UNKNOWN"), rev("rev-1", "BRAND_NEW_STATUS"), rev("rev-1", "DEPLOYED"));
    const events: string[] = [];
    await deploymentCalls.waitForRevision(client, {
      deploymentId: "dep-1",
      revisionId: "rev-1",
      minIntervalMs: MIN,
      maxIntervalMs: MAX,
      onStatus: (e) => events.push(e.status),
    });
    expect(events).toEqual(["INTERRUPTED", "UNKNOWN", "BRAND_NEW_STATUS", "DEPLOYED"]);
    expect(clock.sleeps).toEqual([MID, MID, MID]);
  });

  test("SKIPPED follows the newest revision", async () => {
    server.enqueue(
      rev("rev-1", "BUILDING"),
      rev("rev-1", "SKIPPED"),
      {
        path: "/v2/deployments/dep-1/revisions",
        json: {
          resources: [
            { id: "rev-2", status: "QUEUED", created_at: "2025-01-02T00:00:00Z" },
            { id: "rev-1", status: "SKIPPED", created_at: "2025-01-01T00:00:00Z" },
          ],
          offset: 2,
        },
      },
      rev("rev-2", "QUEUED"),
      rev("rev-2", "DEPLOYED"),
    );
    const events: RevisionStatusEvent[] = [];
    const result = await deploymentCalls.waitForRevision(client, {
      deploymentId: "dep-1",
      revisionId: "rev-1",
      minIntervalMs: MIN,
      maxIntervalMs: MAX,
      onStatus: (e) => events.push(e),
    });
    expect(result.revision.id).toBe("rev-2");
    expect(result.supersededRevisionIds).toEqual(["rev-1"]);
    expect(events.map((e) => `${e.revisionId}:${e.status}`)).toEqual(["rev-1:BUILDING", "rev-1:SKIPPED", "rev-2:QUEUED", "rev-2:DEPLOYED"]);
    expect(events[2]?.supersededRevisionId).toBe("rev-1");
    expect(server.requests[2]?.query).toEqual({ limit: "1" });
  });

  test("past the deadline: WaitTimeoutError with the last status", async () => {
    server.setFallback(rev("rev-1", "BUILDING"));
    const err = await deploymentCalls
      .waitForRevision(client, { deploymentId: "dep-1", revisionId: "rev-1", name: "agent", waitTimeoutMs: 3_500, minIntervalMs: MIN, maxIntervalMs: MAX })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WaitTimeoutError);
    const e = err as WaitTimeoutError;
    expect(e.lastStatus).toBe("BUILDING");
    expect(e.revisionId).toBe("rev-1");
    expect(e.waitTimeoutMs).toBe(3_500);
    expect(e.message).toContain('waiting for deployment "agent": revision rev-1 is still BUILDING');
    // Never sleeps past the deadline: 1000 x3, then the 500 left.
    expect(clock.sleeps).toEqual([MAX, MAX, MAX, 500]);
  });

  test("transient errors while polling keep the wait going, one request per poll (no retries inside a poll)", async () => {
    server.enqueue(rev("rev-1", "BUILDING"), { status: 503 }, { status: 503 }, rev("rev-1", "DEPLOYED"));
    const result = await deploymentCalls.waitForRevision(client, { deploymentId: "dep-1", revisionId: "rev-1", minIntervalMs: MIN, maxIntervalMs: MAX });
    expect(result.revision.status).toBe("DEPLOYED");
    expect(server.requests).toHaveLength(4);
    // Poll intervals only: no retry backoff between the two 503s.
    expect(clock.sleeps).toEqual([MAX, MAX, MAX]);
  });

  test("non-transient errors end the wait", async () => {
    server.enqueue({ status: 401, json: { detail: "Invalid API key" } });
    await expect(
      deploymentCalls.waitForRevision(client, { deploymentId: "dep-1", revisionId: "rev-1", minIntervalMs: MIN, maxIntervalMs: MAX }),
    ).rejects.toBeInstanceOf(AuthenticationError);
  });

  test("an AbortSignal stops the wait", async () => {
    const controller = new AbortController();
    server.setFallback(rev("rev-1", "BUILDING"));
    clock.onSleep = () => controller.abort();
    await expect(
      deploymentCalls.waitForRevision(client, {
        deploymentId: "dep-1",
        revisionId: "rev-1",
        signal: controller.signal,
        minIntervalMs: MIN,
        maxIntervalMs: MAX,
      }),
    ).rejects.toBeInstanceOf(AbortedError);
    expect(server.requests).toHaveLength(1);
  });

  describe("waitForDeletion", () => {
    const dep = (status: string): ScriptedResponse => ({
      path: "/v2/deployments/dep-1",
      json: { id: "dep-1", name: "agent", source: "github", source_config: {}, source_revision_config: {}, latest_revision_id: null, status },
    });

    test("polls GET until 404", async () => {
      server.enqueue(dep("AWAITING_DELETE"), dep("AWAITING_DELETE"), dep("AWAITING_FINAL_DELETE"), { status: 404, json: { detail: "Not found" } });
      const statuses: string[] = [];
      await deploymentCalls.waitForDeletion(client, { deploymentId: "dep-1", intervalMs: 50, onStatus: (e) => statuses.push(e.status) });
      expect(statuses).toEqual(["AWAITING_DELETE", "AWAITING_FINAL_DELETE"]);
      expect(clock.sleeps).toEqual([50, 50, 50]);
    });

    test("past the deadline: WaitTimeoutError with the last status", async () => {
      server.setFallback(dep("AWAITING_DELETE"));
      const err = await deploymentCalls
        .waitForDeletion(client, { deploymentId: "dep-1", name: "agent", intervalMs: 100, waitTimeoutMs: 250 })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(WaitTimeoutError);
      expect((err as WaitTimeoutError).lastStatus).toBe("AWAITING_DELETE");
      expect((err as Error).message).toContain('waiting for deployment "agent" to be deleted');
      expect(clock.sleeps).toEqual([100, 100, 50]);
    });
  });

  describe("against a server that hangs (real time)", () => {
    const SLACK_MS = 2_000;
    let hanging: LangSmithClient;

    beforeEach(() => {
      // The defaults a provider uses: 30 s per attempt, 4 retries. Neither may show inside a wait.
      hanging = createClient({ apiKey: "k", controlPlaneUrl: server.url, apiUrl: server.url });
    });

    async function timed<T>(promise: Promise<T>): Promise<{ error: unknown; elapsedMs: number }> {
      const started = Date.now();
      const error = await promise.then(
        () => undefined,
        (e: unknown) => e,
      );
      return { error, elapsedMs: Date.now() - started };
    }

    test("waitForRevision: the poll that hangs is cut at the deadline; WaitTimeoutError; one request per poll", async () => {
      const waitTimeoutMs = 2_000;
      const intervalMs = 400;
      server.enqueue(rev("rev-1", "BUILDING"), rev("rev-1", "BUILDING"));
      server.setFallback({ hang: true });
      const { error, elapsedMs } = await timed(
        deploymentCalls.waitForRevision(hanging, {
          deploymentId: "dep-1",
          revisionId: "rev-1",
          waitTimeoutMs,
          minIntervalMs: intervalMs,
          maxIntervalMs: intervalMs,
        }),
      );
      expect(error).toBeInstanceOf(WaitTimeoutError);
      expect((error as WaitTimeoutError).lastStatus).toBe("BUILDING");
      // Polls at about 0, 0.4 and 0.8 s; the third hangs with a timeout of the 1.2 s left, which ends the wait.
      expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(Array(3).fill("GET /v2/deployments/dep-1/revisions/rev-1"));
      expect(elapsedMs).toBeLessThan(waitTimeoutMs + intervalMs + MIN_POLL_REQUEST_TIMEOUT_MS + SLACK_MS);
    });

    test("waitForRevision: a server hanging from the first poll gives one request and WaitTimeoutError", async () => {
      const waitTimeoutMs = 1_500;
      server.setFallback({ hang: true });
      const { error, elapsedMs } = await timed(
        deploymentCalls.waitForRevision(hanging, { deploymentId: "dep-1", revisionId: "rev-1", waitTimeoutMs, minIntervalMs: 300, maxIntervalMs: 300 }),
      );
      expect(error).toBeInstanceOf(WaitTimeoutError);
      expect((error as WaitTimeoutError).lastStatus).toBeUndefined();
      expect(server.requests).toHaveLength(1);
      expect(elapsedMs).toBeLessThan(waitTimeoutMs + 300 + MIN_POLL_REQUEST_TIMEOUT_MS + SLACK_MS);
    });

    test("waitForRevision: a hang starting with less than the floor left gets the 1 s floor and still ends the wait", async () => {
      const waitTimeoutMs = 1_200;
      const intervalMs = 500;
      server.enqueue(rev("rev-1", "QUEUED"), rev("rev-1", "BUILDING"));
      server.setFallback({ hang: true });
      const { error, elapsedMs } = await timed(
        deploymentCalls.waitForRevision(hanging, {
          deploymentId: "dep-1",
          revisionId: "rev-1",
          waitTimeoutMs,
          minIntervalMs: intervalMs,
          maxIntervalMs: intervalMs,
        }),
      );
      expect(error).toBeInstanceOf(WaitTimeoutError);
      expect((error as WaitTimeoutError).lastStatus).toBe("BUILDING");
      // Polls at about 0, 0.5 and 1.0 s; the third has 0.2 s left, gets the 1 s floor, and its timeout ends the wait.
      expect(server.requests).toHaveLength(3);
      expect(elapsedMs).toBeLessThan(waitTimeoutMs + intervalMs + MIN_POLL_REQUEST_TIMEOUT_MS + SLACK_MS);
    });

    test("waitForDeletion: the poll that hangs is cut at the deadline; WaitTimeoutError; one request per poll", async () => {
      const waitTimeoutMs = 1_500;
      const intervalMs = 300;
      server.enqueue({
        path: "/v2/deployments/dep-1",
        json: {
          id: "dep-1",
          name: "agent",
          source: "github",
          source_config: {},
          source_revision_config: {},
          latest_revision_id: null,
          status: "AWAITING_DELETE",
        },
      });
      server.setFallback({ hang: true });
      const { error, elapsedMs } = await timed(deploymentCalls.waitForDeletion(hanging, { deploymentId: "dep-1", name: "agent", waitTimeoutMs, intervalMs }));
      expect(error).toBeInstanceOf(WaitTimeoutError);
      expect((error as WaitTimeoutError).lastStatus).toBe("AWAITING_DELETE");
      expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v2/deployments/dep-1", "GET /v2/deployments/dep-1"]);
      expect(elapsedMs).toBeLessThan(waitTimeoutMs + intervalMs + MIN_POLL_REQUEST_TIMEOUT_MS + SLACK_MS);
    });
  });
});

/**
 * The prediction against the real emulator, over HTTP, with the emulator and
 * the wait sharing the FakeClock (time moves only when the wait sleeps): the
 * second revision of a deployment is found just after it reaches DEPLOYED,
 * from the first revision's created_at/updated_at, for fewer GETs than a
 * fixed 10 s poller. Delays are fake-clock milliseconds.
 */
describe("waiting with history, against the emulator", () => {
  const STEPS = { CREATING: 2_000, QUEUED: 3_000, AWAITING_BUILD: 5_000, BUILDING: 360_000, AWAITING_DEPLOY: 5_000, DEPLOYING: 60_000 };
  const TOTAL_MS = Object.values(STEPS).reduce((a, b) => a + b, 0);
  let emulator: Emulator;
  let clock: FakeClock;
  let client: LangSmithClient;

  beforeEach(async () => {
    clock = new FakeClock();
    emulator = await createEmulator({ now: () => clock.now(), timings: { stepDurationsMs: STEPS } });
    client = createClient({ apiKey: DEFAULT_API_KEY, workspaceId: DEFAULT_WORKSPACE_ID, controlPlaneUrl: emulator.url, apiUrl: emulator.url, clock });
  });
  afterEach(async () => {
    await emulator.close();
  });

  /** A deployment whose first revision is DEPLOYED, and its second revision (a PATCH), just made. */
  async function secondRevision(): Promise<{ deploymentId: string; revisionId: string }> {
    const created = await deploymentCalls.create(client, {
      name: "agent",
      source: "github",
      source_config: { integration_id: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repo_url: "https://github.com/acme/agent", deployment_type: "dev" },
      source_revision_config: { repo_ref: "main", langgraph_config_path: "langgraph.json" },
      secrets: [],
    });
    clock.nowMs += TOTAL_MS + 60_000;
    const patched = await deploymentCalls.patch(client, created.id, { source_revision_config: { repo_ref: "v2", langgraph_config_path: "langgraph.json" } });
    return { deploymentId: created.id, revisionId: patched.latest_revision_id ?? "" };
  }

  const gets = (deploymentId: string): number => emulator.control.requestLog().filter((e) => e.method === "GET" && e.path.includes(deploymentId)).length;
  const deployedAt = (revisionId: string): number =>
    emulator.control
      .dumpState()
      .revisions.find((r) => r.id === revisionId)
      ?.history.find((t) => t.status === "DEPLOYED")?.atMs ?? Number.NaN;

  test("a 6-minute build: the wait returns 250 ms after DEPLOYED, with fewer GETs than a fixed 10 s poller", async () => {
    const ids = await secondRevision();
    const before = gets(ids.deploymentId);
    clock.nowMs += 30_000;
    const result = await deploymentCalls.waitForRevision(client, { ...ids, historyLimit: 10 });
    expect(result.revision.status).toBe("DEPLOYED");
    expect(clock.now() - deployedAt(ids.revisionId)).toBe(DETECTION_OFFSET_MS);
    // A fixed 10 s poller starting 30 s after the PATCH polls at 30, 40, …, 440 s: 42 GETs.
    expect(gets(ids.deploymentId) - before).toBeLessThanOrEqual(Math.ceil((TOTAL_MS - 30_000) / 10_000) + 1);
    expect(result.prediction).toEqual({ totalsMs: [TOTAL_MS], deployTailsMs: [], deployingMs: [], samples: 1 });
    expect(result.timing).toMatchObject({ revisionId: ids.revisionId, totalMs: TOTAL_MS });
  });

  test("without history the same wait follows the status-based schedule and returns later", async () => {
    const ids = await secondRevision();
    clock.nowMs += 30_000;
    await deploymentCalls.waitForRevision(client, { ...ids });
    expect(clock.now() - deployedAt(ids.revisionId)).toBeGreaterThan(DETECTION_OFFSET_MS);
  });
});
