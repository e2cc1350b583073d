// The BulkExport provider's methods, called in-process against the emulator
// (its destination's test write goes to a real versitygw): create with and
// without waiting, refresh of a cancellation made outside Pulumi, a wait
// that runs out and resumes, and delete (cancel, or only forget an ended export).
import type { Emulator } from "../../packages/emulator/src";
import { provider } from "../../provider/dynamic/bulkExport";
import type { LangSmithClient } from "../../provider/client";
import { configureWith } from "../helpers/providerConfig";
import { getBulkExport, getBulkExportRuns } from "../../sdk/dynamic/bulkExportInvokes";
import { emulatorEnv } from "../helpers/emulatorStack";
import { type ExportStack, startExportStack } from "../helpers/exportStack";
import { bulkExportCalls } from "../../provider/exports/bulkExport/endpoints";

type Props = Record<string, unknown>;
const PROJECT = "8a1f0c3e-2b4d-4e6f-9a8b-7c6d5e4f3a2b";

describe("BulkExport provider against the emulator", () => {
  let exportStack: ExportStack;
  let emulator: Emulator;
  let client: LangSmithClient;
  let destinationId: string;
  const saved = { ...process.env };
  const progress: string[] = [];

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
      progress.push(args.map(String).join(" "));
    });
    exportStack = await startExportStack("exports");
    ({ emulator, client, destinationId } = exportStack);
    Object.assign(process.env, emulatorEnv({ emulator, config: {}, env: { LANGSMITH_POLL_MIN_INTERVAL_MS: "50", LANGSMITH_POLL_MAX_INTERVAL_MS: "200" } }));
    configureWith();
  }, 60_000);

  afterAll(async () => {
    jest.restoreAllMocks();
    process.env = saved;
    await exportStack?.stop();
  });

  beforeEach(() => emulator.control.clearRequestLog());

  async function checked(news: Props): Promise<Props> {
    const result = await provider.check!({}, news);
    expect(result.failures ?? []).toEqual([]);
    return { ...(result.inputs as Props), __provider: "serialized-shim" };
  }
  const oneOff = (extra: Props = {}) =>
    checked({ destinationId, projectId: PROJECT, startTime: "2026-10-01T00:00:00Z", endTime: "2026-11-01T00:00:00Z", ...extra });
  const scheduled = () => checked({ destinationId, projectId: PROJECT, startTime: "2026-11-01T00:00:00Z", intervalHours: 6 });
  const requests = (method: string) =>
    emulator.control.requestLog().filter((r) => r.method === method && r.path.startsWith("/api/v1/bulk-exports") && !r.path.includes("/destinations"));

  it("creates a one-off export and waits until it has completed, with progress lines from its runs", async () => {
    const created = await provider.create(await oneOff({ waitForCompletion: true }));
    expect(created.outs).toMatchObject({
      status: "Completed",
      format: "Parquet",
      compression: "gzip",
      runs: { count: 1, lastRunStatus: "Completed" },
      stateVersion: 1,
    });
    expect(String(created.outs["lastOperation"])).toMatch(/^created one-off export .*; Completed: 1 run/);
    expect(progress.some((line) => /^info: \[runtime\] bulk export "8a1f0c3e…→[0-9a-f]{8}…": Running: 1 run/.test(line))).toBe(true);
    expect(requests("POST")).toHaveLength(1);
    expect(await getBulkExport({ id: created.id })).toMatchObject({ id: created.id, status: "Completed", projectId: PROJECT, destinationId });
    expect((await getBulkExportRuns({ id: created.id })).map((run) => run.status)).toEqual(["Completed"]);

    // Delete of an export that has ended sends nothing but the GET: it is only dropped from the stack.
    emulator.control.clearRequestLog();
    await provider.delete!(created.id, created.outs);
    expect(requests("PATCH")).toHaveLength(0);
  });

  it("creates a scheduled export without waiting; a cancellation outside Pulumi shows as a replacement; delete cancels", async () => {
    const inputs = await scheduled();
    const created = await provider.create(inputs);
    expect(created.outs).toMatchObject({ status: "IntervalScheduled", intervalHours: 6 });
    const read = await provider.read!(created.id, created.outs);
    expect(read.props).toMatchObject({ status: "IntervalScheduled", startTime: "2026-11-01T00:00:00Z" });
    expect((await provider.diff!(created.id, read.props as Props, inputs)).changes).toBe(false);

    await bulkExportCalls.cancel(client, created.id);
    const afterCancel = await provider.read!(created.id, created.outs);
    expect(afterCancel.props).toMatchObject({ status: "Cancelled" });
    expect(await provider.diff!(created.id, afterCancel.props as Props, inputs)).toMatchObject({ changes: true, replaces: ["status"] });
    await provider.delete!(created.id, afterCancel.props as Props);
    expect(requests("PATCH")).toHaveLength(1); // the out-of-band cancel only

    const second = await provider.create(inputs);
    emulator.control.clearRequestLog();
    await provider.delete!(second.id, second.outs);
    expect(requests("PATCH").map((r) => r.status)).toEqual([200]);
    expect((await bulkExportCalls.get(client, second.id)).status).toBe("Cancelled");
  });

  it("a wait that runs out keeps the export in state; the next update resumes it", async () => {
    emulator.control.setTimings({ exportRunMs: 1_500 });
    try {
      const failure = await provider.create(await oneOff({ waitForCompletion: true, completionTimeoutSeconds: 0.2 })).then(
        () => undefined,
        (error: unknown) => error as { message: string; id: string; properties: Props },
      );
      expect(failure?.message).toMatch(/still Running after .*run pulumi up again to resume waiting/);
      expect(failure?.properties).toMatchObject({ status: "Running", __provider: "serialized-shim" });
      const news = await oneOff({ waitForCompletion: true });
      expect((await provider.diff!(failure!.id, failure!.properties, news)).changes).toBe(true);
      const resumed = await provider.update!(failure!.id, failure!.properties, news);
      expect(resumed.outs).toMatchObject({ status: "Completed" });
      expect(String(resumed.outs?.["lastOperation"])).toMatch(/^resumed waiting/);
      expect(requests("POST")).toHaveLength(1);
    } finally {
      emulator.control.setTimings({ exportRunMs: 200 });
    }
  });

  it("a destination that does not exist in the workspace fails the create with the service's answer", async () => {
    const inputs = await checked({ destinationId: "0b8f5a0e-7b1e-4c9a-9d55-5a3c2e1f0a02", projectId: PROJECT, startTime: "2026-10-01T00:00:00Z" });
    await expect(provider.create(inputs)).rejects.toThrow(/creating bulk export "8a1f0c3e…→0b8f5a0e…": 404/);
  });
});
