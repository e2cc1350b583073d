// Black-box tests of the emulator's /__emulator/ control routes: reset, seed,
// fault injection, request log, state dump, failures, timings, rate limit.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_ORG_API_KEY, DEFAULT_ORGANIZATION_ID, type Emulator } from "../../packages/emulator/src";

type Json = Record<string, unknown>;

interface Reply {
  status: number;
  body: unknown;
  headers: Headers;
}

const SECRET_VALUE = "sk-control-test-secret";

describe("emulator control routes", () => {
  let emulator: Emulator;

  async function call(method: string, path: string, body?: unknown, apiKey = DEFAULT_API_KEY): Promise<Reply> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { "x-api-key": apiKey, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: response.headers };
  }

  async function fails(method: string, path: string, body?: unknown): Promise<boolean> {
    try {
      await call(method, path, body);
      return false;
    } catch {
      return true;
    }
  }

  const deployment = (name: string): Json => ({
    name,
    source: "external_docker",
    source_config: {},
    source_revision_config: { image_uri: "docker.io/acme/agent:1" },
    secrets: [{ name: "KEY", value: SECRET_VALUE }],
  });

  beforeAll(async () => {
    emulator = await createEmulator({ control: true });
  });

  afterAll(async () => {
    await emulator.close();
  });

  beforeEach(async () => {
    expect((await call("POST", "/__emulator/reset")).status).toBe(204);
  });

  test("reset forgets resources; seed adds keys", async () => {
    expect((await call("POST", "/v2/deployments", deployment("gone-after-reset"))).status).toBe(201);
    await call("POST", "/__emulator/reset");
    expect(((await call("GET", "/v2/deployments")).body as Json)["resources"]).toEqual([]);
    expect((await call("GET", "/v2/deployments", undefined, "lsv2_pt_seeded")).status).toBe(401);
    const seeded = await call("POST", "/__emulator/seed", {
      apiKeys: [{ key: "lsv2_pt_seeded", organizationId: DEFAULT_ORGANIZATION_ID, workspaceId: "22222222-2222-4222-8222-222222222222" }],
    });
    expect(seeded.status).toBe(204);
    expect((await call("GET", "/v2/deployments", undefined, "lsv2_pt_seeded")).status).toBe(200);
    const bad = await call("POST", "/__emulator/seed", { apiKeys: [{ key: 1 }] });
    expect(bad.status).toBe(422);
  });

  test("status faults answer the next N matching requests, with Retry-After", async () => {
    const fault = await call("POST", "/__emulator/faults", {
      method: "GET",
      path: "/v2/deployments",
      status: 503,
      retryAfter: 2,
      times: 2,
    });
    expect(fault.status).toBe(201);
    expect((await call("GET", "/__emulator/faults")).body).toHaveLength(1);
    // A POST does not match a GET fault.
    expect((await call("POST", "/v2/deployments", deployment("unaffected"))).status).toBe(201);
    for (let i = 0; i < 2; i += 1) {
      const reply = await call("GET", "/v2/deployments");
      expect(reply.status).toBe(503);
      expect(reply.headers.get("retry-after")).toBe("2");
      expect(reply.body).toEqual({ detail: "Injected fault" });
    }
    expect((await call("GET", "/v2/deployments")).status).toBe(200);
    expect((await call("GET", "/__emulator/faults")).body).toEqual([]);
  });

  test("glob paths, custom bodies, clearing faults", async () => {
    await call("POST", "/__emulator/faults", { path: "*/deployments/*", status: 429, body: { detail: "slow down" }, times: 5 });
    const reply = await call("GET", "/api-host/v2/deployments/0b0e0f00-0000-4000-8000-000000000000");
    expect(reply).toMatchObject({ status: 429, body: { detail: "slow down" } });
    expect((await call("DELETE", "/__emulator/faults")).status).toBe(204);
    expect((await call("GET", "/api-host/v2/deployments/0b0e0f00-0000-4000-8000-000000000000")).status).toBe(404);
    const invalid = await call("POST", "/__emulator/faults", { path: "/v2/*" });
    expect(invalid.status).toBe(422);
  });

  test("a delay fault delays, then the route answers normally", async () => {
    await call("POST", "/__emulator/faults", { path: "/v2/deployments", delayMs: 30 });
    expect((await call("GET", "/v2/deployments")).status).toBe(200);
    const last = emulator.control.requestLog().pop();
    expect(last).toMatchObject({ method: "GET", path: "/v2/deployments", status: 200, fault: "delay" });
  });

  test("a dropped connection before the handler commits nothing", async () => {
    await call("POST", "/__emulator/faults", { method: "POST", path: "/v2/deployments", drop: "before-handler" });
    expect(await fails("POST", "/v2/deployments", deployment("never-created"))).toBe(true);
    expect(((await call("GET", "/v2/deployments?name=never-created")).body as Json)["resources"]).toEqual([]);
    expect(emulator.control.requestLog().find((e) => e.fault === "drop")).toMatchObject({ method: "POST", status: 0 });
  });

  test("commit-then-drop loses the response of a committed POST", async () => {
    await call("POST", "/__emulator/faults", { method: "POST", path: "/v2/deployments", drop: "after-commit" });
    expect(await fails("POST", "/v2/deployments", deployment("lost-response"))).toBe(true);
    const list = (await call("GET", "/v2/deployments?name=lost-response")).body as Json;
    expect(list["resources"]).toHaveLength(1);
    expect(emulator.control.requestLog().find((e) => e.fault === "commit-then-drop")).toMatchObject({
      method: "POST",
      path: "/v2/deployments",
      status: 201,
    });
  });

  test("the request log records method, path, status and time; control routes are not logged", async () => {
    await call("DELETE", "/__emulator/requests");
    await call("GET", "/v2/deployments?limit=5");
    await call("GET", "/v2/nothing-here");
    const log = (await call("GET", "/__emulator/requests")).body as Json[];
    expect(log).toEqual([
      { method: "GET", path: "/v2/deployments", status: 200, time: expect.any(String), durationMs: expect.any(Number) },
      { method: "GET", path: "/v2/nothing-here", status: 501, time: expect.any(String), durationMs: expect.any(Number) },
    ]);
    expect(Number.isNaN(Date.parse(String(log[0]?.["time"])))).toBe(false);
  });

  test("the state dump holds secrets only encrypted, and revision histories", async () => {
    const created = (await call("POST", "/v2/deployments", deployment("dumped"))).body as Json;
    const dump = (await call("GET", "/__emulator/state")).body as Json;
    expect(JSON.stringify(dump)).not.toContain(SECRET_VALUE);
    const state = dump["state"] as Json;
    const stored = (state["deployments"] as Json[]).find((d) => d["id"] === created["id"]);
    expect((stored?.["secrets"] as Json[])[0]).toMatchObject({ name: "KEY", encryptedValue: expect.stringMatching(/^v1\./) });
    const revisions = dump["revisions"] as Json[];
    expect(revisions.find((r) => r["id"] === created["latest_revision_id"])).toMatchObject({
      history: [expect.objectContaining({ status: "CREATING", atMs: expect.any(Number) })],
    });
    expect(dump["timings"]).toMatchObject({ stepDurationsMs: expect.any(Object) });
  });

  test("revision failures and timings through HTTP", async () => {
    const timings = await call("PUT", "/__emulator/timings", { stepDurationsMs: { CREATING: 0, QUEUED: 0, AWAITING_BUILD: 0, BUILDING: 0 } });
    expect(timings.status).toBe(200);
    expect((timings.body as Json)["stepDurationsMs"]).toMatchObject({ CREATING: 0, AWAITING_DEPLOY: 20 });
    expect((await call("POST", "/__emulator/revision-failures", { deploymentName: "doomed", status: "CREATE_FAILED" })).status).toBe(204);
    const created = (await call("POST", "/v2/deployments", deployment("doomed"))).body as Json;
    const revision = (await call("GET", `/v2/deployments/${String(created["id"])}/revisions/${String(created["latest_revision_id"])}`)).body as Json;
    expect(revision["status"]).toBe("CREATE_FAILED");
    const unknown = await call("POST", "/__emulator/revision-failures", {
      deploymentId: "0b0e0f00-0000-4000-8000-000000000000",
      status: "BUILD_FAILED",
    });
    expect(unknown.status).toBe(404);
    expect((await call("POST", "/__emulator/revision-failures", { status: "BUILD_FAILED" })).status).toBe(422);
    const preset = await call("PUT", "/__emulator/timings", { preset: "realistic" });
    expect((preset.body as Json)["deleteDurationMs"]).toBeGreaterThan(1000);
  });

  test("unfinished revisions reach their outcome within the time given, injected failures included; finished ones stay", async () => {
    expect((await call("PUT", "/__emulator/timings", { stepDurationsMs: { BUILDING: 60_000 } })).status).toBe(200);
    expect((await call("POST", "/__emulator/revision-failures", { deploymentName: "failing-build", status: "BUILD_FAILED" })).status).toBe(204);
    const building = (await call("POST", "/v2/deployments", deployment("long-build"))).body as Json;
    const failing = (await call("POST", "/v2/deployments", deployment("failing-build"))).body as Json;
    const status = async (created: Json): Promise<unknown> =>
      ((await call("GET", `/v2/deployments/${String(created["id"])}/revisions/${String(created["latest_revision_id"])}`)).body as Json)["status"];
    expect(await status(building)).not.toBe("DEPLOYED");

    const later = await call("POST", "/__emulator/revisions/finish", { withinMs: 400 });
    expect(later).toMatchObject({ status: 200, body: { finished: 2 } });
    expect(["CREATING", "QUEUED", "AWAITING_BUILD", "BUILDING"]).toContain(await status(building));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect([await status(building), await status(failing)]).toEqual(["DEPLOYED", "BUILD_FAILED"]);
    expect((await call("POST", "/__emulator/revisions/finish")).body).toEqual({ finished: 0 });

    const next = (await call("POST", "/v2/deployments", deployment("after-finish"))).body as Json;
    expect(emulator.control.finishRevisionsWithin()).toBe(1);
    expect(await status(next)).toBe("DEPLOYED");
    // Revisions made afterwards keep the timings in force.
    const slow = (await call("POST", "/v2/deployments", deployment("slow-again"))).body as Json;
    expect(await status(slow)).not.toBe("DEPLOYED");
    expect((await call("POST", "/__emulator/revisions/finish", { withinMs: -1 })).status).toBe(422);
  });

  test("the rate limit answers 429 with Retry-After", async () => {
    expect((await call("PUT", "/__emulator/rate-limit", { requestsPerSecond: 1 })).status).toBe(204);
    const replies = await Promise.all(Array.from({ length: 5 }, () => call("GET", "/v2/deployments")));
    const limited = replies.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(Number(limited[0]?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited[0]?.body).toEqual({ detail: expect.any(String) });
    await call("PUT", "/__emulator/rate-limit", { requestsPerSecond: null });
    expect((await call("GET", "/v2/deployments")).status).toBe(200);
  });

  test("features: destination DELETE switched on and off at runtime, restored by reset", async () => {
    const path = "/api/v1/bulk-exports/destinations/0b0e0f00-0000-4000-8000-000000000000";
    expect((await call("GET", "/__emulator/features")).body).toEqual({ destinationDelete: false, acceptInvitations: false, compositeFeedbackV2: false });
    const off = await call("DELETE", path);
    expect(off.status).toBe(405);
    expect(off.headers.get("allow")).toBe("GET, PATCH");
    expect(off.body).toEqual({ detail: "Method Not Allowed" });
    const on = await call("PUT", "/__emulator/features", { destinationDelete: true });
    expect(on).toMatchObject({ status: 200, body: { destinationDelete: true } });
    expect((await call("DELETE", path)).status).toBe(404);
    expect(((await call("GET", "/__emulator/state")).body as Json)["features"]).toEqual({
      destinationDelete: true,
      acceptInvitations: false,
      compositeFeedbackV2: false,
    });
    expect((await call("PUT", "/__emulator/features", { destinationDelete: "yes" })).status).toBe(422);
    expect((await call("PUT", "/__emulator/features", { unknown: true })).status).toBe(422);
    await call("POST", "/__emulator/reset");
    expect((await call("DELETE", path)).status).toBe(405);
  });

  test("features: invitations accepted as they are made, switched on at runtime", async () => {
    expect((await call("PUT", "/__emulator/features", { acceptInvitations: true })).body).toMatchObject({ acceptInvitations: true });
    const invited = await call(
      "POST",
      "/api/v1/orgs/current/members",
      { email: "accepted-at-once@example.com", role_id: "00000000-0000-4000-8000-000000000a03" },
      DEFAULT_ORG_API_KEY,
    );
    expect(invited.status).toBe(200);
    const members = (await call("GET", "/api/v1/orgs/current/members", undefined, DEFAULT_ORG_API_KEY)).body as {
      members: { email: string }[];
      pending: { email: string }[];
    };
    expect(members.members.map((m) => m.email)).toContain("accepted-at-once@example.com");
    expect(members.pending.map((m) => m.email)).not.toContain("accepted-at-once@example.com");
    await call("POST", "/__emulator/reset");
  });

  test("export runs need a known destination", async () => {
    const reply = await call("POST", "/__emulator/export-runs", { destinationId: "nope" });
    expect(reply.status).toBe(404);
    expect((await call("GET", "/__emulator/export-runs/nope")).status).toBe(404);
  });
});
