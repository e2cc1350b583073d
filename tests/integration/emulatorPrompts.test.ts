// Black-box tests of the emulator's prompt hub, automation rules, alert
// rules and evaluators for what the contract cannot show: commits are
// immutable and one push makes one commit, a tag moves with one request,
// `latest` and the owner `-`, rules and alerts scoped to their project, the
// secrets of notification targets never answered, evaluators in use, and a
// missing permission answering 403 naming it (in the Go services' shape too).
import { createEmulator, DEFAULT_ORGANIZATION_ID, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { DEFAULT_PERMISSIONS } from "../../packages/emulator/src/core/seed";

type Json = Record<string, unknown>;

interface Reply {
  status: number;
  body: unknown;
  text: string;
}

/** Every permission of the kinds under test. */
const ALL = [
  ...DEFAULT_PERMISSIONS,
  ...["prompts", "rules", "alerts", "projects", "datasets"].flatMap((area) => ["read", "create", "update", "delete"].map((verb) => `${area}:${verb}`)),
];
const KEY = "lsv2_pt_prompts_all";
/** An organization-scoped key with the same permissions (it reaches workspaces made by the test). */
const ORG_KEY = "lsv2_sk_prompts_all";
const NO_PROMPT_CREATE_KEY = "lsv2_pt_prompts_no_create";
const NO_ALERT_CREATE_KEY = "lsv2_pt_prompts_no_alert_create";
const READ_ONLY_KEY = "lsv2_pt_prompts_read_only";

function chatManifest(text: string): Json {
  const template = {
    lc: 1,
    type: "constructor",
    id: ["langchain", "prompts", "prompt", "PromptTemplate"],
    kwargs: { input_variables: ["question"], template: text, template_format: "f-string" },
  };
  return {
    lc: 1,
    type: "constructor",
    id: ["langchain", "prompts", "chat", "ChatPromptTemplate"],
    kwargs: {
      input_variables: ["question"],
      messages: [{ lc: 1, type: "constructor", id: ["langchain", "prompts", "chat", "HumanMessagePromptTemplate"], kwargs: { prompt: template } }],
    },
  };
}

const ALERT_RULE: Json = {
  name: "Slow",
  description: "Latency over 5 s",
  type: "threshold",
  attribute: "latency",
  aggregation: "avg",
  operator: "gt",
  threshold: 5,
  window_minutes: 15,
};

describe("emulator prompts, automation rules, alerts and evaluators", () => {
  let emulator: Emulator;

  async function call(method: string, path: string, body?: unknown, apiKey = KEY, headers: Record<string, string> = {}): Promise<Reply> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { "x-api-key": apiKey, ...headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, text };
  }

  async function ok(method: string, path: string, body?: unknown, status = 200): Promise<Json> {
    const reply = await call(method, path, body);
    if (reply.status !== status) throw new Error(`${method} ${path}: expected ${status}, got ${reply.status} ${reply.text}`);
    return reply.body as Json;
  }

  const prompt = (handle: string): Promise<Json> => ok("POST", "/api/v1/repos", { repo_handle: handle, is_public: false });
  const push = async (handle: string, manifest: Json, extra: Json = {}): Promise<Json> =>
    (await ok("POST", `/commits/-/${handle}`, { manifest, ...extra }, 201))["commit"] as Json;
  const project = async (name: string): Promise<string> => String((await ok("POST", "/api/v1/sessions", { name }))["id"]);

  beforeAll(async () => {
    emulator = await createEmulator({ port: 0, host: "127.0.0.1" });
  });

  afterAll(async () => {
    await emulator?.close();
  });

  beforeEach(() => {
    emulator.control.reset();
    const seeded = (key: string, permissions: string[]): { key: string; organizationId: string; workspaceId: string; permissions: string[] } => ({
      key,
      organizationId: DEFAULT_ORGANIZATION_ID,
      workspaceId: DEFAULT_WORKSPACE_ID,
      permissions,
    });
    emulator.control.seed({
      apiKeys: [
        seeded(KEY, ALL),
        { key: ORG_KEY, organizationId: DEFAULT_ORGANIZATION_ID, workspaceId: null, permissions: ALL },
        seeded(
          NO_PROMPT_CREATE_KEY,
          ALL.filter((p) => p !== "prompts:create"),
        ),
        seeded(
          NO_ALERT_CREATE_KEY,
          ALL.filter((p) => p !== "alerts:create"),
        ),
        seeded(
          READ_ONLY_KEY,
          ALL.filter((p) => p.endsWith(":read")),
        ),
      ],
    });
  });

  describe("prompt commits and tags", () => {
    test("a push makes exactly one commit; commits never change; the same manifest again is nothing to commit", async () => {
      await prompt("support");
      const first = await push("support", chatManifest("{question}"));
      expect(first).toMatchObject({
        parent_commit_hash: "",
        parent_id: "00000000-0000-0000-0000-000000000000",
        commit_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      const again = await call("POST", "/commits/-/support", { manifest: chatManifest("{question}") });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: expect.stringContaining("Nothing to commit") });
      const second = await push("support", chatManifest("Briefly: {question}"));
      expect(second).toMatchObject({ parent_commit_hash: first["commit_hash"], parent_id: first["id"] });

      const listed = await ok("GET", "/commits/-/support");
      expect(listed).toEqual({ commits: [second, first], total: 2 });
      const repo = (await ok("GET", "/api/v1/repos/-/support"))["repo"] as Json;
      expect(repo).toMatchObject({ num_commits: 2, last_commit_hash: second["commit_hash"], latest_commit_manifest: null });
      await prompt("empty");
      expect(await ok("GET", "/api/v1/repos?has_commits=true&with_latest_manifest=true")).toEqual({
        repos: [
          {
            ...repo,
            updated_at: expect.any(String),
            latest_commit_manifest: { commit_hash: second["commit_hash"], manifest: chatManifest("Briefly: {question}"), examples: [] },
          },
        ],
        total: 1,
      });
      // The first commit reads back exactly as pushed, by its full hash and by a prefix.
      for (const ref of [String(first["commit_hash"]), String(first["commit_hash"]).slice(0, 8)]) {
        expect(await ok("GET", `/commits/-/support/${ref}`)).toEqual({
          commit_hash: first["commit_hash"],
          manifest: chatManifest("{question}"),
          examples: [],
          description: "",
          is_draft: false,
          model_config: {},
          model_provider: "",
        });
      }
      // No route changes or deletes a commit: 405, as FastAPI answers a method the path is not served with.
      for (const method of ["PATCH", "PUT", "DELETE"])
        expect(
          (await call(method, `/commits/-/support/${String(first["commit_hash"])}`, method === "DELETE" ? undefined : { manifest: chatManifest("x") })).status,
        ).toBe(405);
    });

    test("latest is the newest commit, by `-` and by the workspace's handle; a tag moves with one PATCH and keeps its id", async () => {
      await prompt("router");
      const v1 = await push("router", chatManifest("v1 {question}"));
      const v2 = await push("router", chatManifest("v2 {question}"));
      expect(await ok("GET", "/commits/-/router/latest")).toMatchObject({ commit_hash: v2["commit_hash"] });

      const tag = await ok("POST", "/api/v1/repos/-/router/tags", { tag_name: "prod", commit_id: v1["id"] });
      expect(await ok("GET", "/commits/-/router/prod")).toMatchObject({ commit_hash: v1["commit_hash"], manifest: chatManifest("v1 {question}") });
      const moved = await ok("PATCH", "/api/v1/repos/-/router/tags/prod", { commit_id: v2["id"] });
      expect(moved).toEqual({ ...tag, commit_id: v2["id"], commit_hash: v2["commit_hash"], updated_at: expect.any(String) });
      expect(await ok("GET", "/commits/-/router/prod")).toMatchObject({ commit_hash: v2["commit_hash"] });
      expect(await ok("GET", "/commits/-/router?tag=prod")).toEqual({ commits: [expect.objectContaining({ id: v2["id"] })], total: 1 });
      expect(((await ok("GET", "/api/v1/repos/-/router"))["repo"] as Json)["commit_tags"]).toEqual(["prod"]);
      // Moving the tag changed no commit.
      expect(await ok("GET", `/commits/-/router/${String(v1["commit_hash"])}`)).toMatchObject({ manifest: chatManifest("v1 {question}") });

      expect((await call("POST", "/api/v1/repos/-/router/tags", { tag_name: "latest", commit_id: v1["id"] })).status).toBe(400);
      expect((await call("POST", "/api/v1/repos/-/router/tags", { tag_name: "prod", commit_id: v1["id"] })).status).toBe(409);
      await prompt("other");
      const foreign = await push("other", chatManifest("elsewhere {question}"));
      expect((await call("PATCH", "/api/v1/repos/-/router/tags/prod", { commit_id: foreign["id"] })).status).toBe(404);

      // A workspace with a handle answers to it as the owner; another owner is not found.
      const workspace = (await call("POST", "/api/v1/workspaces", { display_name: "Hub", tenant_handle: "acme" }, ORG_KEY)).body as Json;
      const inHub = { "x-tenant-id": String(workspace["id"]) };
      expect((await call("POST", "/api/v1/repos", { repo_handle: "shared", is_public: true }, ORG_KEY, inHub)).body).toMatchObject({
        repo: { owner: "acme", full_name: "acme/shared", is_public: true },
      });
      expect((await call("GET", "/api/v1/repos/acme/shared", undefined, ORG_KEY, inHub)).status).toBe(200);
      expect((await call("GET", "/api/v1/repos/-/shared", undefined, ORG_KEY, inHub)).status).toBe(200);
      expect((await call("GET", "/api/v1/repos/someone/shared", undefined, ORG_KEY, inHub)).status).toBe(404);
      expect((await call("GET", "/api/v1/repos/-/shared")).status).toBe(404);
      // A public prompt needs a handle, which the seeded workspace has not.
      expect((await call("POST", "/api/v1/repos", { repo_handle: "public", is_public: true })).status).toBe(400);
    });

    test("manifests are LangChain serialized prompts; deleting a prompt deletes its commits and tags", async () => {
      await prompt("checked");
      for (const [manifest, message] of [
        [{ hi: "hello" }, "Manifest must have an id field"],
        [{ id: ["hi"] }, "Manifest type hi is not supported"],
      ] as const) {
        expect(await call("POST", "/commits/-/checked", { manifest })).toEqual(expect.objectContaining({ status: 400, body: { error: message } }));
      }
      expect(await call("POST", "/commits/-/checked", "{not json")).toEqual(expect.objectContaining({ status: 400, body: { error: expect.any(String) } }));
      expect((await call("POST", "/commits/-/checked", { manifest: chatManifest("{question}"), parent_commit: "0123456789abcdef" })).status).toBe(404);
      // Go reads a null as absent: the SDKs send parent_commit null for a prompt's first commit.
      const first = await push("checked", chatManifest("{question}"), { parent_commit: null });
      await ok("POST", "/api/v1/repos/-/checked/tags", { tag_name: "prod", commit_id: first["id"] });
      expect((await call("POST", "/api/v1/repos", { repo_handle: "checked", is_public: false })).status).toBe(409);
      expect((await call("POST", "/api/v1/repos", { repo_handle: "team/checked", is_public: false })).status).toBe(400);

      await ok("DELETE", "/api/v1/repos/-/checked");
      expect((await call("GET", "/commits/-/checked")).status).toBe(404);
      expect(emulator.control.dumpState().state.objects["promptCommits"] ?? []).toEqual([]);
      expect(emulator.control.dumpState().state.objects["promptTags"] ?? []).toEqual([]);
    });
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

  describe("evaluators", () => {
    test("an LLM judge scores its prompt's output schema; in use by a rule it is deleted only with delete_run_rules", async () => {
      await prompt("judge");
      const judge = {
        lc: 1,
        type: "constructor",
        id: ["langchain_core", "prompts", "structured", "StructuredPrompt"],
        kwargs: { input_variables: ["output"], messages: [], schema_: { type: "object", properties: { correctness: { type: "boolean" } } } },
      };
      await push("judge", judge);
      expect((await call("POST", "/v1/platform/evaluators", { name: "Missing", type: "llm", llm_evaluator: { prompt_repo_handle: "nobody" } })).status).toBe(
        400,
      );
      expect(
        (
          await call("POST", "/v1/platform/evaluators", {
            name: "Untagged",
            type: "llm",
            llm_evaluator: { prompt_repo_handle: "judge", commit_hash_or_tag: "prod" },
          })
        ).status,
      ).toBe(400);
      expect((await call("POST", "/v1/platform/evaluators", { name: "Mixed", type: "code", llm_evaluator: { prompt_repo_handle: "judge" } })).status).toBe(400);
      const evaluator = (
        await ok("POST", "/v1/platform/evaluators", { name: "Correctness", type: "llm", llm_evaluator: { prompt_repo_handle: "judge" } }, 201)
      )["evaluator"] as Json;
      expect(evaluator).toMatchObject({
        feedback_keys: ["correctness"],
        llm_evaluator: { commit_hash_or_tag: "latest", evaluator_id: evaluator["id"] },
        code_evaluator: { code: "", evaluator_id: "", language: "" },
      });

      const checkout = await project("checkout");
      const rule = await ok("POST", "/api/v1/runs/rules", { display_name: "Grade", session_id: checkout, sampling_rate: 0.2, evaluator_id: evaluator["id"] });
      expect(
        (
          await call("POST", "/api/v1/runs/rules", {
            display_name: "Ghost",
            session_id: checkout,
            sampling_rate: 1,
            evaluator_id: "0b0e0f00-0000-4000-8000-000000000000",
          })
        ).status,
      ).toBe(404);
      expect((await ok("GET", `/v1/platform/evaluators/${String(evaluator["id"])}`))["run_rules"]).toEqual([
        expect.objectContaining({ id: rule["id"], session_id: checkout, session_name: "checkout" }),
      ]);
      expect(await ok("GET", `/v1/platform/evaluators?resource_id=${checkout}&feedback_key=correctness`)).toMatchObject({ total: 1 });

      const refused = await call("DELETE", `/v1/platform/evaluators/${String(evaluator["id"])}`);
      expect(refused).toEqual(expect.objectContaining({ status: 409, body: { error: expect.stringContaining("delete_run_rules=true") } }));
      expect((await call("DELETE", `/v1/platform/evaluators/${String(evaluator["id"])}?delete_run_rules=true`)).status).toBe(204);
      expect(await ok("GET", "/api/v1/runs/rules")).toEqual([]);
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
