// Bulk-export runs of the emulator, for real: seeded trace runs written as
// Parquet files into a versitygw bucket with the destination's credentials,
// read back with parquet-wasm, the Arrow Rust reader (independent of the writer), and compared
// with the seeded runs of each window; filters, export fields, compression,
// scheduled runs per interval, credential rotation during a run (the spec's
// rule 4), and the faults: access denied, a deleted bucket, a timed-out run,
// a cancellation during a run.
import { DeleteBucketCommand, PutBucketPolicyCommand } from "@aws-sdk/client-s3";
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, EXPORT_COLUMN_NAMES, type Emulator, type TraceRunInput } from "../../packages/emulator/src";
import { createClient, type LangSmithClient } from "../../provider/client";
import type { BulkExport, BulkExportRun } from "../../provider/client/contractTypes/bulkExports";
import { readParquetObjects } from "../helpers/parquetReader";
import { startVersitygw, type S3Credentials, type Versitygw } from "../helpers/versitygw";
import { bulkExportCalls } from "../../provider/exports/bulkExport/endpoints";
import { destinationCalls } from "../../provider/exports/destination/endpoints";

const PROJECT = "3c9d2e1f-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
const OTHER_PROJECT = "7e6d5c4b-3a29-4817-9605-f4e3d2c1b0a9";
const BUCKET = "traces";

/** Trace runs of PROJECT: six in October 2026, one just outside each end of the window. */
const SEEDED: TraceRunInput[] = [
  { id: "00000000-0000-4000-8000-000000000001", name: "before", startTime: "2026-09-30T23:59:59.999Z" },
  {
    id: "00000000-0000-4000-8000-000000000002",
    name: "agent",
    runType: "chain",
    startTime: "2026-10-01T00:00:00Z",
    inputs: { question: "hi" },
    outputs: { answer: "hello" },
    tags: ["prod"],
  },
  {
    id: "00000000-0000-4000-8000-000000000003",
    name: "ChatModel",
    runType: "llm",
    startTime: "2026-10-01T00:00:01Z",
    parentRunId: "00000000-0000-4000-8000-000000000002",
    traceId: "00000000-0000-4000-8000-000000000002",
    promptTokens: 12,
    completionTokens: 30,
    totalCost: 0.00042,
    tags: ["prod"],
  },
  {
    id: "00000000-0000-4000-8000-000000000004",
    name: "search",
    runType: "tool",
    startTime: "2026-10-02T10:00:00Z",
    error: "timeout calling search",
    tags: ["staging"],
  },
  {
    id: "00000000-0000-4000-8000-000000000005",
    name: "ChatModel",
    runType: "llm",
    startTime: "2026-10-15T12:30:00Z",
    promptTokens: 100,
    completionTokens: 5,
    tags: ["staging"],
  },
  { id: "00000000-0000-4000-8000-000000000006", name: "agent", runType: "chain", startTime: "2026-10-31T23:59:59Z", inputs: { question: "last" }, tags: [] },
  { id: "00000000-0000-4000-8000-000000000007", name: "after", startTime: "2026-11-01T00:00:00Z" },
];
const IN_OCTOBER = SEEDED.slice(1, 6).map((r) => r.id);

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe("emulator bulk-export runs write real Parquet files", () => {
  let gw: Versitygw;
  let emulator: Emulator;
  let client: LangSmithClient;

  beforeAll(async () => {
    gw = await startVersitygw();
    await gw.createBucket(BUCKET);
    emulator = await createEmulator({ control: true, exportRowsPerFile: 2, timings: { exportRunMs: 200, exportHourMs: 20 } });
    client = createClient({ apiUrl: `${emulator.url}/api/v1`, controlPlaneUrl: emulator.url, apiKey: DEFAULT_API_KEY, workspaceId: DEFAULT_WORKSPACE_ID });
    emulator.control.seedTraceRuns(PROJECT, SEEDED);
    emulator.control.seedTraceRuns(OTHER_PROJECT, [{ name: "elsewhere", startTime: "2026-10-05T00:00:00Z" }]);
  }, 60_000);

  afterAll(async () => {
    await emulator?.close();
    await gw?.stop();
  });

  async function destination(credentials: S3Credentials = gw.users.full, bucket = BUCKET): Promise<string> {
    const created = await destinationCalls.create(client, {
      destination_type: "s3",
      display_name: `d-${Math.random().toString(36).slice(2, 8)}`,
      config: { bucket_name: bucket, prefix: "langsmith/exports", endpoint_url: gw.endpoint, region: "us-east-1" },
      credentials: { access_key_id: credentials.accessKeyId, secret_access_key: credentials.secretAccessKey },
    });
    return created.id;
  }

  async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
      await sleep(50);
    }
  }

  const ended = (e: BulkExport) => ["Completed", "Failed", "TimedOut", "Cancelled"].includes(e.status);
  const finished = (id: string) => until(`export ${id} to end`, () => bulkExportCalls.get(client, id), ended);
  const runsOf = (id: string): Promise<BulkExportRun[]> => bulkExportCalls.runs(client, id);
  const filesOf = (runs: BulkExportRun[]) => runs.flatMap((r) => r.metadata.result?.exported_files ?? []);

  async function oneOff(destinationId: string, extra: Record<string, unknown> = {}): Promise<string> {
    const created = await bulkExportCalls.create(client, {
      bulk_export_destination_id: destinationId,
      session_id: PROJECT,
      start_time: "2026-10-01T00:00:00Z",
      end_time: "2026-11-01T00:00:00Z",
      ...extra,
    } as never);
    return created.id;
  }

  it("writes the window's runs (start inclusive, end exclusive) as gzip Parquet files under the destination prefix", async () => {
    const id = await oneOff(await destination());
    const done = await finished(id);
    expect(done.status).toBe("Completed");
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ status: "Completed", errors: null, metadata: { result: { rows_written: 5 } } });
    const files = filesOf([run as BulkExportRun]);
    expect(files).toHaveLength(3); // 5 rows, 2 per file
    for (const key of files) expect(key).toMatch(new RegExp(`^langsmith/exports/export_id=${id}/.+/part-0000[0-2]-${run?.id}\\.parquet$`));
    expect((await gw.listObjects(BUCKET, `langsmith/exports/export_id=${id}/`)).sort()).toEqual([...files].sort());

    const read = await readParquetObjects(gw.client(), BUCKET, files);
    expect(read.codecs).toEqual(["GZIP"]);
    expect(read.columns.map((c) => c.name)).toEqual([...EXPORT_COLUMN_NAMES]);
    expect(read.rows.map((r) => r["id"]).sort()).toEqual(IN_OCTOBER);
    const llm = read.rows.find((r) => r["id"] === "00000000-0000-4000-8000-000000000003");
    expect(llm).toMatchObject({
      name: "ChatModel",
      run_type: "llm",
      session_id: PROJECT,
      tenant_id: DEFAULT_WORKSPACE_ID,
      trace_id: "00000000-0000-4000-8000-000000000002",
      parent_run_id: "00000000-0000-4000-8000-000000000002",
      is_root: false,
      status: "success",
      prompt_tokens: "12",
      completion_tokens: "30",
      total_tokens: "42",
      total_cost: 0.00042,
      error: null,
    });
    expect(llm?.["start_time"]).toBe("2026-10-01T00:00:01.000Z");
    const agent = read.rows.find((r) => r["id"] === "00000000-0000-4000-8000-000000000002");
    expect(JSON.parse(String(agent?.["inputs"]))).toEqual({ question: "hi" });
    expect(JSON.parse(String(agent?.["outputs"]))).toEqual({ answer: "hello" });
    expect(JSON.parse(String(agent?.["tags"]))).toEqual(["prod"]);
    const failed = read.rows.find((r) => r["id"] === "00000000-0000-4000-8000-000000000004");
    expect(failed).toMatchObject({ status: "error", error: "timeout calling search" });
  });

  it("applies the supported filter subset and export_fields, and writes the compression asked for", async () => {
    const destinationId = await destination();
    const id = await oneOff(destinationId, {
      filter: 'and(eq(run_type, "llm"), or(has(tags, "prod"), gt(total_tokens, 100)))',
      export_fields: ["id", "name", "total_tokens"],
      compression: "snappy",
    });
    expect((await finished(id)).status).toBe("Completed");
    const read = await readParquetObjects(gw.client(), BUCKET, filesOf(await runsOf(id)));
    expect(read.columns.map((c) => c.name)).toEqual(["id", "name", "total_tokens"]);
    expect(read.codecs).toEqual(["SNAPPY"]);
    expect(read.rows).toEqual([
      { id: "00000000-0000-4000-8000-000000000003", name: "ChatModel", total_tokens: "42" },
      { id: "00000000-0000-4000-8000-000000000005", name: "ChatModel", total_tokens: "105" },
    ]);

    const plain = await oneOff(destinationId, { filter: "neq(error, null)", compression: "none" });
    expect((await finished(plain)).status).toBe("Completed");
    const errors = await readParquetObjects(gw.client(), BUCKET, filesOf(await runsOf(plain)));
    expect(errors.codecs).toEqual(["UNCOMPRESSED"]);
    expect(errors.rows.map((r) => r["id"])).toEqual(["00000000-0000-4000-8000-000000000004"]);
  });

  it("refuses an unsupported filter, an unknown export field and an interval beyond a week with a 422 naming the part", async () => {
    const destinationId = await destination();
    await expect(oneOff(destinationId, { filter: 'search("hello")' })).rejects.toMatchObject({ status: 422, message: expect.stringContaining("search(...)") });
    await expect(oneOff(destinationId, { filter: "eq(feedback_key, 1)" })).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining("feedback_key"),
    });
    await expect(oneOff(destinationId, { export_fields: ["id", "serialized"] })).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining("serialized"),
    });
    await expect(
      bulkExportCalls.create(client, {
        bulk_export_destination_id: destinationId,
        session_id: PROJECT,
        start_time: "2026-10-01T00:00:00Z",
        interval_hours: 169,
      } as never),
    ).rejects.toMatchObject({ status: 422, message: expect.stringContaining("between 1 and 168") });
  });

  it("runs a scheduled export once per interval, each run exporting the next window after start_time", async () => {
    const id = (
      await bulkExportCalls.create(client, {
        bulk_export_destination_id: await destination(),
        session_id: PROJECT,
        start_time: "2026-10-01T00:00:00Z",
        interval_hours: 24,
      } as never)
    ).id;
    const runs = await until(
      `two finished runs of ${id}`,
      () => runsOf(id),
      (rs) => rs.filter((r) => r.status === "Completed").length >= 2,
    );
    expect((await bulkExportCalls.get(client, id)).status).toBe("IntervalScheduled");
    const [first, second] = runs;
    expect(first?.metadata).toMatchObject({ start_time: "2026-10-01T00:00:00.000Z", end_time: "2026-10-02T00:00:00.000Z", result: { rows_written: 2 } });
    expect(second?.metadata).toMatchObject({ start_time: "2026-10-02T00:00:00.000Z", end_time: "2026-10-03T00:00:00.000Z", result: { rows_written: 1 } });
    const read = await readParquetObjects(gw.client(), BUCKET, filesOf([first as BulkExportRun]));
    expect(read.rows.map((r) => r["id"]).sort()).toEqual(["00000000-0000-4000-8000-000000000002", "00000000-0000-4000-8000-000000000003"]);

    await bulkExportCalls.cancel(client, id);
    await emulator.control.bulkExportIdle(id);
    const count = (await runsOf(id)).length;
    await sleep(1_500); // three intervals of 480 ms: no run may start after the cancellation
    expect((await runsOf(id)).length).toBe(count);
    expect((await bulkExportCalls.get(client, id)).status).toBe("Cancelled");
  });

  it("a run in flight during a rotation finishes with the old key pair; the next run uses the new one (rule 4)", async () => {
    await emulator.control.setTimings({ exportRunMs: 1_500, exportHourMs: 27 }); // 168 h: about 4.5 s between runs
    try {
      const destinationId = await destination(gw.users.full);
      const id = (
        await bulkExportCalls.create(client, {
          bulk_export_destination_id: destinationId,
          session_id: PROJECT,
          start_time: "2026-09-25T00:00:00Z",
          // Window 1 (Sep 25 - Oct 2): 3 rows, 2 files spread over 1.5 s; window 2 (Oct 2 - 9): 1 row.
          interval_hours: 168,
        } as never)
      ).id;
      // Rotate as soon as the first file is written and the run is still running.
      await until(
        "the first file",
        () => runsOf(id),
        (rs) => filesOf(rs).length >= 1,
      );
      await destinationCalls.patchCredentials(client, destinationId, {
        access_key_id: gw.users.noDelete.accessKeyId,
        secret_access_key: gw.users.noDelete.secretAccessKey,
      });
      const [inFlight] = await until(
        "the first run to end",
        () => runsOf(id),
        (rs) => rs[0]?.status !== "Running",
      );
      expect(inFlight).toMatchObject({ status: "Completed", metadata: { result: { rows_written: 3 } } });
      const second = await until(
        "the second run to end",
        () => runsOf(id),
        (rs) => rs.length >= 2 && rs[1]?.status !== "Running",
        30_000,
      );
      expect(second[1]).toMatchObject({ status: "Completed", metadata: { result: { rows_written: 1 } } });
      await bulkExportCalls.cancel(client, id);

      const record = emulator.control.bulkExport(id);
      expect(record?.runs.map((r) => r.accessKeyId).slice(0, 2)).toEqual([gw.users.full.accessKeyId, gw.users.noDelete.accessKeyId]);
      // What the S3 store itself saw: every PutObject of the first run signed with the old key.
      const writersOf = async (run: BulkExportRun | undefined) => {
        const keys = new Set(filesOf([run as BulkExportRun]));
        return (await gw.accessLog()).filter((e) => e.operation === "PutObject" && keys.has(e.key)).map((e) => e.requester);
      };
      expect(await writersOf(inFlight)).toEqual([gw.users.full.accessKeyId, gw.users.full.accessKeyId]);
      expect(await writersOf(second[1])).toEqual([gw.users.noDelete.accessKeyId]);
    } finally {
      await emulator.control.setTimings({ exportRunMs: 200, exportHourMs: 20 });
    }
  }, 60_000);

  it("fails a run whose credentials were revoked (AccessDenied) and one whose bucket is gone (NoSuchBucket)", async () => {
    await gw.createBucket("revoked");
    const revokedDestination = await destination(gw.users.full, "revoked");
    // Revoke: the bucket's policy no longer grants the destination's user anything.
    const readOnly = {
      Effect: "Allow",
      Principal: { AWS: [gw.users.readOnly.accessKeyId] },
      Action: ["s3:Get*", "s3:List*"],
      Resource: ["arn:aws:s3:::revoked", "arn:aws:s3:::revoked/*"],
    };
    await gw.client().send(new PutBucketPolicyCommand({ Bucket: "revoked", Policy: JSON.stringify({ Version: "2012-10-17", Statement: [readOnly] }) }));
    const denied = await oneOff(revokedDestination);
    expect(await finished(denied)).toMatchObject({ status: "Failed" });
    const [run] = await runsOf(denied);
    expect(run).toMatchObject({ status: "Failed", metadata: { result: { rows_written: 0, exported_files: [] } } });
    expect(String(run?.errors?.["error"])).toMatch(/AccessDenied/);

    await gw.createBucket("gone-soon");
    const destinationId = await destination(gw.users.full, "gone-soon");
    await gw.client().send(new DeleteBucketCommand({ Bucket: "gone-soon" }));
    const missing = await oneOff(destinationId);
    expect(await finished(missing)).toMatchObject({ status: "Failed" });
    expect(String((await runsOf(missing))[0]?.errors?.["error"])).toMatch(/NoSuchBucket/);
  });

  it("ends a run TimedOut when told to, and a cancellation during a run stops its writes", async () => {
    const destinationId = await destination();
    emulator.control.failNextExportRun(PROJECT, "TimedOut");
    const timedOut = await oneOff(destinationId);
    expect(await finished(timedOut)).toMatchObject({ status: "TimedOut" });
    expect((await runsOf(timedOut))[0]).toMatchObject({ status: "TimedOut", errors: { error: expect.stringContaining("maximum runtime") } });

    await emulator.control.setTimings({ exportRunMs: 3_000 });
    try {
      const cancelled = await oneOff(destinationId);
      await until(
        "the first file",
        () => runsOf(cancelled),
        (rs) => filesOf(rs).length >= 1,
      );
      await bulkExportCalls.cancel(client, cancelled);
      await emulator.control.bulkExportIdle(cancelled);
      expect(await bulkExportCalls.get(client, cancelled)).toMatchObject({ status: "Cancelled" });
      const [run] = await runsOf(cancelled);
      expect(run?.status).toBe("Cancelled");
      expect(filesOf([run as BulkExportRun]).length).toBeLessThan(3);
      expect(await gw.listObjects(BUCKET, `langsmith/exports/export_id=${cancelled}/`)).toHaveLength(filesOf([run as BulkExportRun]).length);
    } finally {
      await emulator.control.setTimings({ exportRunMs: 200 });
    }
  });
});
