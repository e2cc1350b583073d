// The BulkExportDestination provider's writes to the bucket, called in-process
// against the emulator, whose test writes and export runs go to a real
// versitygw with per-user permissions (full, no delete, read only): the test
// write per permission, errors without secrets, endpoints and addressing
// styles, credential rotation, and the service's own credentials.
import { FINGERPRINT_ALGORITHM } from "../../provider/engine/secrets/fingerprint";
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import type { LangSmithClient } from "../../provider/client";
import { configureWith as configure } from "../helpers/providerConfig";
import { provider } from "../../provider/dynamic/destination";
import { DestinationOperationError } from "../../provider/exports/destination/errors";
import type { S3Credentials, Versitygw, VersitygwAccessLogEntry } from "../helpers/versitygw";
import { destinationCalls } from "../../provider/exports/destination/endpoints";
import {
  BUCKET,
  checked,
  createOk,
  emulatorProviderConfig,
  failure,
  inputs,
  keys,
  type Props,
  recordRuntimeLog,
  SECRET_CANARY,
  startDestinationServices,
  TOKEN_CANARY,
} from "../helpers/destinationServices";

describe("BulkExportDestination provider against the emulator and versitygw", () => {
  let gw: Versitygw;
  let emulator: Emulator;
  let client: LangSmithClient;
  const config = (): Record<string, string> => emulatorProviderConfig(emulator);

  // Progress lines and warnings (pulumi.log.info/warn print to the console outside the engine).
  const progress: string[] = [];
  const warnings: string[] = [];

  beforeAll(async () => {
    recordRuntimeLog(progress, warnings);
    ({ gw, emulator, client } = await startDestinationServices());
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

  /** versitygw writes its access log asynchronously: wait until it holds what `ready` looks for. */
  async function accessLogWhen(ready: (log: VersitygwAccessLogEntry[]) => boolean): Promise<VersitygwAccessLogEntry[]> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const log = await gw.accessLog();
      if (ready(log) || Date.now() > deadline) return log;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
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

  // The delete test of destinationProviderLifecycle.test.ts checks the same of its file's steps.
  it("writing, rotating and checking destinations warns of nothing", () => {
    expect(warnings).toEqual([]);
  });

  it("progress lines name the resource and never carry a secret", () => {
    expect(progress.length).toBeGreaterThan(10);
    for (const line of progress) expect(line).toMatch(/^info: \[runtime\] bulk-export destination "[^"]+": /);
    const secrets = [SECRET_CANARY, TOKEN_CANARY, ...Object.values(gw.users).map((u) => u.secretAccessKey)];
    for (const secret of secrets) expect(progress.join("\n")).not.toContain(secret);
  });
});
