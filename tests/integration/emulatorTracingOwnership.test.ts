// Black-box tests of the emulator's tracing-and-evaluation kinds for what
// the contract cannot show about who owns what: names unique per workspace,
// another workspace's objects out of reach, deleting a dataset deleting its
// examples and experiments (and unsetting what only defaults to it),
// statistics from seeded trace runs, and missing permissions answered 403
// naming them.
import { createEmulator, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { NO_TIER_KEY, READER_KEY, SECOND_KEY, SECOND_WORKSPACE_ID, seedTracingKeys, tracingCalls, type Json } from "../helpers/tracingCalls";

describe("emulator tracing and evaluation: projects, datasets, examples, queues, feedback configs, prices, playground, webhooks", () => {
  let emulator: Emulator;
  const { call, as, created, ids } = tracingCalls(() => emulator);

  beforeAll(async () => {
    emulator = await createEmulator({ port: 0, host: "127.0.0.1" });
  });

  afterAll(async () => {
    await emulator?.close();
  });

  beforeEach(() => {
    seedTracingKeys(emulator);
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
});
