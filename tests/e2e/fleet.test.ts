// A team's estate on a shared backend under one organization's rate limit
// (issue 32), the small version CI runs (the bench's `fleet` section runs
// 10 stacks): 3 stacks of 30 objects each, their state in one S3 bucket
// (versitygw) with the backend's stack locks on, updated at once against an
// emulator allowing 20 API requests per second in all. Every update
// succeeds with nothing created twice and nothing lost; a second `pulumi
// up` of a stack already updating is refused by the lock and leaves the
// stack intact; an update killed mid-way is recovered as docs/reliability.md
// says; destroy leaves nothing.
import { liveIds, orphans, recordExchanges } from "../helpers/conformance/serviceState";
import { type Fleet, FLEET_STACK_OBJECTS, fleetProgram, runFleet, startFleet, STATE_BUCKET } from "../helpers/fleet";
import { findProgramProcesses, findProjectProcesses, killProcesses, spawnPulumi, waitUntil } from "../helpers/processControl";
import { outcome } from "../helpers/yamlProject";

const STACKS = 3;
const LIMIT_PER_SECOND = 20;

describe("a fleet of stacks on an S3 backend under one rate limit", () => {
  let fleet: Fleet;

  beforeAll(async () => {
    fleet = await startFleet(STACKS);
    fleet.emulator.emulator.control.setRateLimit(LIMIT_PER_SECOND);
  }, 300_000);

  afterAll(async () => {
    await fleet?.stop();
  });

  const stateIds = async () => {
    const exports = await Promise.all(fleet.stacks.map((stack) => stack.exportStack()));
    return exports.flatMap((exported) => (exported.deployment.resources ?? []).filter((r) => r.type.startsWith("langsmith:")));
  };

  it("updates every stack at once: each succeeds, nothing is created twice, nothing is lost", async () => {
    const { result: run, exchanges } = await recordExchanges(() => runFleet(fleet, (stack) => stack.up()));
    expect(run.results.map(outcome)).toEqual(fleet.stacks.map(() => ({ code: 0, tail: "" })));
    const held = await stateIds();
    expect(held.length).toBe(STACKS * FLEET_STACK_OBJECTS);
    const stateText = JSON.stringify(held);
    const ids = new Set(held.flatMap((resource) => (resource.id === undefined ? [] : [resource.id.toLowerCase()])));
    expect(orphans(exchanges, stateText, liveIds(fleet.emulator.emulator.control.dumpState()), ids)).toEqual([]);
    console.log(
      `fleet: ${STACKS} stacks x ${FLEET_STACK_OBJECTS} resources in ${(run.wallMs / 1000).toFixed(1)} s; ${run.requests} requests, ${run.rateLimited} answered 429 at ${LIMIT_PER_SECOND}/s`,
    );
    const previews = await Promise.all(fleet.stacks.map((stack) => stack.preview(["--expect-no-changes"])));
    expect(previews.map(outcome)).toEqual(fleet.stacks.map(() => ({ code: 0, tail: "" })));
  });

  it("refuses a second up of a stack already updating (the backend's lock), and the stack stays intact", async () => {
    const [stack] = fleet.stacks;
    if (stack === undefined) throw new Error("no stack");
    stack.writeProgram(fleetProgram(0).replace('"description":"traces of one agent"', '"description":"traces of one agent, reviewed"'));
    // The first PATCH of the update is held for a while, so the update is still running when the second starts.
    fleet.emulator.emulator.control.injectFault({ method: "PATCH", path: "/api/v1/sessions/*", delayMs: 20_000 });
    const first = stack.up();
    // The second starts once the first holds the lock.
    for (let tries = 0; (await fleet.s3.listObjects(STATE_BUCKET, ".pulumi/locks/")).length === 0; tries++) {
      if (tries > 600) throw new Error("the first update never took the stack's lock");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const second = await stack.up();
    expect(second.code).not.toBe(0);
    expect(second.output).toMatch(/locked/i);
    expect(outcome(await first)).toEqual({ code: 0, tail: "" });
    expect(outcome(await stack.preview(["--expect-no-changes"]))).toEqual({ code: 0, tail: "" });
    expect((await stack.exportStack()).deployment.resources?.filter((r) => r.type.startsWith("langsmith:")).length).toBe(FLEET_STACK_OBJECTS);
  });

  it("recovers an update killed mid-way as docs/reliability.md says: no object made twice, none lost", async () => {
    const stack = fleet.stacks[1];
    if (stack === undefined) throw new Error("no stack");
    const { emulator } = fleet.emulator;
    const added = [8, 9, 10].map((i) => `team-1-agent-${i}`);
    const extra = added
      .map((name, i) => `  project${8 + i}:\n    type: langsmith:index:Project\n    properties: ${JSON.stringify({ workspaceId: "${ws.id}", name })}\n`)
      .join("");
    stack.writeProgram(`${fleetProgram(1)}${extra}`);
    // The new projects' creates are held on the service, so the kill finds them in flight; the service then commits them.
    emulator.control.clearFaults();
    emulator.control.injectFault({ method: "POST", path: "/api/v1/sessions", delayMs: 3000, delayAfterBody: true, times: added.length });
    const running = spawnPulumi(stack, ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", stack.stack]);
    // Killed once the service holds all three requests (the fault is used up when the third arrives).
    expect(await waitUntil(() => emulator.control.listFaults().length === 0, 120_000)).toBe(true);
    running.signal("SIGKILL");
    await running.done;
    // 1. No provider process left: the killed CLI's plugin, language host and program.
    expect(await killProcesses([...findProjectProcesses(stack, "plugins/resource-langsmith"), ...findProgramProcesses(stack)])).toEqual([]);
    const projectsNamed = () =>
      Object.values(emulator.control.dumpState().state.objects)
        .flat()
        .filter((record) => added.includes(String(record.wire["name"])));
    // The service holds each request it received (its body read), then commits it although the client is gone.
    expect(await waitUntil(() => projectsNamed().length === added.length, 30_000)).toBe(true);
    const committed = projectsNamed().map((record) => String(record.wire["name"]));
    // 2. Release the stack's lock.
    expect(outcome(await stack.run(["cancel", "--yes", "--non-interactive", "--stack", stack.stack]))).toEqual({ code: 0, tail: "" });
    // 3. The next up creates what never reached the service and fails safely on what did (the names are taken),
    //    printing the import command of each.
    // --continue-on-error: every create is tried, so every taken name prints its import at once.
    const retry = await stack.up(["--continue-on-error"]);
    const imports = [...retry.output.matchAll(/pulumi import (langsmith:index:Project) (\S+) (\S+) --protect=false --generate-code=false/g)];
    const commands = new Map(imports.map((match) => [match[2] as string, [match[1], match[2], match[3]] as string[]]));
    expect({ code: retry.code === 0 ? 0 : 1, imports: [...commands.keys()].sort() }).toEqual({
      code: committed.length === 0 ? 0 : 1,
      imports: committed.map((name) => `project${Number(name.split("-").pop())}`).sort(),
    });
    for (const [type, name, id] of commands.values()) {
      expect(
        outcome(
          await stack.run([
            "import",
            type as string,
            name as string,
            id as string,
            "--protect=false",
            "--generate-code=false",
            "--yes",
            "--non-interactive",
            "--stack",
            stack.stack,
          ]),
        ),
      ).toEqual({ code: 0, tail: "" });
    }
    console.log(`fleet: killed with ${committed.length} of ${added.length} held creates committed; ${commands.size} imported`);
    // 4. The next up converges; each project exists once.
    expect(outcome(await stack.up())).toEqual({ code: 0, tail: "" });
    expect(outcome(await stack.preview(["--expect-no-changes"]))).toEqual({ code: 0, tail: "" });
    expect(
      projectsNamed()
        .map((record) => String(record.wire["name"]))
        .sort(),
    ).toEqual([...added].sort());
    expect((await stack.exportStack()).deployment.resources?.filter((r) => r.type.startsWith("langsmith:")).length).toBe(FLEET_STACK_OBJECTS + added.length);
  });

  it("destroys every stack at once, leaving nothing on the service", async () => {
    const held = await stateIds();
    const run = await runFleet(fleet, (stack) => stack.destroy());
    expect(run.results.map(outcome)).toEqual(fleet.stacks.map(() => ({ code: 0, tail: "" })));
    const live = liveIds(fleet.emulator.emulator.control.dumpState());
    // Retention settings cannot be deleted (destroy warns); everything else is gone.
    const left = held.filter(
      (resource) =>
        resource.type !== "langsmith:index:TtlSettings" &&
        resource.id !== undefined &&
        resource.id
          .toLowerCase()
          .split("/")
          .some((part) => live.has(part)),
    );
    expect(left.map((resource) => resource.urn)).toEqual([]);
  });
});
