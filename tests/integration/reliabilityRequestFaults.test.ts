// Reliability under faults (issue 8), the faults of single requests: 429s
// with Retry-After, bursts of 5xx, a 503 on a create, dropped connections,
// responses slower than the request timeout, and responses lost after the
// service committed. Each is injected by the emulator and met by the provider
// (called in-process, as tests/integration/deploymentProvider.test.ts does) or
// by the client. The faults of waits are in reliabilityWaitFaults.test.ts,
// those of keys and workspaces in reliabilityAccessFaults.test.ts.
// Each test states the outcome, counts the requests in the emulator's request
// log and checks what exists on the server afterwards. The figures are printed
// once at the end for docs/reliability.md.
//
// Already covered elsewhere and not repeated here: retry timing and
// Retry-After parsing against scripted servers
// (tests/integration/client-retry.test.ts).
import { DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ApiTimeoutError, createClient, ServerError } from "../../provider/client";
import { provider } from "../../provider/dynamic/deployment";
import { deploymentCalls } from "../../provider/deployments/deployment/endpoints";
import { configureWith, faultFigures, faultSteps, inputs, rejection, startFaultEmulator } from "../helpers/faultSteps";

describe("reliability: injected faults", () => {
  let emulator: Emulator;
  const saved = { ...process.env };
  const { pointAt, clientFor, log, live, revisionsOf, logSettles } = faultSteps(() => emulator);
  const { record, keep, report } = faultFigures();

  beforeAll(async () => {
    emulator = await startFaultEmulator();
  });

  beforeEach(() => {
    pointAt(emulator);
    emulator.control.clearFaults();
    emulator.control.clearRequestLog();
  });

  afterAll(async () => {
    process.env = saved;
    await configureWith({});
    await emulator?.close();
    report("reliability faults, requests");
  });

  it("429 with Retry-After in seconds: waits, retries once, succeeds", async () => {
    const created = await provider.create(inputs("ra-seconds"));
    emulator.control.clearRequestLog();
    emulator.control.injectFault({ method: "GET", path: `/v2/deployments/${created.id}`, status: 429, retryAfter: 1 });
    const read = await provider.read!(created.id, created.outs);
    expect(read.id).toBe(created.id);
    const statuses = log()
      .filter((r) => r.path === `/v2/deployments/${created.id}`)
      .map((r) => r.status);
    expect(statuses).toEqual([429, 200]);
    record({ fault: "429 + Retry-After: 1", outcome: "read converged", requests: log().length, after: "1 deployment, unchanged" });
    await provider.delete!(created.id, created.outs);
  });

  it("429 with Retry-After as an HTTP date: waits, retries once, succeeds", async () => {
    const client = clientFor(emulator);
    emulator.control.injectFault({ method: "GET", path: "/v2/deployments", status: 429, retryAfter: new Date(Date.now() + 1000).toUTCString() });
    const page = await deploymentCalls.list(client);
    expect(page.resources).toEqual([]);
    expect(log().map((r) => r.status)).toEqual([429, 200]);
    record({ fault: "429 + Retry-After: <HTTP date>", outcome: "list converged", requests: log().length, after: "nothing created" });
  });

  it("a burst of 500, 502, 503 on GET: retried with backoff, then succeeds", async () => {
    const created = await provider.create(inputs("burst"));
    emulator.control.clearRequestLog();
    for (const status of [500, 502, 503]) emulator.control.injectFault({ method: "GET", path: `/v2/deployments/${created.id}`, status });
    const read = await provider.read!(created.id, created.outs);
    expect(read.props?.["latestRevisionStatus"]).toBe("DEPLOYED");
    expect(
      log()
        .filter((r) => r.path === `/v2/deployments/${created.id}`)
        .map((r) => r.status),
    ).toEqual([500, 502, 503, 200]);
    record({ fault: "burst 500/502/503 on GET", outcome: "read converged", requests: log().length, after: "1 deployment, unchanged" });
    await provider.delete!(created.id, created.outs);
  });

  it("a 503 on the create POST: not retried (POST is not idempotent), clear error, nothing created", async () => {
    emulator.control.injectFault({ method: "POST", path: "/v2/deployments", status: 503 });
    const error = await rejection(provider.create(inputs("post-503")));
    expect(error).toBeInstanceOf(ServerError);
    expect(keep(error)).toMatch(/^creating deployment "post-503": 503/);
    expect(log().filter((r) => r.method === "POST")).toHaveLength(1);
    expect(live("post-503")).toHaveLength(0);
    record({ fault: "503 on create POST", outcome: "clear error (ServerError), not retried", requests: log().length, after: "0 deployments" });
  });

  it("a connection dropped before the response: a GET is retried and succeeds", async () => {
    const created = await provider.create(inputs("dropped"));
    emulator.control.clearRequestLog();
    emulator.control.injectFault({ method: "GET", path: `/v2/deployments/${created.id}`, drop: "before-handler", times: 2 });
    const read = await provider.read!(created.id, created.outs);
    expect(read.id).toBe(created.id);
    expect(
      log()
        .filter((r) => r.path === `/v2/deployments/${created.id}`)
        .map((r) => r.status),
    ).toEqual([0, 0, 200]);
    record({ fault: "connection dropped (x2) on GET", outcome: "read converged", requests: log().length, after: "1 deployment, unchanged" });
    await provider.delete!(created.id, created.outs);
  });

  it("a response slower than the request timeout: a GET times out, is retried, succeeds", async () => {
    const client = clientFor(emulator, { timeoutMs: 300 });
    emulator.control.injectFault({ method: "GET", path: "/v2/deployments", delayMs: 1500 });
    await expect(deploymentCalls.list(client, {}, { timeoutMs: 300 })).resolves.toMatchObject({ resources: [] });
    // The emulator logs a request when it answers; the attempt the client abandoned is never answered.
    const entries = await logSettles(1);
    expect(entries.map((r) => r.status)).toEqual([200]);
    record({
      fault: "response slower than the timeout (GET)",
      outcome: "timed out, retried, converged",
      requests: entries.length + 1,
      after: "nothing created",
    });
    // Without retries the timeout is reported as such, naming the action.
    emulator.control.clearRequestLog();
    emulator.control.injectFault({ method: "GET", path: "/v2/deployments", delayMs: 1500 });
    const once = createClient({ controlPlaneUrl: emulator.url, apiUrl: emulator.url, apiKey: DEFAULT_API_KEY, timeoutMs: 300, maxRetries: 0 });
    const error = await rejection(deploymentCalls.list(once));
    expect(error).toBeInstanceOf(ApiTimeoutError);
    expect(keep(error)).toMatch(/^listing deployments: no complete response .* within 300 ms/);
  });

  it("a create POST slower than the request timeout: looked up by name, exactly one deployment", async () => {
    await configureWith({ "langsmith:requestTimeoutSeconds": "0.4" });
    try {
      emulator.control.injectFault({ method: "POST", path: "/v2/deployments", delayMs: 1000 });
      const result = await provider.create(inputs("slow-post")).then(
        (created) => ({ created }),
        (error: unknown) => ({ error }),
      );
      const entries = await logSettles(4);
      const posts = entries.filter((r) => r.method === "POST");
      expect(live("slow-post")).toHaveLength(1);
      expect(posts.filter((r) => r.status === 201)).toHaveLength(1);
      if ("created" in result) {
        expect(result.created.id).toBe(live("slow-post")[0]!.id);
        record({ fault: "create POST slower than the timeout", outcome: "converged (no duplicate)", requests: entries.length, after: "1 deployment" });
        await provider.delete!(result.created.id, result.created.outs);
      } else {
        // The delayed POST committed after the lookup: the error names the deployment to adopt.
        expect(keep(result.error)).toContain(`adoptExistingId: "${live("slow-post")[0]!.id}"`);
        record({
          fault: "create POST slower than the timeout",
          outcome: "clear error naming the id to adopt",
          requests: entries.length,
          after: "1 deployment",
        });
        await provider.delete!(live("slow-post")[0]!.id, { name: "slow-post", tenantId: DEFAULT_WORKSPACE_ID });
      }
    } finally {
      await configureWith({});
    }
  });

  it("a create POST whose response is lost after the commit: found by name, exactly one deployment", async () => {
    emulator.control.injectFault({ method: "POST", path: "/v2/deployments", drop: "after-commit" });
    const created = await provider.create(inputs("lost-create"));
    expect(live("lost-create")).toHaveLength(1);
    expect(created.id).toBe(live("lost-create")[0]!.id);
    expect(log().filter((r) => r.method === "POST")).toHaveLength(1);
    expect(revisionsOf(created.id)).toHaveLength(1);
    record({ fault: "create response lost after commit", outcome: "converged (found by name)", requests: log().length, after: "1 deployment, 1 revision" });
    await provider.delete!(created.id, created.outs);
  });

  it("a revision PATCH whose response is lost: exactly one new revision", async () => {
    const created = await provider.create(inputs("lost-patch"));
    emulator.control.clearRequestLog();
    emulator.control.injectFault({ method: "PATCH", path: `/v2/deployments/${created.id}`, drop: "after-commit" });
    const updated = await provider.update!(
      created.id,
      created.outs,
      inputs("lost-patch", { sourceRevisionConfig: { repoRef: "v2", graphConfigPath: "langgraph.json" } }),
    );
    expect(updated.outs).toMatchObject({ latestRevisionStatus: "DEPLOYED" });
    expect(log().filter((r) => r.method === "PATCH")).toHaveLength(1);
    expect(revisionsOf(created.id)).toHaveLength(2);
    record({ fault: "revision PATCH response lost", outcome: "converged", requests: log().length, after: "1 deployment, exactly 2 revisions" });
    await provider.delete!(created.id, updated.outs ?? {});
  });
});
