// SDKs of the native provider, generated from its schema with the Pulumi
// CLI's own code generators (scripts/gen-sdks.mjs): the Go SDK builds with
// `go build` against the tagged Go SDK, the Python SDK compiles, the Node.js
// SDK compiles with tsc; and a TypeScript program on the generated Node.js SDK
// drives the plugin through the real CLI: up, a preview whose detailed diff
// names the nested field, an invoke, destroy.
import { execFileSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";
import { generateSdks, installNativeNodeSdk, installNativePlugin } from "../helpers/nativePlugin";
import { createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";
import { toolPaths } from "../helpers/tools";
const SECRET_CANARY = "canary-native-sdk-31c9aa";

function program(repoRef: string): string {
  return `
import * as langsmith from "@pulumi-langsmith/native";
const agent = new langsmith.Deployment("agent", {
  name: "sdk-agent",
  source: "github",
  sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev" },
  sourceRevisionConfig: { repoRef: ${JSON.stringify(repoRef)}, graphConfigPath: "langgraph.json" },
  secrets: [{ name: "OPENAI_API_KEY", value: ${JSON.stringify(SECRET_CANARY)} }],
});
export const revisionStatus = agent.latestRevisionStatus;
export const found = langsmith.getDeploymentOutput({ id: agent.id }).apply((d) => ({ found: d.found, name: d.name }));
`;
}


describe("native provider SDKs generated from the schema", () => {
  let stack: EmulatorStack;
  let project: PulumiProject;
  let sdkDir: string;

  beforeAll(async () => {
    if (toolPaths().sdkgenBin === undefined) throw new Error("the SDK generator is not recorded by the tools bootstrap: run npm run tools");
    stack = await startEmulatorStack();
    project = await createPulumiProject({ name: "native-sdk", program: program("main"), config: stack.config, env: stack.env });
    await installNativePlugin(project);
    sdkDir = generateSdks(project);
  }, 300_000);

  afterAll(async () => {
    project?.cleanup();
    await stack?.emulator.close();
  });

  it("the Go SDK builds against the tagged Go SDK, the Python SDK compiles", () => {
    const goDir = join(sdkDir, "go");
    writeFileSync(join(goDir, "go.mod"), "module github.com/pulumi-langsmith/pulumi-langsmith/sdk/go\n\ngo 1.24\n\nrequire github.com/pulumi/pulumi/sdk/v3 v3.248.0\n");
    const goEnv = { ...process.env, PATH: `${process.env["PATH"] ?? ""}:/usr/local/go/bin`, GOFLAGS: "-mod=mod" };
    execFileSync("go", ["mod", "tidy"], { cwd: goDir, env: goEnv, stdio: "pipe" });
    execFileSync("go", ["build", "./..."], { cwd: goDir, env: goEnv, stdio: "pipe" });
    expect(existsSync(join(goDir, "langsmith", "deployment.go"))).toBe(true);

    execFileSync("python3", ["-m", "compileall", "-q", "pulumi_langsmith"], { cwd: join(sdkDir, "python"), stdio: "pipe" });
    expect(existsSync(join(sdkDir, "python", "pulumi_langsmith", "deployment.py"))).toBe(true);
  }, 600_000);

  it("a TypeScript program on the generated Node.js SDK: up, detailed diff of a nested field, invoke, destroy", async () => {
    installNativeNodeSdk(project, sdkDir);

    const up = await project.up();
    expect({ code: up.code, tail: up.code === 0 ? "" : up.output.slice(-3000) }).toEqual({ code: 0, tail: "" });
    expect(up.output).toMatch(/langsmith:index:Deployment \(agent\):\s+deployment "sdk-agent": created with revision/);
    const outputs = JSON.parse((await project.runOk(["stack", "output", "--json", "--stack", project.stack, "--show-secrets"])).stdout) as Record<string, unknown>;
    expect(outputs).toMatchObject({ revisionStatus: "DEPLOYED", found: { found: true, name: "sdk-agent" } });
    expect(project.rawStateFile()).not.toContain(SECRET_CANARY);

    project.writeProgram(program("v2"));
    const preview = await project.preview(["--diff"]);
    expect(preview.code).toBe(0);
    expect(preview.output).toMatch(/~ sourceRevisionConfig: \{\s+~ repoRef: "main" => "v2"/);

    const destroy = await project.destroy();
    expect(destroy.code).toBe(0);
    expect(stack.emulator.control.dumpState().state.deployments.filter((d) => d.deleteRequestedAtMs === null)).toHaveLength(0);
  });
});
