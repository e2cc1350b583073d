// getBulkExports over a real emulator whose destinations write to a real S3
// store (versitygw): an export the service spawned from a scheduled export
// is listed with the scheduled export's id (`sourceBulkExportId`, a
// listed-only property), which the scheduled export itself has not.
import { DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID } from "../../packages/emulator/src";
import { ProviderSession } from "../../provider/engine/context/session";
import type { Properties } from "../../provider/engine/resource";
import { nativeFunction } from "../../provider/native/functions";
import { loadKind } from "../../provider/registry";
import { startExportStack, type ExportStack } from "../helpers/exportStack";

describe("getBulkExports against the emulator", () => {
  let stack: ExportStack;
  const session = new ProviderSession();
  const context = () => session.operation({ log: () => undefined });

  beforeAll(async () => {
    stack = await startExportStack("listed");
    const settings: Record<string, string> = {
      "langsmith:apiUrl": stack.emulator.url,
      "langsmith:apiKey": DEFAULT_API_KEY,
      "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
    };
    session.configure((key) => settings[key]);
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it("lists a spawned export with the scheduled export it came from", async () => {
    const project = loadKind("langsmith:index:Project");
    const bulkExport = loadKind("langsmith:index:BulkExport");
    if (project === undefined || bulkExport === undefined) throw new Error("no Project or BulkExport kind");
    const made = await project.create(context(), project.check({}, { name: "listed-exports" }).inputs);
    const checked = bulkExport.check({}, { destinationId: stack.destinationId, projectId: made.id, startTime: "2026-01-01T00:00:00Z", intervalHours: 6 });
    expect(checked.failures).toEqual([]);
    const scheduled = await bulkExport.create(context(), checked.inputs);
    const spawned = stack.emulator.control.spawnScheduledExport(scheduled.id);

    const fn = nativeFunction("langsmith:index:getBulkExports");
    if (fn === undefined) throw new Error("no getBulkExports");
    const call = context();
    const listed = ((await fn.run(await call.client(), {}, call))["bulkExports"] as Properties[]) ?? [];
    const byId = new Map(listed.map((object) => [object["id"], object]));
    const child = byId.get(spawned["id"]);
    expect(child).toEqual(expect.objectContaining({ sourceBulkExportId: scheduled.id, projectId: made.id }));
    // The first interval of the schedule: six hours from its start.
    expect([Date.parse(String(child?.["startTime"])), Date.parse(String(child?.["endTime"]))]).toEqual([
      Date.parse("2026-01-01T00:00:00Z"),
      Date.parse("2026-01-01T06:00:00Z"),
    ]);
    expect(byId.get(scheduled.id)).toEqual(expect.objectContaining({ intervalHours: 6 }));
    expect(byId.get(scheduled.id)).not.toHaveProperty("sourceBulkExportId");
    await stack.emulator.control.bulkExportIdle(String(spawned["id"]));
  }, 60_000);
});
