// Interrupted `pulumi up` (issue 8): while a create waits and while an
// update waits for a revision, the CLI gets two SIGINTs, or a SIGKILL. The
// emulator's revision spends a long BUILDING step so the wait is in progress
// when the signal arrives; everything else uses fast timings. Afterwards the
// documented recovery (docs/reliability.md) converges: exactly one deployment
// and the expected revision on the server, no secret anywhere.
import { DEFAULT_API_KEY } from "../../packages/emulator/src";
import { type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";
import { findDynamicProviders, findProgramProcesses, isAlive, killProcesses, type RunningCommand, spawnPulumi, waitUntil } from "../helpers/processControl";
import { type CommandResult, createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";

const SECRET_CANARY = "canary-interrupt-secret-2c81f7";
/** Long enough for the signal and the recovery commands to happen while the revision builds. */
const LONG_BUILD_MS = 20_000;

const PROGRAM = `
import * as pulumi from "@pulumi/pulumi";
import { Deployment } from "pulumi-langsmith/dynamic";
const config = new pulumi.Config();
const agent = new Deployment("agent", {
  name: config.require("deploymentName"),
  source: "github",
  sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev" },
  sourceRevisionConfig: { repoRef: config.get("repoRef") ?? "main", graphConfigPath: "langgraph.json" },
  secrets: [{ name: "OPENAI_API_KEY", value: ${JSON.stringify(SECRET_CANARY)} }],
  adoptExistingId: config.get("adoptExistingId"),
});
export const deploymentId = agent.id;
export const revisionStatus = agent.latestRevisionStatus;
`;

describe("interrupted pulumi up, and the documented recovery", () => {
  let stack: EmulatorStack;
  const projects: PulumiProject[] = [];
  const outputs: string[] = [];
  const figures: string[] = [];

  beforeAll(async () => {
    stack = await startEmulatorStack();
  });

  afterAll(async () => {
    for (const project of projects) {
      // Never leave a provider process behind, whatever happened.
      await killProcesses(findDynamicProviders(project));
      project.cleanup();
    }
    await stack?.emulator.close();
    console.log(`interruptions survived:\n${figures.map((f) => `  ${f}`).join("\n")}`);
  });

  async function newProject(deploymentName: string): Promise<PulumiProject> {
    const project = await createPulumiProject({
      name: "interrupt",
      program: PROGRAM,
      config: { ...stack.config, "interrupt:deploymentName": deploymentName },
      env: stack.env,
    });
    projects.push(project);
    return project;
  }

  async function cli(result: Promise<CommandResult>): Promise<CommandResult> {
    const done = await result;
    outputs.push(done.output);
    return done;
  }

  const common = (project: PulumiProject) => ["--non-interactive", "--stack", project.stack];
  const deployments = (name: string) => stack.emulator.control.dumpState().state.deployments.filter((d) => d.name === name && d.deleteRequestedAtMs === null);
  const revisionsOf = (id: string) => stack.emulator.control.dumpState().revisions.filter((r) => r.deploymentId === id);

  /** Starts `pulumi up` and resolves once the provider is polling a revision of `name` that is BUILDING. */
  async function upUntilWaiting(project: PulumiProject, name: string, revisionsBefore: number): Promise<RunningCommand> {
    const running = spawnPulumi(project, ["up", "--yes", "--skip-preview", ...common(project)]);
    const waiting = await waitUntil(() => {
      const deployment = deployments(name)[0];
      if (!deployment) return false;
      const revisions = revisionsOf(deployment.id);
      const polled = stack.emulator.control.requestLog().filter((r) => r.path.startsWith(`/v2/deployments/${deployment.id}/revisions/`)).length;
      return revisions.length > revisionsBefore && revisions.some((r) => r.status === "BUILDING") && polled > 0;
    }, 90_000);
    if (!waiting) {
      running.signal("SIGKILL");
      throw new Error(`pulumi up never reached the wait:\n${(await running.done).output}`);
    }
    return running;
  }

  /** Orphaned provider processes: reports them, kills their process groups, and checks they are gone. */
  async function reapOrphans(project: PulumiProject, label: string): Promise<number> {
    const orphans = findDynamicProviders(project);
    if (orphans.length > 0) {
      // An orphan keeps polling the service: it is really still running.
      const before = stack.emulator.control.requestLog().length;
      await waitUntil(() => stack.emulator.control.requestLog().length > before, 2_000, 50);
      expect(await killProcesses(orphans)).toEqual([]);
      for (const orphan of orphans) expect(isAlive(orphan.pid)).toBe(false);
    }
    // The language host and program of a killed CLI are orphans too: stopped here, so none outlive the test.
    const programs = findProgramProcesses(project);
    expect(await killProcesses(programs)).toEqual([]);
    figures.push(`${label}: ${orphans.length} orphaned provider process(es) found and killed, ${programs.length} language host or program process(es) stopped`);
    return orphans.length;
  }

  function expectNoSecret(project: PulumiProject, texts: string[]): void {
    for (const text of [...texts, ...outputs, project.rawStateFile()]) {
      expect(text).not.toContain(SECRET_CANARY);
      expect(text).not.toContain(DEFAULT_API_KEY);
    }
  }

  it("create wait interrupted by two SIGINTs: clear the pending create, adopt, converge on one deployment", async () => {
    stack.emulator.control.setTimings({ stepDurationsMs: { BUILDING: LONG_BUILD_MS } });
    const name = "interrupted-create";
    const project = await newProject(name);
    const running = await upUntilWaiting(project, name, 0);
    running.signal("SIGINT");
    await waitUntil(() => /cancel|interrupt|signal/i.test(running.output()), 5_000);
    running.signal("SIGINT");
    const interrupted = await running.done;
    outputs.push(interrupted.output);
    expect(interrupted.code).not.toBe(0);
    stack.emulator.control.setTimings({ stepDurationsMs: { BUILDING: 20 } });
    await reapOrphans(project, "create wait, two SIGINTs");

    // The create was in flight: the state holds it only as a pending operation.
    const exported = await project.exportStack();
    outputs.push(JSON.stringify(exported));
    const pending = JSON.stringify(exported.deployment.pending_operations ?? []);
    const inState = (exported.deployment.resources ?? []).filter((r) => r.type.endsWith(":Deployment"));
    expect(deployments(name)).toHaveLength(1);
    const id = deployments(name)[0]!.id;

    // Recovery: clear the pending create (the deployment exists but the state does not know it), then adopt it.
    if (inState.length === 0) {
      expect(pending).toContain("creating");
      const refresh = await cli(project.run(["refresh", "--yes", "--skip-preview", "--clear-pending-creates", ...common(project)]));
      expect(refresh.code).toBe(0);
      const retry = await cli(project.up());
      expect(retry.code).not.toBe(0);
      expect(retry.output).toContain(`adoptExistingId: "${id}"`);
    }
    await project.setConfig("interrupt:adoptExistingId", id);
    const adopted = await cli(project.up());
    expect(adopted.code).toBe(0);
    const resource = (await project.exportStack()).deployment.resources?.find((r) => r.type.endsWith(":Deployment"));
    expect(resource?.id).toBe(id);
    expect(resource?.outputs?.["latestRevisionStatus"]).toBe("DEPLOYED");
    expect(deployments(name)).toHaveLength(1);
    expect(revisionsOf(id)).toHaveLength(1);
    expect(revisionsOf(id)[0]!.status).toBe("DEPLOYED");
    expect((await cli(project.preview(["--expect-no-changes"]))).code).toBe(0);
    figures.push(
      `create wait, two SIGINTs: exit ${interrupted.code}; recovered with refresh --clear-pending-creates + adoptExistingId; 1 deployment, 1 revision DEPLOYED`,
    );

    expect((await cli(project.destroy())).code).toBe(0);
    expect(deployments(name)).toHaveLength(0);
    expectNoSecret(project, []);
  });

  it("update wait killed with SIGKILL: cancel, reap the orphaned provider, refresh, converge on the same revision", async () => {
    const name = "interrupted-update";
    const project = await newProject(name);
    expect((await cli(project.up())).code).toBe(0);
    const id = deployments(name)[0]!.id;
    expect(revisionsOf(id)).toHaveLength(1);

    stack.emulator.control.setTimings({ stepDurationsMs: { BUILDING: LONG_BUILD_MS } });
    await project.setConfig("interrupt:repoRef", "v2");
    const running = await upUntilWaiting(project, name, 1);
    running.signal("SIGKILL");
    const killed = await running.done;
    outputs.push(killed.output);
    expect(killed.code).toBeNull();
    stack.emulator.control.setTimings({ stepDurationsMs: { BUILDING: 20 } });
    const orphans = await reapOrphans(project, "update wait, SIGKILL");
    expect(orphans).toBeGreaterThan(0);

    // `pulumi cancel` is for backends with a service-side update lock; record what a file backend says.
    const cancel = await cli(project.run(["cancel", "--yes", ...common(project)]));
    figures.push(`pulumi cancel --yes on a file backend: exit ${cancel.code} (${cancel.output.trim().split("\n").pop() ?? ""})`);

    const refresh = await cli(project.refresh());
    expect(refresh.code).toBe(0);
    const recovered = await cli(project.up());
    expect(recovered.code).toBe(0);
    expect(recovered.output).toMatch(/resumed waiting for revision/);
    const resource = (await project.exportStack()).deployment.resources?.find((r) => r.type.endsWith(":Deployment"));
    expect(resource?.outputs?.["latestRevisionStatus"]).toBe("DEPLOYED");
    expect((resource?.outputs?.["sourceRevisionConfig"] as Record<string, unknown> | undefined)?.["repoRef"]).toBe("v2");
    expect(deployments(name)).toHaveLength(1);
    // Exactly the revision the killed update made: no second PATCH.
    expect(revisionsOf(id)).toHaveLength(2);
    const newest = revisionsOf(id)[1]!;
    expect(newest.status).toBe("DEPLOYED");
    expect(resource?.outputs?.["latestRevisionId"]).toBe(newest.id);
    expect((await cli(project.preview(["--expect-no-changes"]))).code).toBe(0);
    figures.push(`update wait, SIGKILL: recovered with refresh + up; 1 deployment, 2 revisions (no duplicate), latest DEPLOYED`);

    expect((await cli(project.destroy())).code).toBe(0);
    expect(deployments(name)).toHaveLength(0);
    expectNoSecret(project, []);
  });
});
