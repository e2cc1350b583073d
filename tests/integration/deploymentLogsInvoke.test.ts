// getDeploymentLogs and getListeners through the native functions, and the
// log reader under them, against the emulator: a revision's build log and
// deploy log, the deployment's deploy log (every revision's), the newest
// revision's build log when none is named, the filters the emulator honours
// (level, text, start and end time), paging by the service's opaque
// next_offset (in the reader, and across invokes with maxLines and offset),
// arguments refused before any request, and the workspace's listeners paged
// to the end. Time is a fake clock, as in emulatorSourceDeployments.test.ts.
// Then, against a scripted server, what the emulator never answers: string
// timestamps, an offset that does not move, a listener page that ignores
// `offset`.
import {
  type ApiExchange,
  createEmulator,
  DEFAULT_API_KEY,
  DEFAULT_ORGANIZATION_ID,
  DEFAULT_SEED,
  DEFAULT_WORKSPACE_ID,
  type Emulator,
  FAST_TIMINGS,
  observeExchanges,
} from "../../packages/emulator/src";
import { createClient, InvalidRequestError, type LangSmithClient, NotFoundError } from "../../provider/client";
import { type DeploymentLogLine, readDeploymentLogs } from "../../provider/deployments/deploymentLogs";
import { nativeFunction } from "../../provider/native/functions";
import { packageSchema } from "../../provider/native/schema";
import { type ScriptedServer, startScriptedServer } from "../helpers/scriptedServer";

type Json = Record<string, unknown>;
interface RawLine {
  id: string;
  timestamp: number;
  level: string;
  message: string;
}
interface LogsAnswer {
  logs: DeploymentLogLine[];
  revisionId?: string;
  nextOffset?: string;
}

const TO_DEPLOYED_MS = Object.values(FAST_TIMINGS.stepDurationsMs).reduce((a, b) => a + b, 0);
const UNKNOWN_ID = "0b0e0f00-0000-4000-8000-000000000000";
/** More listeners than one page of 100 holds. */
const LISTENER_COUNT = 105;

describe("getDeploymentLogs and getListeners against the emulator", () => {
  let emulator: Emulator;
  let client: LangSmithClient;
  let clockMs = Date.parse("2026-03-01T00:00:00.000Z");
  /** The deployment: its first revision (deployed), a second (deployed) and a third whose build failed. */
  let deploymentId: string;
  let revisions: string[];
  const exchanges: ApiExchange[] = [];
  let unsubscribe: () => void;

  async function call(method: string, path: string, body?: unknown): Promise<Json> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { "x-api-key": DEFAULT_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID, "content-type": "application/json" },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Json;
  }

  /** Every line of a log as the emulator answers it, oldest first (one raw request, not through the client). */
  async function rawLog(path: string): Promise<RawLine[]> {
    return (await call("POST", path, { order: "asc", limit: 1000 }))["logs"] as RawLine[];
  }

  /** What the invoke should answer for raw lines: the same lines, the time as ISO 8601. */
  const expected = (lines: RawLine[]): DeploymentLogLine[] =>
    lines.map((line) => ({ id: line.id, timestamp: new Date(line.timestamp).toISOString(), level: line.level, message: line.message }));

  const logs = (args: Json): Promise<LogsAnswer> =>
    nativeFunction("langsmith:index:getDeploymentLogs")?.run(client, { deploymentId, ...args }) as unknown as Promise<LogsAnswer>;

  const logRequests = (): ApiExchange[] => exchanges.filter((exchange) => exchange.path.includes("/v1/projects/"));

  beforeAll(async () => {
    const listeners = Array.from({ length: LISTENER_COUNT }, (_, i) => ({ computeId: `cluster-${String(i).padStart(3, "0")}`, namespaces: [`ns-${i}`] }));
    const seed = {
      ...DEFAULT_SEED,
      organizations: [{ id: DEFAULT_ORGANIZATION_ID, deploymentsEnabled: true, workspaces: [{ id: DEFAULT_WORKSPACE_ID, name: "Default", listeners }] }],
    };
    emulator = await createEmulator({ now: () => clockMs, seed });
    client = createClient({ controlPlaneUrl: emulator.url, apiUrl: emulator.url, apiKey: DEFAULT_API_KEY, workspaceId: DEFAULT_WORKSPACE_ID, maxRetries: 0 });
    unsubscribe = observeExchanges((exchange) => exchanges.push(exchange));

    const created = await call("POST", "/v2/deployments", {
      name: "logged-agent",
      source: "github",
      source_config: { integration_id: "7f8e3c51-0000-4000-8000-00000000abcd", repo_url: "https://github.com/acme/agent", deployment_type: "dev" },
      source_revision_config: { repo_ref: "main", langgraph_config_path: "langgraph.json" },
      secrets: [],
    });
    deploymentId = String(created["id"]);
    revisions = [String(created["latest_revision_id"])];
    clockMs += TO_DEPLOYED_MS;
    const patch = async (repoRef: string): Promise<void> => {
      const patched = await call("PATCH", `/v2/deployments/${deploymentId}`, {
        source_revision_config: { repo_ref: repoRef, langgraph_config_path: "langgraph.json" },
      });
      revisions.push(String(patched["latest_revision_id"]));
      clockMs += TO_DEPLOYED_MS;
    };
    await patch("release-1");
    emulator.control.failNextRevision({ deploymentId }, { status: "BUILD_FAILED" });
    await patch("release-2");
  });

  afterAll(async () => {
    unsubscribe();
    await emulator.close();
  });

  beforeEach(() => {
    exchanges.length = 0;
  });

  it("a revision's build log: the emulator's lines, timestamps as ISO 8601, in the order asked, with the revision read", async () => {
    const [first] = revisions as [string];
    const raw = await rawLog(`/v1/projects/${deploymentId}/revisions/${first}/build_logs`);
    expect(raw.map((line) => line.message)).toEqual([
      `Build of revision ${first} queued`,
      "Cloning https://github.com/acme/agent at main",
      "Building image",
      "Build complete",
    ]);
    expect(await logs({ type: "build", revisionId: first, order: "asc" })).toEqual({ logs: expected(raw), revisionId: first });
    // Newest first by default.
    expect((await logs({ type: "build", revisionId: first })).logs).toEqual(expected(raw).reverse());
    const declared = Object.keys(packageSchema("0.0.0-test").functions["langsmith:index:getDeploymentLogs"]?.outputs.properties ?? {});
    expect(declared.sort()).toEqual(["logs", "nextOffset", "revisionId"]);
  });

  it("a build log without revisionId is the newest revision's: a failed build ends with its ERROR line", async () => {
    const newest = revisions[2] as string;
    const answer = await logs({ type: "build" });
    const sent = exchanges.map((exchange) => `${exchange.method} ${exchange.path}`);
    expect(answer.revisionId).toBe(newest);
    expect(answer.logs[0]).toMatchObject({ level: "ERROR", message: expect.stringMatching(/^Build failed: /) });
    expect(answer.logs).toEqual(expected(await rawLog(`/v1/projects/${deploymentId}/revisions/${newest}/build_logs`)).reverse());
    // One request for the newest revision, one page of the log, one empty page.
    expect(sent).toEqual([
      `GET /v2/deployments/${deploymentId}/revisions`,
      `POST /v1/projects/${deploymentId}/revisions/${newest}/build_logs`,
      `POST /v1/projects/${deploymentId}/revisions/${newest}/build_logs`,
    ]);
  });

  it("deploy logs: a revision's, and without revisionId (the default type) every revision's, oldest first when asked", async () => {
    const [first, second, failed] = revisions as [string, string, string];
    const raw = await rawLog(`/v1/projects/${deploymentId}/deploy_logs`);
    exchanges.length = 0;
    const firstDeploy = await logs({ type: "deploy", revisionId: first, order: "asc" });
    expect(firstDeploy.logs.map((line) => line.message)).toEqual([
      `Deploying revision ${first}`,
      expect.stringMatching(/^Starting the agent server/),
      "Application startup complete",
      `Revision ${first} is live`,
    ]);
    expect((await logs({ type: "deploy", revisionId: failed })).logs).toEqual([]);
    const all = await logs({ order: "asc" });
    expect(all.revisionId).toBeUndefined();
    expect(all.logs).toEqual(expected(raw));
    expect(all.logs.filter((line) => / is live$/.test(line.message)).map((line) => line.message)).toEqual([
      `Revision ${first} is live`,
      `Revision ${second} is live`,
    ]);
    expect(logRequests().every((exchange) => (exchange.requestBody as Json)["limit"] === 100)).toBe(true);
  });

  it("filters: level (any case, sent upper-cased), text, and a time window (start inclusive, end exclusive)", async () => {
    const failed = revisions[2] as string;
    const raw = await rawLog(`/v1/projects/${deploymentId}/revisions/${failed}/build_logs`);
    exchanges.length = 0;
    const errors = await logs({ type: "build", revisionId: failed, level: "error" });
    expect(errors.logs).toEqual(expected(raw.filter((line) => line.level === "ERROR")));
    expect(errors.logs).toHaveLength(1);
    expect(logRequests()[0]?.requestBody).toEqual({ order: "desc", limit: 100, level: "ERROR" });
    expect((await logs({ type: "build", revisionId: failed, query: "CLONING" })).logs.map((line) => line.message)).toEqual([
      "Cloning https://github.com/acme/agent at release-2",
    ]);
    const [, second, third] = raw as [RawLine, RawLine, RawLine];
    const window = await logs({
      type: "build",
      revisionId: failed,
      order: "asc",
      startTime: new Date(second.timestamp).toISOString(),
      endTime: new Date(third.timestamp).toISOString(),
    });
    expect(window.logs).toEqual(expected(raw.filter((line) => line.timestamp >= second.timestamp && line.timestamp < third.timestamp)));
    expect(window.logs.length).toBeGreaterThanOrEqual(1);
  });

  it("pages by next_offset: the reader follows it page after page; the invoke stops at maxLines and reads on from its nextOffset", async () => {
    const first = revisions[0] as string;
    const query = { deploymentId, revisionId: first, type: "build" as const, order: "asc" as const };
    const whole = expected(await rawLog(`/v1/projects/${deploymentId}/revisions/${first}/build_logs`));
    exchanges.length = 0;
    expect(await readDeploymentLogs(client, query, { pageSize: 3 })).toEqual({ logs: whole });
    // Each page asks for 3 lines after the previous page's next_offset; the third page is empty and ends the read.
    const bodies = logRequests().map((exchange) => exchange.requestBody as Json);
    const answers = logRequests().map((exchange) => exchange.responseBody as { logs: unknown[]; next_offset: string | null });
    expect(answers.map((answer) => answer.logs.length)).toEqual([3, 1, 0]);
    expect(bodies.map((body) => body["offset"])).toEqual([undefined, answers[0]?.next_offset, answers[1]?.next_offset]);

    const head = await logs({ type: "build", revisionId: first, order: "asc", maxLines: 3 });
    expect(head.logs).toEqual(whole.slice(0, 3));
    expect(head.nextOffset).toEqual(expect.any(String));
    const rest = await logs({ type: "build", revisionId: first, order: "asc", maxLines: 3, offset: head.nextOffset });
    expect(rest).toEqual({ logs: whole.slice(3), revisionId: first });
    // Newest first, the bound keeps the newest lines.
    expect((await logs({ type: "build", revisionId: first, maxLines: 2 })).logs).toEqual([whole[3], whole[2]]);
  });

  it("refuses arguments out of range before any request, naming the argument", async () => {
    const first = revisions[0] as string;
    const refused: [Json, RegExp][] = [
      [{ type: "runtime" }, /type must be "build" or "deploy"/],
      [{ type: "build", revisionId: first, level: "TRACE" }, /level must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL/],
      [{ order: "sideways" }, /order must be "asc" or "desc"/],
      [{ startTime: "yesterday" }, /startTime must be an ISO 8601 time/],
      [{ endTime: "2026-13-45T99:00:00Z" }, /endTime must be an ISO 8601 time/],
      [{ maxLines: 0 }, /maxLines must be an integer from 1 to 10000/],
      [{ maxLines: 10_001 }, /maxLines must be an integer from 1 to 10000/],
      [{ maxLines: 2.5 }, /maxLines must be an integer/],
    ];
    for (const [args, message] of refused) {
      const attempt = logs(args);
      await expect(attempt).rejects.toBeInstanceOf(InvalidRequestError);
      await expect(attempt).rejects.toThrow(message);
    }
    await expect(readDeploymentLogs(client, { deploymentId, type: "build" })).rejects.toThrow(/a build log is a revision's: give revisionId/);
    await expect(nativeFunction("langsmith:index:getDeploymentLogs")?.run(client, {})).rejects.toThrow(/deploymentId is required/);
    expect(exchanges).toEqual([]);
  });

  it("an unknown deployment or revision is NotFoundError naming it; a deployment with no revision yet has no build log", async () => {
    await expect(logs({ deploymentId: UNKNOWN_ID })).rejects.toBeInstanceOf(NotFoundError);
    const unknownRevision = logs({ type: "build", revisionId: UNKNOWN_ID });
    await expect(unknownRevision).rejects.toBeInstanceOf(NotFoundError);
    await expect(unknownRevision).rejects.toThrow(`reading the build logs of revision ${UNKNOWN_ID} of deployment ${deploymentId}`);
    const waiting = await call("POST", "/v2/deployments", {
      name: "awaiting-upload",
      source: "internal_source",
      source_config: { deployment_type: "dev_zero" },
      source_revision_config: {},
      secrets: [],
    });
    expect(await logs({ deploymentId: String(waiting["id"]), type: "build" })).toEqual({ logs: [] });
    expect(await logs({ deploymentId: String(waiting["id"]) })).toEqual({ logs: [] });
  });

  it("getListeners: every listener of the workspace, paged to the end 100 at a time", async () => {
    const answer = (await nativeFunction("langsmith:index:getListeners")?.run(client, {})) as { listeners: Json[] };
    expect(answer.listeners).toHaveLength(LISTENER_COUNT);
    expect(answer.listeners.map((listener) => listener["computeId"])).toEqual(
      Array.from({ length: LISTENER_COUNT }, (_, i) => `cluster-${String(i).padStart(3, "0")}`),
    );
    expect(answer.listeners[7]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      computeId: "cluster-007",
      computeType: "k8s",
      computeConfig: { k8s_namespaces: ["ns-7"] },
      version: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(new Set(answer.listeners.map((listener) => listener["id"])).size).toBe(LISTENER_COUNT);
    expect(exchanges.map((exchange) => [exchange.path, exchange.query])).toEqual([
      ["/v2/listeners", { limit: "100", offset: "0" }],
      ["/v2/listeners", { limit: "100", offset: "100" }],
    ]);
    const declared = Object.keys(packageSchema("0.0.0-test").functions["langsmith:index:getListeners"]?.outputs.properties ?? {});
    expect(declared).toEqual(["listeners"]);
  });
});

describe("reading logs and listeners from a service that answers differently (a scripted server)", () => {
  let server: ScriptedServer;
  let client: LangSmithClient;
  const deploymentId = "6f9a1c2e-0000-4000-8000-00000000d001";
  const revisionId = "6f9a1c2e-0000-4000-8000-00000000e001";

  beforeAll(async () => {
    server = await startScriptedServer();
    client = createClient({ controlPlaneUrl: server.url, apiUrl: server.url, apiKey: "test-key", maxRetries: 0 });
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(() => {
    server.reset();
  });

  it("keeps an ISO 8601 string timestamp as given, converts another date string, and stops when next_offset does not move", async () => {
    const line = (id: string, timestamp: string | number) => ({ id, timestamp, level: "INFO", message: `line ${id}` });
    server.enqueue(
      { status: 200, json: { logs: [line("a", "2026-03-08T12:00:00.123456+00:00"), line("b", "Sun, 08 Mar 2026 12:00:01 GMT")], next_offset: "cursor-1" } },
      { status: 200, json: { logs: [line("c", 1772971202000)], next_offset: "cursor-1" } },
    );
    const read = await readDeploymentLogs(client, { deploymentId, revisionId, type: "deploy", order: "asc" });
    expect(read).toEqual({
      logs: [
        { id: "a", timestamp: "2026-03-08T12:00:00.123456+00:00", level: "INFO", message: "line a" },
        { id: "b", timestamp: "2026-03-08T12:00:01.000Z", level: "INFO", message: "line b" },
        { id: "c", timestamp: "2026-03-08T12:00:02.000Z", level: "INFO", message: "line c" },
      ],
    });
    expect(server.requests.map((request) => [request.method, request.path, JSON.parse(request.body) as unknown])).toEqual([
      ["POST", `/v1/projects/${deploymentId}/revisions/${revisionId}/deploy_logs`, { order: "asc", limit: 100 }],
      ["POST", `/v1/projects/${deploymentId}/revisions/${revisionId}/deploy_logs`, { order: "asc", limit: 100, offset: "cursor-1" }],
    ]);
  });

  it("getListeners stops when a page repeats the listeners already read (a service that ignores offset)", async () => {
    const page = Array.from({ length: 100 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      compute_type: "k8s",
      compute_id: `cluster-${i}`,
      compute_config: { k8s_namespaces: null },
      version: null,
      created_at: "2026-03-01T00:00:00Z",
      updated_at: "2026-03-01T00:00:00Z",
    }));
    server.setFallback({ status: 200, json: { resources: page, offset: 100 } });
    const answer = (await nativeFunction("langsmith:index:getListeners")?.run(client, {})) as { listeners: Json[] };
    expect(answer.listeners.map((listener) => listener["computeId"])).toEqual(page.map((listener) => listener.compute_id));
    expect(server.requests.map((request) => request.query)).toEqual([
      { limit: "100", offset: "0" },
      { limit: "100", offset: "100" },
    ]);
  });
});
