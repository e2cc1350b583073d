// Destinations against a real S3 server (versitygw with per-user IAM): the
// emulator's test writes, error mapping, rotation, export runs and at-rest
// encryption of credentials.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmulator, DEFAULT_API_KEY, DEFAULT_ORGANIZATION_ID, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { startVersitygw, type S3Credentials, type Versitygw } from "../helpers/versitygw";

type Json = Record<string, unknown>;

interface Reply {
  status: number;
  body: unknown;
}

const BUCKET = "exports";
const DESTINATIONS = "/api/v1/bulk-exports/destinations";
const OTHER_WORKSPACE_ID = "77777777-7777-4777-8777-777777777777";
const OTHER_WORKSPACE_KEY = "lsv2_pt_other_destinations";

function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

describe("emulator destinations against versitygw", () => {
  let gw: Versitygw;
  let emulator: Emulator;
  let dataDir: string;

  async function call(method: string, path: string, body?: unknown, apiKey = DEFAULT_API_KEY): Promise<Reply> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { "x-api-key": apiKey, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }

  const creds = (c: S3Credentials): Json => ({ access_key_id: c.accessKeyId, secret_access_key: c.secretAccessKey });

  function destination(prefix: string, credentials: S3Credentials, config: Json = {}): Json {
    return {
      destination_type: "s3",
      display_name: `Test ${prefix}`,
      config: {
        bucket_name: BUCKET,
        prefix,
        endpoint_url: gw.endpoint,
        region: gw.region,
        config_kwargs_s3: { addressing_style: "path" },
        ...config,
      },
      credentials: creds(credentials),
    };
  }

  async function createOk(body: Json): Promise<Json> {
    const reply = await call("POST", DESTINATIONS, body);
    expect(reply.status).toBe(200);
    return reply.body as Json;
  }

  beforeAll(async () => {
    gw = await startVersitygw();
    await gw.createBucket(BUCKET);
    dataDir = mkdtempSync(join(tmpdir(), "emulator-destinations-"));
    // DELETE on a destination is not in the service; these tests use the emulator's opt-in.
    emulator = await createEmulator({
      destinationDelete: true,
      dataDir,
      s3EndpointOverride: gw.endpoint,
      seed: {
        organizations: [{ id: DEFAULT_ORGANIZATION_ID, workspaces: [{ id: DEFAULT_WORKSPACE_ID }, { id: OTHER_WORKSPACE_ID }] }],
        apiKeys: [
          { key: DEFAULT_API_KEY, organizationId: DEFAULT_ORGANIZATION_ID, workspaceId: DEFAULT_WORKSPACE_ID },
          { key: OTHER_WORKSPACE_KEY, organizationId: DEFAULT_ORGANIZATION_ID, workspaceId: OTHER_WORKSPACE_ID },
        ],
      },
    });
  }, 120_000);

  afterAll(async () => {
    await emulator?.close();
    await gw?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("full-access user: 200, credentials never returned, test object written then deleted", async () => {
    const d = await createOk(destination("full", gw.users.full));
    expect(d).toMatchObject({
      id: expect.any(String),
      tenant_id: DEFAULT_WORKSPACE_ID,
      destination_type: "s3",
      display_name: "Test full",
      credentials_keys: ["access_key_id", "secret_access_key"],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(JSON.stringify(d)).not.toContain(gw.users.full.secretAccessKey);
    expect(d).not.toHaveProperty("credentials");
    expect(await gw.listObjects(BUCKET, "full/")).toEqual([]);
    const log = await gw.accessLog();
    const put = log.find((e) => e.operation === "PutObject" && e.key.startsWith("full/tmp/"));
    expect(put).toMatchObject({ requester: gw.users.full.accessKeyId, status: 200, bucket: BUCKET });
    expect(log.some((e) => e.operation === "DeleteObject" && e.key === put?.key)).toBe(true);
  });

  test("no-delete user: 200, and the test object stays under <prefix>/tmp/", async () => {
    await createOk(destination("nodelete", gw.users.noDelete));
    const left = await gw.listObjects(BUCKET, "nodelete/");
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^nodelete\/tmp\/[^/]+$/);
  });

  test("read-only user: 400 Access denied", async () => {
    const reply = await call("POST", DESTINATIONS, destination("readonly", gw.users.readOnly));
    expect(reply.status).toBe(400);
    expect(String((reply.body as Json)["detail"])).toContain("Access denied");
  });

  test("unknown key id: 400 'Key ID you provided does not exist'", async () => {
    const reply = await call("POST", DESTINATIONS, destination("unknown", { accessKeyId: "nosuchkey", secretAccessKey: "x".repeat(40) }));
    expect(reply.status).toBe(400);
    expect(String((reply.body as Json)["detail"])).toContain("Key ID you provided does not exist");
  });

  test("unreachable endpoint: 400 Invalid endpoint", async () => {
    const port = await closedPort();
    const reply = await call("POST", DESTINATIONS, destination("unreachable", gw.users.full, { endpoint_url: `http://127.0.0.1:${port}` }));
    expect(reply.status).toBe(400);
    expect(String((reply.body as Json)["detail"])).toContain("Invalid endpoint");
  });

  test("an endpoint that is not S3: 400 Invalid endpoint", async () => {
    const reply = await call("POST", DESTINATIONS, destination("nots3", gw.users.full, { endpoint_url: `${emulator.url}/not-s3` }));
    expect(reply.status).toBe(400);
    expect(String((reply.body as Json)["detail"])).toContain("Invalid endpoint");
  });

  test("wrong bucket: 400 Bucket is not valid", async () => {
    const reply = await call("POST", DESTINATIONS, destination("wrong", gw.users.full, { bucket_name: "no-such-bucket" }));
    expect(reply.status).toBe(400);
    expect(String((reply.body as Json)["detail"])).toContain("Bucket is not valid");
  });

  test("virtual addressing really puts the bucket in the host name", async () => {
    await createOk(destination("virtual", gw.users.full, { endpoint_url: gw.virtualHostEndpoint, config_kwargs_s3: { addressing_style: "virtual" } }));
    const put = (await gw.accessLog()).find((e) => e.operation === "PutObject" && e.key.startsWith("virtual/tmp/"));
    expect(put?.bucket).toBe(BUCKET);
    expect(put?.requestUri.startsWith("/virtual/tmp/")).toBe(true);
  });

  test("include_bucket_in_prefix false writes to an endpoint that already names the bucket", async () => {
    const endpoint = gw.virtualHostEndpoint.replace("//localhost", `//${BUCKET}.localhost`);
    await createOk(destination("bucketep", gw.users.noDelete, { endpoint_url: endpoint, include_bucket_in_prefix: false }));
    expect(await gw.listObjects(BUCKET, "bucketep/tmp/")).toHaveLength(1);
    const put = (await gw.accessLog()).find((e) => e.operation === "PutObject" && e.key.startsWith("bucketep/tmp/"));
    expect(put?.requestUri.startsWith("/bucketep/tmp/")).toBe(true);
  });

  test("AWS-style destinations (region, no endpoint) go to the S3 endpoint override", async () => {
    const body = destination("aws", gw.users.noDelete);
    const config = body["config"] as Json;
    delete config["endpoint_url"];
    delete config["config_kwargs_s3"];
    const d = await createOk(body);
    expect((d["config"] as Json)["endpoint_url"]).toBeNull();
    expect(await gw.listObjects(BUCKET, "aws/tmp/")).toHaveLength(1);
  });

  test("validation: display_name pattern, region or endpoint, endpoint URL, credentials", async () => {
    const badName = await call("POST", DESTINATIONS, { ...destination("v", gw.users.full), display_name: "bad/name" });
    expect(badName.status).toBe(422);
    expect((badName.body as Json)["detail"]).toEqual([
      {
        type: "string_pattern_mismatch",
        loc: ["body", "display_name"],
        msg: "String should match pattern '^[a-zA-Z0-9\\-_ ']+$'",
        input: "bad/name",
        ctx: { pattern: "^[a-zA-Z0-9\\-_ ']+$" },
      },
    ]);
    const noRegion = destination("v", gw.users.full);
    delete (noRegion["config"] as Json)["endpoint_url"];
    delete (noRegion["config"] as Json)["region"];
    const noRegionReply = await call("POST", DESTINATIONS, noRegion);
    expect(noRegionReply.status).toBe(422);
    expect(((noRegionReply.body as Json)["detail"] as Json[])[0]).toMatchObject({ type: "value_error", loc: ["body", "config"] });
    const badEndpoint = await call("POST", DESTINATIONS, destination("v", gw.users.full, { endpoint_url: "ftp://x" }));
    expect(badEndpoint.status).toBe(400);
    expect(String((badEndpoint.body as Json)["detail"])).toContain("Invalid endpoint");
    const badStyle = await call("POST", DESTINATIONS, destination("v", gw.users.full, { config_kwargs_s3: { addressing_style: "sideways" } }));
    expect(badStyle.status).toBe(422);
    const noCredentials = destination("v", gw.users.full);
    delete noCredentials["credentials"];
    expect((await call("POST", DESTINATIONS, noCredentials)).status).toBe(400);
  });

  test("every config key of the contract is answered, defaults applied, extra S3 settings kept", async () => {
    const body = destination("allkeys", gw.users.full, {
      aws_role_arn: "arn:aws:iam::123456789012:role/exports",
      s3_additional_kwargs: { ServerSideEncryption: "AES256" },
      config_kwargs_s3: { addressing_style: "path", payload_signing_enabled: true, dropped: 1 },
    });
    delete (body["config"] as Json)["prefix"];
    delete body["destination_type"];
    const d = await createOk(body);
    expect(d["destination_type"]).toBe("s3");
    expect(d["config"]).toEqual({
      aws_role_arn: "arn:aws:iam::123456789012:role/exports",
      bucket_name: BUCKET,
      config_kwargs_s3: {
        addressing_style: "path",
        payload_signing_enabled: true,
        us_east_1_regional_endpoint: null,
        use_accelerate_endpoint: null,
      },
      endpoint_url: gw.endpoint,
      include_bucket_in_prefix: true,
      prefix: "",
      region: gw.region,
      s3_additional_kwargs: { ServerSideEncryption: "AES256" },
    });
    const shortBucket = await call("POST", DESTINATIONS, destination("short", gw.users.full, { bucket_name: "ab" }));
    expect(((shortBucket.body as Json)["detail"] as Json[])[0]).toMatchObject({ type: "string_too_short", loc: ["body", "config", "bucket_name"] });
    const nullInclude = await call("POST", DESTINATIONS, destination("nullinc", gw.users.full, { include_bucket_in_prefix: null }));
    expect(((nullInclude.body as Json)["detail"] as Json[])[0]).toMatchObject({ type: "bool_type", loc: ["body", "config", "include_bucket_in_prefix"] });
    const nullCredentials = await call("POST", DESTINATIONS, { ...destination("nullcreds", gw.users.full), credentials: null });
    expect(nullCredentials.status).toBe(400);
  });

  test("DELETE answers 405 (Allow: GET, PATCH) like the real service unless destinationDelete is on", async () => {
    const d = await createOk(destination("nodelete405", gw.users.full));
    emulator.control.setFeatures({ destinationDelete: false });
    try {
      const reply = await fetch(`${emulator.url}${DESTINATIONS}/${String(d["id"])}`, { method: "DELETE" });
      expect(reply.status).toBe(405);
      expect(reply.headers.get("allow")).toBe("GET, PATCH");
      expect(await reply.json()).toEqual({ detail: "Method Not Allowed" });
      expect((await call("GET", `${DESTINATIONS}/${String(d["id"])}`)).status).toBe(200);
    } finally {
      emulator.control.setFeatures({ destinationDelete: true });
    }
    expect((await call("DELETE", `${DESTINATIONS}/${String(d["id"])}`)).status).toBe(204);
  });

  test("get, list (bare array), tenant isolation, delete", async () => {
    const d = await createOk(destination("crud", gw.users.full));
    const id = String(d["id"]);
    const got = await call("GET", `${DESTINATIONS}/${id}`);
    expect(got).toEqual({ status: 200, body: d });
    const list = await call("GET", DESTINATIONS);
    expect(Array.isArray(list.body)).toBe(true);
    expect((list.body as Json[]).map((x) => x["id"])).toContain(id);
    expect((await call("GET", `${DESTINATIONS}/${id}`, undefined, OTHER_WORKSPACE_KEY)).status).toBe(404);
    expect((await call("DELETE", `${DESTINATIONS}/${id}`, undefined, OTHER_WORKSPACE_KEY)).status).toBe(404);
    expect((await call("GET", DESTINATIONS, undefined, OTHER_WORKSPACE_KEY)).body).toEqual([]);
    expect((await call("DELETE", `${DESTINATIONS}/${id}`)).status).toBe(204);
    expect((await call("GET", `${DESTINATIONS}/${id}`)).status).toBe(404);
    expect((await call("DELETE", `${DESTINATIONS}/${id}`)).status).toBe(404);
  });

  test("rotation: PATCH test-writes first, keeps old credentials on 400, runs use the credentials current at their start", async () => {
    const d = await createOk(destination("rotate", gw.users.full));
    const id = String(d["id"]);
    const firstRun = emulator.control.startExportRun(id, { durationMs: 2_000, intervalMs: 100 });
    expect(firstRun.accessKeyId).toBe(gw.users.full.accessKeyId);
    // While the run writes, the destination cannot be deleted.
    expect((await call("DELETE", `${DESTINATIONS}/${id}`)).status).toBe(409);

    const denied = await call("PATCH", `${DESTINATIONS}/${id}`, { credentials: creds(gw.users.readOnly) });
    expect(denied.status).toBe(400);
    expect(String((denied.body as Json)["detail"])).toContain("Access denied");
    expect(emulator.control.startExportRun(id, { durationMs: 0 }).accessKeyId).toBe(gw.users.full.accessKeyId);

    const extra = await call("PATCH", `${DESTINATIONS}/${id}`, { credentials: creds(gw.users.noDelete), config: { prefix: "x" } });
    expect(extra.status).toBe(422);
    expect(((extra.body as Json)["detail"] as Json[])[0]).toMatchObject({ type: "extra_forbidden", loc: ["body", "config"] });

    const rotated = await call("PATCH", `${DESTINATIONS}/${id}`, { credentials: creds(gw.users.noDelete) });
    expect(rotated.status).toBe(200);
    // The full BulkExportDestination, as the contract declares for PATCH.
    expect(rotated.body).toEqual({ ...d, updated_at: expect.any(String) });
    const secondRun = emulator.control.startExportRun(id, { durationMs: 100, intervalMs: 50 });
    expect(secondRun.accessKeyId).toBe(gw.users.noDelete.accessKeyId);

    const first = await emulator.control.waitForExportRun(firstRun.id);
    const second = await emulator.control.waitForExportRun(secondRun.id);
    expect(first).toMatchObject({ status: "succeeded", error: null });
    expect(second).toMatchObject({ status: "succeeded", error: null });
    const log = await gw.accessLog();
    const writer = (key: string): string | undefined => log.find((e) => e.operation === "PutObject" && e.key === key)?.requester;
    expect(first.objectKeys.length).toBeGreaterThan(0);
    expect(first.objectKeys.every((k) => k.startsWith(`rotate/exports/${first.id}/`))).toBe(true);
    expect(first.objectKeys.map(writer).every((r) => r === gw.users.full.accessKeyId)).toBe(true);
    expect(second.objectKeys.map(writer).every((r) => r === gw.users.noDelete.accessKeyId)).toBe(true);
    expect((await call("DELETE", `${DESTINATIONS}/${id}`)).status).toBe(204);
  });

  test("a run still writing when the emulator stops is interrupted after a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "emulator-runs-"));
    try {
      const first = await createEmulator({ dataDir: dir, s3EndpointOverride: gw.endpoint });
      const reply = await fetch(`${first.url}${DESTINATIONS}`, {
        method: "POST",
        headers: { "x-api-key": DEFAULT_API_KEY, "content-type": "application/json" },
        body: JSON.stringify(destination("interrupted", gw.users.full)),
      });
      expect(reply.status).toBe(200);
      const id = String(((await reply.json()) as Json)["id"]);
      const run = first.control.startExportRun(id, { durationMs: 60_000, intervalMs: 50 });
      await first.close();
      const second = await createEmulator({ dataDir: dir, s3EndpointOverride: gw.endpoint, destinationDelete: true });
      expect(second.control.exportRun(run.id)).toMatchObject({ status: "interrupted", finishedAtMs: expect.any(Number) });
      const del = await fetch(`${second.url}${DESTINATIONS}/${id}`, { method: "DELETE", headers: { "x-api-key": DEFAULT_API_KEY } });
      expect(del.status).toBe(204);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("credentials are encrypted at rest", async () => {
    await createOk(destination("atrest", gw.users.full));
    const file = readFileSync(join(dataDir, "state.json"), "utf8");
    expect(file).toContain("encryptedCredentials");
    expect(file).not.toContain(gw.users.full.secretAccessKey);
    expect(JSON.stringify(emulator.control.dumpState())).not.toContain(gw.users.full.secretAccessKey);
  });
});
