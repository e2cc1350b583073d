// The official `langsmith` JS SDK, 0.12.0 (scripts/fetch-langsmith-js.sh), as a conformance
// client of the emulator, in a process of its own as an application runs it. Each group of
// calls is one run of tests/integration/langsmithClients/conformance.cjs, which checks the
// values it reads back; here, that it succeeds, and which routes it reached. The JS SDK
// writes examples only over the multipart route, and only when GET /info's
// instance_flags.dataset_examples_multipart_enabled is on.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { createEmulator, DEFAULT_API_KEY, type Emulator } from "../../packages/emulator/src";
import { toolPaths } from "../helpers/tools";

interface Run {
  code: number | null;
  /** stdout and stderr, in the order written. */
  output: string;
}

describe("the langsmith JS SDK 0.12.0 against the emulator", () => {
  let emulator: Emulator;
  let sdkDir: string;

  /** Runs one group of the conformance script with the emulator's REST API as its LangSmith (and `extraEnv`). */
  function group(name: string, extraEnv: Record<string, string> = {}): Promise<Run> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [join(__dirname, "langsmithClients", "conformance.cjs"), name], {
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          PATH: process.env["PATH"] ?? "/usr/bin:/bin",
          LANGSMITH_JS_DIR: sdkDir,
          LANGSMITH_ENDPOINT: `${emulator.url}/api/v1`,
          LANGSMITH_API_KEY: DEFAULT_API_KEY,
          LANGSMITH_TRACING: "false",
          ...extraEnv,
        },
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
      child.on("error", reject);
      child.on("close", (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
  }

  /** Runs a group and expects it to pass; answers the requests it made (`METHOD path`, as routed). */
  async function passes(name: string, extraEnv?: Record<string, string>): Promise<string[]> {
    const before = emulator.control.requestLog().length;
    const run = await group(name, extraEnv);
    if (run.code !== 0) throw new Error(`conformance.cjs ${name} exited ${String(run.code)}:\n${run.output}`);
    expect(run.output.split("\n")).toContain(`ok ${name}`);
    return emulator.control
      .requestLog()
      .slice(before)
      .map((entry) => `${entry.method} ${entry.path}`);
  }

  /** Runs seeded into a new project of the workspace (the emulator takes no trace ingestion), as `CONFORMANCE_RUN_IDS` (started 2026-10-01 at 00:00 and 00:01 UTC) and `CONFORMANCE_PROJECT_ID`. */
  async function seededRuns(): Promise<Record<string, string>> {
    const response = await fetch(`${emulator.url}/api/v1/sessions`, {
      method: "POST",
      headers: { "x-api-key": DEFAULT_API_KEY, "content-type": "application/json" },
      body: JSON.stringify({ name: `queue-runs-${Date.now()}` }),
    });
    const project = (await response.json()) as { id: string };
    const runs = emulator.control.seedTraceRuns(project.id, [
      { name: "answer", startTime: "2026-10-01T00:00:00Z", inputs: { question: "2+2" }, outputs: { answer: "4" } },
      { name: "answer", startTime: "2026-10-01T00:01:00Z", inputs: { question: "3+3" }, outputs: { answer: "6" } },
    ]);
    return { CONFORMANCE_RUN_IDS: runs.map((run) => run.id).join(","), CONFORMANCE_PROJECT_ID: project.id };
  }

  beforeAll(async () => {
    const { langsmithJsDir } = toolPaths();
    if (langsmithJsDir === undefined) throw new Error("the langsmith JS SDK is not recorded by the tools bootstrap: run npm run tools");
    sdkDir = langsmithJsDir;
    emulator = await createEmulator({});
  });

  afterAll(async () => {
    await emulator?.close();
  });

  test("projects: createProject, readProject, listProjects, updateProject, deleteProject", async () => {
    await passes("projects");
  });

  test("datasets: createDataset, readDataset, listDatasets, readDatasetVersion, updateDatasetTag, updateDatasetSplits, listDatasetSplits, deleteDataset", async () => {
    await passes("datasets");
  });

  test("examples: createExamples (multipart), readExample, listExamples, updateExamples (multipart), deleteExamples", async () => {
    const sent = await passes("examples");
    expect(sent.some((s) => /^POST \/v1\/platform\/datasets\/[0-9a-f-]{36}\/examples$/.test(s))).toBe(true);
    expect(sent.some((s) => /^PATCH \/v1\/platform\/datasets\/[0-9a-f-]{36}\/examples$/.test(s))).toBe(true);
    expect(sent).toContain("GET /api/v1/info");
  });

  test("feedback configurations: create, list, update and delete by key", async () => {
    await passes("feedback-configs");
  });

  test("annotation queues: create, read, list, update, delete", async () => {
    await passes("annotation-queues");
  });

  test("annotation-queue runs (seeded): addRunsToAnnotationQueue (by ids and by key), getRunFromAnnotationQueue, listRunsFromAnnotationQueue, getSizeFromAnnotationQueue, deleteRunFromAnnotationQueue", async () => {
    const sent = await passes("annotation-queue-runs", await seededRuns());
    expect(sent).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^POST \/api\/v1\/annotation-queues\/[0-9a-f-]{36}\/runs$/),
        expect.stringMatching(/^POST \/api\/v1\/annotation-queues\/[0-9a-f-]{36}\/runs\/by-key$/),
      ]),
    );
  });

  test("prompts: createPrompt, pushPrompt (with a commit tag), pullPromptCommit by latest, tag and hash, listPrompts with filters, updatePrompt, like, archive, deletePrompt", async () => {
    const sent = await passes("prompts");
    expect(sent).toContain("GET /api/v1/settings");
  });
});
