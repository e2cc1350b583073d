// Black-box tests of the emulator's automation rules and alert rules for what
// the contract cannot show: rules and alerts scoped to their project, the
// secrets of notification targets never answered, and a missing permission
// answering 403 naming it (in the Go services' shape too).
import { createEmulator, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import {
  ALERT_RULE,
  chatManifest,
  type Json,
  NO_ALERT_CREATE_KEY,
  NO_PROMPT_CREATE_KEY,
  promptHubCalls,
  READ_ONLY_KEY,
  seedPromptKeys,
} from "../helpers/promptHubCalls";

describe("emulator prompts, automation rules, alerts and evaluators", () => {
  let emulator: Emulator;
  const { call, ok, prompt, project } = promptHubCalls(() => emulator);

  beforeAll(async () => {
    emulator = await createEmulator({ port: 0, host: "127.0.0.1" });
  });

  afterAll(async () => {
    await emulator?.close();
  });

  beforeEach(() => {
    seedPromptKeys(emulator);
  });

  describe("automation rules and alerts", () => {
    test("rules belong to their project: listed by it, refused for an unknown one, deleted with it", async () => {
      const checkout = await project("checkout");
      const search = await project("search");
      const rule = await ok("POST", "/api/v1/runs/rules", {
        display_name: "Errors to review",
        session_id: checkout,
        sampling_rate: 1,
        filter: "eq(error, true)",
        extend_only: true,
      });
      await ok("POST", "/api/v1/runs/rules", { display_name: "Sample search", session_id: search, sampling_rate: 0.1 });
      expect(await ok("GET", `/api/v1/runs/rules?session_id=${checkout}`)).toEqual([rule]);
      expect(await ok("GET", "/api/v1/runs/rules?type=dataset")).toEqual([]);
      expect(((await ok("GET", "/api/v1/runs/rules?name_contains=review")) as unknown as Json[]).map((r) => r["id"])).toEqual([rule["id"]]);
      expect(
        (await call("POST", "/api/v1/runs/rules", { display_name: "Nowhere", session_id: "0b0e0f00-0000-4000-8000-000000000000", sampling_rate: 1 })).status,
      ).toBe(404);
      for (const body of [
        { display_name: "Both", session_id: checkout, dataset_id: checkout, sampling_rate: 1 },
        { display_name: "Neither", sampling_rate: 1 },
        { display_name: "Too often", session_id: checkout, sampling_rate: 1.5 },
        { display_name: "Bad filter", session_id: checkout, sampling_rate: 1, filter: "eq(error, true" },
      ]) {
        expect((await call("POST", "/api/v1/runs/rules", body)).status).toBe(400);
      }

      // The dataset a rule adds runs to: the workspace's, named in the rule; deleting it leaves the rule without that action.
      const dataset = String((await ok("POST", "/api/v1/datasets", { name: "failures" }))["id"]);
      const collecting = await ok("POST", "/api/v1/runs/rules", {
        display_name: "Collect failures",
        session_id: search,
        sampling_rate: 1,
        add_to_dataset_id: dataset,
      });
      expect(collecting).toMatchObject({ add_to_dataset_id: dataset, add_to_dataset_name: "failures" });
      expect(
        (
          await call("POST", "/api/v1/runs/rules", {
            display_name: "Lost",
            session_id: search,
            sampling_rate: 1,
            add_to_dataset_id: "0b0e0f00-0000-4000-8000-000000000000",
          })
        ).status,
      ).toBe(404);
      await ok("DELETE", `/api/v1/datasets/${dataset}`);
      expect(((await ok("GET", `/api/v1/runs/rules?id=${String(collecting["id"])}`)) as unknown as Json[])[0]).toMatchObject({
        add_to_dataset_id: null,
        add_to_dataset_name: null,
      });

      await ok("DELETE", `/api/v1/sessions/${checkout}`);
      expect(((await ok("GET", "/api/v1/runs/rules")) as unknown as Json[]).map((r) => r["session_id"])).toEqual([search, search]);
    });

    test("alerts belong to their project: read, changed and deleted only under it, deleted with it", async () => {
      const checkout = await project("checkout");
      const search = await project("search");
      const created = await ok("POST", `/v1/platform/alerts/${checkout}`, { rule: ALERT_RULE, actions: [] }, 201);
      const id = String((created["rule"] as Json)["id"]);
      expect(created["rule"]).toMatchObject({ ...ALERT_RULE, session_id: checkout, session_name: "checkout", filter: "", threshold_multiplier: 0 });
      expect(await ok("GET", `/v1/platform/alerts/${checkout}/${id}`)).toEqual(created);
      for (const method of ["GET", "DELETE"])
        expect(await call(method, `/v1/platform/alerts/${search}/${id}`)).toEqual(
          expect.objectContaining({ status: 404, body: { error: "Alert rule not found" } }),
        );
      expect((await call("PATCH", `/v1/platform/alerts/${search}/${id}`, { rule: ALERT_RULE, actions: [] })).status).toBe(404);
      expect((await call("POST", "/v1/platform/alerts/0b0e0f00-0000-4000-8000-000000000000", { rule: ALERT_RULE, actions: [] })).status).toBe(404);
      expect((await call("POST", `/v1/platform/alerts/${checkout}`, { rule: { ...ALERT_RULE, threshold: undefined }, actions: [] })).status).toBe(400);
      expect((await call("POST", `/v1/platform/alerts/${checkout}`, { rule: { ...ALERT_RULE, window_minutes: 90 }, actions: [] })).status).toBe(400);

      await ok("DELETE", `/api/v1/sessions/${checkout}`);
      expect(emulator.control.dumpState().state.objects["alertRules"] ?? []).toEqual([]);
    });

    test("the secrets of notification targets are never answered nor stored in plaintext; a masked value sent back keeps them", async () => {
      const checkout = await project("checkout");
      const headerSecret = "Bearer canary-header-7c1e";
      const pagerdutyKey = "canary-pd-key-93ab";
      const routingKey = "canary-routing-key-51d0";
      const created = await ok(
        "POST",
        `/v1/platform/alerts/${checkout}`,
        {
          rule: ALERT_RULE,
          actions: [
            { target: "webhook", config: { url: "https://hooks.example.com/alerts", headers: { Authorization: headerSecret } } },
            { target: "pagerduty", config: { integration_key: pagerdutyKey, severity: "critical" } },
          ],
        },
        201,
      );
      const id = String((created["rule"] as Json)["id"]);
      const rule = await ok("POST", "/api/v1/runs/rules", {
        display_name: "Page on errors",
        session_id: checkout,
        sampling_rate: 1,
        alerts: [{ routing_key: routingKey }],
        webhooks: [{ url: "https://hooks.example.com/rules", headers: { "X-Token": headerSecret } }],
      });
      expect(rule).toMatchObject({ alerts: [{ routing_key: "****", type: "pagerduty", severity: "warning" }], webhooks: [{ headers: { "X-Token": "****" } }] });

      const answers = [
        JSON.stringify(created),
        JSON.stringify(rule),
        (await call("GET", `/v1/platform/alerts/${checkout}/${id}`)).text,
        (await call("GET", "/api/v1/runs/rules")).text,
      ];
      const state = JSON.stringify(emulator.control.dumpState());
      for (const secret of [headerSecret, pagerdutyKey, routingKey]) {
        for (const text of [...answers, state]) expect(text).not.toContain(secret);
      }
      expect(emulator.control.notificationSecrets(DEFAULT_WORKSPACE_ID, "alertRules", id)).toEqual({
        "actions.0.config.headers.Authorization": headerSecret,
        "actions.1.config.integration_key": pagerdutyKey,
      });

      // The read, changed and written back: the masked values keep their secrets, by action id.
      const read = await ok("GET", `/v1/platform/alerts/${checkout}/${id}`);
      const actions = (read["actions"] as Json[]).reverse();
      expect(await ok("PATCH", `/v1/platform/alerts/${checkout}/${id}`, { rule: { ...ALERT_RULE, threshold: 8 }, actions })).toEqual({});
      expect(emulator.control.notificationSecrets(DEFAULT_WORKSPACE_ID, "alertRules", id)).toEqual({
        "actions.0.config.integration_key": pagerdutyKey,
        "actions.1.config.headers.Authorization": headerSecret,
      });
      const patched = await ok("PATCH", `/api/v1/runs/rules/${String(rule["id"])}`, {
        display_name: "Page on all errors",
        sampling_rate: 1,
        alerts: rule["alerts"],
      });
      expect(emulator.control.notificationSecrets(DEFAULT_WORKSPACE_ID, "runRules", String(patched["id"]))).toEqual({
        "alerts.0.routing_key": routingKey,
        "webhooks.0.headers.X-Token": headerSecret,
      });
      // The mask is no value for a target that has none stored.
      expect(
        (await call("POST", `/v1/platform/alerts/${checkout}`, { rule: ALERT_RULE, actions: [{ target: "pagerduty", config: { integration_key: "****" } }] }))
          .status,
      ).toBe(400);
    });
  });
  describe("permissions", () => {
    test("a missing permission answers 403 naming it, as FastAPI and as the Go services answer", async () => {
      const fastApi = await call("POST", "/api/v1/repos", { repo_handle: "denied", is_public: false }, NO_PROMPT_CREATE_KEY);
      expect(fastApi).toEqual(expect.objectContaining({ status: 403, body: { detail: expect.stringContaining("prompts:create") } }));
      const checkout = await project("checkout");
      const go = await call("POST", `/v1/platform/alerts/${checkout}`, { rule: ALERT_RULE, actions: [] }, NO_ALERT_CREATE_KEY);
      expect(go).toEqual(expect.objectContaining({ status: 403, body: { error: expect.stringContaining("alerts:create") } }));
      await prompt("readable");
      expect((await call("GET", "/api/v1/repos/-/readable", undefined, READ_ONLY_KEY)).status).toBe(200);
      for (const [method, path, body, permission] of [
        ["POST", "/commits/-/readable", { manifest: chatManifest("{question}") }, "prompts:update"],
        ["DELETE", "/api/v1/repos/-/readable", undefined, "prompts:delete"],
        ["POST", "/api/v1/runs/rules", { display_name: "No", session_id: checkout, sampling_rate: 1 }, "rules:create"],
        ["POST", "/v1/platform/evaluators", { name: "No", type: "code", code_evaluator: { code: "x" } }, "rules:create"],
      ] as const) {
        const reply = await call(method, path, body, READ_ONLY_KEY);
        expect({ path, status: reply.status, names: reply.text.includes(permission) }).toEqual({ path, status: 403, names: true });
      }
    });
  });
});
