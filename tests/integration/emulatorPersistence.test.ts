// Persistence across a restart: close an emulator and start a new one on the
// same data directory; revision state machines continue where they were.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmulator, DEFAULT_API_KEY, DEFAULT_SEED, type Emulator, FAST_TIMINGS } from "../../packages/emulator/src";

type Json = Record<string, unknown>;

const SECRET_VALUE = "sk-persisted-secret-value";
const TO_DEPLOYED_MS = Object.values(FAST_TIMINGS.stepDurationsMs).reduce((a, b) => a + b, 0);

async function call(emulator: Emulator, method: string, path: string, body?: unknown, apiKey = DEFAULT_API_KEY): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    headers: { "x-api-key": apiKey, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json };
}

describe("emulator persistence", () => {
  const dirs: string[] = [];
  const running: Emulator[] = [];
  let clockMs = Date.parse("2026-03-01T12:00:00.000Z");

  function newDataDir(): string {
    const dir = mkdtempSync(join(tmpdir(), "emulator-persist-"));
    dirs.push(dir);
    return dir;
  }

  async function start(dataDir: string, extra: Parameters<typeof createEmulator>[0] = {}): Promise<Emulator> {
    const emulator = await createEmulator({ dataDir, now: () => clockMs, ...extra });
    running.push(emulator);
    return emulator;
  }

  afterAll(async () => {
    for (const emulator of running) await emulator.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test("deployments, secrets and revisions survive a restart and continue", async () => {
    const dataDir = newDataDir();
    const first = await start(dataDir);
    const createdAtMs = clockMs;
    const created = await call(first, "POST", "/v2/deployments", {
      name: "persisted",
      source: "external_docker",
      source_config: {},
      source_revision_config: { image_uri: "docker.io/acme/agent:1" },
      secrets: [{ name: "KEY", value: SECRET_VALUE }],
    });
    expect(created.status).toBe(201);
    const revPath = `/v2/deployments/${String(created.body["id"])}/revisions/${String(created.body["latest_revision_id"])}`;
    expect((await call(first, "GET", revPath)).body["status"]).toBe("CREATING");
    await first.close();

    const file = readFileSync(join(dataDir, "state.json"), "utf8");
    expect(file).not.toContain(SECRET_VALUE);
    expect(existsSync(join(dataDir, "secret.key"))).toBe(true);
    expect(readdirSync(dataDir).filter((f) => f.endsWith(".tmp"))).toEqual([]);

    clockMs += TO_DEPLOYED_MS;
    const second = await start(dataDir);
    const revision = await call(second, "GET", revPath);
    expect(revision.body["status"]).toBe("DEPLOYED");
    const history = revision.body["status_history"] as Json[];
    expect(history[history.length - 1]).toEqual({
      status: "DEPLOYED",
      timestamp: new Date(createdAtMs + TO_DEPLOYED_MS).toISOString(),
    });
    const deployment = await call(second, "GET", `/v2/deployments/${String(created.body["id"])}`);
    expect(deployment.body["secrets"]).toEqual([{ name: "KEY", value: SECRET_VALUE }]);
    expect(deployment.body["active_revision_id"]).toBe(created.body["latest_revision_id"]);

    // An asynchronous delete also continues across a restart.
    expect((await call(second, "DELETE", `/v2/deployments/${String(created.body["id"])}`)).status).toBe(204);
    await second.close();
    clockMs += FAST_TIMINGS.deleteDurationMs;
    const third = await start(dataDir);
    expect((await call(third, "GET", `/v2/deployments/${String(created.body["id"])}`)).status).toBe(404);
    await third.close();
  });

  test("the seed of a restart is merged into the loaded state", async () => {
    const dataDir = newDataDir();
    const first = await start(dataDir);
    await first.close();
    const organizationId = DEFAULT_SEED.organizations?.[0]?.id ?? "";
    const workspaceId = DEFAULT_SEED.organizations?.[0]?.workspaces?.[0]?.id ?? "";
    const second = await start(dataDir, {
      seed: { apiKeys: [{ key: "lsv2_pt_added_later", organizationId, workspaceId }] },
    });
    expect((await call(second, "GET", "/v2/deployments", undefined, "lsv2_pt_added_later")).status).toBe(200);
    expect((await call(second, "GET", "/v2/deployments")).status).toBe(200);
    await second.close();
  });

  test("a restart with another secret key is refused with a clear error", async () => {
    const dataDir = newDataDir();
    const first = await start(dataDir, { secretKey: "first passphrase" });
    expect(existsSync(join(dataDir, "secret.key"))).toBe(false);
    await call(first, "POST", "/v2/deployments", {
      name: "keyed",
      source: "external_docker",
      source_config: {},
      source_revision_config: { image_uri: "docker.io/acme/agent:1" },
      secrets: [{ name: "KEY", value: SECRET_VALUE }],
    });
    await first.close();
    await expect(createEmulator({ dataDir, secretKey: "another passphrase" })).rejects.toThrow(/secret key/);
    const again = await start(dataDir, { secretKey: "first passphrase" });
    const list = await call(again, "GET", "/v2/deployments?name=keyed");
    expect(((list.body["resources"] as Json[])[0]?.["secrets"] as Json[])[0]?.["value"]).toBe(SECRET_VALUE);
    await again.close();
  });
});
