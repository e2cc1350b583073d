/**
 * Contract tier: the tracing-and-evaluation operations (tracing projects,
 * datasets and examples, annotation queues, feedback configs, the model
 * price map, playground settings, prompt webhooks, prompts, run rules,
 * alerts, evaluators), each with its declared answers and 422s, and the 501
 * probes of the operations whose kinds the emulator does not serve yet.
 *
 * @packageDocumentation
 */
import { NOT_IMPLEMENTED_IN_EMULATOR } from "../harness";
import { type ContractEnv, type Json, UNKNOWN_ID } from "./env";

/** Defines the tracing-and-evaluation suite. */
export function describeTracing(env: ContractEnv): void {
  const call = (...args: Parameters<ContractEnv["harness"]["call"]>): ReturnType<ContractEnv["harness"]["call"]> => env.harness.call(...args);

  describe("REST API: tracing and evaluation", () => {
    test("operations of kinds not served yet answer 501", async () => {
      for (const op of NOT_IMPLEMENTED_IN_EMULATOR) {
        const path = op.template.replace(/\{[^}]+\}/g, UNKNOWN_ID);
        await call(op.method, path, { body: ["POST", "PUT", "PATCH"].includes(op.method) ? {} : undefined, expect: 501, request: "probe" });
      }
    });
  });

  describe("REST API: projects, datasets, examples, annotation queues", () => {
    test("projects: create (upsert by name), list, get, update, delete one and several; 409 for a taken name; 404; 422 outside the contract", async () => {
      const created = await call("POST", "/api/v1/sessions", { body: { name: "contract-project", description: "first", extra: { metadata: { team: "a" } } }, expect: 200 });
      const project = created.body as Json;
      const id = String(project["id"]);
      expect(project).toMatchObject({ name: "contract-project", description: "first", end_time: null, reference_dataset_id: null, trace_tier: "shortlived" });
      await call("POST", "/api/v1/sessions", { body: { name: "contract-project" }, expect: 409 });
      const upserted = await call("POST", "/api/v1/sessions?upsert=true", { body: { name: "contract-project", description: "upserted" }, expect: 200 });
      expect(upserted.body).toMatchObject({ id, description: "upserted" });
      await call("POST", "/api/v1/sessions", { body: { name: "contract-project-2", trace_tier: "forever" }, expect: 422, request: "invalid" });
      const listed = await call("GET", "/api/v1/sessions?name=contract-project", { expect: 200 });
      expect((listed.body as Json[]).map((s) => s["id"])).toEqual([id]);
      await call("GET", "/api/v1/sessions?limit=0", { expect: 422, request: "invalid" });
      expect((await call("GET", `/api/v1/sessions/${id}`, { expect: 200 })).body).toMatchObject({ id, run_count: 0 });
      await call("GET", `/api/v1/sessions/${UNKNOWN_ID}`, { expect: 404 });
      await call("GET", "/api/v1/sessions/bad", { expect: 422, request: "invalid" });
      const patched = await call("PATCH", `/api/v1/sessions/${id}`, { body: { description: "changed", trace_tier: "longlived" }, expect: 200 });
      expect(patched.body).toMatchObject({ id, description: "changed", trace_tier: "longlived" });
      await call("PATCH", `/api/v1/sessions/${id}`, { body: { end_time: "yesterday" }, expect: 422, request: "invalid" });
      await call("PATCH", `/api/v1/sessions/${UNKNOWN_ID}`, { body: { description: "x" }, expect: 404 });
      await call("DELETE", `/api/v1/sessions/${id}`, { expect: 200 });
      await call("DELETE", `/api/v1/sessions/${id}`, { expect: 404 });
      await call("DELETE", "/api/v1/sessions/bad", { expect: 422, request: "invalid" });
      const a = String(((await call("POST", "/api/v1/sessions", { body: { name: "contract-bulk-a" }, expect: 200 })).body as Json)["id"]);
      const b = String(((await call("POST", "/api/v1/sessions", { body: { name: "contract-bulk-b" }, expect: 200 })).body as Json)["id"]);
      await call("DELETE", `/api/v1/sessions?session_ids=${a}&session_ids=${b}`, { expect: 200 });
      await call("DELETE", "/api/v1/sessions", { expect: 422, request: "invalid" });
      expect((await call("GET", `/api/v1/sessions?id=${a}&id=${b}`, { expect: 200 })).body).toEqual([]);
    });

    test("datasets: create, list, get, update, delete one and several; 409 for a taken name; 404; 422 outside the contract", async () => {
      const created = await call("POST", "/api/v1/datasets", { body: { name: "contract-dataset", description: "qa pairs", extra: { metadata: { owner: "evals" } } }, expect: 200 });
      const dataset = created.body as Json;
      const id = String(dataset["id"]);
      expect(dataset).toMatchObject({ name: "contract-dataset", data_type: "kv", metadata: { owner: "evals" }, example_count: 0, session_count: 0 });
      await call("POST", "/api/v1/datasets", { body: { name: "contract-dataset" }, expect: 409 });
      await call("POST", "/api/v1/datasets", { body: { description: "no name" }, expect: 422, request: "invalid" });
      const listed = await call("GET", "/api/v1/datasets?name_contains=contract-data&sort_by=name&sort_by_desc=false", { expect: 200 });
      expect((listed.body as Json[]).map((d) => d["id"])).toEqual([id]);
      await call("GET", "/api/v1/datasets?sort_by=size", { expect: 422, request: "invalid" });
      expect((await call("GET", `/api/v1/datasets/${id}`, { expect: 200 })).body).toMatchObject({ id, name: "contract-dataset" });
      await call("GET", `/api/v1/datasets/${UNKNOWN_ID}`, { expect: 404 });
      await call("GET", "/api/v1/datasets/bad", { expect: 422, request: "invalid" });
      const patched = await call("PATCH", `/api/v1/datasets/${id}`, { body: { description: "renamed", metadata: { owner: "qa" } }, expect: 200 });
      expect(patched.body).toMatchObject({ id, name: "contract-dataset", description: "renamed" });
      await call("PATCH", `/api/v1/datasets/${id}`, { body: { transformations: [{ path: ["x"], transformation_type: "shout" }] }, expect: 422, request: "invalid" });
      await call("PATCH", `/api/v1/datasets/${UNKNOWN_ID}`, { body: { description: "x" }, expect: 404 });
      await call("DELETE", `/api/v1/datasets/${id}`, { expect: 200 });
      await call("DELETE", `/api/v1/datasets/${id}`, { expect: 404 });
      await call("DELETE", "/api/v1/datasets/bad", { expect: 422, request: "invalid" });
      const other = String(((await call("POST", "/api/v1/datasets", { body: { name: "contract-dataset-bulk" }, expect: 200 })).body as Json)["id"]);
      await call("DELETE", `/api/v1/datasets?dataset_ids=${other}`, { expect: 200 });
      await call("DELETE", "/api/v1/datasets?dataset_ids=bad", { expect: 422, request: "invalid" });
    });

    test("examples: create, list, get, update, delete one and several; 400 for a body the route cannot read; 404; 422 outside the contract", async () => {
      const dataset = String(((await call("POST", "/api/v1/datasets", { body: { name: "contract-examples" }, expect: 200 })).body as Json)["id"]);
      const created = await call("POST", "/api/v1/examples", { body: { dataset_id: dataset, inputs: { q: "2+2?" }, outputs: { a: "4" }, split: "train" }, expect: 200 });
      const example = created.body as Json;
      const id = String(example["id"]);
      expect(example).toMatchObject({ dataset_id: dataset, inputs: { q: "2+2?" }, outputs: { a: "4" }, metadata: { dataset_split: ["train"] }, attachment_urls: null });
      await call("POST", "/api/v1/examples", { body: { inputs: { q: "no dataset" } }, expect: 400, request: "invalid" });
      await call("POST", "/api/v1/examples", { body: { dataset_id: UNKNOWN_ID, inputs: {} }, expect: 404 });
      const listed = await call("GET", `/api/v1/examples?dataset=${dataset}&splits=train`, { expect: 200 });
      expect((listed.body as Json[]).map((e) => e["id"])).toEqual([id]);
      await call("GET", "/api/v1/examples?order=newest", { expect: 422, request: "invalid" });
      // A filter expression over the metadata (422 for one the emulator cannot evaluate, though the contract takes any text); as_of a time or a tag.
      const byFilter = await call("GET", `/api/v1/examples?dataset=${dataset}&filter=${encodeURIComponent('not(exists(metadata, "team"))')}`, { expect: 200 });
      expect((byFilter.body as Json[]).map((e) => e["id"])).toEqual([id]);
      await call("GET", `/api/v1/examples?dataset=${dataset}&filter=${encodeURIComponent('eq(name, "x")')}`, { expect: 422 });
      expect((await call("GET", `/api/v1/examples?dataset=${dataset}&as_of=2000-01-01T00:00:00Z`, { expect: 200 })).body).toEqual([]);
      await call("GET", `/api/v1/examples?dataset=${dataset}&as_of=no-such-tag`, { expect: 404 });
      expect((await call("GET", `/api/v1/examples/${id}`, { expect: 200 })).body).toMatchObject({ id, name: `#${id.slice(0, 4)}` });
      await call("GET", `/api/v1/examples/${UNKNOWN_ID}`, { expect: 404 });
      await call("GET", "/api/v1/examples/bad", { expect: 422, request: "invalid" });
      const patched = await call("PATCH", `/api/v1/examples/${id}`, { body: { outputs: { a: "four" }, split: ["test"] }, expect: 200 });
      expect(patched.body).toMatchObject({ id, outputs: { a: "four" }, metadata: { dataset_split: ["test"] } });
      await call("PATCH", `/api/v1/examples/${id}`, { body: { inputs: "text" }, expect: 422, request: "invalid" });
      await call("PATCH", `/api/v1/examples/${UNKNOWN_ID}`, { body: { outputs: {} }, expect: 404 });
      await call("DELETE", `/api/v1/examples/${id}`, { expect: 200 });
      await call("DELETE", `/api/v1/examples/${id}`, { expect: 404 });
      await call("DELETE", "/api/v1/examples/bad", { expect: 422, request: "invalid" });
      const other = String(((await call("POST", "/api/v1/examples", { body: { dataset_id: dataset, inputs: { q: "bulk" } }, expect: 200 })).body as Json)["id"]);
      await call("DELETE", `/api/v1/examples?example_ids=${other}`, { expect: 200 });
      await call("DELETE", "/api/v1/examples", { expect: 422, request: "invalid" });
      await call("DELETE", `/api/v1/datasets/${dataset}`, { expect: 200 });
    });

    test("annotation queues: create, list, get, update, delete one and several; 409 for a taken name; 404; 422 outside the contract", async () => {
      const created = await call("POST", "/api/v1/annotation-queues", {
        body: { name: "contract-queue", description: "review", rubric_items: [{ feedback_key: "correctness", is_required: true }] },
        expect: 200,
      });
      const queue = created.body as Json;
      const id = String(queue["id"]);
      expect(queue).toMatchObject({ name: "contract-queue", queue_type: "single", num_reviewers_per_item: 1, reviewer_access_mode: "any" });
      await call("POST", "/api/v1/annotation-queues", { body: { name: "contract-queue" }, expect: 409 });
      await call("POST", "/api/v1/annotation-queues", { body: { description: "no name" }, expect: 422, request: "invalid" });
      const listed = await call("GET", "/api/v1/annotation-queues?name=contract-queue&queue_type=single", { expect: 200 });
      expect(listed.body).toEqual([expect.objectContaining({ id, total_runs: 0 })]);
      await call("GET", "/api/v1/annotation-queues?queue_type=triple", { expect: 422, request: "invalid" });
      expect((await call("GET", `/api/v1/annotation-queues/${id}`, { expect: 200 })).body).toMatchObject({
        id,
        rubric_items: [{ feedback_key: "correctness", is_required: true, description: null }],
      });
      await call("GET", `/api/v1/annotation-queues/${UNKNOWN_ID}`, { expect: 404 });
      await call("GET", "/api/v1/annotation-queues/bad", { expect: 422, request: "invalid" });
      const patched = await call("PATCH", `/api/v1/annotation-queues/${id}`, { body: { description: "changed", num_reviewers_per_item: 2 }, expect: 200 });
      expect(patched.body).toMatchObject({ id, description: "changed", num_reviewers_per_item: 2 });
      await call("PATCH", `/api/v1/annotation-queues/${id}`, { body: { reviewer_access_mode: "everyone" }, expect: 422, request: "invalid" });
      await call("PATCH", `/api/v1/annotation-queues/${UNKNOWN_ID}`, { body: { description: "x" }, expect: 404 });
      await call("DELETE", `/api/v1/annotation-queues/${id}`, { expect: 200 });
      await call("DELETE", `/api/v1/annotation-queues/${id}`, { expect: 404 });
      await call("DELETE", "/api/v1/annotation-queues/bad", { expect: 422, request: "invalid" });
      const other = String(((await call("POST", "/api/v1/annotation-queues", { body: { name: "contract-queue-bulk" }, expect: 200 })).body as Json)["id"]);
      await call("DELETE", `/api/v1/annotation-queues?queue_ids=${other}`, { expect: 200 });
      await call("DELETE", "/api/v1/annotation-queues?queue_ids=bad", { expect: 422, request: "invalid" });
    });
  });

  describe("REST API: feedback configs, model prices, playground settings, prompt webhooks", () => {
    test("feedback configs: create, list, update and delete by key, and by id; 409 for a taken key, 400 for a config that makes no sense; 404; 422 outside the contract", async () => {
      const created = await call("POST", "/api/v1/feedback-configs", { body: { feedback_key: "contract-score", feedback_config: { type: "continuous", min: 0, max: 1 } }, expect: 200 });
      expect(created.body).toMatchObject({ feedback_key: "contract-score", feedback_config: { type: "continuous", min: 0, max: 1, categories: null }, is_lower_score_better: false });
      await call("POST", "/api/v1/feedback-configs", { body: { feedback_key: "contract-score", feedback_config: { type: "freeform" } }, expect: 409 });
      await call("POST", "/api/v1/feedback-configs", { body: { feedback_key: "contract-bounds", feedback_config: { type: "continuous", min: 2, max: 1 } }, expect: 400 });
      await call("POST", "/api/v1/feedback-configs", { body: { feedback_key: "contract-bad", feedback_config: { type: "stars" } }, expect: 422, request: "invalid" });
      const listed = await call("GET", "/api/v1/feedback-configs?key=contract-score", { expect: 200 });
      expect((listed.body as Json[]).map((c) => c["feedback_key"])).toEqual(["contract-score"]);
      await call("GET", "/api/v1/feedback-configs?limit=0", { expect: 422, request: "invalid" });
      const patched = await call("PATCH", "/api/v1/feedback-configs", { body: { feedback_key: "contract-score", is_lower_score_better: true }, expect: 200 });
      expect(patched.body).toMatchObject({ feedback_key: "contract-score", is_lower_score_better: true, feedback_config: { type: "continuous", min: 0, max: 1 } });
      await call("PATCH", "/api/v1/feedback-configs", { body: { is_lower_score_better: true }, expect: 422, request: "invalid" });
      await call("PATCH", "/api/v1/feedback-configs", { body: { feedback_key: "contract-none", is_lower_score_better: true }, expect: 404 });
      await call("DELETE", "/api/v1/feedback-configs?feedback_key=contract-score", { expect: 204 });
      await call("DELETE", "/api/v1/feedback-configs?feedback_key=contract-score", { expect: 404 });
      // Neither a key nor an id: within the contract (both are optional there), refused as FastAPI refuses a missing key.
      await call("DELETE", "/api/v1/feedback-configs", { expect: 422 });
      // By the config's id: the body's id beside its key (404 for another key), ?id= alone.
      const other = (await call("POST", "/api/v1/feedback-configs", { body: { feedback_key: "contract-by-id", feedback_config: { type: "freeform" } }, expect: 200 })).body as Json;
      expect(other["id"]).toEqual(expect.any(String));
      const byId = { feedback_key: "contract-by-id", id: other["id"], is_lower_score_better: true };
      expect((await call("PATCH", "/api/v1/feedback-configs", { body: byId, expect: 200 })).body).toMatchObject({ id: other["id"], is_lower_score_better: true });
      await call("PATCH", "/api/v1/feedback-configs", { body: { ...byId, feedback_key: "contract-score" }, expect: 404 });
      await call("DELETE", `/api/v1/feedback-configs?id=${String(other["id"])}`, { expect: 204 });
      await call("DELETE", `/api/v1/feedback-configs?id=${String(other["id"])}`, { expect: 404 });
      await call("DELETE", "/api/v1/feedback-configs?id=not-a-uuid", { expect: 422, request: "invalid" });
    });

    test("model price map: the defaults and the workspace's entries, create, replace, delete; 409 for a repeated entry; 404 for a default or unknown id; 422 outside the contract", async () => {
      const before = (await call("GET", "/api/v1/model-price-map", { expect: 200 })).body as Json[];
      const builtIn = before.find((e) => e["tenant_id"] === null);
      expect(builtIn).toBeDefined();
      const body = { name: "contract-model", match_pattern: "^contract-model$", prompt_cost: 0.000001, completion_cost: "0.000002", provider: "contract" };
      const created = (await call("POST", "/api/v1/model-price-map", { body, expect: 200 })).body as Json;
      expect(created).toMatchObject({ name: "contract-model", prompt_cost: "0.000001", completion_cost: "0.000002", start_time: null, match_path: ["model", "model_name", "model_id", "model_path", "endpoint_name"] });
      const id = String(created["id"]);
      await call("POST", "/api/v1/model-price-map", { body, expect: 409 });
      await call("POST", "/api/v1/model-price-map", { body: { name: "no pattern", prompt_cost: 1, completion_cost: 1 }, expect: 422, request: "invalid" });
      const replaced = (await call("PUT", `/api/v1/model-price-map/${id}`, { body: { name: "contract-model", match_pattern: "^contract-model-v2$", prompt_cost: "3e-6", completion_cost: 0.000004 }, expect: 200 })).body as Json;
      expect(replaced).toMatchObject({ id, match_pattern: "^contract-model-v2$", prompt_cost: "0.000003", provider: null });
      await call("PUT", `/api/v1/model-price-map/${id}`, { body: { name: "contract-model" }, expect: 422, request: "invalid" });
      await call("PUT", `/api/v1/model-price-map/${String(builtIn?.["id"])}`, { body, expect: 404 });
      await call("PUT", `/api/v1/model-price-map/${UNKNOWN_ID}`, { body, expect: 404 });
      await call("DELETE", `/api/v1/model-price-map/${id}`, { expect: 200 });
      await call("DELETE", `/api/v1/model-price-map/${id}`, { expect: 404 });
      await call("DELETE", "/api/v1/model-price-map/bad", { expect: 422, request: "invalid" });
      expect((await call("GET", "/api/v1/model-price-map", { expect: 200 })).body).toEqual(before);
    });

    test("playground settings: create, list, get, update, delete; the OAuth client secret answered masked; 404 for any unknown id; 422 outside the contract", async () => {
      const created = (await call("POST", "/api/v1/playground-settings", {
        body: { name: "contract-model-config", settings: { model: "gpt-4o", temperature: 0 }, oauth_enabled: true, oauth_client_secret: "contract-oauth-secret", options: { requests_per_second: 2 } },
        expect: 200,
      })).body as Json;
      const id = String(created["id"]);
      expect(created).toMatchObject({ name: "contract-model-config", settings_type: "complex", oauth_client_secret: "****", available_in_playground: true, options: { requests_per_second: 2 } });
      await call("POST", "/api/v1/playground-settings", { body: { name: "no settings" }, expect: 422, request: "invalid" });
      const listed = (await call("GET", "/api/v1/playground-settings", { expect: 200 })).body as Json[];
      expect(listed.map((p) => p["id"])).toContain(id);
      expect(JSON.stringify(listed)).not.toContain("contract-oauth-secret");
      expect((await call("GET", `/api/v1/playground-settings/${id}`, { expect: 200 })).body).toMatchObject({ id });
      await call("GET", "/api/v1/playground-settings/not-an-id", { expect: 404 });
      const patched = (await call("PATCH", `/api/v1/playground-settings/${id}`, { body: { description: "temperature 0", available_in_evaluators: false }, expect: 200 })).body as Json;
      expect(patched).toMatchObject({ id, description: "temperature 0", available_in_evaluators: false, settings: { model: "gpt-4o" } });
      await call("PATCH", `/api/v1/playground-settings/${id}`, { body: { settings: "gpt-4o" }, expect: 422, request: "invalid" });
      await call("PATCH", `/api/v1/playground-settings/${UNKNOWN_ID}`, { body: { description: "x" }, expect: 404 });
      await call("DELETE", `/api/v1/playground-settings/${id}`, { expect: 200 });
      await call("DELETE", `/api/v1/playground-settings/${id}`, { expect: 404 });
    });

    test("prompt webhooks: create, list, get, update, delete; header values answered masked and a masked value refused; 404; 422 outside the contract", async () => {
      const created = (await call("POST", "/api/v1/prompt-webhooks", { body: { url: "https://hooks.example.com/prompts", headers: { Authorization: "Bearer contract-token" } }, expect: 200 })).body as Json;
      const id = String(created["id"]);
      expect(created).toMatchObject({ url: "https://hooks.example.com/prompts", headers: { Authorization: "****" }, triggers: ["commit", "tag:create", "tag:update"], include_prompts: null });
      await call("POST", "/api/v1/prompt-webhooks", { body: { url: "https://hooks.example.com/x", headers: { Authorization: "****" } }, expect: 400 });
      await call("POST", "/api/v1/prompt-webhooks", { body: { url: "not a url" }, expect: 422, request: "invalid" });
      const listed = (await call("GET", "/api/v1/prompt-webhooks", { expect: 200 })).body as Json[];
      expect(listed.map((w) => w["id"])).toEqual([id]);
      expect(JSON.stringify(listed)).not.toContain("contract-token");
      expect((await call("GET", `/api/v1/prompt-webhooks/${id}`, { expect: 200 })).body).toMatchObject({ id, headers: { Authorization: "****" } });
      await call("GET", `/api/v1/prompt-webhooks/${UNKNOWN_ID}`, { expect: 404 });
      await call("GET", "/api/v1/prompt-webhooks/bad", { expect: 422, request: "invalid" });
      const patched = (await call("PATCH", `/api/v1/prompt-webhooks/${id}`, { body: { triggers: ["commit"] }, expect: 200 })).body as Json;
      expect(patched).toMatchObject({ id, triggers: ["commit"], headers: { Authorization: "****" } });
      await call("PATCH", `/api/v1/prompt-webhooks/${id}`, { body: { triggers: ["push"] }, expect: 422, request: "invalid" });
      await call("PATCH", `/api/v1/prompt-webhooks/${UNKNOWN_ID}`, { body: { triggers: [] }, expect: 404 });
      await call("DELETE", `/api/v1/prompt-webhooks/${id}`, { expect: 200 });
      await call("DELETE", `/api/v1/prompt-webhooks/${id}`, { expect: 404 });
      await call("DELETE", "/api/v1/prompt-webhooks/bad", { expect: 422, request: "invalid" });
    });
  });
}
