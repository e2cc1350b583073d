// BulkExport through the real Pulumi CLI: a destination, a one-off export
// that completes and a scheduled one; a window change previews as a
// replacement; an out-of-band cancellation is put back by the next up;
// destroy cancels the scheduled export and only forgets the completed one.
// And the spec's rotation rule 4, through `pulumi up`: a run in flight when
// the destination's credentials are rotated finishes with the old key pair,
// the next run writes with the new one (the S3 store's access log says who
// signed each PutObject).
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { createClient, type LangSmithClient } from "../../provider/client";
import { createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";
import { startVersitygw, type Versitygw } from "../helpers/versitygw";
import { bulkExportCalls } from "../../provider/exports/bulkExport/endpoints";

const PROJECT = "8a1f0c3e-2b4d-4e6f-9a8b-7c6d5e4f3a2b";
const TYPE = "pulumi-nodejs:dynamic/langsmith:BulkExport";

function rotationProgram(keys: { accessKeyId: string; secretAccessKey: string }): string {
  return `
import { BulkExport, BulkExportDestination } from "pulumi-langsmith/dynamic";
const destination = new BulkExportDestination("exports", ${JSON.stringify({ displayName: "e2e rotation", config: { bucketName: "e2e-rotation", prefix: "traces", region: "us-east-1" }, credentials: keys })});
const hourly = new BulkExport("hourly", { destinationId: destination.id, projectId: "${PROJECT}", startTime: "2026-10-01T00:00:00Z", intervalHours: 1 });
export const hourlyId = hourly.id;
`;
}

function program(keys: { accessKeyId: string; secretAccessKey: string }, backfillEnd: string): string {
  return `
import { BulkExport, BulkExportDestination } from "pulumi-langsmith/dynamic";
const destination = new BulkExportDestination("exports", ${JSON.stringify({ displayName: "e2e exports", config: { bucketName: "e2e-exports", prefix: "traces", region: "us-east-1" }, credentials: keys })});
const backfill = new BulkExport("backfill", {
  destinationId: destination.id,
  projectId: "${PROJECT}",
  startTime: "2026-10-01T00:00:00Z",
  endTime: "${backfillEnd}",
  waitForCompletion: true,
});
const scheduled = new BulkExport("every6h", { destinationId: destination.id, projectId: "${PROJECT}", startTime: "2026-11-01T00:00:00Z", intervalHours: 6 });
export const backfillStatus = backfill.status;
export const backfillRuns = backfill.runs;
export const scheduledId = scheduled.id;
export const scheduledStatus = scheduled.status;
`;
}

describe("BulkExport end to end", () => {
  let gw: Versitygw;
  let emulator: Emulator;
  let client: LangSmithClient;
  let project: PulumiProject | undefined;

  beforeAll(async () => {
    gw = await startVersitygw();
    await gw.createBucket("e2e-exports");
    emulator = await createEmulator({ control: true, s3EndpointOverride: gw.endpoint });
    client = createClient({ apiUrl: `${emulator.url}/api/v1`, controlPlaneUrl: emulator.url, apiKey: DEFAULT_API_KEY, workspaceId: DEFAULT_WORKSPACE_ID });
  }, 60_000);

  afterAll(async () => {
    project?.cleanup();
    await emulator?.close();
    await gw?.stop();
  });

  const exportsInState = async () => ((await project!.exportStack()).deployment.resources ?? []).filter((r) => r.type === TYPE);
  const exportRequests = (method: string) =>
    emulator.control.requestLog().filter((r) => r.method === method && /^\/api\/v1\/bulk-exports(\/[0-9a-f-]+)?$/.test(r.path));

  it("creates, previews a window change as a replacement, puts back a cancelled export, and destroy cancels what still runs", async () => {
    const keys = gw.users.full;
    project = await createPulumiProject({
      name: "bulk-export",
      program: program(keys, "2026-11-01T00:00:00Z"),
      config: { "langsmith:apiUrl": emulator.url, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID, "langsmith:apiKey": { secret: DEFAULT_API_KEY } },
      env: { LANGSMITH_POLL_MIN_INTERVAL_MS: "50", LANGSMITH_POLL_MAX_INTERVAL_MS: "200" },
    });

    const up = await project.up();
    expect(up.code).toBe(0);
    expect(up.output).toContain("4 created");
    expect(up.output).toMatch(/bulk export "8a1f0c3e…→[0-9a-f]{8}…": Completed: 1 run/);
    const created = await exportsInState();
    const byName = (name: string) => created.find((r) => r.urn.endsWith(`::${name}`));
    expect(byName("backfill")?.outputs).toMatchObject({ status: "Completed", runs: { count: 1, lastRunStatus: "Completed" }, stateVersion: 1 });
    expect(byName("every6h")?.outputs).toMatchObject({ status: "IntervalScheduled", intervalHours: 6 });
    expect((await project.preview(["--expect-no-changes"])).code).toBe(0);

    // A window change is a replacement, and the preview says so.
    project.writeProgram(program(keys, "2026-10-15T00:00:00Z"));
    const preview = await project.preview(["--diff"]);
    expect(preview.code).toBe(0);
    expect(preview.output).toContain("1 to replace");
    expect(preview.output).not.toMatch(/\d+ to update/);
    emulator.control.clearRequestLog();
    const replaced = await project.up();
    expect(replaced.code).toBe(0);
    expect(exportRequests("POST")).toHaveLength(1);
    expect(exportRequests("PATCH")).toHaveLength(0); // the old export had completed: nothing to cancel

    // Cancelled outside Pulumi: refresh records it, the next preview replaces it, up creates it again.
    const scheduledId = byName("every6h")?.id ?? "";
    await bulkExportCalls.cancel(client, scheduledId);
    expect((await project.refresh()).code).toBe(0);
    const drift = await project.preview(["--diff"]);
    expect(drift.output).toContain("1 to replace");
    expect((await project.up()).code).toBe(0);
    const newScheduled = (await exportsInState()).find((r) => r.urn.endsWith("::every6h"));
    expect(newScheduled?.id).not.toBe(scheduledId);
    expect(newScheduled?.outputs?.["status"]).toBe("IntervalScheduled");

    // Destroy: the scheduled export is cancelled; the completed one is only forgotten.
    emulator.control.clearRequestLog();
    const destroyed = await project.destroy();
    expect(destroyed.code).toBe(0);
    expect(await exportsInState()).toEqual([]);
    expect(exportRequests("PATCH").map((r) => r.path)).toEqual([`/api/v1/bulk-exports/${newScheduled?.id}`]);
    expect((await bulkExportCalls.get(client, newScheduled?.id ?? "")).status).toBe("Cancelled");
  });

  it("rotating credentials while a run is in flight: that run finishes with the old key pair, the next run uses the new one", async () => {
    // Runs of 20 s writing one file per row (4 rows: at 0, 5, 10 and 15 s); the next interval starts 25 s after creation.
    const slow = await createEmulator({
      control: true,
      s3EndpointOverride: gw.endpoint,
      exportRowsPerFile: 1,
      timings: { exportRunMs: 20_000, exportHourMs: 25_000 },
      traceRuns: [
        {
          sessionId: PROJECT,
          runs: [
            ...["00:05", "00:20", "00:35", "00:50"].map((at) => ({ name: "agent", startTime: `2026-10-01T${at}:00Z` })),
            { name: "agent", startTime: "2026-10-01T01:10:00Z" },
          ],
        },
      ],
    });
    await gw.createBucket("e2e-rotation");
    const rotation = await createPulumiProject({
      name: "bulk-export-rotation",
      program: rotationProgram(gw.users.full),
      config: { "langsmith:apiUrl": slow.url, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID, "langsmith:apiKey": { secret: DEFAULT_API_KEY } },
      env: { LANGSMITH_POLL_MIN_INTERVAL_MS: "50", LANGSMITH_POLL_MAX_INTERVAL_MS: "200" },
    });
    try {
      expect((await rotation.up()).code).toBe(0);
      const id = String(((await rotation.exportStack()).deployment.resources ?? []).find((r) => r.type === TYPE)?.id);

      rotation.writeProgram(rotationProgram(gw.users.noDelete));
      const rotated = await rotation.up();
      expect(rotated.code).toBe(0);
      expect(rotated.output).toContain("credentials rotated; export runs already running finish with the previous ones");
      const duringRotation = slow.control.bulkExport(id);
      expect(duringRotation?.runs).toHaveLength(1);
      expect(duringRotation?.runs[0]?.finishedAtMs).toBeNull(); // the rotation happened while the first run was writing

      await slow.control.bulkExportIdle(id);
      const deadline = Date.now() + 60_000;
      while ((slow.control.bulkExport(id)?.runs.filter((r) => r.status === "Completed").length ?? 0) < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const [first, second] = slow.control.bulkExport(id)?.runs ?? [];
      expect(first).toMatchObject({ status: "Completed", rowsWritten: 4, accessKeyId: gw.users.full.accessKeyId });
      expect(second).toMatchObject({ status: "Completed", rowsWritten: 1, accessKeyId: gw.users.noDelete.accessKeyId });
      const signer = new Map((await gw.accessLog()).filter((e) => e.operation === "PutObject").map((e) => [e.key, e.requester]));
      expect(first?.exportedFiles.map((key) => signer.get(key))).toEqual(Array(4).fill(gw.users.full.accessKeyId));
      expect(second?.exportedFiles.map((key) => signer.get(key))).toEqual([gw.users.noDelete.accessKeyId]);
      expect((await rotation.destroy()).code).toBe(0);
    } finally {
      rotation.cleanup();
      await slow.close();
    }
  }, 240_000);
});
