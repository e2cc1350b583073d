// langgraph-cli 0.4.40 (scripts/build-python-env.sh langgraph-cli) as a
// conformance client of the emulator: what LangSmith users run to ship an
// agent from its source directory must work against it. A small LangGraph
// project is written into a temporary directory and deployed with
// `langgraph deploy --remote` (pack, upload through the signed URL, build
// from the archive) to DEPLOYED; then `deploy revisions list`, `deploy logs
// --type build` and `--type deploy`, `deploy listeners list` and `deploy
// delete --force`. Each must exit 0 and print what it prints on success.
// No analytics, no stdin: the CLI may not prompt.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmulator, DEFAULT_API_KEY, DEFAULT_ORGANIZATION_ID, DEFAULT_SEED, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { toolPaths } from "../helpers/tools";

const LISTENER_ID = "6e2d3c4b-0000-4000-8000-0000000011c1";
const DEPLOYMENT_NAME = "cli-agent";

interface Run {
  code: number | null;
  /** stdout and stderr, in the order written. */
  output: string;
}

describe("langgraph-cli 0.4.40 against the emulator", () => {
  let emulator: Emulator;
  let project: string;
  let langgraph: string;

  /**
   * Runs `langgraph <args>` in the project directory, with no stdin and the
   * emulator as its control plane (`LANGGRAPH_HOST_URL`, or what `where` gives).
   */
  function cli(args: string[], where?: Record<string, string>): Promise<Run> {
    return new Promise((resolve, reject) => {
      const child = spawn(langgraph, args, {
        cwd: project,
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          PATH: process.env["PATH"] ?? "/usr/bin:/bin",
          HOME: project,
          LANGGRAPH_CLI_NO_ANALYTICS: "1",
          ...(where ?? { LANGGRAPH_HOST_URL: emulator.url }),
          LANGGRAPH_HOST_API_KEY: DEFAULT_API_KEY,
          NO_COLOR: "1",
        },
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
      child.on("error", reject);
      child.on("close", (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
  }

  async function succeeds(args: string[], where?: Record<string, string>): Promise<string> {
    const run = await cli(args, where);
    if (run.code !== 0) throw new Error(`langgraph ${args.join(" ")} exited ${String(run.code)}:\n${run.output}`);
    return run.output;
  }

  beforeAll(async () => {
    const { pythonLanggraphCliDir } = toolPaths();
    if (pythonLanggraphCliDir === undefined) throw new Error("langgraph-cli's environment is not recorded by the tools bootstrap: run npm run tools");
    langgraph = join(pythonLanggraphCliDir, "bin", "langgraph");
    const seed = {
      ...DEFAULT_SEED,
      organizations: [
        {
          id: DEFAULT_ORGANIZATION_ID,
          deploymentsEnabled: true,
          workspaces: [{ id: DEFAULT_WORKSPACE_ID, name: "Default", listeners: [{ id: LISTENER_ID, computeId: "cli-cluster", namespaces: ["agents"] }] }],
        },
      ],
    };
    emulator = await createEmulator({ seed });
    project = mkdtempSync(join(tmpdir(), "langgraph-cli-project-"));
    writeFileSync(
      join(project, "langgraph.json"),
      JSON.stringify({ dependencies: ["."], graphs: { agent: "./agent/graph.py:graph" }, env: { AGENT_GREETING: "hello" } }, null, 2),
    );
    mkdirSync(join(project, "agent"));
    writeFileSync(join(project, "agent", "graph.py"), "graph = None\n");
    writeFileSync(join(project, "requirements.txt"), "langgraph\n");
    writeFileSync(join(project, ".gitignore"), "ignored.txt\n");
    writeFileSync(join(project, "ignored.txt"), "left out by .gitignore\n");
  });

  afterAll(async () => {
    await emulator?.close();
    if (project !== undefined) rmSync(project, { recursive: true, force: true });
  });

  test("deploy --remote, revisions list, logs (build and deploy), listeners list, delete --force", async () => {
    const deployed = await succeeds(["deploy", "--remote", "--no-input", "--name", DEPLOYMENT_NAME]);
    const id = /Deployment ID: ([0-9a-f-]{36})/.exec(deployed)?.[1];
    expect(id).toBeDefined();
    expect(deployed).toContain("Deployment successful!");

    const deployments = (
      (await (await fetch(`${emulator.url}/v2/deployments?name_contains=${DEPLOYMENT_NAME}`, { headers: { "x-api-key": DEFAULT_API_KEY } })).json()) as {
        resources: Record<string, unknown>[];
      }
    ).resources;
    expect(deployments).toEqual([expect.objectContaining({ id, source: "internal_source", secrets: [{ name: "AGENT_GREETING", value: "hello" }] })]);
    const revisionId = String(deployments[0]?.["latest_revision_id"]);

    const revisions = await succeeds(["deploy", "revisions", "list", String(id)]);
    expect(revisions).toMatch(new RegExp(`${revisionId}\\s+DEPLOYED`));

    const build = await succeeds(["deploy", "logs", "--deployment-id", String(id), "--type", "build"]);
    expect(build).toContain(`Using latest revision: ${revisionId}`);
    expect(build).toContain("[INFO] Unpacked 4 files");
    expect(build).toContain("[INFO] Using config langgraph.json");
    expect(build).toContain("[INFO] Graphs: agent (./agent/graph.py:graph)");
    expect(build).toContain("[INFO] Build complete");

    const deployLogs = await succeeds(["deploy", "logs", "--deployment-id", String(id), "--type", "deploy"]);
    expect(deployLogs).toContain(`[INFO] Revision ${revisionId} is live`);
    // Given the REST API's address instead, the CLI finds the control plane at its /api-host (the self-hosted layout).
    const viaEndpoint = await succeeds(["deploy", "logs", "--name", DEPLOYMENT_NAME, "--type", "deploy"], { LANGSMITH_ENDPOINT: `${emulator.url}/api/v1` });
    expect(viaEndpoint).toContain(`[INFO] Revision ${revisionId} is live`);
    expect(emulator.control.requestLog().map((entry) => `${entry.method} ${entry.path}`)).toContain(`POST /api-host/v1/projects/${String(id)}/deploy_logs`);

    const listeners = await succeeds(["deploy", "listeners", "list"]);
    expect(listeners).toMatch(new RegExp(`${LISTENER_ID}\\s+cli-cluster\\s+agents`));

    const deleted = await succeeds(["deploy", "delete", String(id), "--force"]);
    expect(deleted).toContain(`Deleted deployment ${String(id)}.`);
  });

  test("deploy --remote of a revision whose build fails: exit 1, with the build log's last lines", async () => {
    emulator.control.failNextRevision({ deploymentName: "cli-failing" }, { status: "BUILD_FAILED" });
    const run = await cli(["deploy", "--remote", "--no-input", "--name", "cli-failing"]);
    expect(run.code).toBe(1);
    expect(run.output).toContain("Last build log lines:");
    expect(run.output).toContain("| Build failed: the emulator was told to fail this build");
    expect(run.output).toContain("Deployment failed");
  });
});
