import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";
import { installNativePlugin } from "../helpers/nativePlugin";
import { createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";

// examples/pr-preview: the workflow's preview step, run against the
// quickstart program's dev stack with no LangSmith credentials. The API is an
// emulator only so we can prove that nothing called it.
const examples = join(__dirname, "..", "..", "examples");

describe("examples/pr-preview", () => {
  let stack: EmulatorStack;
  let project: PulumiProject;
  const workflow = readFileSync(join(examples, "pr-preview", "workflow.yml"), "utf8");

  beforeAll(async () => {
    stack = await startEmulatorStack();
    project = await createPulumiProject({
      name: "langsmith-quickstart",
      stack: "dev",
      program: readFileSync(join(examples, "quickstart", "index.ts"), "utf8"),
    });
    copyFileSync(join(examples, "quickstart", "Pulumi.dev.yaml"), join(project.dir, "Pulumi.dev.yaml"));
    await installNativePlugin(project);
    // What a repository's dev stack holds (encrypted): the secret values, and where the API is.
    await project.setConfig("openaiApiKey", { secret: "sk-preview-canary-4471" });
    await project.runOk(["config", "set", "--stack", "dev", "--secret", "--path", "exportCredentials.accessKeyId", "AKIAPREVIEW"]);
    await project.runOk(["config", "set", "--stack", "dev", "--secret", "--path", "exportCredentials.secretAccessKey", "preview-secret-canary-9921"]);
    await project.setConfig("langsmith:controlPlaneUrl", stack.emulator.url);
    await project.setConfig("langsmith:apiUrl", stack.emulator.url);
  });

  afterAll(async () => {
    project?.cleanup();
    await stack?.emulator.close();
  });

  it("previews the quickstart's new resources with no credentials and no API call", async () => {
    // The workflow has no plugin step: the engine installs the plugin (tests/e2e/pluginAcquisition.test.ts);
    // here, offline, the test installed this version from its archive, as an air-gapped runner would.
    expect(workflow).not.toMatch(/^\s*- run: pulumi plugin install/m);
    expect(workflow).toMatch(/^\s*- run: npm ci$/m);
    const command = /run: (pulumi preview [^\n$]*)/.exec(workflow)?.[1];
    expect(command).toBe("pulumi preview --diff --non-interactive --stack ");
    stack.emulator.control.clearRequestLog();
    const preview = await project.run(["preview", "--diff", "--non-interactive", "--stack", "dev"]);
    expect(preview.code).toBe(0);
    expect(preview.output).toContain("3 to create");
    expect(preview.output).toMatch(/\+ langsmith:index:Deployment: \(create\)/);
    expect(preview.output).toMatch(/\+ langsmith:index:BulkExportDestination: \(create\)/);
    expect(stack.emulator.control.requestLog()).toEqual([]);
    for (const canary of ["sk-preview-canary-4471", "preview-secret-canary-9921"]) expect(preview.output).not.toContain(canary);
  });
});
