// The second documented way to install the native provider (docs/native.md,
// "Install"): the plugin archive unpacked into the project (`vendor/`) and
// named in Pulumi.yaml under `plugins.providers`, with no `pulumi plugin
// install` and nothing in the plugin cache. A YAML program goes through up,
// a no-change preview and destroy with the real CLI against the emulator.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";
import { pluginVersion, unpackNativePlugin } from "../helpers/nativePlugin";
import { createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";
import { toolPaths } from "../helpers/tools";
import { yamlGithubDeployment } from "../helpers/yamlPrograms";

function program(): string {
  return `plugins:
  providers:
    - name: langsmith
      version: ${pluginVersion()}
      path: ./vendor/langsmith
resources:
  agent:
${yamlGithubDeployment("vendored-agent")}outputs:
  revisionStatus: \${agent.latestRevisionStatus}
`;
}

describe("native provider from a plugin directory named in Pulumi.yaml", () => {
  let stack: EmulatorStack;
  let project: PulumiProject;

  beforeAll(async () => {
    if (toolPaths().yamlBinDir === undefined) throw new Error("the YAML language host is not recorded by the tools bootstrap: run npm run tools");
    stack = await startEmulatorStack();
    project = await createPulumiProject({ name: "native-vendored", runtime: "yaml", program: program(), config: stack.config, env: stack.env });
    unpackNativePlugin(project, join("vendor", "langsmith"));
  }, 300_000);

  afterAll(async () => {
    project?.cleanup();
    await stack?.emulator.close();
  });

  it("runs up, a no-change preview and destroy with the plugin started from the project's vendor directory", async () => {
    const up = await project.up();
    expect({ code: up.code, tail: up.code === 0 ? "" : up.output.slice(-3000) }).toEqual({ code: 0, tail: "" });
    // The plugin's progress reaches the resource's row: it is this plugin that served the create.
    expect(up.output).toMatch(/langsmith:index:Deployment agent creating \([\d.]+s\) deployment "vendored-agent": created with revision/);
    const outputs = JSON.parse((await project.runOk(["stack", "output", "--json", "--stack", project.stack])).stdout) as Record<string, unknown>;
    expect(outputs).toEqual({ revisionStatus: "DEPLOYED" });

    expect((await project.preview(["--expect-no-changes"])).code).toBe(0);
    expect((await project.destroy()).code).toBe(0);
    expect(stack.emulator.control.dumpState().state.deployments.filter((d) => d.deleteRequestedAtMs === null)).toEqual([]);

    // Nothing came from the plugin cache.
    const pluginCache = join(project.env["PULUMI_HOME"] as string, "plugins");
    const cached = existsSync(pluginCache) ? readdirSync(pluginCache).filter((name) => name.includes("langsmith")) : [];
    expect(cached).toEqual([]);
  });
});
