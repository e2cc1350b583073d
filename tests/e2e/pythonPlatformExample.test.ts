// The platform example in Python (examples/platform-python) run by the real
// CLI with the test-only Python language host, on the provider's wheel as
// the release script builds it, against the emulator with an
// organization-scoped key: up creates the workspace and everything in it;
// a clean preview; the API key's rotation previews as a replacement and a
// detailed update of the deployment, and applies with one new revision;
// refresh then a clean preview; the workspace, its role, its tag key and its
// secret imported into a second Python stack with `pulumi import --out`,
// whose generated Python then previews only the secret it cannot read; destroy.
// The OpenAI key (a secret config value) appears in no output, state or
// generated program.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID } from "../../packages/emulator/src";
import { type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";
import { installNativePlugin } from "../helpers/nativePlugin";
import { createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";
import { providerWheel } from "../helpers/pythonSdk";
import { outcome } from "../helpers/yamlProject";

const EXAMPLE = join(__dirname, "..", "..", "examples", "platform-python");
const OPENAI_CANARY = "canary-python-openai-7c51e0";

describe("examples/platform-python, through the real CLI", () => {
  let stack: EmulatorStack;
  const projects: PulumiProject[] = [];
  const outputs: string[] = [];

  beforeAll(async () => {
    stack = await startEmulatorStack();
  });

  afterAll(async () => {
    for (const project of projects) project.cleanup();
    await stack?.emulator.close();
  });

  async function pythonStack(name: string, program: string, stackConfigFile?: string): Promise<PulumiProject> {
    const project = await createPulumiProject({
      name: "langsmith-platform-python",
      runtime: "python",
      stack: name,
      program,
      pythonWheels: [providerWheel()],
      ...(stackConfigFile !== undefined ? { stackConfigFile } : {}),
      env: stack.env,
    });
    projects.push(project);
    await installNativePlugin(project);
    await project.setConfig("langsmith:apiUrl", stack.emulator.url);
    await project.setConfig("langsmith:controlPlaneUrl", stack.emulator.url);
    await project.setConfig("langsmith:workspaceId", DEFAULT_WORKSPACE_ID);
    await project.setConfig("langsmith:apiKey", { secret: DEFAULT_ORG_API_KEY });
    return project;
  }

  const objects = (kind: string) => stack.emulator.control.dumpState().state.objects[kind] ?? [];
  const seen = <T extends { output: string }>(result: T): T => {
    outputs.push(result.output);
    return result;
  };

  it("dev: up, a clean preview, the key's rotation (a detailed diff, one new revision), refresh, import with Python code generated, destroy", async () => {
    const project = await pythonStack("dev", readFileSync(join(EXAMPLE, "__main__.py"), "utf8"), join(EXAMPLE, "Pulumi.dev.yaml"));
    await project.setConfig("openaiApiKey", { secret: OPENAI_CANARY });
    const up = seen(await project.up());
    expect(outcome(up)).toEqual({ code: 0, tail: "" });
    expect(up.output).toMatch(/15 created/);
    const resources = (await project.exportStack()).deployment.resources ?? [];
    const idOf = (name: string): string => resources.find((r) => r.urn.endsWith(`::${name}`))?.id as string;
    const workspaceId = idOf("workspace");
    const deploymentId = idOf("agent");
    expect(stack.emulator.control.dumpState().state.deployments.find((d) => d.id === deploymentId)?.tenantId).toBe(workspaceId);
    expect(
      objects("orgInvites")
        .map((i) => i.wire["email"])
        .sort(),
    ).toEqual(["ana@example.com", "bo@example.com"]);
    expect(stack.emulator.control.workspaceSecret(workspaceId, "OPENAI_API_KEY")).toBe(OPENAI_CANARY);
    expect(objects("usageLimits").map((l) => l.wire["limit_type"])).toEqual(["monthly_traces"]);
    expect(outcome(seen(await project.preview(["--expect-no-changes"])))).toEqual({ code: 0, tail: "" });

    // Rotation: the new key first, the deployment's secret in one new revision, then the old key goes.
    const revisionsBefore = stack.emulator.control.dumpState().state.revisions.filter((r) => r.deploymentId === deploymentId).length;
    await project.runOk(["config", "set", "--stack", "dev", "agentKeyGeneration", "2"]);
    const preview = seen(await project.preview(["--diff"]));
    expect(outcome(preview)).toEqual({ code: 0, tail: "" });
    expect(preview.output).toMatch(/\+-\s*langsmith:index:ApiKey: \(replace\)/);
    expect(preview.output).toMatch(/~ description\s*: "agent dev \(generation 1\)" => "agent dev \(generation 2\)"/);
    expect(preview.output).toMatch(/~ langsmith:index:Deployment: \(update\)/);
    const rotated = seen(await project.up());
    expect(outcome(rotated)).toEqual({ code: 0, tail: "" });
    expect(rotated.output).toMatch(/1 updated/);
    expect(rotated.output).toMatch(/1 replaced/);
    const revisionsAfter = stack.emulator.control.dumpState().state.revisions.filter((r) => r.deploymentId === deploymentId).length;
    expect(revisionsAfter - revisionsBefore).toBe(1);

    expect(outcome(seen(await project.refresh()))).toEqual({ code: 0, tail: "" });
    expect(outcome(seen(await project.preview(["--expect-no-changes"])))).toEqual({ code: 0, tail: "" });

    // Import into a second Python stack; the CLI asks the Python host for the code.
    const importer = await pythonStack("adopted", "import pulumi\n");
    const plan = {
      resources: [
        { type: "langsmith:index:Workspace", name: "workspace", id: workspaceId },
        { type: "langsmith:index:Role", name: "operator", id: idOf("operator") },
        { type: "langsmith:index:TagKey", name: "env", id: `${workspaceId}/env` },
        { type: "langsmith:index:WorkspaceSecret", name: "openai", id: `${workspaceId}/OPENAI_API_KEY` },
      ],
    };
    const planFile = join(importer.dir, "import.json");
    writeFileSync(planFile, JSON.stringify(plan));
    const generatedFile = join(importer.dir, "generated.py");
    const imported = seen(
      await importer.run(["import", "--file", planFile, "--out", generatedFile, "--yes", "--non-interactive", "--stack", importer.stack, "--protect=false"]),
    );
    expect(outcome(imported)).toEqual({ code: 0, tail: "" });
    const generated = readFileSync(generatedFile, "utf8");
    outputs.push(generated);
    expect(generated).toMatch(/import pulumi_langsmith as langsmith/);
    expect(generated).toMatch(/workspace = langsmith\.Workspace\("workspace",\s*display_name="agents-dev"/);
    expect(generated).toMatch(/operator = langsmith\.Role\("operator",/);
    expect(generated).toMatch(/env = langsmith\.TagKey\("env",/);
    // The generated program runs as is once the secret it cannot read is given.
    // The secret's value is the one thing the generated program cannot know: an empty placeholder, given from config here.
    expect(generated).toMatch(/value="",/);
    importer.writeProgram(
      generated
        .replace("import pulumi_langsmith as langsmith\n", "import pulumi_langsmith as langsmith\n\nconfig = pulumi.Config()\n")
        .replace('value="",', 'value=config.require_secret("openaiApiKey"),'),
    );
    await importer.setConfig("openaiApiKey", { secret: OPENAI_CANARY });
    const afterImport = seen(await importer.preview(["--diff"]));
    expect(outcome(afterImport)).toEqual({ code: 0, tail: "" });
    expect(afterImport.output).toMatch(/1 to update/);
    expect(afterImport.output).toMatch(/\+ value\s*: \[secret\]/);
    expect(outcome(seen(await importer.up()))).toEqual({ code: 0, tail: "" });
    expect(outcome(seen(await importer.preview(["--expect-no-changes"])))).toEqual({ code: 0, tail: "" });
    await importer.runOk(["state", "delete", "--all", "--yes", "--stack", importer.stack]);

    const destroyed = seen(await project.destroy());
    expect(outcome(destroyed)).toEqual({ code: 0, tail: "" });
    expect(objects("workspaces").map((w) => w.id)).not.toContain(workspaceId);
    for (const kind of ["roles", "serviceAccounts", "apiKeys", "orgInvites", "workspaceSecrets", "tagKeys", "taggings", "usageLimits"])
      expect({ kind, left: objects(kind) }).toEqual({ kind, left: [] });

    for (const output of outputs) expect(output).not.toContain(OPENAI_CANARY);
    expect(project.rawStateFile()).not.toContain(OPENAI_CANARY);
    expect(importer.rawStateFile()).not.toContain(OPENAI_CANARY);
  });
});
