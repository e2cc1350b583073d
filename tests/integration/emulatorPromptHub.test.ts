// Black-box tests of the emulator's prompt hub and evaluators for what the
// contract cannot show: commits are immutable and one push makes one commit,
// a tag moves with one request, `latest` and the owner `-`, and evaluators in
// use by a rule.
import { createEmulator, type Emulator } from "../../packages/emulator/src";
import { chatManifest, type Json, ORG_KEY, promptHubCalls, seedPromptKeys } from "../helpers/promptHubCalls";

describe("emulator prompts, automation rules, alerts and evaluators", () => {
  let emulator: Emulator;
  const { call, ok, prompt, push, project } = promptHubCalls(() => emulator);

  beforeAll(async () => {
    emulator = await createEmulator({ port: 0, host: "127.0.0.1" });
  });

  afterAll(async () => {
    await emulator?.close();
  });

  beforeEach(() => {
    seedPromptKeys(emulator);
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
});
