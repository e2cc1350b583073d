// Black-box tests of the emulator's tracing-and-evaluation kinds for what
// the contract cannot show about their fields: examples and datasets,
// feedback configs and annotation queues, model prices, secrets (webhook
// headers, an OAuth client secret) never leaving the emulator, and the list
// parameters the kinds read.
import { createEmulator, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { SECOND_WORKSPACE_ID, seedTracingKeys, tracingCalls, type Json, type Reply } from "../helpers/tracingCalls";

describe("emulator tracing and evaluation: projects, datasets, examples, queues, feedback configs, prices, playground, webhooks", () => {
  let emulator: Emulator;
  const { call, created, ids } = tracingCalls(() => emulator);

  beforeAll(async () => {
    emulator = await createEmulator({ port: 0, host: "127.0.0.1" });
  });

  afterAll(async () => {
    await emulator?.close();
  });

  beforeEach(() => {
    seedTracingKeys(emulator);
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
