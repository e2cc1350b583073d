// The agent-from-source examples (examples/agent-from-source, TypeScript, and
// examples/agent-from-source-python, on the provider's wheel) run by the real
// CLI with their own stack file on the native provider, against one
// emulator: up ships the example's agent/ directory (its .gitignore and the
// always-excluded directories honoured) as the first revision, with the
// plain variable and the secret from stack config; a second preview has no
// changes and makes no request; one edited file of the agent is one upload
// and exactly one new revision, which lastOperation names as a source change;
// destroy. The secret (a secret config value) is in no output or state file.
import { execFileSync } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";
import { installNativePlugin } from "../helpers/nativePlugin";
import { type CommandResult, createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";
import { providerWheel } from "../helpers/pythonSdk";
import { outcome } from "../helpers/yamlProject";

const EXAMPLES = join(__dirname, "..", "..", "examples");
const OPENAI_CANARY = "canary-agent-source-openai-3b9e41";
/** The files of the examples' agent/ the provider packs: what its .gitignore and the always-excluded directories leave. */
const SHIPPED_FILES = [".gitignore", "agent.py", "langgraph.json", "requirements.txt"];

describe("examples/agent-from-source and examples/agent-from-source-python, through the real CLI", () => {
  let stack: EmulatorStack;
  const projects: PulumiProject[] = [];

  beforeAll(async () => {
    stack = await startEmulatorStack();
  });

  afterAll(async () => {
    for (const project of projects) project.cleanup();
    await stack?.emulator.close();
  });

  /** The example's program, stack file and agent/ in a new project (dev stack) pointed at the emulator. */
  async function exampleStack(example: "agent-from-source" | "agent-from-source-python"): Promise<PulumiProject> {
    const dir = join(EXAMPLES, example);
    const python = example.endsWith("-python");
    const project = await createPulumiProject({
      name: `langsmith-${example}`,
      stack: "dev",
      stackConfigFile: join(dir, "Pulumi.dev.yaml"),
      env: stack.env,
      ...(python
        ? { runtime: "python" as const, program: readFileSync(join(dir, "__main__.py"), "utf8"), pythonWheels: [providerWheel()] }
        : { program: readFileSync(join(dir, "index.ts"), "utf8") }),
    });
    projects.push(project);
    if (!python) writeFileSync(join(project.dir, "tsconfig.json"), readFileSync(join(dir, "tsconfig.json")));
    cpSync(join(dir, "agent"), join(project.dir, "agent"), { recursive: true });
    // What a developer's directory also holds, and the archive must not: the .gitignore's names and Python's cache.
    writeFileSync(join(project.dir, "agent", ".env"), `OPENAI_API_KEY=${OPENAI_CANARY}\n`);
    writeFileSync(join(project.dir, "agent", "server.log"), "a local run's log\n");
    mkdirSync(join(project.dir, "agent", "__pycache__"));
    writeFileSync(join(project.dir, "agent", "__pycache__", "agent.cpython-312.pyc"), "bytecode");
    await installNativePlugin(project);
    for (const [key, value] of Object.entries(stack.config)) await project.setConfig(key, value);
    await project.setConfig("openaiApiKey", { secret: OPENAI_CANARY });
    return project;
  }

  /** The requests since the log was last cleared, as `METHOD path` with ids and the upload's path elided. */
  const requests = (): string[] =>
    stack.emulator.control
      .requestLog()
      .map((entry) => `${entry.method} ${entry.path.replace(/[0-9a-f-]{36}/g, ":id").replace(/\/source-uploads\/.*/, "/source-uploads/…")}`);
  /** The requests that change something: no reads, no build-log pages. */
  const writes = (): string[] => requests().filter((line) => !line.startsWith("GET") && !line.endsWith("_logs"));
  const revisionsOf = (deploymentId: string): number =>
    stack.emulator.control.dumpState().state.revisions.filter((revision) => revision.deploymentId === deploymentId).length;
  const outputsOf = async (project: PulumiProject): Promise<Record<string, unknown>> =>
    JSON.parse((await project.runOk(["stack", "output", "--json", "--show-secrets", "--stack", project.stack])).stdout) as Record<string, unknown>;
  /** The files of the archive the service holds for the deployment's last shipped source. */
  const archivedFiles = async (project: PulumiProject): Promise<string[]> => {
    const resources = (await project.exportStack()).deployment.resources ?? [];
    const objectPath = resources.find((r) => r.type === "langsmith:index:Deployment")?.outputs?.["sourceObjectPath"];
    const file = typeof objectPath === "string" ? stack.emulator.control.sourceArchiveFile(objectPath) : undefined;
    if (file === undefined) throw new Error(`the emulator holds no archive at ${String(objectPath)}`);
    return execFileSync("tar", ["tzf", file], { encoding: "utf8" }).trim().split("\n").sort();
  };

  async function shipEditShipDestroy(project: PulumiProject): Promise<void> {
    const seen: CommandResult[] = [];
    const run = async (result: Promise<CommandResult>): Promise<CommandResult> => {
      seen.push(await result);
      return seen[seen.length - 1] as CommandResult;
    };

    stack.emulator.control.clearRequestLog();
    const up = await run(project.up());
    expect(outcome(up)).toEqual({ code: 0, tail: "" });
    expect(writes()).toEqual(["POST /v2/deployments", "POST /v2/deployments/:id/upload-url", "PUT /source-uploads/…", "PATCH /v2/deployments/:id"]);
    const first = await outputsOf(project);
    expect(first).toMatchObject({ revisionStatus: "DEPLOYED", contentHash: expect.stringMatching(/^langsmith-source-v1:[0-9a-f]{64}$/) });
    const deploymentId = first["deploymentId"] as string;
    expect(revisionsOf(deploymentId)).toBe(1);
    expect(await archivedFiles(project)).toEqual(SHIPPED_FILES);
    const deployment = stack.emulator.control.dumpState().state.deployments.find((d) => d.id === deploymentId);
    expect(deployment?.source).toBe("internal_source");
    expect(deployment?.secrets.map((secret) => secret.name).sort()).toEqual(["GREETING", "OPENAI_API_KEY"]);

    // The same files: nothing to do, and nothing asked of the service.
    stack.emulator.control.clearRequestLog();
    expect(outcome(await run(project.preview(["--expect-no-changes"])))).toEqual({ code: 0, tail: "" });
    expect(requests()).toEqual([]);

    // One edited file: one upload, exactly one new revision.
    appendFileSync(join(project.dir, "agent", "agent.py"), "\n# v2: the same graph, one more line\n");
    stack.emulator.control.clearRequestLog();
    const edited = await run(project.up());
    expect(outcome(edited)).toEqual({ code: 0, tail: "" });
    expect(edited.output).toMatch(/1 updated/);
    expect(writes()).toEqual(["POST /v2/deployments/:id/upload-url", "PUT /source-uploads/…", "PATCH /v2/deployments/:id"]);
    expect(revisionsOf(deploymentId)).toBe(2);
    const second = await outputsOf(project);
    expect(second).toMatchObject({ deploymentId, revisionStatus: "DEPLOYED" });
    expect(second["revisionId"]).not.toBe(first["revisionId"]);
    expect(second["contentHash"]).not.toBe(first["contentHash"]);
    expect(second["lastOperation"]).toMatch(/^new revision \S+ \(source changed \(4 files, [^)]+ → 4 files, [^)]+\)\); revision \S+ DEPLOYED/);

    const destroyed = await run(project.destroy());
    expect(outcome(destroyed)).toEqual({ code: 0, tail: "" });
    const live = stack.emulator.control.dumpState().state.deployments.filter((d) => d.deleteRequestedAtMs === null);
    expect(live.map((d) => d.id)).not.toContain(deploymentId);
    for (const result of seen) expect(result.output).not.toContain(OPENAI_CANARY);
    expect(project.rawStateFile()).not.toContain(OPENAI_CANARY);
  }

  it("TypeScript: up ships agent/ as the first revision; a clean preview makes no request; one edited file is exactly one new revision; destroy", async () => {
    await shipEditShipDestroy(await exampleStack("agent-from-source"));
  });

  it("Python: the same program in Python, on the provider's wheel, does the same", async () => {
    await shipEditShipDestroy(await exampleStack("agent-from-source-python"));
  });
});
