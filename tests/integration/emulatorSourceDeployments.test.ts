// The emulator's deployments built from uploaded source (`internal_source`),
// as langgraph-cli's `deploy --remote` drives them: a create with no
// revision, a signed upload URL, the PUT of the archive (signature, expiry
// and size range checked), the PATCH naming it (the archive inspected: a
// corrupt one or one without its config fails the build, with build-log
// lines saying why), the build and deploy logs with their paging and
// filters, listeners, and persistence that keeps the archives out of the
// saved state. Time is a fake clock, as in emulatorDeployments.test.ts.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createEmulator,
  DEFAULT_API_KEY,
  DEFAULT_ORGANIZATION_ID,
  DEFAULT_SEED,
  DEFAULT_WORKSPACE_ID,
  type Emulator,
  FAST_TIMINGS,
} from "../../packages/emulator/src";

type Json = Record<string, unknown>;

interface Reply {
  status: number;
  body: unknown;
  text: string;
}

const TO_DEPLOYED_MS = Object.values(FAST_TIMINGS.stepDurationsMs).reduce((a, b) => a + b, 0);
const LISTENER_ID = "5d1c2b3a-0000-4000-8000-00000000a11c";
const UNKNOWN_ID = "0b0e0f00-0000-4000-8000-000000000000";
/** A string written into the uploaded sources, looked for in the saved state. */
const SOURCE_MARKER = "source-marker-7f3a9c";

describe("emulator: deployments from uploaded source", () => {
  let emulator: Emulator;
  let clockMs = Date.parse("2026-03-01T00:00:00.000Z");
  let work: string;

  async function call(method: string, path: string, body?: unknown, base?: string): Promise<Reply> {
    const response = await fetch(`${base ?? emulator.url}${path}`, {
      method,
      headers: { "x-api-key": DEFAULT_API_KEY, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text && text.startsWith("{") ? (JSON.parse(text) as unknown) : undefined, text };
  }

  const json = (reply: Reply): Json => reply.body as Json;

  /** A `.tar.gz` of `files` (paths relative to the archive's root), made with the system's tar. */
  function archive(name: string, files: Record<string, string>): Buffer {
    const dir = join(work, name);
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(dir, path, ".."), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
    const file = join(work, `${name}.tar.gz`);
    execFileSync("tar", ["-czf", file, "-C", dir, "."]);
    return readFileSync(file);
  }

  const config = JSON.stringify({ dependencies: ["."], graphs: { agent: "./agent.py:graph" } });
  const goodFiles = { "langgraph.json": config, "agent.py": `graph = None  # ${SOURCE_MARKER}\n` };

  async function createSourceDeployment(name: string, base?: string): Promise<Json> {
    const created = await call(
      "POST",
      "/v2/deployments",
      { name, source: "internal_source", source_config: { deployment_type: "dev_zero" }, source_revision_config: {}, secrets: [] },
      base,
    );
    expect(created.status).toBe(201);
    return json(created);
  }

  async function uploadUrl(deploymentId: string, supportsHeaders = true, base?: string): Promise<Json> {
    const reply = await call("POST", `/v2/deployments/${deploymentId}/upload-url`, { supports_upload_headers: supportsHeaders }, base);
    expect(reply.status).toBe(200);
    return json(reply);
  }

  async function put(url: string, body: Buffer, headers: Record<string, string>): Promise<Reply> {
    const response = await fetch(url, { method: "PUT", headers, body });
    return { status: response.status, body: undefined, text: await response.text() };
  }

  const signedHeaders = (upload: Json): Record<string, string> => upload["upload_headers"] as Record<string, string>;

  /** Create, upload, PATCH: what `langgraph deploy --remote` does. Answers the deployment id and the new revision id. */
  async function deploy(name: string, bytes: Buffer, configPath = "langgraph.json"): Promise<{ id: string; revisionId: string; objectPath: string }> {
    const id = String((await createSourceDeployment(name))["id"]);
    const upload = await uploadUrl(id);
    expect((await put(String(upload["upload_url"]), bytes, signedHeaders(upload))).status).toBe(200);
    const patched = await call("PATCH", `/v2/deployments/${id}`, {
      revision_source: "internal_source",
      source_revision_config: { source_tarball_path: upload["object_path"], langgraph_config_path: configPath },
      source_config: { install_command: "pip install -e ." },
      secrets: [],
    });
    expect(patched.status).toBe(200);
    return { id, revisionId: String(json(patched)["latest_revision_id"]), objectPath: String(upload["object_path"]) };
  }

  async function revisionStatus(id: string, revisionId: string): Promise<string> {
    return String(json(await call("GET", `/v2/deployments/${id}/revisions/${revisionId}`))["status"]);
  }

  async function logs(path: string, body: Json, base?: string): Promise<{ logs: Json[]; next_offset: string | null }> {
    const reply = await call("POST", path, body, base);
    expect(reply.status).toBe(200);
    return reply.body as { logs: Json[]; next_offset: string | null };
  }

  const messages = (page: { logs: Json[] }): string[] => page.logs.map((l) => String(l["message"]));

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "emulator-source-"));
    const seed = {
      ...DEFAULT_SEED,
      organizations: [
        {
          id: DEFAULT_ORGANIZATION_ID,
          deploymentsEnabled: true,
          workspaces: [
            {
              id: DEFAULT_WORKSPACE_ID,
              name: "Default",
              listeners: [
                { id: LISTENER_ID, computeId: "cluster-a", namespaces: ["agents", "staging"] },
                { computeId: "cluster-b", namespaces: ["prod"], version: "0.10.0" },
              ],
            },
          ],
        },
      ],
    };
    emulator = await createEmulator({ now: () => clockMs, seed });
  });

  afterAll(async () => {
    await emulator.close();
    rmSync(work, { recursive: true, force: true });
  });

  test("an internal_source deployment created with an empty source_revision_config has no revision until the PATCH", async () => {
    const created = await createSourceDeployment("awaiting-upload");
    expect(created).toMatchObject({ source: "internal_source", latest_revision_id: null, active_revision_id: null, status: "UNUSED" });
    expect(json(await call("GET", `/v2/deployments/${String(created["id"])}/revisions?limit=1`))).toEqual({ resources: [], offset: 0 });
  });

  test("upload URLs: signed by the emulator, with the headers to send; a PUT with a wrong signature, a missing header or after expiry is refused (403)", async () => {
    const id = String((await createSourceDeployment("signed-urls"))["id"]);
    const upload = await uploadUrl(id);
    expect(upload).toMatchObject({ object_path: expect.stringMatching(new RegExp(`^deployments/${id}/sources/.+\\.tar\\.gz$`)) });
    expect(signedHeaders(upload)).toEqual({ "Content-Type": "application/gzip", "X-Goog-Content-Length-Range": "0,209715200" });
    expect((await uploadUrl(id, false))["upload_headers"]).toBeNull();
    const url = new URL(String(upload["upload_url"]));
    const bytes = archive("signed", goodFiles);

    const tampered = new URL(url);
    tampered.searchParams.set("signature", "0".repeat(64));
    const badSignature = await put(tampered.toString(), bytes, signedHeaders(upload));
    expect(badSignature.status).toBe(403);
    expect(badSignature.text).toContain("<Code>SignatureDoesNotMatch</Code>");
    const otherPath = new URL(url);
    otherPath.pathname = url.pathname.replace(/[^/]+\.tar\.gz$/, "other.tar.gz");
    expect((await put(otherPath.toString(), bytes, signedHeaders(upload))).status).toBe(403);
    const longerExpiry = new URL(url);
    longerExpiry.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
    expect((await put(longerExpiry.toString(), bytes, signedHeaders(upload))).status).toBe(403);
    expect((await put(url.toString(), bytes, { "Content-Type": "application/gzip" })).status).toBe(403);
    expect((await put(url.toString(), bytes, { ...signedHeaders(upload), "X-Goog-Content-Length-Range": "0,999999999" })).status).toBe(403);

    expect((await put(url.toString(), bytes, signedHeaders(upload))).status).toBe(200);
    clockMs += 16 * 60_000;
    const expired = await put(url.toString(), bytes, signedHeaders(upload));
    expect(expired.status).toBe(403);
    expect(expired.text).toContain("<Code>ExpiredToken</Code>");
  });

  test("a good archive: the revision goes through the state machine to DEPLOYED, writing build and deploy logs", async () => {
    const { id, revisionId, objectPath } = await deploy(
      "good-archive",
      archive("good", { "agent/langgraph.json": config, "agent/agent.py": "graph = None\n" }),
      "agent/langgraph.json",
    );
    expect(await revisionStatus(id, revisionId)).toBe("CREATING");
    const early = await logs(`/v1/projects/${id}/revisions/${revisionId}/build_logs`, { order: "asc", limit: 50 });
    expect(early).toEqual({ logs: [], next_offset: null });
    clockMs += TO_DEPLOYED_MS;
    expect(await revisionStatus(id, revisionId)).toBe("DEPLOYED");
    const build = await logs(`/v1/projects/${id}/revisions/${revisionId}/build_logs`, { order: "asc", limit: 50 });
    expect(messages(build)).toEqual([
      `Build of revision ${revisionId} queued`,
      expect.stringMatching(new RegExp(`^Downloading source archive ${objectPath} \\(\\d+ bytes\\)$`)),
      "Unpacked 2 files",
      "Using config agent/langgraph.json",
      "Graphs: agent (./agent.py:graph)",
      "Running install command: pip install -e .",
      "Building image",
      "Build complete",
    ]);
    expect(build.logs[0]).toEqual({ id: `${revisionId}:build:0`, timestamp: expect.any(Number), level: "INFO", message: expect.any(String) });
    const deployLines = messages(await logs(`/v1/projects/${id}/revisions/${revisionId}/deploy_logs`, { order: "asc", limit: 50 }));
    expect(deployLines).toEqual([
      `Deploying revision ${revisionId}`,
      expect.stringMatching(/^Starting the agent server/),
      "Application startup complete",
      `Revision ${revisionId} is live`,
    ]);
    expect(messages(await logs(`/v1/projects/${id}/deploy_logs`, { order: "asc", limit: 50 }))).toEqual(deployLines);
    const deployment = json(await call("GET", `/v2/deployments/${id}`));
    expect(deployment).toMatchObject({
      active_revision_id: revisionId,
      status: "READY",
      source_revision_config: { source_tarball_path: objectPath, langgraph_config_path: "agent/langgraph.json" },
    });
  });

  test("a config at a path longer than a tar header holds (a long-name entry) is found", async () => {
    const deep = `${"nested-directory-".repeat(8)}end/langgraph.json`;
    expect(deep.length).toBeGreaterThan(100);
    const { id, revisionId } = await deploy("long-path", archive("long-path", { [deep]: config, "agent.py": "graph = None\n" }), deep);
    clockMs += TO_DEPLOYED_MS;
    expect(await revisionStatus(id, revisionId)).toBe("DEPLOYED");
    expect(messages(await logs(`/v1/projects/${id}/revisions/${revisionId}/build_logs`, { order: "asc", limit: 50 }))).toContain(`Using config ${deep}`);
  });

  test("a missing config file or a corrupt archive fails the build (BUILD_FAILED) with log lines saying why", async () => {
    const missing = await deploy("no-config", archive("no-config", { "agent.py": "graph = None\n" }));
    const corrupt = await deploy("corrupt", Buffer.from("this is not a gzip stream at all"));
    clockMs += TO_DEPLOYED_MS;
    expect(await revisionStatus(missing.id, missing.revisionId)).toBe("BUILD_FAILED");
    expect(await revisionStatus(corrupt.id, corrupt.revisionId)).toBe("BUILD_FAILED");
    // What the CLI asks for on a failed build: the last 30 lines, newest first.
    const tail = await logs(`/v1/projects/${missing.id}/revisions/${missing.revisionId}/build_logs`, { order: "desc", limit: 30 });
    expect(tail.logs[0]).toMatchObject({
      level: "ERROR",
      message: "Build failed: config file langgraph.json not found in the source archive (1 files); set langgraph_config_path to its path in the archive",
    });
    expect(messages(tail)).not.toContain("Build complete");
    const corruptTail = await logs(`/v1/projects/${corrupt.id}/revisions/${corrupt.revisionId}/build_logs`, { order: "desc", limit: 1 });
    expect(messages(corruptTail)).toEqual([expect.stringMatching(/^Build failed: the source archive is not a readable \.tar\.gz: /)]);
    expect(await logs(`/v1/projects/${missing.id}/revisions/${missing.revisionId}/deploy_logs`, { order: "desc", limit: 30 })).toEqual({
      logs: [],
      next_offset: null,
    });
    // A path nothing was uploaded to fails the same way.
    const never = String((await createSourceDeployment("never-uploaded"))["id"]);
    const patched = json(
      await call("PATCH", `/v2/deployments/${never}`, {
        revision_source: "internal_source",
        source_revision_config: { source_tarball_path: `deployments/${never}/sources/none.tar.gz` },
      }),
    );
    clockMs += TO_DEPLOYED_MS;
    const neverTail = await logs(`/v1/projects/${never}/revisions/${String(patched["latest_revision_id"])}/build_logs`, { order: "desc", limit: 1 });
    expect(messages(neverTail)).toEqual([expect.stringContaining("was never uploaded")]);
  });

  test("log paging by opaque next_offset, in both orders; level, query and time filters; served under /v1 and /api-host/v1", async () => {
    const { id, revisionId } = await deploy("paged-logs", archive("paged", goodFiles));
    clockMs += TO_DEPLOYED_MS;
    const path = `/v1/projects/${id}/revisions/${revisionId}/build_logs`;
    const all = await logs(path, { order: "asc", limit: 100 });
    expect(all.logs.length).toBe(8);
    const seen: Json[] = [];
    let offset: string | null = null;
    for (let pages = 0; pages < 10; pages += 1) {
      const page = await logs(path, { order: "asc", limit: 3, ...(offset !== null ? { offset } : {}) });
      if (page.logs.length === 0) {
        expect(page.next_offset).toBeNull();
        break;
      }
      seen.push(...page.logs);
      offset = page.next_offset;
    }
    expect(seen).toEqual(all.logs);
    const newest = await logs(path, { order: "desc", limit: 2 });
    expect(newest.logs).toEqual([all.logs[7], all.logs[6]]);
    expect((await logs(path, { order: "desc", limit: 2, offset: newest.next_offset })).logs).toEqual([all.logs[5], all.logs[4]]);
    expect(messages(await logs(path, { order: "asc", limit: 10, query: "UNPACKED" }))).toEqual(["Unpacked 2 files"]);
    expect((await logs(path, { order: "asc", limit: 10, level: "error" })).logs).toEqual([]);
    expect((await logs(path, { order: "asc", limit: 10, level: "INFO" })).logs.length).toBe(8);
    const lastTime = Number(all.logs[7]?.["timestamp"]);
    expect((await logs(path, { order: "asc", limit: 10, start_time: new Date(lastTime).toISOString() })).logs).toEqual([all.logs[7]]);
    expect((await logs(path, { order: "asc", limit: 10, end_time: new Date(Number(all.logs[1]?.["timestamp"])).toISOString() })).logs).toEqual([all.logs[0]]);
    expect(await logs(path, { order: "asc", limit: 100 }, `${emulator.url}/api-host`)).toEqual(all);
    const invalid = await call("POST", path, { order: "sideways", limit: 0, offset: "not-an-offset", start_time: "yesterday" });
    expect(invalid.status).toBe(422);
    const badOffset = await call("POST", path, { order: "asc", limit: 5000, offset: "not-an-offset", start_time: "yesterday" });
    expect((json(badOffset)["detail"] as Json[]).map((e) => (e["loc"] as string[]).join("."))).toEqual(["body.limit", "body.offset", "body.start_time"]);
    expect((await call("POST", `/v1/projects/${id}/revisions/${UNKNOWN_ID}/build_logs`, { order: "asc" })).status).toBe(404);
    expect((await call("POST", `/v1/projects/${UNKNOWN_ID}/deploy_logs`, { order: "asc" })).status).toBe(404);
  });

  test("listeners: the workspace's, paged, and one by id (404 for another)", async () => {
    const listed = json(await call("GET", "/v2/listeners"));
    expect(listed["offset"]).toBe(2);
    expect(listed["resources"]).toEqual([
      {
        id: LISTENER_ID,
        compute_type: "k8s",
        compute_id: "cluster-a",
        compute_config: { k8s_namespaces: ["agents", "staging"] },
        version: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      expect.objectContaining({ compute_id: "cluster-b", compute_config: { k8s_namespaces: ["prod"] }, version: "0.10.0" }),
    ]);
    expect(json(await call("GET", "/v2/listeners?limit=1&offset=1"))).toMatchObject({ resources: [{ compute_id: "cluster-b" }], offset: 2 });
    expect(json(await call("GET", `/api-host/v2/listeners/${LISTENER_ID}`))).toMatchObject({ id: LISTENER_ID, compute_id: "cluster-a" });
    expect((await call("GET", `/v2/listeners/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await call("GET", "/v2/listeners?limit=0")).status).toBe(422);
  });

  test("--data-dir keeps deployments and revisions but never the uploaded archives; after a restart a rebuild finds no archive", async () => {
    const dataDir = join(work, "data");
    let persisted = await createEmulator({ now: () => clockMs, dataDir });
    try {
      const base = persisted.url;
      const id = String((await createSourceDeployment("persisted", base))["id"]);
      const upload = await uploadUrl(id, true, base);
      expect((await put(String(upload["upload_url"]), archive("persisted", goodFiles), signedHeaders(upload))).status).toBe(200);
      const patched = await call(
        "PATCH",
        `/v2/deployments/${id}`,
        { revision_source: "internal_source", source_revision_config: { source_tarball_path: upload["object_path"] } },
        base,
      );
      const revisionId = String(json(patched)["latest_revision_id"]);
      clockMs += TO_DEPLOYED_MS;
      expect(json(await call("GET", `/v2/deployments/${id}/revisions/${revisionId}`, undefined, base))["status"]).toBe("DEPLOYED");
      expect(readdirSync(dataDir).sort()).toEqual(["secret.key", "state.json"]);
      const saved = readFileSync(join(dataDir, "state.json"), "utf8");
      expect(saved).toContain(revisionId);
      expect(saved).not.toContain(SOURCE_MARKER);
      expect(saved).not.toContain(String(upload["upload_url"]).split("?")[1]);
      await persisted.close();

      persisted = await createEmulator({ now: () => clockMs, dataDir });
      expect(json(await call("GET", `/v2/deployments/${id}/revisions/${revisionId}`, undefined, persisted.url))["status"]).toBe("DEPLOYED");
      const buildLog = await logs(`/v1/projects/${id}/revisions/${revisionId}/build_logs`, { order: "asc", limit: 50 }, persisted.url);
      expect(messages(buildLog)).toContain("Build complete");
      const redeployed = await call("POST", `/v2/deployments/${id}/revisions/${revisionId}/redeploy`, undefined, persisted.url);
      const again = String(json(redeployed)["latest_revision_id"]);
      clockMs += TO_DEPLOYED_MS;
      expect(json(await call("GET", `/v2/deployments/${id}/revisions/${again}`, undefined, persisted.url))["status"]).toBe("BUILD_FAILED");
      // The URL signed before the restart no longer verifies (each emulator process signs with its own key).
      const stale = new URL(String(upload["upload_url"]));
      const moved = new URL(`${persisted.url}${stale.pathname}${stale.search}`);
      expect((await put(moved.toString(), archive("persisted", goodFiles), signedHeaders(upload))).status).toBe(403);
    } finally {
      await persisted.close();
    }
  });
});
