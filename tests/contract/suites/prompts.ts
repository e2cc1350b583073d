/**
 * Contract tier: prompts (the hub's repos, their commits at the origin and
 * their commit tags), automation rules, alert rules and evaluators, each
 * operation with its declared answers: FastAPI's 422s for the `/api/v1`
 * routes, the Go services' 400s and 404s for `/commits` and `/v1/platform`.
 *
 * @packageDocumentation
 */
import { DEFAULT_ORGANIZATION_ID, DEFAULT_PERMISSIONS, DEFAULT_WORKSPACE_ID } from "../../../packages/emulator/src/core/seed";
import { type ContractEnv, type Json, UNKNOWN_ID } from "./env";

/** A workspace key holding what these kinds need (prompts, rules, alerts, projects) beside the default permissions. */
const PROMPTS_KEY = "lsv2_pt_contract_prompts";
const PERMISSIONS = [
  ...DEFAULT_PERMISSIONS,
  ...["prompts", "rules", "alerts", "projects"].flatMap((area) => ["read", "create", "update", "delete"].map((verb) => `${area}:${verb}`)),
];

/** A chat prompt as the SDKs serialize it. */
function chatManifest(text: string): Json {
  const template = { lc: 1, type: "constructor", id: ["langchain", "prompts", "prompt", "PromptTemplate"], kwargs: { input_variables: ["question"], template: text, template_format: "f-string" } };
  return {
    lc: 1,
    type: "constructor",
    id: ["langchain", "prompts", "chat", "ChatPromptTemplate"],
    kwargs: { input_variables: ["question"], messages: [{ lc: 1, type: "constructor", id: ["langchain", "prompts", "chat", "HumanMessagePromptTemplate"], kwargs: { prompt: template } }] },
  };
}

/** A judge prompt with an output schema (its properties are the evaluator's feedback keys). */
const JUDGE_MANIFEST: Json = {
  lc: 1,
  type: "constructor",
  id: ["langchain_core", "prompts", "structured", "StructuredPrompt"],
  kwargs: {
    input_variables: ["output"],
    messages: (chatManifest("Grade this answer: {output}")["kwargs"] as Json)["messages"],
    schema_: { title: "grade", type: "object", properties: { correctness: { type: "boolean" }, helpfulness: { type: "number" } }, required: ["correctness"] },
  },
};

const ALERT_RULE: Json = { name: "Errors", description: "Errored runs", type: "threshold", attribute: "error_count", aggregation: "sum", operator: "gte", threshold: 5, window_minutes: 5 };

/** Defines the prompts, rules, alerts and evaluators suite. */
export function describePrompts(env: ContractEnv): void {
  const key = { apiKey: PROMPTS_KEY };
  const call = (method: string, path: string, options: Parameters<ContractEnv["harness"]["call"]>[2]): ReturnType<ContractEnv["harness"]["call"]> =>
    env.harness.call(method, path, { ...key, ...options });
  const idOf = (body: unknown, field?: string): string => String(((field === undefined ? body : (body as Json)[field]) as Json)["id"]);

  /** A tracing project made outside the harness (its operations are another suite's). */
  async function project(name: string): Promise<string> {
    const response = await fetch(`${env.emulator.url}/api/v1/sessions`, {
      method: "POST",
      headers: { "x-api-key": PROMPTS_KEY, "content-type": "application/json" },
      body: JSON.stringify({ name }),
    });
    if (response.status !== 200) throw new Error(`creating project ${name}: ${response.status} ${await response.text()}`);
    return String(((await response.json()) as Json)["id"]);
  }

  describe("REST API: prompts, automation rules, alerts, evaluators", () => {
    beforeAll(() => {
      env.emulator.control.seed({ apiKeys: [{ key: PROMPTS_KEY, organizationId: DEFAULT_ORGANIZATION_ID, workspaceId: DEFAULT_WORKSPACE_ID, permissions: PERMISSIONS }] });
    });

    test("prompts: create, get, list with their tag counts, update, delete one and several; 422 outside the contract", async () => {
      const created = await call("POST", "/api/v1/repos", { body: { repo_handle: "contract-prompt", is_public: false, description: "Answers questions", tags: ["qa", "support"] }, expect: 200 });
      expect((created.body as Json)["repo"]).toMatchObject({ repo_handle: "contract-prompt", full_name: "-/contract-prompt", owner: null, num_commits: 0, tags: ["qa", "support"], tenant_id: DEFAULT_WORKSPACE_ID });
      await call("POST", "/api/v1/repos", { body: { repo_handle: "no-visibility" }, expect: 422, request: "invalid" });
      const listed = await call("GET", "/api/v1/repos?query=contract&limit=10", { expect: 200 });
      expect(listed.body).toEqual({ repos: [(created.body as Json)["repo"]], total: 1 });
      await call("GET", "/api/v1/repos?limit=0", { expect: 422, request: "invalid" });
      expect((await call("GET", "/api/v1/repos/tags", { expect: 200 })).body).toEqual({ tags: [{ tag: "qa", count: 1 }, { tag: "support", count: 1 }] });
      await call("GET", "/api/v1/repos/tags?limit=abc", { expect: 422, request: "invalid" });
      expect((await call("GET", "/api/v1/repos/-/contract-prompt", { expect: 200 })).body).toEqual(created.body);
      const updated = await call("PATCH", "/api/v1/repos/-/contract-prompt", { body: { description: "Answers support questions" }, expect: 200 });
      expect((updated.body as Json)["repo"]).toMatchObject({ description: "Answers support questions", tags: ["qa", "support"] });
      await call("PATCH", "/api/v1/repos/-/contract-prompt", { body: { is_archived: "often" }, expect: 422, request: "invalid" });

      const other = await call("POST", "/api/v1/repos", { body: { repo_handle: "contract-bulk", is_public: false }, expect: 200 });
      await call("DELETE", `/api/v1/repos?repo_ids=${idOf(other.body, "repo")}`, { expect: 200 });
      await call("DELETE", "/api/v1/repos?repo_ids=bad", { expect: 422, request: "invalid" });
      const temporary = await call("POST", "/api/v1/repos", { body: { repo_handle: "contract-temporary", is_public: false }, expect: 200 });
      await call("DELETE", "/api/v1/repos/-/contract-temporary", { expect: 200 });
      expect((await call("GET", "/api/v1/repos", { expect: 200 })).body).toEqual({ repos: [expect.objectContaining({ repo_handle: "contract-prompt" })], total: 1 });
      expect(idOf(temporary.body, "repo")).not.toBe(idOf(created.body, "repo"));
    });

    test("commits and commit tags: push, list, read by latest, tag and hash; tag, move and delete a tag; 400 and 404 of the Go service, 422 of FastAPI", async () => {
      const first = await call("POST", "/commits/-/contract-prompt", { body: { manifest: chatManifest("{question}") }, expect: 201 });
      const firstCommit = (first.body as Json)["commit"] as Json;
      expect(firstCommit).toMatchObject({ parent_commit_hash: "", full_name: "-/contract-prompt", manifest: chatManifest("{question}") });
      await call("POST", "/commits/-/contract-prompt", { body: { manifest: { hi: "hello" } }, expect: 400 });
      await call("POST", "/commits/-/contract-prompt", { body: { manifest: "a prompt" }, expect: 400, request: "invalid" });
      await call("POST", "/commits/-/no-such-prompt", { body: { manifest: chatManifest("{question}") }, expect: 404 });
      const second = await call("POST", "/commits/-/contract-prompt", { body: { manifest: chatManifest("Answer briefly: {question}"), description: "briefer" }, expect: 201 });
      const secondCommit = (second.body as Json)["commit"] as Json;
      expect(secondCommit).toMatchObject({ parent_commit_hash: firstCommit["commit_hash"], parent_id: firstCommit["id"], description: "briefer" });

      const listed = await call("GET", "/commits/-/contract-prompt?limit=10", { expect: 200 });
      expect(listed.body).toEqual({ commits: [secondCommit, firstCommit], total: 2 });
      await call("GET", "/commits/-/contract-prompt?limit=abc", { expect: 400, request: "invalid" });
      await call("GET", "/commits/-/no-such-prompt", { expect: 404 });
      expect((await call("GET", "/commits/-/contract-prompt/latest", { expect: 200 })).body).toMatchObject({ commit_hash: secondCommit["commit_hash"], manifest: chatManifest("Answer briefly: {question}") });
      expect((await call("GET", `/commits/-/contract-prompt/${String(firstCommit["commit_hash"]).slice(0, 8)}`, { expect: 200 })).body).toMatchObject({ commit_hash: firstCommit["commit_hash"] });
      await call("GET", "/commits/-/contract-prompt/latest?get_examples=maybe", { expect: 400, request: "invalid" });
      await call("GET", "/commits/-/contract-prompt/0123456789abcdef", { expect: 404 });

      const tags = "/api/v1/repos/-/contract-prompt/tags";
      const tag = await call("POST", tags, { body: { tag_name: "prod", commit_id: firstCommit["id"] }, expect: 200 });
      expect(tag.body).toMatchObject({ tag_name: "prod", commit_id: firstCommit["id"], commit_hash: firstCommit["commit_hash"] });
      await call("POST", tags, { body: { tag_name: "no-commit" }, expect: 422, request: "invalid" });
      expect((await call("GET", tags, { expect: 200 })).body).toEqual([tag.body]);
      expect((await call("GET", `${tags}/prod`, { expect: 200 })).body).toEqual(tag.body);
      expect((await call("GET", "/commits/-/contract-prompt/prod", { expect: 200 })).body).toMatchObject({ commit_hash: firstCommit["commit_hash"] });
      const moved = await call("PATCH", `${tags}/prod`, { body: { commit_id: secondCommit["id"] }, expect: 200 });
      expect(moved.body).toMatchObject({ id: (tag.body as Json)["id"], commit_id: secondCommit["id"], commit_hash: secondCommit["commit_hash"] });
      await call("PATCH", `${tags}/prod`, { body: { commit_id: "bad" }, expect: 422, request: "invalid" });
      await call("DELETE", `${tags}/prod`, { expect: 200 });
      expect((await call("GET", tags, { expect: 200 })).body).toEqual([]);
      await call("DELETE", "/api/v1/repos/-/contract-prompt", { expect: 200 });
    });

    test("evaluators, automation rules and alerts: create, read, list, change, delete; 400 and 404 of the Go services, 422 of FastAPI", async () => {
      await call("POST", "/api/v1/repos", { body: { repo_handle: "contract-judge", is_public: false }, expect: 200 });
      await call("POST", "/commits/-/contract-judge", { body: { manifest: JUDGE_MANIFEST }, expect: 201 });
      const evaluators = "/v1/platform/evaluators";
      const llm = await call("POST", evaluators, { body: { name: "Correctness", type: "llm", llm_evaluator: { prompt_repo_handle: "contract-judge", commit_hash_or_tag: "latest", variable_mapping: { output: "run.outputs" } } }, expect: 201 });
      const llmId = idOf(llm.body, "evaluator");
      expect((llm.body as Json)["evaluator"]).toMatchObject({ name: "Correctness", type: "llm", feedback_keys: ["correctness", "helpfulness"], run_rules: [], tenant_id: DEFAULT_WORKSPACE_ID });
      await call("POST", evaluators, { body: { name: "Bad", type: "sql" }, expect: 400, request: "invalid" });
      const code = await call("POST", evaluators, { body: { name: "Length", type: "code", code_evaluator: { code: "def perform_eval(run, example):\n    return {'short': len(run['outputs']) < 100}" } }, expect: 201 });
      const codeId = idOf(code.body, "evaluator");
      const listed = await call("GET", `${evaluators}?name_contains=correct&limit=10`, { expect: 200 });
      expect(listed.body).toEqual({ evaluators: [(llm.body as Json)["evaluator"]], total: 1 });
      await call("GET", `${evaluators}?limit=abc`, { expect: 400, request: "invalid" });
      expect((await call("GET", `${evaluators}/${llmId}`, { expect: 200 })).body).toEqual((llm.body as Json)["evaluator"]);
      await call("GET", `${evaluators}/${UNKNOWN_ID}`, { expect: 404 });
      await call("GET", `${evaluators}/not-an-id`, { expect: 400 });
      const renamed = await call("PATCH", `${evaluators}/${llmId}`, { body: { name: "Correct answer" }, expect: 200 });
      expect((renamed.body as Json)["evaluator"]).toMatchObject({ id: llmId, name: "Correct answer" });
      await call("PATCH", `${evaluators}/${llmId}`, { body: { name: 5 }, expect: 400, request: "invalid" });
      await call("PATCH", `${evaluators}/${UNKNOWN_ID}`, { body: { name: "Nobody" }, expect: 404 });
      const bulk = await call("DELETE", `${evaluators}?evaluator_ids=${codeId},${UNKNOWN_ID}`, { expect: 200 });
      expect(bulk.body).toEqual({ succeeded: [codeId], failed: [{ id: UNKNOWN_ID, error: "Evaluator not found" }] });
      await call("DELETE", evaluators, { expect: 400, request: "invalid" });

      const projectId = await project("contract-rules");
      const rules = "/api/v1/runs/rules";
      const rule = await call("POST", rules, {
        body: { display_name: "Grade production", session_id: projectId, sampling_rate: 0.5, filter: "eq(is_root, true)", evaluator_id: llmId, webhooks: [{ url: "https://hooks.example.com/grade", headers: { Authorization: "Bearer contract-secret" } }] },
        expect: 200,
      });
      const ruleId = idOf(rule.body);
      expect(rule.body).toMatchObject({ session_id: projectId, session_name: "contract-rules", sampling_rate: 0.5, evaluator_id: llmId, webhooks: [{ url: "https://hooks.example.com/grade", headers: { Authorization: "****" } }] });
      await call("POST", rules, { body: { display_name: "No rate" }, expect: 422, request: "invalid" });
      expect((await call("GET", `${rules}?session_id=${projectId}`, { expect: 200 })).body).toEqual([rule.body]);
      await call("GET", `${rules}?session_id=bad`, { expect: 422, request: "invalid" });
      const changed = await call("PATCH", `${rules}/${ruleId}`, { body: { display_name: "Grade a quarter", sampling_rate: 0.25 }, expect: 200 });
      expect(changed.body).toMatchObject({ id: ruleId, display_name: "Grade a quarter", sampling_rate: 0.25, filter: "eq(is_root, true)" });
      await call("PATCH", `${rules}/${ruleId}`, { body: { display_name: "No rate" }, expect: 422, request: "invalid" });
      await call("DELETE", `${evaluators}/${llmId}`, { expect: 409 });
      await call("DELETE", `${rules}/${ruleId}`, { expect: 200 });
      await call("DELETE", `${rules}/bad`, { expect: 422, request: "invalid" });
      await call("DELETE", `${evaluators}/${llmId}`, { expect: 204 });
      await call("DELETE", `${evaluators}/${llmId}`, { expect: 404 });
      await call("DELETE", `${evaluators}/not-an-id`, { expect: 400 });

      const alerts = `/v1/platform/alerts/${projectId}`;
      const actions = [
        { target: "webhook", config: { url: "https://hooks.example.com/alerts", headers: { Authorization: "Bearer contract-alert-secret" } } },
        { target: "pagerduty", config: { integration_key: "contract-pd-key", severity: "critical" } },
      ];
      const alert = await call("POST", alerts, { body: { rule: ALERT_RULE, actions }, expect: 201 });
      const alertId = String(((alert.body as Json)["rule"] as Json)["id"]);
      expect(alert.body).toMatchObject({
        rule: { ...ALERT_RULE, session_id: projectId, session_name: "contract-rules" },
        actions: [{ target: "webhook", config: { headers: { Authorization: "****" } } }, { target: "pagerduty", config: { integration_key: "****" } }],
      });
      await call("POST", alerts, { body: { rule: { name: "Incomplete" }, actions: [] }, expect: 400, request: "invalid" });
      expect((await call("GET", `${alerts}/${alertId}`, { expect: 200 })).body).toEqual(alert.body);
      await call("GET", `${alerts}/${UNKNOWN_ID}`, { expect: 404 });
      await call("GET", `${alerts}/not-an-id`, { expect: 400 });
      expect((await call("PATCH", `${alerts}/${alertId}`, { body: { rule: { ...ALERT_RULE, threshold: 10 }, actions: (alert.body as Json)["actions"] }, expect: 200 })).body).toEqual({});
      expect((await call("GET", `${alerts}/${alertId}`, { expect: 200 })).body).toMatchObject({ rule: { threshold: 10 } });
      await call("PATCH", `${alerts}/${alertId}`, { body: { rule: ALERT_RULE }, expect: 400, request: "invalid" });
      await call("PATCH", `${alerts}/${UNKNOWN_ID}`, { body: { rule: ALERT_RULE, actions: [] }, expect: 404 });
      expect((await call("DELETE", `${alerts}/${alertId}`, { expect: 200 })).body).toEqual({});
      await call("DELETE", `${alerts}/${alertId}`, { expect: 404 });
      await call("DELETE", `${alerts}/not-an-id`, { expect: 400 });
      await call("DELETE", "/api/v1/repos/-/contract-judge", { expect: 200 });
    });
  });
}
