// Black-box tests of the emulator's tracing-and-evaluation kinds for what
// the contract cannot show: names unique per workspace, another workspace's
// objects out of reach, deleting a dataset deleting its examples and
// experiments (and unsetting what only defaults to it), statistics from
// seeded trace runs, missing permissions answered 403 naming them, secrets
// (webhook headers, an OAuth client secret) never leaving the emulator, and
// the list parameters the kinds read.
import {
  createEmulator,
  DEFAULT_API_KEY,
  DEFAULT_ORG_API_KEY,
  DEFAULT_ORGANIZATION_ID,
  DEFAULT_WORKSPACE_ID,
  type Emulator,
} from "../../packages/emulator/src";
import { DEFAULT_PERMISSIONS } from "../../packages/emulator/src/core/seed";

type Json = Record<string, unknown>;

interface Reply {
  status: number;
  body: unknown;
  text: string;
}

const SECOND_WORKSPACE_ID = "88888888-8888-4888-8888-888888888888";
const SECOND_KEY = "lsv2_pt_tracing_second";
/** Reads everything, writes nothing of tracing and evaluation. */
const READER_KEY = "lsv2_pt_tracing_reader";
/** May create and update projects, not move their trace tier. */
const NO_TIER_KEY = "lsv2_pt_tracing_no_tier";

describe("emulator tracing and evaluation: projects, datasets, examples, queues, feedback configs, prices, playground, webhooks", () => {
  let emulator: Emulator;

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = { "x-api-key": DEFAULT_API_KEY }): Promise<Reply> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, text };
  }
  const as = (apiKey: string, tenant?: string): Record<string, string> => ({ "x-api-key": apiKey, ...(tenant ? { "x-tenant-id": tenant } : {}) });
  async function created(path: string, body: Json, headers?: Record<string, string>): Promise<Json> {
    const reply = await call("POST", path, body, headers);
    expect({ status: reply.status, body: reply.body }).toEqual({ status: 200, body: expect.anything() });
    return reply.body as Json;
  }
  const ids = (reply: Reply): unknown[] => (reply.body as Json[]).map((o) => o["id"]);

  beforeAll(async () => {
    emulator = await createEmulator({ port: 0, host: "127.0.0.1" });
  });

  afterAll(async () => {
    await emulator?.close();
  });

  beforeEach(() => {
    emulator.control.reset();
    emulator.control.seed({
      organizations: [{ id: DEFAULT_ORGANIZATION_ID, workspaces: [{ id: SECOND_WORKSPACE_ID, name: "Second" }] }],
      apiKeys: [
        { key: SECOND_KEY, organizationId: DEFAULT_ORGANIZATION_ID, workspaceId: SECOND_WORKSPACE_ID },
        {
          key: READER_KEY,
          organizationId: DEFAULT_ORGANIZATION_ID,
          workspaceId: DEFAULT_WORKSPACE_ID,
          permissions: DEFAULT_PERMISSIONS.filter((p) => p.endsWith(":read")),
        },
        {
          key: NO_TIER_KEY,
          organizationId: DEFAULT_ORGANIZATION_ID,
          workspaceId: DEFAULT_WORKSPACE_ID,
          permissions: DEFAULT_PERMISSIONS.filter((p) => !p.includes("trace-tier")),
        },
      ],
    });
  });

  describe("names and workspaces", () => {
    test("a project, dataset and queue name is unique in its workspace, free in another; a rename to a taken name answers 409", async () => {
      for (const path of ["/api/v1/sessions", "/api/v1/datasets", "/api/v1/annotation-queues"]) {
        const first = await created(path, { name: "shared-name" });
        expect((await call("POST", path, { name: "shared-name" })).status).toBe(409);
        await created(path, { name: "shared-name" }, as(SECOND_KEY));
        const other = await created(path, { name: "other-name" });
        const renamed = await call("PATCH", `${path}/${String(other["id"])}`, { name: "shared-name" });
        expect(renamed.status).toBe(409);
        expect(renamed.body).toEqual({ detail: expect.stringContaining("already exists") });
        expect((await call("GET", `${path}/${String(first["id"])}`)).status).toBe(200);
      }
      await created("/api/v1/feedback-configs", { feedback_key: "accuracy", feedback_config: { type: "freeform" } });
      expect((await call("POST", "/api/v1/feedback-configs", { feedback_key: "accuracy", feedback_config: { type: "freeform" } })).status).toBe(409);
      await created("/api/v1/feedback-configs", { feedback_key: "accuracy", feedback_config: { type: "freeform" } }, as(SECOND_KEY));
    });

    test("another workspace's objects are 404 to read, change or delete, and out of its lists and bulk deletes", async () => {
      const project = await created("/api/v1/sessions", { name: "mine" });
      const dataset = await created("/api/v1/datasets", { name: "mine" });
      const example = await created("/api/v1/examples", { dataset_id: dataset["id"], inputs: { q: 1 } });
      const webhook = await created("/api/v1/prompt-webhooks", { url: "https://hooks.example.com/a" });
      const playground = await created("/api/v1/playground-settings", { settings: { model: "m" } });
      const other = as(SECOND_KEY);
      for (const [path, id] of [
        ["/api/v1/sessions", project["id"]],
        ["/api/v1/datasets", dataset["id"]],
        ["/api/v1/examples", example["id"]],
        ["/api/v1/prompt-webhooks", webhook["id"]],
        ["/api/v1/playground-settings", playground["id"]],
      ] as const) {
        expect((await call("GET", `${path}/${String(id)}`, undefined, other)).status).toBe(404);
        expect((await call("PATCH", `${path}/${String(id)}`, {}, other)).status).toBe(404);
        expect((await call("DELETE", `${path}/${String(id)}`, undefined, other)).status).toBe(404);
        expect((await call("GET", path, undefined, other)).body).toEqual([]);
      }
      // A bulk delete skips ids the workspace does not have: the first workspace keeps its objects.
      expect((await call("DELETE", `/api/v1/sessions?session_ids=${String(project["id"])}`, undefined, other)).status).toBe(200);
      expect((await call("DELETE", `/api/v1/datasets?dataset_ids=${String(dataset["id"])}`, undefined, other)).status).toBe(200);
      expect((await call("GET", `/api/v1/sessions/${String(project["id"])}`)).status).toBe(200);
      expect((await call("GET", `/api/v1/examples/${String(example["id"])}`)).status).toBe(200);
      // An example cannot be put in another workspace's dataset.
      expect((await call("POST", "/api/v1/examples", { dataset_id: dataset["id"], inputs: {} }, other)).status).toBe(404);
      // An organization-scoped key names the workspace with X-Tenant-Id.
      expect(ids(await call("GET", "/api/v1/sessions", undefined, as(DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID)))).toEqual([project["id"]]);
      expect((await call("GET", "/api/v1/sessions", undefined, as(DEFAULT_ORG_API_KEY, SECOND_WORKSPACE_ID))).body).toEqual([]);
    });

    test("ids given by the client are kept, and a taken id answers 409", async () => {
      const id = "0d6f9c3e-5b1a-4c7e-9f00-1234567890ab";
      expect((await created("/api/v1/datasets", { id, name: "with-id" }))["id"]).toBe(id);
      expect((await call("POST", "/api/v1/datasets", { id, name: "another" })).status).toBe(409);
      expect((await call("POST", "/api/v1/datasets", { id, name: "another" }, as(SECOND_KEY))).status).toBe(409);
    });
  });

  describe("cascades", () => {
    test("deleting a dataset deletes its examples and experiments (with their runs); a project or queue defaulting to it keeps going with the field null", async () => {
      const dataset = await created("/api/v1/datasets", { name: "evals" });
      const datasetId = String(dataset["id"]);
      const example = await created("/api/v1/examples", { dataset_id: datasetId, inputs: { q: "hi" } });
      const experiment = await created("/api/v1/sessions", { name: "experiment-1", reference_dataset_id: datasetId });
      const tracing = await created("/api/v1/sessions", { name: "prod", default_dataset_id: datasetId });
      const queue = await created("/api/v1/annotation-queues", { name: "review", default_dataset: datasetId });
      emulator.control.seedTraceRuns(String(experiment["id"]), [{ name: "run", startTime: "2026-01-01T00:00:00Z" }]);
      const counted = (await call("GET", `/api/v1/datasets/${datasetId}`)).body as Json;
      expect(counted).toMatchObject({ example_count: 1, session_count: 1, last_session_start_time: experiment["start_time"] });
      await call("PATCH", `/api/v1/datasets/${datasetId}`, { baseline_experiment_id: experiment["id"] });

      expect((await call("DELETE", `/api/v1/datasets/${datasetId}`)).status).toBe(200);
      expect((await call("GET", `/api/v1/examples/${String(example["id"])}`)).status).toBe(404);
      expect((await call("GET", `/api/v1/sessions/${String(experiment["id"])}`)).status).toBe(404);
      expect(emulator.control.dumpState().state.traceRuns.filter((r) => r.sessionId === experiment["id"])).toEqual([]);
      expect((await call("GET", `/api/v1/sessions/${String(tracing["id"])}`)).body).toMatchObject({ default_dataset_id: null });
      expect((await call("GET", `/api/v1/annotation-queues/${String(queue["id"])}`)).body).toMatchObject({ default_dataset: null });
    });

    test("deleting an experiment sets its dataset's baseline back to null; a baseline must be one of the dataset's experiments", async () => {
      const dataset = await created("/api/v1/datasets", { name: "baseline" });
      const experiment = await created("/api/v1/sessions", { name: "exp", reference_dataset_id: dataset["id"] });
      const unrelated = await created("/api/v1/sessions", { name: "unrelated" });
      expect((await call("PATCH", `/api/v1/datasets/${String(dataset["id"])}`, { baseline_experiment_id: unrelated["id"] })).status).toBe(404);
      expect((await call("PATCH", `/api/v1/datasets/${String(dataset["id"])}`, { baseline_experiment_id: experiment["id"] })).body).toMatchObject({
        baseline_experiment_id: experiment["id"],
      });
      expect((await call("DELETE", `/api/v1/sessions/${String(experiment["id"])}`)).status).toBe(200);
      expect((await call("GET", `/api/v1/datasets/${String(dataset["id"])}`)).body).toMatchObject({ baseline_experiment_id: null, session_count: 0 });
    });

    test("a project names only datasets of its workspace, and a queue only its projects", async () => {
      const theirs = await created("/api/v1/datasets", { name: "theirs" }, as(SECOND_KEY));
      expect((await call("POST", "/api/v1/sessions", { name: "p", reference_dataset_id: theirs["id"] })).status).toBe(404);
      const project = await created("/api/v1/sessions", { name: "p" });
      expect((await call("PATCH", `/api/v1/sessions/${String(project["id"])}`, { default_dataset_id: theirs["id"] })).status).toBe(404);
      const theirProject = await created("/api/v1/sessions", { name: "p" }, as(SECOND_KEY));
      expect((await call("POST", "/api/v1/annotation-queues", { name: "q", session_ids: [theirProject["id"]] })).status).toBe(404);
      expect((await call("POST", "/api/v1/annotation-queues", { name: "q", session_ids: [project["id"]] })).status).toBe(200);
    });
  });

  describe("projects and trace runs", () => {
    test("statistics come from the runs seeded for the project; deleting it deletes them; runs may be seeded for an id no project has", async () => {
      const project = await created("/api/v1/sessions", { name: "stats" });
      const id = String(project["id"]);
      const trace = "5f0e7c1a-0000-4000-8000-00000000aaaa";
      emulator.control.seedTraceRuns(id, [
        { id: trace, name: "root", startTime: "2026-02-01T10:00:00Z", endTime: "2026-02-01T10:00:02Z", promptTokens: 10, completionTokens: 5, totalCost: 0.25 },
        { traceId: trace, parentRunId: trace, name: "llm", runType: "llm", startTime: "2026-02-01T10:00:01Z", promptTokens: 10, completionTokens: 5 },
        { name: "failed", startTime: "2026-02-01T11:00:00Z", endTime: "2026-02-01T11:00:04Z", error: "boom" },
      ]);
      expect((await call("GET", `/api/v1/sessions/${id}`)).body).toMatchObject({
        run_count: 3,
        total_tokens: 30,
        prompt_tokens: 20,
        completion_tokens: 10,
        total_cost: "0.25",
        latency_p50: 2,
        latency_p99: 4,
        error_rate: 0.5,
        last_run_start_time: "2026-02-01T11:00:00.000Z",
      });
      const orphan = "6a1b2c3d-0000-4000-8000-00000000bbbb";
      expect(emulator.control.seedTraceRuns(orphan, [{ name: "no project", startTime: "2026-02-01T10:00:00Z" }])).toHaveLength(1);
      expect((await call("DELETE", `/api/v1/sessions/${id}`)).status).toBe(200);
      const runs = emulator.control.dumpState().state.traceRuns;
      expect(runs.filter((r) => r.sessionId === id)).toEqual([]);
      expect(runs.filter((r) => r.sessionId === orphan)).toHaveLength(1);
    });

    test("create defaults: a name from the id, the workspace's trace tier; ?upsert=true changes the project of that name", async () => {
      const unnamed = await created("/api/v1/sessions", {});
      expect(unnamed["name"]).toBe(`project-${String(unnamed["id"]).slice(0, 8)}`);
      expect(unnamed).toMatchObject({ trace_tier: "shortlived", tenant_id: DEFAULT_WORKSPACE_ID });
      expect((await call("PUT", "/api/v1/ttl-settings", { default_trace_tier: "longlived" })).status).toBe(200);
      const project = await created("/api/v1/sessions", { name: "tiered", description: "one" });
      expect(project["trace_tier"]).toBe("longlived");
      const upserted = await created("/api/v1/sessions?upsert=true", { name: "tiered", description: "two" });
      expect(upserted).toMatchObject({ id: project["id"], description: "two", trace_tier: "longlived" });
      expect((await created("/api/v1/sessions?upsert=true", { name: "fresh" }))["id"]).not.toBe(project["id"]);
      expect((await call("POST", "/api/v1/sessions?upsert=maybe", { name: "tiered" })).status).toBe(422);
    });

    test("a PATCH with name null keeps the name; other nulls clear", async () => {
      const project = await created("/api/v1/sessions", { name: "keep", description: "text", extra: { metadata: { a: 1 } } });
      const patched = (await call("PATCH", `/api/v1/sessions/${String(project["id"])}`, { name: null, description: null, extra: null })).body as Json;
      expect(patched).toMatchObject({ name: "keep", description: null, extra: null });
    });
  });

  describe("permissions", () => {
    test("a key without the permission of a write answers 403 naming it; reading needs the read permission only", async () => {
      const reader = as(READER_KEY);
      const cases: [string, string, Json | undefined, string][] = [
        ["POST", "/api/v1/sessions", { name: "x" }, "projects:create"],
        ["POST", "/api/v1/datasets", { name: "x" }, "datasets:create"],
        ["POST", "/api/v1/examples", { dataset_id: DEFAULT_WORKSPACE_ID, inputs: {} }, "datasets:update"],
        ["POST", "/api/v1/annotation-queues", { name: "x" }, "annotation-queues:create"],
        ["POST", "/api/v1/feedback-configs", { feedback_key: "x", feedback_config: { type: "freeform" } }, "feedback:create"],
        ["DELETE", "/api/v1/feedback-configs?feedback_key=x", undefined, "feedback:delete"],
        ["POST", "/api/v1/model-price-map", { name: "x", match_pattern: "x", prompt_cost: 1, completion_cost: 1 }, "workspaces:manage"],
        ["POST", "/api/v1/playground-settings", { settings: {} }, "workspaces:manage-model-configs"],
        ["POST", "/api/v1/prompt-webhooks", { url: "https://hooks.example.com/x" }, "prompts:update"],
      ];
      for (const [method, path, body, permission] of cases) {
        const reply = await call(method, path, body, reader);
        expect({ path, status: reply.status, detail: (reply.body as Json)["detail"] }).toEqual({
          path,
          status: 403,
          detail: expect.stringContaining(permission),
        });
      }
      const project = await created("/api/v1/sessions", { name: "p" });
      const dataset = await created("/api/v1/datasets", { name: "d" });
      expect((await call("PATCH", `/api/v1/sessions/${String(project["id"])}`, { description: "x" }, reader)).body).toEqual({
        detail: expect.stringContaining("projects:update"),
      });
      expect((await call("DELETE", `/api/v1/sessions/${String(project["id"])}`, undefined, reader)).body).toEqual({
        detail: expect.stringContaining("projects:delete"),
      });
      expect((await call("DELETE", `/api/v1/datasets?dataset_ids=${String(dataset["id"])}`, undefined, reader)).body).toEqual({
        detail: expect.stringContaining("datasets:delete"),
      });
      for (const path of [
        "/api/v1/sessions",
        "/api/v1/datasets",
        "/api/v1/examples",
        "/api/v1/annotation-queues",
        "/api/v1/feedback-configs",
        "/api/v1/model-price-map",
        "/api/v1/playground-settings",
        "/api/v1/prompt-webhooks",
      ]) {
        expect({ path, status: (await call("GET", path, undefined, reader)).status }).toEqual({ path, status: 200 });
      }
    });

    test("moving a project's trace tier up or down needs its own permission", async () => {
      const project = await created("/api/v1/sessions", { name: "tier", trace_tier: "shortlived" }, as(NO_TIER_KEY));
      const path = `/api/v1/sessions/${String(project["id"])}`;
      expect((await call("PATCH", path, { trace_tier: "longlived" }, as(NO_TIER_KEY))).body).toEqual({
        detail: expect.stringContaining("projects:increase-trace-tier"),
      });
      expect((await call("PATCH", path, { trace_tier: "shortlived", description: "same tier" }, as(NO_TIER_KEY))).status).toBe(200);
      expect((await call("PATCH", path, { trace_tier: "longlived" })).status).toBe(200);
      expect((await call("PATCH", path, { trace_tier: "shortlived" }, as(NO_TIER_KEY))).body).toEqual({
        detail: expect.stringContaining("projects:decrease-trace-tier"),
      });
    });
  });

  describe("datasets and examples", () => {
    test("an example copies a seeded run's inputs and outputs; without inputs the route answers 400; the split lives in the metadata", async () => {
      const dataset = await created("/api/v1/datasets", { name: "from-runs" });
      const [run] = emulator.control.seedTraceRuns("7b7b7b7b-0000-4000-8000-000000000001", [
        { name: "r", startTime: "2026-03-01T00:00:00Z", inputs: { question: "why" }, outputs: { answer: "because" } },
      ]);
      const copied = await created("/api/v1/examples", {
        dataset_id: dataset["id"],
        source_run_id: run?.id,
        use_source_run_io: true,
        split: ["train", "hard"],
        metadata: { origin: "prod" },
      });
      expect(copied).toMatchObject({
        inputs: { question: "why" },
        outputs: { answer: "because" },
        source_run_id: run?.id,
        metadata: { origin: "prod", dataset_split: ["train", "hard"] },
      });
      expect(copied).not.toHaveProperty("use_source_run_io");
      expect(
        (await call("POST", "/api/v1/examples", { dataset_id: dataset["id"], source_run_id: "7b7b7b7b-0000-4000-8000-0000000000ff", use_source_run_io: true }))
          .status,
      ).toBe(404);
      const missing = await call("POST", "/api/v1/examples", { dataset_id: dataset["id"] });
      expect(missing).toMatchObject({ status: 400, body: { detail: expect.stringContaining("inputs") } });
      const malformed = await call("POST", "/api/v1/examples", { dataset_id: "nope", inputs: {} });
      expect(malformed).toMatchObject({ status: 400, body: { detail: expect.stringContaining("dataset_id") } });
    });

    test("an example PATCH changes what it names, keeps the split with new metadata, moves datasets, and overwrites when asked", async () => {
      const first = await created("/api/v1/datasets", { name: "first" });
      const second = await created("/api/v1/datasets", { name: "second" });
      const example = await created("/api/v1/examples", { dataset_id: first["id"], inputs: { q: 1 }, outputs: { a: 1 }, split: "train" });
      const path = `/api/v1/examples/${String(example["id"])}`;
      expect((await call("PATCH", path, { metadata: { k: "v" } })).body).toMatchObject({
        inputs: { q: 1 },
        outputs: { a: 1 },
        metadata: { k: "v", dataset_split: ["train"] },
      });
      expect((await call("PATCH", path, { inputs: null, dataset_id: second["id"] })).body).toMatchObject({ inputs: { q: 1 }, dataset_id: second["id"] });
      expect((await call("GET", `/api/v1/datasets/${String(first["id"])}`)).body).toMatchObject({ example_count: 0 });
      expect((await call("PATCH", path, { inputs: { q: 2 }, overwrite: true })).body).toMatchObject({
        inputs: { q: 2 },
        outputs: null,
        metadata: { dataset_split: ["base"] },
      });
      expect((await call("PATCH", path, { attachments_operations: { retain: ["image"] } })).status).toBe(400);
      expect((await call("PATCH", path, { dataset_id: "0b0e0f00-0000-4000-8000-000000000000" })).status).toBe(404);
    });

    test("a dataset PATCH changes its examples through patch_examples, only its own (404 for another's, nothing changed)", async () => {
      const dataset = await created("/api/v1/datasets", { name: "patched" });
      const other = await created("/api/v1/datasets", { name: "other" });
      const mine = await created("/api/v1/examples", { dataset_id: dataset["id"], inputs: { q: "old" } });
      const theirs = await created("/api/v1/examples", { dataset_id: other["id"], inputs: { q: "theirs" } });
      const path = `/api/v1/datasets/${String(dataset["id"])}`;
      const refused = await call("PATCH", path, { description: "nope", patch_examples: { [String(theirs["id"])]: { inputs: { q: "x" } } } });
      expect(refused.status).toBe(404);
      expect((await call("GET", path)).body).toMatchObject({ description: null });
      expect(
        (await call("PATCH", path, { description: "yes", patch_examples: { [String(mine["id"])]: { inputs: { q: "new" }, split: "test" } } })).status,
      ).toBe(200);
      expect((await call("GET", `/api/v1/examples/${String(mine["id"])}`)).body).toMatchObject({ inputs: { q: "new" }, metadata: { dataset_split: ["test"] } });
      expect((await call("GET", path)).body).not.toHaveProperty("patch_examples");
    });

    test("the example list reads the dataset, splits, metadata, texts, order and page", async () => {
      const dataset = await created("/api/v1/datasets", { name: "listing" });
      const make = async (q: string, split: string, metadata: Json): Promise<string> =>
        String((await created("/api/v1/examples", { dataset_id: dataset["id"], inputs: { q }, split, metadata }))["id"]);
      const a = await make("alpha question", "train", { level: 1 });
      const b = await make("beta question", "test", { level: 2 });
      const c = await make("gamma", "train", { level: 2 });
      const base = `/api/v1/examples?dataset=${String(dataset["id"])}`;
      expect(ids(await call("GET", `${base}&order=recently_created`))).toEqual([c, b, a]);
      expect(ids(await call("GET", `${base}&order=recently_created&descending=false`))).toEqual([a, b, c]);
      expect(ids(await call("GET", `${base}&splits=train&order=recently_created`))).toEqual([c, a]);
      expect(ids(await call("GET", `${base}&metadata=${encodeURIComponent('{"level": 2}')}&order=recently_created`))).toEqual([c, b]);
      expect(ids(await call("GET", `${base}&full_text_contains=question&full_text_contains=BETA`))).toEqual([b]);
      expect(ids(await call("GET", `${base}&order=recently_created&offset=1&limit=1`))).toEqual([b]);
      const shuffled = ids(await call("GET", `${base}&order=random&random_seed=7`));
      expect(shuffled).toEqual(ids(await call("GET", `${base}&order=random&random_seed=7`)));
      expect([...shuffled].sort()).toEqual([a, b, c].sort());
      expect((await call("GET", `${base}&metadata=not-json`)).status).toBe(422);
    });

    test("the dataset list filters by data type, name and metadata, sorts and pages", async () => {
      await created("/api/v1/datasets", { name: "b-chat", data_type: "chat", extra: { metadata: { team: "x" } } });
      await created("/api/v1/datasets", { name: "a-kv" });
      await created("/api/v1/datasets", { name: "c-llm", data_type: "llm", extra: { metadata: { team: "x" } } });
      const names = (reply: Reply): unknown[] => (reply.body as Json[]).map((d) => d["name"]);
      expect(names(await call("GET", "/api/v1/datasets?sort_by=name&sort_by_desc=false"))).toEqual(["a-kv", "b-chat", "c-llm"]);
      expect(names(await call("GET", "/api/v1/datasets?data_type=chat&data_type=llm&sort_by=name"))).toEqual(["c-llm", "b-chat"]);
      expect(names(await call("GET", `/api/v1/datasets?metadata=${encodeURIComponent('{"team":"x"}')}&sort_by=name&sort_by_desc=false`))).toEqual([
        "b-chat",
        "c-llm",
      ]);
      expect(names(await call("GET", "/api/v1/datasets?name=a-kv"))).toEqual(["a-kv"]);
      expect(names(await call("GET", "/api/v1/datasets?sort_by=name&sort_by_desc=false&offset=1&limit=1"))).toEqual(["b-chat"]);
      expect((await call("GET", "/api/v1/datasets?data_type=table")).status).toBe(422);
    });

    test("the project list filters by reference dataset and metadata and sorts by statistics", async () => {
      const dataset = await created("/api/v1/datasets", { name: "refs" });
      const plain = await created("/api/v1/sessions", { name: "plain", extra: { metadata: { env: "prod" } } });
      const experiment = await created("/api/v1/sessions", { name: "exp", reference_dataset_id: dataset["id"] });
      emulator.control.seedTraceRuns(String(plain["id"]), [
        { name: "r", startTime: "2026-01-01T00:00:00Z" },
        { name: "r", startTime: "2026-01-02T00:00:00Z" },
      ]);
      expect(ids(await call("GET", "/api/v1/sessions?reference_free=true"))).toEqual([plain["id"]]);
      expect(ids(await call("GET", "/api/v1/sessions?reference_free=false"))).toEqual([experiment["id"]]);
      expect(ids(await call("GET", `/api/v1/sessions?reference_dataset=${String(dataset["id"])}`))).toEqual([experiment["id"]]);
      expect(ids(await call("GET", `/api/v1/sessions?metadata=${encodeURIComponent('{"env":"prod"}')}`))).toEqual([plain["id"]]);
      expect(ids(await call("GET", "/api/v1/sessions?sort_by=runs_count"))).toEqual([plain["id"], experiment["id"]]);
      expect(ids(await call("GET", "/api/v1/sessions?sort_by=name&sort_by_desc=false&name_contains=P"))).toEqual([experiment["id"], plain["id"]]);
    });
  });

  describe("feedback configs and annotation queues", () => {
    test("a config must make sense for its type; PATCH keeps what it does not send; the list filters by key and sorts by modification", async () => {
      const bad: Json[] = [
        { type: "categorical" },
        { type: "categorical", categories: [{ value: 1 }, { value: 1, label: "again" }] },
        { type: "continuous", categories: [{ value: 1 }] },
      ];
      for (const feedback_config of bad) expect((await call("POST", "/api/v1/feedback-configs", { feedback_key: "k", feedback_config })).status).toBe(400);
      await created("/api/v1/feedback-configs", {
        feedback_key: "quality",
        feedback_config: { type: "categorical", categories: [{ value: 0, label: "bad" }, { value: 1 }] },
      });
      await created("/api/v1/feedback-configs", { feedback_key: "speed", feedback_config: { type: "continuous", min: 0, max: 10 } });
      const patched = (await call("PATCH", "/api/v1/feedback-configs", { feedback_key: "quality", feedback_config: null, is_lower_score_better: true }))
        .body as Json;
      expect(patched).toMatchObject({
        feedback_config: {
          type: "categorical",
          categories: [
            { value: 0, label: "bad" },
            { value: 1, label: null },
          ],
        },
        is_lower_score_better: true,
      });
      expect((await call("PATCH", "/api/v1/feedback-configs", { feedback_key: "speed", feedback_config: { type: "continuous", min: 5, max: 1 } })).status).toBe(
        400,
      );
      const keys = (reply: Reply): unknown[] => (reply.body as Json[]).map((c) => c["feedback_key"]);
      expect(keys(await call("GET", "/api/v1/feedback-configs"))).toEqual(["quality", "speed"]);
      expect(keys(await call("GET", "/api/v1/feedback-configs?sort_by_desc=false"))).toEqual(["speed", "quality"]);
      expect(keys(await call("GET", "/api/v1/feedback-configs?key=speed&key=none"))).toEqual(["speed"]);
      expect(keys(await call("GET", "/api/v1/feedback-configs?name_contains=QUAL"))).toEqual(["quality"]);
      const tooMany = Array.from({ length: 51 }, (_, i) => `key=k${i}`).join("&");
      expect((await call("GET", `/api/v1/feedback-configs?${tooMany}`)).status).toBe(422);
      expect((await call("DELETE", "/api/v1/feedback-configs?feedback_key=speed")).status).toBe(204);
      expect(keys(await call("GET", "/api/v1/feedback-configs"))).toEqual(["quality"]);
    });

    test("a queue PATCH leaves the contract's missing marker alone and keeps the name on null; several queues go at once", async () => {
      const queue = await created("/api/v1/annotation-queues", { name: "q1", metadata: { a: 1 }, rubric_instructions: "be kind" });
      const patched = (
        await call("PATCH", `/api/v1/annotation-queues/${String(queue["id"])}`, {
          name: null,
          metadata: { __missing__: "__missing__" },
          rubric_instructions: "be fair",
        })
      ).body as Json;
      expect(patched).toMatchObject({ name: "q1", metadata: { a: 1 }, rubric_instructions: "be fair" });
      const second = await created("/api/v1/annotation-queues", { name: "q2" });
      const unknown = "0b0e0f00-0000-4000-8000-000000000000";
      expect(
        (await call("DELETE", `/api/v1/annotation-queues?queue_ids=${String(queue["id"])}&queue_ids=${String(second["id"])}&queue_ids=${unknown}`)).status,
      ).toBe(200);
      expect((await call("GET", "/api/v1/annotation-queues")).body).toEqual([]);
    });
  });

  describe("model prices", () => {
    test("the service's defaults are listed but read-only; an entry of the workspace may repeat a default; PUT resets what it leaves out", async () => {
      const listed = (await call("GET", "/api/v1/model-price-map")).body as Json[];
      const builtIn = listed.find((e) => e["name"] === "gpt-4o");
      expect(builtIn).toMatchObject({ tenant_id: null });
      expect((await call("DELETE", `/api/v1/model-price-map/${String(builtIn?.["id"])}`)).status).toBe(404);
      const same = {
        name: "gpt-4o",
        match_pattern: builtIn?.["match_pattern"],
        match_path: builtIn?.["match_path"],
        provider: "openai",
        prompt_cost: "0.000002",
        completion_cost: "0.000008",
        start_time: null,
      };
      const own = await created("/api/v1/model-price-map", same);
      expect(own).toMatchObject({ tenant_id: DEFAULT_WORKSPACE_ID, prompt_cost: "0.000002" });
      const replaced = (
        await call("PUT", `/api/v1/model-price-map/${String(own["id"])}`, {
          name: "gpt-4o",
          match_pattern: "^gpt-4o$",
          prompt_cost: 1e-7,
          completion_cost: "2E-7",
        })
      ).body as Json;
      expect(replaced).toMatchObject({ id: own["id"], provider: null, prompt_cost: "0.0000001", completion_cost: "0.0000002", created_at: own["created_at"] });
      expect((await call("POST", "/api/v1/model-price-map", { name: "n", match_pattern: "p", prompt_cost: "cheap", completion_cost: 1 })).body).toEqual({
        detail: [expect.objectContaining({ type: "decimal_parsing", loc: ["body", "prompt_cost"] })],
      });
      const other = await created("/api/v1/model-price-map", { name: "gpt-4o", match_pattern: "^other$", prompt_cost: 1, completion_cost: 1 });
      expect(
        (await call("PUT", `/api/v1/model-price-map/${String(other["id"])}`, { name: "gpt-4o", match_pattern: "^gpt-4o$", prompt_cost: 1, completion_cost: 1 }))
          .status,
      ).toBe(409);
      const after = (await call("GET", "/api/v1/model-price-map")).body as Json[];
      expect(after.slice(0, listed.length)).toEqual(listed);
      expect(after.slice(listed.length).map((e) => e["id"])).toEqual([own["id"], other["id"]]);
    });
  });

  describe("secrets", () => {
    test("webhook headers are answered masked, kept encrypted, read back only by the control handle; a PATCH without headers keeps them, with headers replaces them", async () => {
      const token = "Bearer canary-webhook-7c1f";
      const webhook = await created("/api/v1/prompt-webhooks", {
        url: "https://hooks.example.com/p",
        headers: { Authorization: token, "X-Team": "evals" },
        include_prompts: ["0b0e0f00-0000-4000-8000-000000000001"],
      });
      const id = String(webhook["id"]);
      expect(webhook["headers"]).toEqual({ Authorization: "****", "X-Team": "****" });
      for (const reply of [await call("GET", "/api/v1/prompt-webhooks"), await call("GET", `/api/v1/prompt-webhooks/${id}`)])
        expect(reply.text).not.toContain("canary-webhook");
      expect(JSON.stringify(emulator.control.dumpState())).not.toContain("canary-webhook");
      for (const entry of emulator.control.requestLog()) expect(JSON.stringify(entry)).not.toContain("canary-webhook");
      expect(emulator.control.promptWebhookHeaders(DEFAULT_WORKSPACE_ID, id)).toEqual({ Authorization: token, "X-Team": "evals" });
      await call("PATCH", `/api/v1/prompt-webhooks/${id}`, { url: "https://hooks.example.com/q", headers: null });
      expect(emulator.control.promptWebhookHeaders(DEFAULT_WORKSPACE_ID, id)).toEqual({ Authorization: token, "X-Team": "evals" });
      expect((await call("PATCH", `/api/v1/prompt-webhooks/${id}`, { headers: { Authorization: "****" } })).status).toBe(400);
      await call("PATCH", `/api/v1/prompt-webhooks/${id}`, { headers: { Authorization: "Bearer rotated" } });
      expect(emulator.control.promptWebhookHeaders(DEFAULT_WORKSPACE_ID, id)).toEqual({ Authorization: "Bearer rotated" });
      expect(emulator.control.promptWebhookHeaders(SECOND_WORKSPACE_ID, id)).toBeUndefined();
      const plain = await created("/api/v1/prompt-webhooks", { url: "https://hooks.example.com/r", triggers: [] });
      expect(plain).toMatchObject({ headers: null, triggers: [] });
      expect(emulator.control.promptWebhookHeaders(DEFAULT_WORKSPACE_ID, String(plain["id"]))).toBeNull();
    });

    test("a playground OAuth client secret is answered as the mask and never stored in plaintext; PATCH null keeps fields", async () => {
      const secret = "canary-oauth-3e9a";
      const settings = await created("/api/v1/playground-settings", { name: "with oauth", settings: { model: "x" }, oauth_client_secret: secret });
      expect(settings["oauth_client_secret"]).toBe("****");
      expect(JSON.stringify(emulator.control.dumpState())).not.toContain(secret);
      const patched = (await call("PATCH", `/api/v1/playground-settings/${String(settings["id"])}`, { name: null, settings: null, description: "d" }))
        .body as Json;
      expect(patched).toMatchObject({ name: "with oauth", settings: { model: "x" }, description: "d", oauth_client_secret: "****" });
      const unset = await created("/api/v1/playground-settings", { settings: {} });
      expect(unset).toMatchObject({ name: null, oauth_client_secret: null });
    });
  });
});
