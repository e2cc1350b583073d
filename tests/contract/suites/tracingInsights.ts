/**
 * Contract tier: the tracing additions of issue 46 the emulator serves
 * (insights configurations of a project; the issues agent of a project;
 * feedback formulas), each operation with its declared answers and the
 * refusals a program can meet.
 *
 * @packageDocumentation
 */
import { type ContractEnv, type Json, UNKNOWN_ID } from "./env";

/** Defines the tracing additions suite. */
export function describeTracingInsights(env: ContractEnv): void {
  const call = (...args: Parameters<ContractEnv["harness"]["call"]>): ReturnType<ContractEnv["harness"]["call"]> => env.harness.call(...args);
  /** A new tracing project's id. */
  const newProject = async (name: string): Promise<string> => String(((await call("POST", "/api/v1/sessions", { body: { name }, expect: 200 })).body as Json)["id"]);

  describe("additions: insights configurations, issues agents, feedback formulas", () => {
    test("insights configs: create (200, config null-filled; 404 for an unknown project; 400 for a bad cron; 422 without a name), list (with and without prebuilts; 422 for a malformed project id), change (200; config replaced whole; 404; 422), delete ({id, message}; 404; 422 for a malformed id)", async () => {
      const projectId = await newProject("contract insights");
      const configs = `/api/v1/sessions/${projectId}/insights/configs`;
      const body = { name: "topics", config: { summary_prompt: "Summarise.", sample: 100, hierarchy: [5] }, schedule_cron: "0 6 * * 1" };
      const created = (await call("POST", configs, { body, expect: 200 })).body as Json;
      const id = String(created["id"]);
      expect(created).toMatchObject({ name: "topics", description: null, schedule_cron: "0 6 * * 1", config: { summary_prompt: "Summarise.", filter: null, model: "openai" } });
      await call("POST", `/api/v1/sessions/${UNKNOWN_ID}/insights/configs`, { body, expect: 404 });
      await call("POST", configs, { body: { ...body, schedule_cron: "weekly" }, expect: 400 });
      await call("POST", configs, { body: { config: {} }, expect: 422, request: "invalid" });
      expect(((await call("GET", configs, { expect: 200 })).body as Json)["configs"]).toEqual([expect.objectContaining({ id, prebuilt: false })]);
      expect(((await call("GET", `${configs}?include_prebuilts=true`, { expect: 200 })).body as Json)["configs"]).toHaveLength(1);
      await call("GET", "/api/v1/sessions/not-a-uuid/insights/configs", { expect: 422, request: "invalid" });
      const changed = (await call("PATCH", `${configs}/${id}`, { body: { description: "weekly", config: { filter: "eq(is_root, true)" } }, expect: 200 })).body as Json;
      expect(changed).toMatchObject({ id, name: "topics", description: "weekly", config: { filter: "eq(is_root, true)", summary_prompt: null } });
      await call("PATCH", `${configs}/${UNKNOWN_ID}`, { body: { name: "x" }, expect: 404 });
      await call("PATCH", `${configs}/${id}`, { body: { name: 5 }, expect: 422, request: "invalid" });
      await call("DELETE", `${configs}/not-a-uuid`, { expect: 422, request: "invalid" });
      expect((await call("DELETE", `${configs}/${id}`, { expect: 200 })).body).toEqual({ id, message: expect.any(String) });
      await call("DELETE", `${configs}/${id}`, { expect: 404 });
    });

    test("issues agents: create (201; 409 for a second; 400 for an unknown project, a malformed id or a bad run filter), get (200; 404), list, change (200; the spend limit with six decimals, a negative one clearing it; 404), save the overview (200, never answered back; 404; 400), delete (204; 404; 400)", async () => {
      const projectId = await newProject("contract issues agent");
      const agent = `/api/v1/platform/sessions/${projectId}/issues-agent`;
      const created = (await call("POST", agent, { body: { github_repo_url: "https://github.com/example/bot", priorities: ["errors"] }, expect: 201 })).body as Json;
      expect(created).toMatchObject({ session_id: projectId, cron_enabled: true, cron_schedule: expect.any(String), priorities: ["errors"], session_name: "contract issues agent" });
      await call("POST", agent, { body: {}, expect: 409 });
      await call("POST", `/api/v1/platform/sessions/${UNKNOWN_ID}/issues-agent`, { body: {}, expect: 400 });
      await call("POST", "/api/v1/platform/sessions/not-a-uuid/issues-agent", { body: {}, expect: 400 });
      expect((await call("GET", agent, { expect: 200 })).body).toMatchObject({ id: created["id"], session_id: projectId });
      await call("GET", `/api/v1/platform/sessions/${UNKNOWN_ID}/issues-agent`, { expect: 404 });
      await call("GET", "/api/v1/platform/sessions/not-a-uuid/issues-agent", { expect: 400 });
      expect(((await call("GET", "/api/v1/platform/issues-agent", { expect: 200 })).body as unknown as Json[]).map((a) => a["session_id"])).toContain(projectId);
      const limited = (await call("PATCH", agent, { body: { cron_enabled: false, session_lcu_spend_limit_monthly: "100", user_instructions: "be brief" }, expect: 200 })).body as Json;
      expect(limited).toMatchObject({ cron_enabled: false, session_lcu_spend_limit_monthly: "100.000000", user_instructions: "be brief" });
      const cleared = (await call("PATCH", agent, { body: { session_lcu_spend_limit_monthly: "-1", user_instructions: "" }, expect: 200 })).body as Json;
      expect(cleared).toMatchObject({ session_lcu_spend_limit_monthly: "", user_instructions: "" });
      await call("PATCH", agent, { body: { run_filter: "eq(is_root" }, expect: 400 });
      await call("PATCH", agent, { body: { session_lcu_spend_limit_monthly: "lots" }, expect: 400 });
      await call("PATCH", `/api/v1/platform/sessions/${UNKNOWN_ID}/issues-agent`, { body: {}, expect: 404 });
      const saved = (await call("PATCH", `${agent}/overview`, { body: { content: "contract overview" }, expect: 200 })).body as Json;
      expect(saved).toEqual({ commit_hash: expect.any(String), session_agent_overview_repo_id: expect.any(String) });
      expect(JSON.stringify((await call("GET", agent, { expect: 200 })).body)).not.toContain("contract overview");
      await call("PATCH", `/api/v1/platform/sessions/${UNKNOWN_ID}/issues-agent/overview`, { body: { content: "x" }, expect: 404 });
      await call("PATCH", `${agent}/overview`, { body: { content: 5 }, expect: 400, request: "invalid" });
      await call("PATCH", "/api/v1/platform/sessions/not-a-uuid/issues-agent/overview", { body: { content: "x" }, expect: 400 });
      await call("DELETE", agent, { expect: 204 });
      await call("DELETE", agent, { expect: 404 });
      await call("DELETE", "/api/v1/platform/sessions/not-a-uuid/issues-agent", { expect: 400 });
    });

    test("feedback formulas (deprecated): create (200; 400 without a dataset or project or with both; 404 for an unknown dataset; 409 for a taken key; 422 outside the contract), get (200; 404; 422), list (filtered, paged), replace (200; 404; 422 without every field), delete ({}; 404; 410 on composite feedback v2)", async () => {
      const datasetId = String(((await call("POST", "/api/v1/datasets", { body: { name: "contract formulas" }, expect: 200 })).body as Json)["id"]);
      const formulas = "/api/v1/feedback/formulas";
      const body = { dataset_id: datasetId, feedback_key: "overall", aggregation_type: "avg", formula_parts: [{ part_type: "weighted_key", key: "correctness", weight: 1 }] };
      const created = (await call("POST", formulas, { body, expect: 200 })).body as Json;
      const id = String(created["id"]);
      expect(created).toMatchObject({ ...body, session_id: null, created_at: expect.any(String), modified_at: expect.any(String) });
      await call("POST", formulas, { body: { ...body, dataset_id: undefined }, expect: 400 });
      await call("POST", formulas, { body: { ...body, session_id: await newProject("contract formulas") }, expect: 400 });
      await call("POST", formulas, { body: { ...body, dataset_id: UNKNOWN_ID }, expect: 404 });
      await call("POST", formulas, { body, expect: 409 });
      await call("POST", formulas, { body: { ...body, aggregation_type: "max" }, expect: 422, request: "invalid" });
      expect((await call("GET", `${formulas}/${id}`, { expect: 200 })).body).toMatchObject({ id, feedback_key: "overall" });
      await call("GET", `${formulas}/${UNKNOWN_ID}`, { expect: 404 });
      await call("GET", `${formulas}/not-a-uuid`, { expect: 422, request: "invalid" });
      expect(((await call("GET", `${formulas}?dataset_id=${datasetId}&limit=10&offset=0`, { expect: 200 })).body as unknown as Json[]).map((f) => f["id"])).toEqual([id]);
      await call("GET", `${formulas}?limit=many`, { expect: 422, request: "invalid" });
      const replaced = { feedback_key: "overall-v2", aggregation_type: "sum", formula_parts: [{ part_type: "weighted_key", key: "helpfulness", weight: 0.5 }] };
      expect((await call("PUT", `${formulas}/${id}`, { body: replaced, expect: 200 })).body).toMatchObject({ ...replaced, dataset_id: datasetId });
      await call("PUT", `${formulas}/${UNKNOWN_ID}`, { body: replaced, expect: 404 });
      await call("PUT", `${formulas}/${id}`, { body: { feedback_key: "x" }, expect: 422, request: "invalid" });
      env.emulator.control.setFeatures({ compositeFeedbackV2: true });
      try {
        await call("DELETE", `${formulas}/${id}`, { expect: 410 });
      } finally {
        env.emulator.control.setFeatures({ compositeFeedbackV2: false });
      }
      expect((await call("DELETE", `${formulas}/${id}`, { expect: 200 })).body).toEqual({});
      await call("DELETE", `${formulas}/${id}`, { expect: 404 });
      await call("DELETE", `${formulas}/not-a-uuid`, { expect: 422, request: "invalid" });
    });
  });
}
