// Reliability under faults (issue 8): every fault of the issue's list is
// injected by the emulator and met by the provider (called in-process, as
// tests/integration/deploymentProvider.test.ts does) or by the client. Each
// test states the outcome, counts the requests in the emulator's request log
// and checks what exists on the server afterwards. The figures are printed
// once at the end for docs/reliability.md.
//
// Already covered elsewhere and not repeated here: each FAILED status kept
// and re-submitted, a wait timeout resumed, adoption and the name-taken error
// (tests/integration/deploymentProvider.test.ts); retry timing and Retry-After
// parsing against scripted servers (tests/integration/client-retry.test.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import {
  createEmulator,
  DEFAULT_API_KEY,
  DEFAULT_ORG_API_KEY,
  DEFAULT_ORGANIZATION_ID,
  DEFAULT_WORKSPACE_ID,
  type Emulator,
  type RequestLogEntry,
} from "../../packages/emulator/src";
import {
  ApiTimeoutError,
  AuthenticationError,
  createClient,
  FeatureNotEnabledError,
  type LangSmithClient,
  ServerError,
  WaitTimeoutError,
  WorkspaceRequiredError,
} from "../../provider/client";
import { provider } from "../../provider/dynamic/deployment";
import { provider as destinationProvider } from "../../provider/dynamic/destination";
import { deploymentCalls } from "../../provider/deployments/deployment/endpoints";

const SECRET = "canary-fault-secret-91c4e2";
const OTHER_WORKSPACE_ID = "44444444-4444-4444-8444-444444444444";
const OTHER_WORKSPACE_KEY = "lsv2_pt_other_workspace_key_canary";
const DISABLED_ORG_KEY = "lsv2_pt_disabled_org_key_canary";
const WRONG_KEY = "lsv2_pt_wrong_key_canary_0b7d";
const CANARIES = [SECRET, OTHER_WORKSPACE_KEY, DISABLED_ORG_KEY, WRONG_KEY, DEFAULT_API_KEY, DEFAULT_ORG_API_KEY];

const inputs = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  source: "github",
  sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev" },
  sourceRevisionConfig: { repoRef: "main", graphConfigPath: "langgraph.json" },
  secrets: [{ name: "API_TOKEN", value: SECRET }],
  __provider: "serialized-shim",
  ...extra,
});

/** One row of the figures printed at the end. */
interface Figure {
  fault: string;
  outcome: string;
  requests: number;
  after: string;
}

/** Whatever a promise rejected with (fails the test when it resolved). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  const result = await promise.then(
    () => ({ resolved: true as const }),
    (error: unknown) => ({ resolved: false as const, error }),
  );
  if (result.resolved) throw new Error("expected a rejection");
  return result.error;
}

/** The message of an Error, or of a partial-failure object `{ message, id, properties }`. */
function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "object" && error !== null && "message" in error) return String((error as { message: unknown }).message);
  return String(error);
}

/** A stack config for `provider.configure`, as the engine would pass it. */
function configureWith(values: Record<string, string>): Promise<void> {
  const request = { config: { get: (key: string) => values[key] } } as unknown as pulumi.dynamic.ConfigureRequest;
  return provider.configure!(request);
}

describe("reliability: injected faults", () => {
  let emulator: Emulator;
  const saved = { ...process.env };
  const figures: Figure[] = [];
  const errors: string[] = [];

  const pointAt = (target: Emulator, apiKey = DEFAULT_API_KEY, workspaceId: string | null = DEFAULT_WORKSPACE_ID) => {
    Object.assign(process.env, {
      LANGSMITH_API_KEY: apiKey,
      LANGSMITH_CONTROL_PLANE_URL: target.url,
      LANGSMITH_ENDPOINT: target.url,
      LANGSMITH_POLL_MIN_INTERVAL_MS: "20",
      LANGSMITH_POLL_MAX_INTERVAL_MS: "100",
    });
    if (workspaceId === null) delete process.env["LANGSMITH_WORKSPACE_ID"];
    else process.env["LANGSMITH_WORKSPACE_ID"] = workspaceId;
  };
  const clientFor = (target: Emulator, extra: { timeoutMs?: number } = {}): LangSmithClient =>
    createClient({ controlPlaneUrl: target.url, apiUrl: `${target.url}/api/v1`, apiKey: DEFAULT_API_KEY, workspaceId: DEFAULT_WORKSPACE_ID, ...extra });

  const log = (target: Emulator = emulator): RequestLogEntry[] => target.control.requestLog();
  const live = (name: string, target: Emulator = emulator) =>
    target.control.dumpState().state.deployments.filter((d) => d.name === name && d.deleteRequestedAtMs === null);
  const revisionsOf = (id: string, target: Emulator = emulator) => target.control.dumpState().revisions.filter((r) => r.deploymentId === id);
  const record = (figure: Figure) => figures.push(figure);
  const keep = (error: unknown): string => {
    const message = messageOf(error);
    // A partial failure's properties are outputs (secrets included, stored as Pulumi secrets): scan what is shown.
    const reasons = typeof error === "object" && error !== null && "reasons" in error ? JSON.stringify((error as { reasons: unknown }).reasons) : "";
    errors.push(message, error instanceof Error ? (error.stack ?? "") : reasons);
    return message;
  };

  /** Waits (bounded) until the log has at least `count` entries: a delayed request is logged when it finishes. */
  async function logSettles(count: number, target: Emulator = emulator): Promise<RequestLogEntry[]> {
    for (let i = 0; i < 100 && log(target).length < count; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    return log(target);
  }

  beforeAll(async () => {
    emulator = await createEmulator({ control: true });
    emulator.control.seed({
      organizations: [
        { id: DEFAULT_ORGANIZATION_ID, workspaces: [{ id: OTHER_WORKSPACE_ID, name: "Other" }] },
        {
          id: "55555555-5555-4555-8555-555555555555",
          name: "No deployments",
          deploymentsEnabled: false,
          workspaces: [{ id: "66666666-6666-4666-8666-666666666666" }],
        },
      ],
      apiKeys: [
        { key: OTHER_WORKSPACE_KEY, organizationId: DEFAULT_ORGANIZATION_ID, workspaceId: OTHER_WORKSPACE_ID },
        { key: DISABLED_ORG_KEY, organizationId: "55555555-5555-4555-8555-555555555555", workspaceId: "66666666-6666-4666-8666-666666666666" },
      ],
    });
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
    console.log(
      `reliability faults (${figures.length}):\n${figures.map((f) => `  ${f.fault} | ${f.outcome} | ${f.requests} requests | ${f.after}`).join("\n")}`,
    );
    for (const text of errors) for (const canary of CANARIES) expect(text).not.toContain(canary);
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

  it.each(["CREATE_FAILED", "BUILD_FAILED", "DEPLOY_FAILED"] as const)("a revision ending in %s: kept in state with a clear error", async (status) => {
    const name = `fails-${status.toLowerCase().replace("_", "-")}`;
    emulator.control.failNextRevision({ deploymentName: name }, { status });
    const error = await rejection(provider.create(inputs(name)));
    const message = keep(error);
    expect(message).toContain(`deployment "${name}"`);
    expect(message).toContain(status);
    expect(error).toMatchObject({ id: live(name)[0]!.id, properties: { latestRevisionStatus: status } });
    expect(log().filter((r) => r.method === "POST")).toHaveLength(1);
    record({
      fault: `revision ${status}`,
      outcome: "clear error; resource kept (init error)",
      requests: log().length,
      after: "1 deployment, 1 failed revision",
    });
    await provider.delete!(live(name)[0]!.id, { name, tenantId: DEFAULT_WORKSPACE_ID });
  });

  it("a wait that hits its deadline: kept in state, says how to resume", async () => {
    emulator.control.setTimings({ stepDurationsMs: { BUILDING: 2_000 } });
    try {
      const error = await rejection(provider.create(inputs("deadline", { deployTimeoutSeconds: 0.3 })));
      expect(keep(error)).toMatch(/deployment "deadline": revision \S+ is still \w+ after 0 s .*run pulumi up again to resume/);
      expect(live("deadline")).toHaveLength(1);
      record({
        fault: "wait past its deadline",
        outcome: "clear error; resource kept, resumable",
        requests: log().length,
        after: "1 deployment, 1 revision in progress",
      });
      await provider.delete!(live("deadline")[0]!.id, { name: "deadline", tenantId: DEFAULT_WORKSPACE_ID });
    } finally {
      emulator.control.setTimings({ stepDurationsMs: { BUILDING: 20 } });
    }
  });

  it("the emulator restarted (with --data-dir) in the middle of a wait: the wait rides through and converges", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "reliability-restart-"));
    let first: Emulator | undefined = await createEmulator({ dataDir, control: true, timings: { stepDurationsMs: { BUILDING: 1_500 } } });
    let second: Emulator | undefined;
    try {
      const port = first.port;
      pointAt(first);
      const pending = provider.create(inputs("restarted"));
      // Restart once the wait is polling the revision (bounded: 10 s).
      for (let i = 0; i < 200 && !log(first).some((r) => r.path.includes("/revisions/")); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      const before = log(first).length;
      await first.close();
      first = undefined;
      await new Promise((resolve) => setTimeout(resolve, 300));
      second = await createEmulator({ dataDir, port, control: true });
      const created = await pending;
      expect(created.outs).toMatchObject({ latestRevisionStatus: "DEPLOYED" });
      expect(live("restarted", second)).toHaveLength(1);
      expect(revisionsOf(created.id, second)).toHaveLength(1);
      record({
        fault: "emulator restarted mid-wait (--data-dir)",
        outcome: "converged",
        requests: before + log(second).length,
        after: "1 deployment, 1 revision DEPLOYED",
      });
      await provider.delete!(created.id, created.outs);
    } finally {
      await first?.close();
      await second?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("a delete stuck in AWAITING_DELETE past its deadline: clear error, and the next delete finishes it", async () => {
    const created = await provider.create(inputs("stuck-delete"));
    emulator.control.setTimings({ deleteDurationMs: 1_500 });
    try {
      emulator.control.clearRequestLog();
      const error = await rejection(provider.delete!(created.id, { ...created.outs, deleteTimeoutSeconds: 0.3 }));
      expect(error).toBeInstanceOf(WaitTimeoutError);
      expect(keep(error)).toMatch(/deployment "stuck-delete" to be deleted: still present \(AWAITING_DELETE\)/);
      const requests = log().length;
      await provider.delete!(created.id, created.outs);
      expect(emulator.control.dumpState().state.deployments.filter((d) => d.id === created.id && d.deleteRequestedAtMs === null)).toHaveLength(0);
      record({ fault: "delete stuck in AWAITING_DELETE", outcome: "clear error; the retried delete finished", requests, after: "0 deployments" });
    } finally {
      emulator.control.setTimings({ deleteDurationMs: 50 });
    }
  });

  it("401: a wrong key fails the create at once, naming the resource and what to set", async () => {
    pointAt(emulator, WRONG_KEY);
    const error = await rejection(provider.create(inputs("unauthorized")));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(keep(error)).toMatch(/^creating deployment "unauthorized": 401/);
    expect(log()).toHaveLength(1);
    expect(live("unauthorized")).toHaveLength(0);
    record({ fault: "401 invalid key", outcome: "clear error, not retried", requests: log().length, after: "0 deployments" });
  });

  it("403 'requires workspace specification': says to set langsmith:workspaceId", async () => {
    pointAt(emulator, DEFAULT_ORG_API_KEY, null);
    const error = await rejection(provider.create(inputs("no-workspace")));
    expect(error).toBeInstanceOf(WorkspaceRequiredError);
    expect(keep(error)).toContain("langsmith:workspaceId");
    expect(log()).toHaveLength(1);
    record({ fault: "403 org key without workspace", outcome: "clear error naming langsmith:workspaceId", requests: log().length, after: "0 deployments" });
  });

  it("403 'not enabled': says the organization lacks deployments", async () => {
    pointAt(emulator, DISABLED_ORG_KEY, null);
    const error = await rejection(provider.create(inputs("not-enabled")));
    expect(error).toBeInstanceOf(FeatureNotEnabledError);
    expect(keep(error)).toMatch(/^creating deployment "not-enabled": 403 .*not enabled/i);
    expect(log()).toHaveLength(1);
    record({ fault: "403 deployments not enabled", outcome: "clear error naming the feature", requests: log().length, after: "0 deployments" });
  });

  it("one workspace's key never reads, changes or forgets another workspace's resources", async () => {
    const created = await provider.create(inputs("isolated"));
    const revisionsBefore = revisionsOf(created.id).length;
    // A key bound to another workspace, with no workspace configured (the key's own is implied).
    pointAt(emulator, OTHER_WORKSPACE_KEY, null);
    emulator.control.clearRequestLog();
    const read = await provider.read!(created.id, created.outs).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    expect("error" in read ? keep(read.error) : `read returned id "${read.result.id}"`).toMatch(/reading deployment "isolated": 403/);
    await expect(
      provider.update!(created.id, created.outs, inputs("isolated", { sourceRevisionConfig: { repoRef: "evil", graphConfigPath: "langgraph.json" } })),
    ).rejects.toThrow(/403/);
    await expect(provider.delete!(created.id, created.outs)).rejects.toThrow(/deleting deployment "isolated": 403/);
    // The same for a destination: neither "gone" on read nor "done" on delete.
    const destinationOuts = { displayName: "isolated-dest", tenantId: DEFAULT_WORKSPACE_ID };
    await expect(destinationProvider.read!("7a7a7a7a-0000-4000-8000-000000000001", destinationOuts)).rejects.toThrow(/403/);
    await expect(destinationProvider.delete!("7a7a7a7a-0000-4000-8000-000000000001", destinationOuts)).rejects.toThrow(/403/);
    const requests = log().length;
    // DELETE of a destination is answered 405 before any credential check (the published contract has no
    // such route); the GET that follows is what is refused.
    expect(log().every((r) => r.status === 403 || (r.method === "DELETE" && r.path.includes("/bulk-exports/destinations/") && r.status === 405))).toBe(true);
    // Configured with its own workspace, the guard refuses before any request.
    pointAt(emulator, OTHER_WORKSPACE_KEY, OTHER_WORKSPACE_ID);
    emulator.control.clearRequestLog();
    await expect(provider.delete!(created.id, created.outs)).rejects.toThrow(/refusing to act/);
    expect(log()).toHaveLength(0);

    expect(live("isolated")).toHaveLength(1);
    expect(revisionsOf(created.id)).toHaveLength(revisionsBefore);
    record({ fault: "another workspace's key", outcome: "refused (403 / workspace guard); nothing dropped", requests, after: "1 deployment, unchanged" });
    pointAt(emulator);
    await provider.delete!(created.id, created.outs);
  });
});
