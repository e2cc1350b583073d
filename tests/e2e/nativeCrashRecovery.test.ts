// Recovery after a crash, with the native plugin (issue 20/21): `pulumi up`
// and the plugin are killed (SIGKILL) while a new deployment's first revision
// builds, so the state holds only a pending create. The next `pulumi up`
// fails safely (the name is taken: no duplicate) and its error names the
// commands of Pulumi's own recovery with the resource and id filled in
// (`pulumi import <type> <name> <id>`; or, before any other up,
// `pulumi refresh --import-pending-creates <urn> --import-pending-creates <id>`);
// after the import, `pulumi up` converges on the one deployment, with no
// second POST.
import { installNativePlugin } from "../helpers/nativePlugin";
import { findProgramProcesses, findProjectProcesses, killProcesses, spawnPulumi, waitUntil } from "../helpers/processControl";
import { createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";
import { type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";
import { yamlGithubDeployment } from "../helpers/yamlPrograms";

const PROGRAM = `
resources:
  agent:
${yamlGithubDeployment("crash-agent")}outputs:
  revisionStatus: \${agent.latestRevisionStatus}
`;

describe("native provider: recovery after pulumi up and the plugin are killed during a create", () => {
  let stack: EmulatorStack;
  let project: PulumiProject;

  beforeAll(async () => {
    stack = await startEmulatorStack();
    project = await createPulumiProject({ name: "native-crash", runtime: "yaml", program: PROGRAM, config: stack.config, env: stack.env });
    await installNativePlugin(project);
  }, 300_000);

  afterAll(async () => {
    if (project !== undefined) await killProcesses([...findProjectProcesses(project, "plugins/resource-langsmith"), ...findProgramProcesses(project)]);
    project?.cleanup();
    await stack?.emulator.close();
  });

  const live = () => stack.emulator.control.dumpState().state.deployments.filter((d) => d.name === "crash-agent" && d.deleteRequestedAtMs === null);
  const posts = () => stack.emulator.control.requestLog().filter((r) => r.method === "POST" && r.path === "/v2/deployments");

  it("the failed retry names the import commands with the URN and id; after pulumi import the next up converges on one deployment", async () => {
    // Long enough to kill the CLI mid-build; the resumed wait after the import sits out the rest of it.
    stack.emulator.control.setTimings({ stepDurationsMs: { BUILDING: 15_000 } });
    const running = spawnPulumi(project, ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", project.stack]);
    expect(await waitUntil(() => /revision \S+ BUILDING/.test(running.output()), 90_000)).toBe(true);
    running.signal("SIGKILL");
    await running.done;
    expect(await killProcesses(findProjectProcesses(project, "plugins/resource-langsmith"))).toEqual([]);
    // The killed CLI's language host and program are orphans too.
    expect(await killProcesses(findProgramProcesses(project))).toEqual([]);
    stack.emulator.control.setTimings({ stepDurationsMs: { BUILDING: 20 } });
    expect(live()).toHaveLength(1);
    const id = live()[0]!.id;
    const pending = JSON.stringify((await project.exportStack()).deployment.pending_operations ?? []);
    expect(pending).toContain("creating");
    const urn = /"urn":"([^"]+::agent)"/.exec(pending)?.[1] as string;
    expect(urn).toMatch(/langsmith:index:Deployment::agent$/);

    // The killed CLI left its lock: release it, as docs/reliability.md says.
    expect((await project.run(["cancel", "--yes", "--non-interactive", "--stack", project.stack])).code).toBe(0);
    const retry = await project.up();
    expect(retry.code).not.toBe(0);
    expect(live().map((d) => d.id)).toEqual([id]);
    const importCommand = `pulumi import langsmith:index:Deployment agent ${id} --protect=false --generate-code=false`;
    expect(retry.output).toContain(importCommand);
    expect(retry.output).toContain(`pulumi refresh --import-pending-creates '${urn}' --import-pending-creates ${id}`);

    // The retry cleared the pending create, so Pulumi's own import takes the deployment in, as the error says.
    const imported = await project.run([...importCommand.split(" ").slice(1), "--yes", "--non-interactive", "--stack", project.stack]);
    expect({ code: imported.code, tail: imported.code === 0 ? "" : imported.output.slice(-3000) }).toEqual({ code: 0, tail: "" });
    const converged = await project.up();
    expect({ code: converged.code, tail: converged.code === 0 ? "" : converged.output.slice(-3000) }).toEqual({ code: 0, tail: "" });
    expect(live().map((d) => d.id)).toEqual([id]);
    // One create committed; the retry's POST was refused (409) and made nothing.
    expect(posts().map((post) => post.status)).toEqual([201, 409]);
    const resource = (await project.exportStack()).deployment.resources?.find((r) => r.type === "langsmith:index:Deployment");
    expect(resource?.id).toBe(id);
    expect(resource?.outputs?.["latestRevisionStatus"]).toBe("DEPLOYED");
    expect((await project.preview(["--expect-no-changes"])).code).toBe(0);
    expect((await project.destroy()).code).toBe(0);
  });
});
