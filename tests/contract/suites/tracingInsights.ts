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
  });
}
