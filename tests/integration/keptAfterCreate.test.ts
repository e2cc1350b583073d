// Once the service has answered a create with an id, the resource is never
// lost (issue 20, item 1): a fault injected at each request that follows the
// POST (the GET after it, every poll of the wait, the final GET) makes create
// reject with a partial failure carrying the id and outputs, never a plain
// error; the update the engine then runs on the next `pulumi up` converges it
// with no second POST, so the service holds exactly one object.
//
// The steps are those of a fault-free create recorded first; each case arms
// a 401 (what a rotated key answers; not retried) on the n-th request of the
// same method and path shape. tests/e2e/nativeKeptAfterCreate.test.ts does
// the same through the real CLI for the first step of each resource.
import type { Emulator, RequestLogEntry } from "../../packages/emulator/src";
import { provider as bulkExportProvider } from "../../provider/dynamic/bulkExport";
import { provider as deploymentProvider } from "../../provider/dynamic/deployment";
import { configureWith } from "../helpers/providerConfig";
import { isPartialFailure, type PartialFailure } from "../../provider/engine/state/partialFailure";
import { emulatorEnv } from "../helpers/emulatorStack";
import { type ExportStack, startExportStack } from "../helpers/exportStack";

type Props = Record<string, unknown>;
const PROJECT = "8a1f0c3e-2b4d-4e6f-9a8b-7c6d5e4f3a2b";
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** One request after the create, as a fault can target it: method, path shape, and how many of the same came before. */
interface Step {
  method: string;
  pattern: string;
  skip: number;
}

/** The emulator's fault glob: `*` matches any characters, slashes included. */
function globMatches(glob: string, path: string): boolean {
  return new RegExp(
    `^${glob
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  ).test(path);
}

/** The requests that followed the first POST to `createPath`, as fault targets (skip: earlier requests the same glob matches). */
function stepsAfterCreate(log: readonly RequestLogEntry[], createPath: string): Step[] {
  const start = log.findIndex((entry) => entry.method === "POST" && entry.path === createPath);
  const after = log.slice(start + 1);
  return after.map((entry, index) => {
    const pattern = entry.path.replace(UUID, "*");
    const skip = after.slice(0, index).filter((earlier) => earlier.method === entry.method && globMatches(pattern, earlier.path)).length;
    return { method: entry.method, pattern, skip };
  });
}

/** Resolves with the create's result, or with the partial failure it rejected with; any other rejection fails the test. */
async function createOrKept(create: Promise<{ id: string; outs?: Props }>): Promise<{ kept?: PartialFailure; id: string; outs: Props }> {
  try {
    const created = await create;
    return { id: created.id, outs: created.outs ?? {} };
  } catch (error) {
    if (!isPartialFailure(error))
      throw new Error(`create rejected with a plain error (the resource would be lost): ${error instanceof Error ? error.message : String(error)}`);
    return { kept: error, id: error.id, outs: error.properties };
  }
}

describe("a created resource is kept whatever fails after the create", () => {
  let exportStack: ExportStack;
  let emulator: Emulator;
  let destinationId: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    exportStack = await startExportStack("kept");
    ({ emulator, destinationId } = exportStack);
    Object.assign(process.env, emulatorEnv({ emulator, config: {}, env: { LANGSMITH_POLL_MIN_INTERVAL_MS: "50", LANGSMITH_POLL_MAX_INTERVAL_MS: "200" } }));
    configureWith();
  }, 120_000);

  afterAll(async () => {
    jest.restoreAllMocks();
    process.env = saved;
    await exportStack?.stop();
  });

  it("Deployment: a fault at each request after the POST keeps the deployment; the next update converges it with no second POST", async () => {
    const inputs = (name: string): Props => ({
      name,
      source: "github",
      sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev" },
      sourceRevisionConfig: { repoRef: "main", graphConfigPath: "langgraph.json" },
      __provider: "serialized-shim",
    });
    // A build long enough for a few polls of the wait.
    emulator.control.setTimings({ stepDurationsMs: { BUILDING: 400 } });
    emulator.control.clearRequestLog();
    const baseline = await deploymentProvider.create(inputs("kept-baseline"));
    const steps = stepsAfterCreate(emulator.control.requestLog(), "/v2/deployments");
    expect(steps.length).toBeGreaterThanOrEqual(3); // the GET after the POST, at least one poll, the GET after the wait
    await deploymentProvider.delete!(baseline.id, baseline.outs);

    let kept = 0;
    for (const [index, step] of steps.entries()) {
      const name = `kept-${index}`;
      emulator.control.clearRequestLog();
      emulator.control.injectFault({ method: step.method, path: step.pattern, skip: step.skip, status: 401, body: { detail: "Invalid token" } });
      const first = await createOrKept(deploymentProvider.create(inputs(name)));
      emulator.control.clearFaults();
      if (first.kept !== undefined) {
        kept += 1;
        expect(first.kept.properties["__provider"]).toBe("serialized-shim");
        expect(first.kept.message).toMatch(/401|Invalid token|authentication/i);
        // The engine's next up: an update of the kept resource with the same inputs.
        const resumed = await deploymentProvider.update!(first.id, first.outs, inputs(name));
        expect(resumed.outs).toMatchObject({ latestRevisionStatus: "DEPLOYED" });
      } else {
        expect(first.outs).toMatchObject({ latestRevisionStatus: "DEPLOYED" });
      }
      const live = emulator.control.dumpState().state.deployments.filter((d) => d.name === name && d.deleteRequestedAtMs === null);
      expect(live.map((d) => d.id)).toEqual([first.id]);
      expect(emulator.control.requestLog().filter((r) => r.method === "POST" && r.path === "/v2/deployments")).toHaveLength(1);
      await deploymentProvider.delete!(first.id, first.outs);
    }
    // The GET right after the POST and the GET after the wait always happen: both faults must have been met.
    expect(kept).toBeGreaterThanOrEqual(2);
  });

  it("BulkExport: a fault at each request after the POST keeps the export; the next update converges it with no second export", async () => {
    const inputs = (): Props => ({
      destinationId,
      projectId: PROJECT,
      startTime: "2026-10-01T00:00:00Z",
      endTime: "2026-11-01T00:00:00Z",
      waitForCompletion: true,
      __provider: "serialized-shim",
    });
    const exports = () => emulator.control.dumpState().state.bulkExports;
    emulator.control.clearRequestLog();
    await bulkExportProvider.create(inputs());
    const steps = stepsAfterCreate(emulator.control.requestLog(), "/api/v1/bulk-exports").filter((step) => !step.pattern.includes("/destinations"));
    expect(steps.length).toBeGreaterThanOrEqual(2); // the runs poll and the status poll

    let kept = 0;
    for (const step of steps) {
      const before = exports().length;
      emulator.control.clearRequestLog();
      emulator.control.injectFault({ method: step.method, path: step.pattern, skip: step.skip, status: 401, body: { detail: "Invalid token" } });
      const first = await createOrKept(bulkExportProvider.create(inputs()));
      emulator.control.clearFaults();
      if (first.kept !== undefined) {
        kept += 1;
        expect(first.kept.properties["__provider"]).toBe("serialized-shim");
        const resumed = await bulkExportProvider.update!(first.id, first.outs, inputs());
        expect(resumed.outs).toMatchObject({ status: "Completed" });
      }
      expect(exports().length).toBe(before + 1);
      expect(emulator.control.requestLog().filter((r) => r.method === "POST" && r.path === "/api/v1/bulk-exports")).toHaveLength(1);
    }
    expect(kept).toBeGreaterThanOrEqual(1);
  });
});
