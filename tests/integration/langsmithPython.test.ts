// The official `langsmith` Python SDK, 0.15.1 with langchain-core (scripts/build-python-env.sh
// langsmith), as a conformance client of the emulator: what an application calls to build
// its evaluation datasets and pull its prompts must work against it. Each group of calls is
// one run of tests/integration/langsmithClients/conformance.py, which checks the values it
// reads back; here, that it succeeds, and which routes it reached.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { createEmulator, DEFAULT_API_KEY, type Emulator } from "../../packages/emulator/src";
import { toolPaths } from "../helpers/tools";

interface Run {
  code: number | null;
  /** stdout and stderr, in the order written. */
  output: string;
}

describe("the langsmith Python SDK 0.15.1 against the emulator", () => {
  let emulator: Emulator;
  let python: string;

  /** Runs one group of the conformance script with the emulator as its LangSmith (`endpoint` appended to its URL), tracing off unless `extraEnv` turns it on. */
  function group(name: string, endpoint = "/api/v1", extraEnv: Record<string, string> = {}): Promise<Run> {
    return new Promise((resolve, reject) => {
      const child = spawn(python, [join(__dirname, "langsmithClients", "conformance.py"), name], {
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          PATH: process.env["PATH"] ?? "/usr/bin:/bin",
          LANGSMITH_ENDPOINT: `${emulator.url}${endpoint}`,
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
  async function passes(name: string, endpoint?: string, extraEnv?: Record<string, string>): Promise<string[]> {
    const before = emulator.control.requestLog().length;
    const run = await group(name, endpoint, extraEnv);
    if (run.code !== 0) throw new Error(`conformance.py ${name} exited ${String(run.code)}:\n${run.output}`);
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
    const { pythonLangsmithDir } = toolPaths();
    if (pythonLangsmithDir === undefined) throw new Error("the langsmith SDK's environment is not recorded by the tools bootstrap: run npm run tools");
    python = join(pythonLangsmithDir, "bin", "python");
    emulator = await createEmulator({});
  });

  afterAll(async () => {
    await emulator?.close();
  });

  test("GET /info: the multipart flag on, and a version the SDK's check accepts without a warning", async () => {
    const sent = await passes("info");
    expect(sent).toContain("GET /api/v1/info");
  });

  test("GET /info: the compression flag on, so the SDK's tracer does not warn that the instance is out of date (its runs are refused anyway)", async () => {
    const run = await group("info");
    expect({ code: run.code, compressionWarning: run.output.includes("Run compression is not enabled") }).toEqual({ code: 0, compressionWarning: false });
  });

  test("projects: create, read, list, update, delete", async () => {
    await passes("projects");
  });

  test("projects at the origin (an endpoint without /api/v1, as the SDK's default is)", async () => {
    const sent = await passes("projects", "");
    expect(sent).toContain("POST /api/v1/sessions");
  });

  test("datasets: create, read, list, versions (list, tag, read by tag, the examples as of a tag), splits (list, add and remove over the metadata route), delete", async () => {
    const sent = await passes("datasets");
    expect(sent).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PUT \/api\/v1\/datasets\/[0-9a-f-]{36}\/tags$/),
        expect.stringMatching(/^PATCH \/v1\/platform\/datasets\/[0-9a-f-]{36}\/examples\/metadata$/),
      ]),
    );
  });

  test("examples with the multipart flag off: create_examples over POST /examples/bulk, update_examples over PATCH, read, list, delete", async () => {
    const sent = await passes("examples-bulk");
    expect(sent).toEqual(expect.arrayContaining(["POST /api/v1/examples/bulk", "PATCH /api/v1/examples/bulk", "DELETE /api/v1/examples"]));
    expect(sent.filter((s) => s.includes("/platform/datasets/") && !s.endsWith("/examples/delete"))).toEqual([]);
  });

  test("examples with the multipart flag on (what GET /info answers): multipart create and update, read, list, delete (soft and hard)", async () => {
    const sent = await passes("examples-multipart");
    expect(sent.some((s) => /^POST \/v1\/platform\/datasets\/[0-9a-f-]{36}\/examples$/.test(s))).toBe(true);
    expect(sent.some((s) => /^PATCH \/v1\/platform\/datasets\/[0-9a-f-]{36}\/examples$/.test(s))).toBe(true);
    expect(sent).toContain("POST /v1/platform/datasets/examples/delete");
    expect(sent).not.toContain("POST /api/v1/examples/bulk");
  });

  test("example attachments: create_examples with files, read_example and list_examples download them, update_examples renames one and adds another", async () => {
    const sent = await passes("examples-attachments");
    expect(sent.filter((s) => s.startsWith("GET /__attachments/")).length).toBeGreaterThanOrEqual(6);
  });

  test("examples over the deprecated upsert route (GET /info's examples_multipart_enabled): upsert_examples_multipart creates, then changes an example by its id", async () => {
    const sent = await passes("examples-upsert");
    expect(sent.filter((s) => s === "POST /v1/platform/examples/multipart")).toHaveLength(2);
  });

  test("feedback configurations: create, list, update and delete by key, then by id (config_id)", async () => {
    await passes("feedback-configs");
  });

  test("annotation queues: create, read, list, update, delete", async () => {
    await passes("annotation-queues");
  });

  test("annotation-queue runs (seeded): add_runs_to_annotation_queue, get_run_from_annotation_queue, list_runs_from_annotation_queue (by status), delete_run_from_annotation_queue", async () => {
    const sent = await passes("annotation-queue-runs", "/api/v1", await seededRuns());
    expect(sent).toEqual(
      expect.arrayContaining([expect.stringMatching(/^POST \/api\/v1\/annotation-queues\/[0-9a-f-]{36}\/runs$/), expect.stringMatching(/\/run\/1$/)]),
    );
  });

  test("annotation-queue runs by key (seeded): add_runs_to_annotation_queue(runs=) with datetime and string start times; 404 for a key that does not locate the run", async () => {
    const sent = await passes("annotation-queue-runs-by-key", "/api/v1", await seededRuns());
    expect(sent).toEqual(expect.arrayContaining([expect.stringMatching(/^POST \/api\/v1\/annotation-queues\/[0-9a-f-]{36}\/runs\/by-key$/)]));
  });

  test("annotation-queue reviews (seeded): annotation_queues.runs.list gives the entries, items.create_status completes a run and moves another, the status filters follow, create_run_status(None) reopens", async () => {
    const sent = await passes("annotation-queue-reviews", "/api/v1", await seededRuns());
    expect(sent).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^POST \/v1\/platform\/annotation-queues\/items\/[0-9a-f-]{36}\/status$/),
        expect.stringMatching(/^POST \/api\/v1\/annotation-queues\/status\/[0-9a-f-]{36}$/),
      ]),
    );
  });

  test("tracing is not emulated: a traced function runs, its runs are refused at once with a 501 naming the route (no hang), create_run raises it", async () => {
    const sent = await passes("tracing", "/api/v1", { LANGSMITH_TRACING: "true" });
    expect(sent).toEqual(expect.arrayContaining(["POST /api/v1/runs/multipart", "POST /api/v1/runs"]));
  });

  test("pull_prompt (latest, by tag) and pull_prompt_commit (by hash) of a prompt made over REST: the commits under /api/v1, where the SDK reads them", async () => {
    const name = `pulled-${Date.now()}`;
    const rest = async (method: string, path: string, body: unknown): Promise<Record<string, unknown>> => {
      const response = await fetch(`${emulator.url}${path}`, {
        method,
        headers: { "x-api-key": DEFAULT_API_KEY, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as Record<string, unknown>;
    };
    const manifest = (template: string): unknown => ({
      lc: 1,
      type: "constructor",
      id: ["langchain", "prompts", "chat", "ChatPromptTemplate"],
      kwargs: {
        input_variables: ["person"],
        messages: [
          {
            lc: 1,
            type: "constructor",
            id: ["langchain", "prompts", "chat", "SystemMessagePromptTemplate"],
            kwargs: {
              prompt: {
                lc: 1,
                type: "constructor",
                id: ["langchain", "prompts", "prompt", "PromptTemplate"],
                kwargs: { input_variables: ["person"], template, template_format: "f-string" },
              },
            },
          },
        ],
      },
    });
    await rest("POST", "/api/v1/repos", { repo_handle: name, is_public: false });
    const first = (await rest("POST", `/commits/-/${name}`, { manifest: manifest("You greet {person}.") }))["commit"] as { id: string };
    await rest("POST", `/api/v1/repos/-/${name}/tags`, { tag_name: "prod", commit_id: first.id });
    await rest("POST", `/commits/-/${name}`, { manifest: manifest("You greet {person} warmly.") });
    const sent = await passes("pull", "/api/v1", { CONFORMANCE_PROMPT: name });
    expect(sent).toContain(`GET /commits/-/${name}/prod`);
  });

  test("prompts: create, push a ChatPromptTemplate (with a commit tag), pull by latest, tag and hash, list its commits, list with filters, update, like, archive, delete", async () => {
    const sent = await passes("prompts");
    expect(sent).toEqual(expect.arrayContaining(["GET /api/v1/settings", expect.stringMatching(/^GET \/commits\/-\/prompt-[0-9a-f]{8}\/prod/)]));
  });
});
