// A deployment the service accepted is never lost through the real CLI and
// the native plugin (issue 20, item 1): the GET right after the create's POST
// answers 401 (a key rotated mid-create), so `pulumi up` fails; the engine
// keeps the deployment in the stack with an initialization error, and the
// next `pulumi up` resumes it: one deployment, one POST, no 409, converged.
// Every other step after the POST is covered in-process by
// tests/integration/keptAfterCreate.test.ts.
import { installNativePlugin } from "../helpers/nativePlugin";
import { createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";
import { type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";
import { yamlGithubDeployment } from "../helpers/yamlPrograms";

const PROGRAM = `
resources:
  agent:
${yamlGithubDeployment("kept-agent")}outputs:
  revisionStatus: \${agent.latestRevisionStatus}
`;

describe("native provider: a deployment is kept when a request after its create fails", () => {
  let stack: EmulatorStack;
  let project: PulumiProject;

  beforeAll(async () => {
    stack = await startEmulatorStack();
    project = await createPulumiProject({ name: "native-kept", runtime: "yaml", program: PROGRAM, config: stack.config, env: stack.env });
    await installNativePlugin(project);
  }, 300_000);

  afterAll(async () => {
    project?.cleanup();
    await stack?.emulator.close();
  });

  const live = () => stack.emulator.control.dumpState().state.deployments.filter((d) => d.deleteRequestedAtMs === null);
  const posts = () => stack.emulator.control.requestLog().filter((r) => r.method === "POST" && r.path === "/v2/deployments");

  it("up fails after the POST, the stack keeps the deployment, the next up converges it without a second create", async () => {
    stack.emulator.control.injectFault({ method: "GET", path: "/v2/deployments/*", status: 401, body: { detail: "Invalid token" } });
    const failed = await project.up();
    expect(failed.code).not.toBe(0);
    expect(failed.output).toMatch(/reading deployment "kept-agent": 401 Unauthorized[\s\S]*exists and stays in the stack: run pulumi up again to resume/);
    expect(live()).toHaveLength(1);
    const id = live()[0]!.id;
    const kept = (await project.exportStack()).deployment.resources?.find((r) => r.type === "langsmith:index:Deployment");
    expect(kept?.id).toBe(id);

    const resumed = await project.up();
    expect({ code: resumed.code, tail: resumed.code === 0 ? "" : resumed.output.slice(-3000) }).toEqual({ code: 0, tail: "" });
    expect(resumed.output).not.toMatch(/409|already exists/);
    expect(live().map((d) => d.id)).toEqual([id]);
    expect(posts()).toHaveLength(1);
    const converged = (await project.exportStack()).deployment.resources?.find((r) => r.type === "langsmith:index:Deployment");
    expect(converged?.outputs?.["latestRevisionStatus"]).toBe("DEPLOYED");
    expect((await project.preview(["--expect-no-changes"])).code).toBe(0);

    expect((await project.destroy()).code).toBe(0);
    expect(live()).toHaveLength(0);
  });
});
