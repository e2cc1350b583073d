// The BulkExportDestination provider's methods, called in-process against the
// emulator, whose test writes and export runs go to a real versitygw with
// per-user permissions (full, no delete, read only).
import { FINGERPRINT_ALGORITHM } from "../../provider/engine/secrets/fingerprint";
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { createClient, type LangSmithClient } from "../../provider/client";
import { configureWith } from "../helpers/providerConfig";
import { provider } from "../../provider/dynamic/destination";
import { DestinationOperationError } from "../../provider/exports/destination/errors";
import { WorkspaceMismatchError } from "../../provider/engine/context/workspace";
import { type S3Credentials, startVersitygw, type Versitygw, type VersitygwAccessLogEntry } from "../helpers/versitygw";
import { destinationCalls } from "../../provider/exports/destination/endpoints";

type Props = Record<string, unknown>;

const BUCKET = "exports";
const OTHER_BUCKET = "exports-two";
const TOKEN_CANARY = "canary-session-token-5e2f9a";
const SECRET_CANARY = "canary-wrong-secret-7c3d1b";

function configure(values: Record<string, string>): void {
  configureWith(values);
}

describe("BulkExportDestination provider against the emulator and versitygw", () => {
  let gw: Versitygw;
  let emulator: Emulator;
  let client: LangSmithClient;
  const config = (): Record<string, string> => ({
    "langsmith:apiUrl": emulator.url,
    "langsmith:apiKey": DEFAULT_API_KEY,
    "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
  });

  // Progress lines and warnings (pulumi.log.info/warn print to the console outside the engine).
  const progress: string[] = [];
  const warnings: string[] = [];

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
      progress.push(args.map(String).join(" "));
    });
    jest.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
      warnings.push(args.map(String).join(" "));
    });
    gw = await startVersitygw();
    await gw.createBucket(BUCKET);
    await gw.createBucket(OTHER_BUCKET);
    // This suite's service can delete destinations (an emulator option); the published contract's cannot (see below).
    emulator = await createEmulator({ s3EndpointOverride: gw.endpoint, destinationDelete: true });
    client = createClient({ apiUrl: `${emulator.url}/api/v1`, controlPlaneUrl: emulator.url, apiKey: DEFAULT_API_KEY, workspaceId: DEFAULT_WORKSPACE_ID });
  }, 60_000);

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
    await gw?.stop();
  });

  beforeEach(() => {
    configure(config());
    emulator.control.clearRequestLog();
  });

  function keys(user: S3Credentials, extra: Props = {}): Props {
    return { accessKeyId: user.accessKeyId, secretAccessKey: user.secretAccessKey, ...extra };
  }

  /** Runs check like the engine does and returns the checked inputs (failing on check failures). */
  async function checked(news: Props): Promise<Props> {
    const check = provider.check;
    if (!check) throw new Error("no check");
    const result = await check({}, news);
    expect(result.failures ?? []).toEqual([]);
    return result.inputs as Props;
  }

  async function inputs(prefix: string, credentials: Props | undefined, extra: Props = {}): Promise<Props> {
    return checked({
      displayName: `exports ${prefix}`,
      config: { bucketName: BUCKET, prefix, region: "us-east-1" },
      ...(credentials ? { credentials } : {}),
      ...extra,
    });
  }

  async function createOk(news: Props): Promise<{ id: string; outs: Props }> {
    const result = await provider.create(news);
    return { id: result.id, outs: result.outs as Props };
  }

  /** versitygw writes its access log asynchronously: wait until it holds what `ready` looks for. */
  async function accessLogWhen(ready: (log: VersitygwAccessLogEntry[]) => boolean): Promise<VersitygwAccessLogEntry[]> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const log = await gw.accessLog();
      if (ready(log) || Date.now() > deadline) return log;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function failure(promise: Promise<unknown>): Promise<Error> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof Error) return error;
      throw error;
    }
    throw new Error("expected a failure");
  }

  it("creates with a full-access user: the test object is written and deleted again", async () => {
    const news = await inputs("full", keys(gw.users.full));
    const { id, outs } = await createOk(news);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(outs).toMatchObject({
      displayName: "exports full",
      destinationType: "s3",
      config: { bucketName: BUCKET, prefix: "full", region: "us-east-1", includeBucketInPrefix: true },
      tenantId: DEFAULT_WORKSPACE_ID,
      credentialsKeys: ["access_key_id", "secret_access_key"],
      lastOperation: 'created destination "exports full" (test write to s3://exports/full/tmp/ passed)',
      stateVersion: 2,
    });
    expect(outs["credentialsUpdatedAt"]).toBe(outs["createdAt"]);
    expect(outs).not.toHaveProperty("adoptExistingId");
    expect(outs).not.toHaveProperty("credentials");
    expect(outs["credentialsFingerprint"]).toMatchObject({ algorithm: FINGERPRINT_ALGORITHM });
    expect(JSON.stringify(outs)).not.toContain(gw.users.full.secretAccessKey);
    const wrote = (log: VersitygwAccessLogEntry[]): boolean =>
      log.some((e) => e.operation === "PutObject" && e.key.startsWith("full/tmp/") && e.requester === gw.users.full.accessKeyId);
    expect(wrote(await accessLogWhen(wrote))).toBe(true);
    expect(await gw.listObjects(BUCKET, "full/")).toEqual([]);
  });

  it("creates with a user lacking delete permission: the test object stays under <prefix>/tmp/", async () => {
    const { outs } = await createOk(await inputs("nodelete", keys(gw.users.noDelete)));
    expect(outs["lastOperation"]).toContain("passed");
    const left = await gw.listObjects(BUCKET, "nodelete/");
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^nodelete\/tmp\/.+/);
  });

  it("refuses a read-only user with the access-denied hint and creates nothing", async () => {
    const before = (await destinationCalls.list(client)).length;
    const error = await failure(provider.create(await inputs("readonly", keys(gw.users.readOnly))));
    expect(error).toBeInstanceOf(DestinationOperationError);
    expect(error.message).toMatch(/^creating bulk-export destination "exports readonly": 400 BadRequest - .*Access denied/);
    expect(error.message).toContain("grant s3:PutObject on the bucket and prefix");
    expect(error.message).toContain("copy a small file to s3://exports/readonly/tmp/");
    expect((await destinationCalls.list(client)).length).toBe(before);
  });

  it("never puts a secret key or session token in an error", async () => {
    const wrongSecret = await failure(provider.create(await inputs("canary", { accessKeyId: gw.users.full.accessKeyId, secretAccessKey: SECRET_CANARY })));
    expect(wrongSecret.message).toContain("Access denied");
    const unknownKey = await failure(
      provider.create(await inputs("canary", { accessKeyId: "no-such-key", secretAccessKey: SECRET_CANARY, sessionToken: TOKEN_CANARY })),
    );
    for (const error of [wrongSecret, unknownKey]) {
      const text = `${error.message} ${JSON.stringify(error)} ${error.stack ?? ""}`;
      expect(text).not.toContain(SECRET_CANARY);
      expect(text).not.toContain(TOKEN_CANARY);
    }
  });

  it("maps an unreachable endpoint to the invalid-endpoint hint", async () => {
    const news = await checked({
      displayName: "exports endpoint",
      config: { bucketName: BUCKET, prefix: "e", endpointUrl: "http://127.0.0.1:1" },
      credentials: keys(gw.users.full),
    });
    const error = await failure(provider.create(news));
    expect(error.message).toContain("Invalid endpoint");
    expect(error.message).toContain("omit config.endpointUrl for AWS S3");
  });

  it("rotates with one PATCH; a read-only key pair is refused and the old keys stay in use", async () => {
    const olds = await inputs("rotate", keys(gw.users.full));
    const { id, outs } = await createOk(olds);
    const update = provider.update;
    if (!update) throw new Error("no update");

    // Refused rotation: 400, message says the old credentials are still used.
    emulator.control.clearRequestLog();
    const refused = await failure(update(id, outs, await inputs("rotate", keys(gw.users.readOnly))));
    expect(refused.message).toMatch(
      /^rotating credentials of bulk-export destination "exports rotate": the new credentials could not write to s3:\/\/exports\/rotate\/tmp\/ \(400 BadRequest - .*Access denied/,
    );
    expect(refused.message).toContain("the destination still uses the previous credentials");
    const refusedRun = emulator.control.startExportRun(id, { durationMs: 1 });
    expect((await emulator.control.waitForExportRun(refusedRun.id)).accessKeyId).toBe(gw.users.full.accessKeyId);

    // Accepted rotation: exactly one PATCH, outputs updated.
    emulator.control.clearRequestLog();
    const rotated = (await update(id, outs, await inputs("rotate", keys(gw.users.noDelete)))).outs as Props;
    const requests = emulator.control.requestLog().filter((r) => r.path.includes("/bulk-exports/"));
    expect(requests.map((r) => r.method)).toEqual(["PATCH"]);
    expect(rotated).toMatchObject({
      displayName: "exports rotate",
      config: { bucketName: BUCKET, prefix: "rotate" },
      createdAt: outs["createdAt"],
      lastOperation: "rotated credentials (access key id and secret access key changed; test write to s3://exports/rotate/tmp/ passed)",
    });
    expect(rotated["credentialsUpdatedAt"]).toBe(rotated["updatedAt"]);
    expect(rotated["credentialsFingerprint"]).not.toEqual(outs["credentialsFingerprint"]);
    const diff = provider.diff;
    if (!diff) throw new Error("no diff");
    expect((await diff(id, rotated, await inputs("rotate", keys(gw.users.noDelete)))).changes).toBe(false);
    expect(Date.parse(String(rotated["credentialsUpdatedAt"]))).toBeGreaterThanOrEqual(Date.parse(String(outs["credentialsUpdatedAt"])));
    const afterRun = emulator.control.startExportRun(id, { durationMs: 1 });
    expect((await emulator.control.waitForExportRun(afterRun.id)).accessKeyId).toBe(gw.users.noDelete.accessKeyId);
  });

  it("an export run started before a rotation finishes with the old keys; runs started after use the new ones", async () => {
    const { id, outs } = await createOk(await inputs("inflight", keys(gw.users.full)));
    const update = provider.update;
    if (!update) throw new Error("no update");
    const before = emulator.control.startExportRun(id, { durationMs: 1500, intervalMs: 100 });
    await update(id, outs, await inputs("inflight", keys(gw.users.noDelete)));
    const after = emulator.control.startExportRun(id, { durationMs: 300, intervalMs: 100 });
    const [first, second] = await Promise.all([emulator.control.waitForExportRun(before.id), emulator.control.waitForExportRun(after.id)]);
    expect(first).toMatchObject({ status: "succeeded", accessKeyId: gw.users.full.accessKeyId, error: null });
    expect(second).toMatchObject({ status: "succeeded", accessKeyId: gw.users.noDelete.accessKeyId, error: null });
    // The old run kept writing after the rotation, with the old keys (versitygw's own log).
    const writesIn = (log: VersitygwAccessLogEntry[], runId: string, user: S3Credentials): number =>
      log.filter((e) => e.operation === "PutObject" && e.key.includes(runId) && e.requester === user.accessKeyId).length;
    const log = await accessLogWhen(
      (l) => writesIn(l, first.id, gw.users.full) + writesIn(l, second.id, gw.users.noDelete) >= first.objectKeys.length + second.objectKeys.length,
    );
    const writesBy = (runId: string, user: S3Credentials): number => writesIn(log, runId, user);
    expect(writesBy(first.id, gw.users.full)).toBe(first.objectKeys.length);
    expect(writesBy(second.id, gw.users.noDelete)).toBe(second.objectKeys.length);
    expect(first.objectKeys.length).toBeGreaterThan(second.objectKeys.length);
  });

  it("reads the destination back unchanged; 404 is gone; another workspace is refused", async () => {
    const { id, outs } = await createOk(await inputs("read", keys(gw.users.full)));
    const read = provider.read;
    if (!read) throw new Error("no read");
    const result = await read(id, outs);
    expect(result.id).toBe(id);
    expect(result.props).toEqual(outs);
    const diff = provider.diff;
    if (!diff) throw new Error("no diff");
    expect((await diff(id, result.props as Props, await inputs("read", keys(gw.users.full)))).changes).toBe(false);

    configure({ ...config(), "langsmith:workspaceId": "33333333-3333-4333-8333-333333333333" });
    const refused = await failure(read(id, outs));
    expect(refused).toBeInstanceOf(WorkspaceMismatchError);
    expect(refused.message).toContain('reading bulk-export destination "exports read"');
    const refusedDelete = await failure(provider.delete ? provider.delete(id, outs) : Promise.resolve());
    expect(refusedDelete).toBeInstanceOf(WorkspaceMismatchError);
    configure(config());

    expect((await destinationCalls.delete(client, id)).outcome).toBe("deleted");
    expect(await read(id, outs)).toEqual({ id: "", props: {} });
  });

  it("delete: 409 while an export runs is a clear error; then deleted; 404 counts as done", async () => {
    const { id, outs } = await createOk(await inputs("delete", keys(gw.users.full)));
    const destroy = provider.delete;
    if (!destroy) throw new Error("no delete");
    const run = emulator.control.startExportRun(id, { durationMs: 800 });
    const busy = await failure(destroy(id, outs));
    expect(busy.message).toMatch(/^deleting bulk-export destination "exports delete": 409 Conflict/);
    expect(busy.message).toContain("an export still uses this destination");
    await emulator.control.waitForExportRun(run.id);
    await destroy(id, outs);
    await expect(destinationCalls.get(client, id)).rejects.toThrow(/404/);
    await destroy(id, outs);
    expect(warnings).toEqual([]);
  });

  it("delete on a service without DELETE (the published contract): resolves with one warning naming the id; the destination stays", async () => {
    const contractLike = await createEmulator({ s3EndpointOverride: gw.endpoint });
    try {
      configure({ ...config(), "langsmith:apiUrl": contractLike.url });
      const { id, outs } = await createOk(await inputs("kept", keys(gw.users.full)));
      const destroy = provider.delete;
      if (!destroy) throw new Error("no delete");
      warnings.length = 0;
      await destroy(id, outs);
      expect(warnings).toEqual([
        `warning: [runtime] bulk-export destination "exports kept": removed from the stack, but the service cannot delete destinations: destination ${id} stays in the workspace; make sure no bulk export uses it`,
      ]);
      const deletes = contractLike.control.requestLog().filter((entry) => entry.method === "DELETE");
      expect(deletes.map((entry) => entry.status)).toEqual([405]);
      const keptClient = createClient({
        apiUrl: `${contractLike.url}/api/v1`,
        controlPlaneUrl: contractLike.url,
        apiKey: DEFAULT_API_KEY,
        workspaceId: DEFAULT_WORKSPACE_ID,
      });
      expect((await destinationCalls.get(keptClient, id)).id).toBe(id);
    } finally {
      warnings.length = 0;
      await contractLike.close();
    }
  });

  it("adopts an existing destination: verifies it, PATCHes the given credentials, refuses a config mismatch", async () => {
    const existing = await destinationCalls.create(client, {
      destination_type: "s3",
      display_name: "exports adopt",
      config: { bucket_name: OTHER_BUCKET, prefix: "adopt", region: "us-east-1" },
      credentials: { access_key_id: gw.users.full.accessKeyId, secret_access_key: gw.users.full.secretAccessKey },
    });
    const mismatch = await failure(
      provider.create(
        await checked({
          displayName: "exports adopt",
          config: { bucketName: BUCKET, prefix: "adopt", region: "us-east-1" },
          credentials: keys(gw.users.full),
          adoptExistingId: existing.id,
        }),
      ),
    );
    expect(mismatch.message).toContain(
      `adopting bulk-export destination "exports adopt" (${existing.id}): the existing destination differs in config.bucketName`,
    );

    emulator.control.clearRequestLog();
    const adopted = await createOk(
      await checked({
        displayName: "exports adopt",
        config: { bucketName: OTHER_BUCKET, prefix: "adopt", region: "us-east-1" },
        credentials: keys(gw.users.noDelete),
        adoptExistingId: existing.id,
      }),
    );
    expect(adopted.id).toBe(existing.id);
    expect(
      emulator.control
        .requestLog()
        .filter((r) => r.path.includes("/bulk-exports/"))
        .map((r) => r.method),
    ).toEqual(["GET", "PATCH"]);
    expect(adopted.outs).toMatchObject({ tenantId: DEFAULT_WORKSPACE_ID, createdAt: existing.created_at });
    expect(adopted.outs["credentialsFingerprint"]).toBeDefined();
    expect(adopted.outs["lastOperation"]).toMatch(
      /^adopted destination "exports adopt" \(.+\) and set its credentials \(test write to s3:\/\/exports-two\/adopt\/tmp\/ passed\)$/,
    );
    expect(adopted.outs).not.toHaveProperty("adoptExistingId");

    const missing = await failure(
      provider.create(await inputs("adopt-missing", keys(gw.users.full), { adoptExistingId: "0b0e5bd4-7f2b-4f9d-9d1e-36a0f0b6a0e1" })),
    );
    expect(missing.message).toContain("no destination with this id in the configured workspace (404)");
  });

  it("addresses the bucket path style or virtual-host style (<bucket>.localhost) as configured", async () => {
    const path = await createOk(
      await checked({
        displayName: "exports path",
        config: { bucketName: BUCKET, prefix: "pathstyle", endpointUrl: gw.endpoint, addressingStyle: "path" },
        credentials: keys(gw.users.noDelete),
      }),
    );
    const virtual = await createOk(
      await checked({
        displayName: "exports virtual",
        config: { bucketName: BUCKET, prefix: "virtualstyle", endpointUrl: gw.virtualHostEndpoint, region: "us-east-1", addressingStyle: "virtual" },
        credentials: keys(gw.users.noDelete),
      }),
    );
    expect(path.outs["lastOperation"]).toContain(`at ${gw.endpoint} passed`);
    expect(virtual.outs["lastOperation"]).toContain(`at ${gw.virtualHostEndpoint} passed`);
    const both = (log: VersitygwAccessLogEntry[]): boolean =>
      ["pathstyle/tmp/", "virtualstyle/tmp/"].every((prefix) => log.some((e) => e.operation === "PutObject" && e.key.startsWith(prefix)));
    const puts = (await accessLogWhen(both)).filter((e) => e.operation === "PutObject");
    const pathPut = puts.find((e) => e.key.startsWith("pathstyle/tmp/"));
    const virtualPut = puts.find((e) => e.key.startsWith("virtualstyle/tmp/"));
    expect(pathPut?.requestUri.startsWith(`/${BUCKET}/pathstyle/tmp/`)).toBe(true);
    expect(virtualPut?.requestUri.startsWith("/virtualstyle/tmp/")).toBe(true);
    expect(virtualPut?.bucket).toBe(BUCKET);
  });

  it("a create whose response was lost is not retried: the error names the destination it made, to adopt", async () => {
    emulator.control.injectFault({ method: "POST", path: "/api/v1/bulk-exports/destinations", drop: "after-commit" });
    const error = await failure(provider.create(await inputs("lost", keys(gw.users.full))));
    const made = (await destinationCalls.list(client)).filter((d) => d.display_name === "exports lost");
    expect(made).toHaveLength(1);
    expect(error.message).toMatch(/^creating bulk-export destination "exports lost": /);
    expect(error.message).toContain(`destination(s) ${made[0]?.id ?? "?"} match. Its id is ${made[0]?.id ?? "?"}: set adoptExistingId`);
    expect(emulator.control.requestLog().filter((r) => r.method === "POST")).toHaveLength(1);
    emulator.control.clearFaults();
  });

  it("check: credentials may be omitted only on a self-hosted install, where the service's environment credentials are used", async () => {
    const check = provider.check;
    if (!check) throw new Error("no check");
    const news = { displayName: "env creds", config: { bucketName: BUCKET, prefix: "env", region: "us-east-1" } };
    configure({ "langsmith:region": "eu", "langsmith:apiKey": "k" });
    expect((await check({}, news)).failures).toEqual([expect.objectContaining({ property: "credentials" })]);

    const selfHosted = await createEmulator({ s3EndpointOverride: gw.endpoint, selfHosted: true });
    const saved = { id: process.env["AWS_ACCESS_KEY_ID"], secret: process.env["AWS_SECRET_ACCESS_KEY"] };
    try {
      configure({ "langsmith:selfHostedUrl": selfHosted.url, "langsmith:apiKey": DEFAULT_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });
      const result = await check({}, news);
      expect(result.failures ?? []).toEqual([]);
      // The emulator's S3 client takes the default credential chain: here, the environment.
      process.env["AWS_ACCESS_KEY_ID"] = gw.users.full.accessKeyId;
      process.env["AWS_SECRET_ACCESS_KEY"] = gw.users.full.secretAccessKey;
      const { outs } = await createOk(result.inputs as Props);
      expect(outs["credentialsKeys"]).toEqual([]);
      expect(outs).not.toHaveProperty("credentialsFingerprint");
      expect(outs["lastOperation"]).toBe('created destination "env creds" (test write to s3://exports/env/tmp/ passed)');
    } finally {
      if (saved.id === undefined) delete process.env["AWS_ACCESS_KEY_ID"];
      else process.env["AWS_ACCESS_KEY_ID"] = saved.id;
      if (saved.secret === undefined) delete process.env["AWS_SECRET_ACCESS_KEY"];
      else process.env["AWS_SECRET_ACCESS_KEY"] = saved.secret;
      await selfHosted.close();
    }
  });

  it("progress lines name the resource and never carry a secret", () => {
    expect(progress.length).toBeGreaterThan(10);
    for (const line of progress) expect(line).toMatch(/^info: \[runtime\] bulk-export destination "[^"]+": /);
    const secrets = [SECRET_CANARY, TOKEN_CANARY, ...Object.values(gw.users).map((u) => u.secretAccessKey)];
    for (const secret of secrets) expect(progress.join("\n")).not.toContain(secret);
  });
});
