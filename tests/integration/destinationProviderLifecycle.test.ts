// The BulkExportDestination provider's lifecycle, called in-process against
// the emulator (its test writes go to a real versitygw): read back, delete
// (409 while an export runs, a service without DELETE), adopting an existing
// destination, and a create whose response was lost.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { createClient, type LangSmithClient } from "../../provider/client";
import { configureWith as configure } from "../helpers/providerConfig";
import { provider } from "../../provider/dynamic/destination";
import { WorkspaceMismatchError } from "../../provider/engine/context/workspace";
import type { Versitygw } from "../helpers/versitygw";
import { destinationCalls } from "../../provider/exports/destination/endpoints";
import {
  BUCKET,
  checked,
  createOk,
  emulatorProviderConfig,
  failure,
  inputs,
  keys,
  OTHER_BUCKET,
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
  it("progress lines name the resource and never carry a secret", () => {
    expect(progress.length).toBeGreaterThan(10);
    for (const line of progress) expect(line).toMatch(/^info: \[runtime\] bulk-export destination "[^"]+": /);
    const secrets = [SECRET_CANARY, TOKEN_CANARY, ...Object.values(gw.users).map((u) => u.secretAccessKey)];
    for (const secret of secrets) expect(progress.join("\n")).not.toContain(secret);
  });
});
