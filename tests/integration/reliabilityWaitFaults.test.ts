// Reliability under faults (issue 8), the faults of long-running operations:
// a revision that fails, a wait past its deadline, the emulator restarted
// during a wait, and a delete stuck past its deadline. Each is injected by
// the emulator and met by the provider (called in-process, as
// tests/integration/deploymentProvider.test.ts does).
// Each test states the outcome, counts the requests in the emulator's request
// log and checks what exists on the server afterwards. The figures are printed
// once at the end for docs/reliability.md.
//
// Already covered elsewhere and not repeated here: each FAILED status kept
// and re-submitted, a wait timeout resumed, adoption and the name-taken error
// (tests/integration/deploymentProvider.test.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmulator, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { WaitTimeoutError } from "../../provider/client";
import { provider } from "../../provider/dynamic/deployment";
import { configureWith, faultFigures, faultSteps, inputs, rejection, startFaultEmulator } from "../helpers/faultSteps";

describe("reliability: injected faults", () => {
  let emulator: Emulator;
  const saved = { ...process.env };
  const { pointAt, log, live, revisionsOf } = faultSteps(() => emulator);
  const { record, keep, report } = faultFigures();

  beforeAll(async () => {
    emulator = await startFaultEmulator();
  });

  beforeEach(() => {
    pointAt(emulator);
    emulator.control.clearFaults();
    emulator.control.clearRequestLog();
  });

  afterAll(async () => {
    process.env = saved;
    await configureWith({});
    await emulator?.close();
    report("reliability faults, waits");
  });

  it.each(["CREATE_FAILED", "BUILD_FAILED", "DEPLOY_FAILED"] as const)("a revision ending in %s: kept in state with a clear error", async (status) => {
    const name = `fails-${status.toLowerCase().replace("_", "-")}`;
    emulator.control.failNextRevision({ deploymentName: name }, { status });
    const error = await rejection(provider.create(inputs(name)));
    const message = keep(error);
    expect(message).toContain(`deployment "${name}"`);
    expect(message).toContain(status);
    expect(error).toMatchObject({ id: live(name)[0]!.id, properties: { latestRevisionStatus: status } });
    expect(log().filter((r) => r.method === "POST")).toHaveLength(1);
    record({
      fault: `revision ${status}`,
      outcome: "clear error; resource kept (init error)",
      requests: log().length,
      after: "1 deployment, 1 failed revision",
    });
    await provider.delete!(live(name)[0]!.id, { name, tenantId: DEFAULT_WORKSPACE_ID });
  });

  it("a wait that hits its deadline: kept in state, says how to resume", async () => {
    emulator.control.setTimings({ stepDurationsMs: { BUILDING: 2_000 } });
    try {
      const error = await rejection(provider.create(inputs("deadline", { deployTimeoutSeconds: 0.3 })));
      expect(keep(error)).toMatch(/deployment "deadline": revision \S+ is still \w+ after 0 s .*run pulumi up again to resume/);
      expect(live("deadline")).toHaveLength(1);
      record({
        fault: "wait past its deadline",
        outcome: "clear error; resource kept, resumable",
        requests: log().length,
        after: "1 deployment, 1 revision in progress",
      });
      await provider.delete!(live("deadline")[0]!.id, { name: "deadline", tenantId: DEFAULT_WORKSPACE_ID });
    } finally {
      emulator.control.setTimings({ stepDurationsMs: { BUILDING: 20 } });
    }
  });

  it("the emulator restarted (with --data-dir) in the middle of a wait: the wait rides through and converges", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "reliability-restart-"));
    let first: Emulator | undefined = await createEmulator({ dataDir, control: true, timings: { stepDurationsMs: { BUILDING: 1_500 } } });
    let second: Emulator | undefined;
    try {
      const port = first.port;
      pointAt(first);
      const pending = provider.create(inputs("restarted"));
      // Restart once the wait is polling the revision (bounded: 10 s).
      for (let i = 0; i < 200 && !log(first).some((r) => r.path.includes("/revisions/")); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      const before = log(first).length;
      await first.close();
      first = undefined;
      await new Promise((resolve) => setTimeout(resolve, 300));
      second = await createEmulator({ dataDir, port, control: true });
      const created = await pending;
      expect(created.outs).toMatchObject({ latestRevisionStatus: "DEPLOYED" });
      expect(live("restarted", second)).toHaveLength(1);
      expect(revisionsOf(created.id, second)).toHaveLength(1);
      record({
        fault: "emulator restarted mid-wait (--data-dir)",
        outcome: "converged",
        requests: before + log(second).length,
        after: "1 deployment, 1 revision DEPLOYED",
      });
      await provider.delete!(created.id, created.outs);
    } finally {
      await first?.close();
      await second?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("a delete stuck in AWAITING_DELETE past its deadline: clear error, and the next delete finishes it", async () => {
    const created = await provider.create(inputs("stuck-delete"));
    emulator.control.setTimings({ deleteDurationMs: 1_500 });
    try {
      emulator.control.clearRequestLog();
      const error = await rejection(provider.delete!(created.id, { ...created.outs, deleteTimeoutSeconds: 0.3 }));
      expect(error).toBeInstanceOf(WaitTimeoutError);
      expect(keep(error)).toMatch(/deployment "stuck-delete" to be deleted: still present \(AWAITING_DELETE\)/);
      const requests = log().length;
      await provider.delete!(created.id, created.outs);
      expect(emulator.control.dumpState().state.deployments.filter((d) => d.id === created.id && d.deleteRequestedAtMs === null)).toHaveLength(0);
      record({ fault: "delete stuck in AWAITING_DELETE", outcome: "clear error; the retried delete finished", requests, after: "0 deployments" });
    } finally {
      emulator.control.setTimings({ deleteDurationMs: 50 });
    }
  });
});
