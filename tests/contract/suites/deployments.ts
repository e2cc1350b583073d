/**
 * Contract tier: every operation of the control plane's `/v2/deployments…`
 * paths, through its success status and its declared 400/404/422 answers.
 *
 * @packageDocumentation
 */
import { type ContractEnv, eventually, type Json, UNKNOWN_ID } from "./env";

const INTEGRATION_ID = "7f8e3c51-0000-4000-8000-00000000abcd";

function githubBody(name: string): Json {
  return {
    name,
    source: "github",
    source_config: {
      integration_id: INTEGRATION_ID,
      repo_url: "https://github.com/acme/agent",
      deployment_type: "dev",
      build_on_push: false,
      custom_url: null,
      install_command: "pip install -e .",
      build_command: null,
      listener_id: null,
      listener_config: { k8s_namespace: "agents" },
      resource_spec: { cpu: 1, memory_mb: 2048, min_scale: 1, max_scale: 2 },
    },
    source_revision_config: { repo_ref: "main", langgraph_config_path: "langgraph.json", image_uri: null, source_tarball_path: null },
    secrets: [{ name: "OPENAI_API_KEY", value: "sk-contract" }],
    secret_references: [{ name: "DB_URL", secret_name: "db", secret_key: "url" }],
  };
}

/** Defines the deployment suites. */
export function describeDeployments(env: ContractEnv): void {
  const call = (...args: Parameters<ContractEnv["harness"]["call"]>): ReturnType<ContractEnv["harness"]["call"]> =>
    env.harness.call(...args);

  async function create(name: string): Promise<Json> {
    return (await call("POST", "/v2/deployments", { body: githubBody(name), expect: 201 })).body as Json;
  }

  async function revisionStatus(id: string, revisionId: string): Promise<string> {
    const reply = await call("GET", `/v2/deployments/${id}/revisions/${revisionId}`, { expect: 200 });
    return String((reply.body as Json)["status"]);
  }

  describe("control plane: deployments", () => {
    test("POST /v2/deployments: 201 full Deployment, 422 on a body outside the contract or a missing source field, 409 on a taken name", async () => {
      const d = await create("contract-create");
      expect(d).toMatchObject({ name: "contract-create", status: "AWAITING_DATABASE", active_revision_id: null });
      const noSecrets = githubBody("contract-nosecrets");
      delete noSecrets["secrets"];
      await call("POST", "/v2/deployments", { body: noSecrets, expect: 422, request: "invalid" });
      await call("POST", "/v2/deployments", { body: { ...githubBody("x"), source: "gitlab" }, expect: 422, request: "invalid" });
      const noConfigPath = githubBody("contract-nopath");
      noConfigPath["source_revision_config"] = { repo_ref: "main" };
      await call("POST", "/v2/deployments", { body: noConfigPath, expect: 422 });
      await call("POST", "/v2/deployments", { body: githubBody("contract-create"), expect: 409 });
    });

    test("GET /v2/deployments: 200 with every contract filter, 422 on bad bounds and enums", async () => {
      const d = await create("contract-list");
      const id = String(d["id"]);
      await eventually("the deployment to be READY", async () => {
        const got = await call("GET", `/v2/deployments/${id}`, { expect: 200 });
        return (got.body as Json)["status"] === "READY";
      });
      const query = [
        "limit=100", "offset=0", "name_contains=contract-list", "status=READY", "remote_reconciled=true",
        "deployment_type=dev", `deployment_ids=${id}`, "tag_value_ids=",
      ].join("&");
      const listed = await call("GET", `/v2/deployments?${query}`, { expect: 200 });
      expect((listed.body as Json)["resources"]).toEqual([expect.objectContaining({ id: d["id"] })]);
      await call("GET", "/v2/deployments?limit=0", { expect: 422, request: "invalid" });
      await call("GET", "/v2/deployments?deployment_type=staging", { expect: 422, request: "invalid" });
    });

    test("GET /v2/deployments/{id}: 200, and once DEPLOYED an active revision, image version and commit", async () => {
      const d = await create("contract-get");
      const id = String(d["id"]);
      await eventually("the first revision to deploy", async () => (await revisionStatus(id, String(d["latest_revision_id"]))) === "DEPLOYED");
      const got = (await call("GET", `/v2/deployments/${id}`, { expect: 200 })).body as Json;
      expect(got).toMatchObject({ status: "READY", active_revision_id: d["latest_revision_id"], image_version: expect.any(String) });
      expect((got["source_revision_config"] as Json)["repo_commit_sha"]).toMatch(/^[0-9a-f]{40}$/);
      await call("GET", `/v2/deployments/${UNKNOWN_ID}`, { expect: 404 });
      await call("GET", "/v2/deployments/not-a-uuid", { expect: 422, request: "invalid" });
    });

    test("PATCH /v2/deployments/{id}: 200 (new revision), 400 on an immutable field, 404, 422", async () => {
      const d = await create("contract-patch");
      const id = String(d["id"]);
      const patched = await call("PATCH", `/v2/deployments/${id}`, {
        body: {
          source_config: { build_on_push: true, resource_spec: { cpu: 2 } },
          source_revision_config: { repo_ref: "v2", langgraph_config_path: "graphs/langgraph.json" },
          secrets: [{ name: "OPENAI_API_KEY", value: "sk-rotated" }],
          secret_references: [],
          revision_source: "github",
        },
        expect: 200,
      });
      expect((patched.body as Json)["latest_revision_id"]).not.toBe(d["latest_revision_id"]);
      await call("PATCH", `/v2/deployments/${id}`, { body: { source_config: { repo_url: "https://github.com/acme/other" } }, expect: 400 });
      await call("PATCH", `/v2/deployments/${UNKNOWN_ID}`, { body: { secrets: [] }, expect: 404 });
      await call("PATCH", `/v2/deployments/${id}`, { body: { secrets: "none" }, expect: 422, request: "invalid" });
      await call("PATCH", `/v2/deployments/${id}`, { body: { source_config: { resource_spec: { cpu: 64 } } }, expect: 422, request: "invalid" });
    });

    test("GET …/revisions and …/revisions/{revision_id}: 200, 404, 422", async () => {
      const d = await create("contract-revisions");
      const id = String(d["id"]);
      const revisionId = String(d["latest_revision_id"]);
      const list = await call("GET", `/v2/deployments/${id}/revisions?limit=5&offset=0&remote_reconciled=true`, { expect: 200 });
      expect(list.body).toMatchObject({ resources: [expect.objectContaining({ id: revisionId })], offset: 1 });
      await call("GET", `/v2/deployments/${id}/revisions?status=BUILD_FAILED`, { expect: 200 });
      await call("GET", `/v2/deployments/${UNKNOWN_ID}/revisions`, { expect: 404 });
      await call("GET", `/v2/deployments/${id}/revisions?limit=101`, { expect: 422, request: "invalid" });
      await call("GET", `/v2/deployments/${id}/revisions/${revisionId}`, { expect: 200 });
      await call("GET", `/v2/deployments/${id}/revisions/${UNKNOWN_ID}`, { expect: 404 });
      await call("GET", `/v2/deployments/${id}/revisions/not-a-uuid`, { expect: 422, request: "invalid" });
    });

    test("POST …/revisions (the additions'): 201 with the new revision, built from the latest one's config merged with the body's; the build settings and secrets change; 404, 422", async () => {
      const d = await create("contract-revision-create");
      const id = String(d["id"]);
      const first = String(d["latest_revision_id"]);
      const created = (await call("POST", `/v2/deployments/${id}/revisions`, { body: { source_revision_config: { repo_ref: "release" }, source_config: { install_command: "npm ci" }, secrets: [{ name: "TOKEN", value: "contract-secret" }] }, expect: 201 })).body as Json;
      expect(created["id"]).not.toBe(first);
      expect(created["source_revision_config"]).toMatchObject({ repo_ref: "release", langgraph_config_path: "langgraph.json" });
      const deployment = (await call("GET", `/v2/deployments/${id}`, { expect: 200 })).body as Json;
      expect(deployment).toMatchObject({ latest_revision_id: created["id"], source_config: expect.objectContaining({ install_command: "npm ci" }), secrets: [{ name: "TOKEN", value: "contract-secret" }] });
      await eventually("the new revision to deploy", async () => (await revisionStatus(id, String(created["id"]))) === "DEPLOYED");
      await call("POST", `/v2/deployments/${UNKNOWN_ID}/revisions`, { body: {}, expect: 404 });
      await call("POST", `/v2/deployments/${id}/revisions`, { body: { secrets: "none" }, expect: 422, request: "invalid" });
    });

    test("POST …/revisions/{revision_id}/redeploy: 200 with a new revision, 404, 422", async () => {
      const d = await create("contract-redeploy");
      const id = String(d["id"]);
      const first = String(d["latest_revision_id"]);
      const redeployed = await call("POST", `/v2/deployments/${id}/revisions/${first}/redeploy`, { expect: 200 });
      const newest = String((redeployed.body as Json)["latest_revision_id"]);
      expect(newest).not.toBe(first);
      expect(await revisionStatus(id, first)).toBe("SKIPPED");
      await eventually("the redeployed revision to deploy", async () => (await revisionStatus(id, newest)) === "DEPLOYED");
      await call("POST", `/v2/deployments/${id}/revisions/${UNKNOWN_ID}/redeploy`, { expect: 404 });
      await call("POST", `/v2/deployments/${UNKNOWN_ID}/revisions/${first}/redeploy`, { expect: 404 });
      await call("POST", `/v2/deployments/${id}/revisions/nope/redeploy`, { expect: 422, request: "invalid" });
    });

    test("DELETE /v2/deployments/{id}: 204, AWAITING_DELETE, then 404; 422 on a bad flag", async () => {
      const d = await create("contract-delete");
      const id = String(d["id"]);
      await call("DELETE", `/v2/deployments/${id}?delete_tracing_project=maybe`, { expect: 422, request: "invalid" });
      await call("DELETE", `/v2/deployments/${id}?delete_tracing_project=false`, { expect: 204 });
      const during = await call("GET", `/v2/deployments/${id}`, { expect: 200 });
      expect((during.body as Json)["status"]).toBe("AWAITING_DELETE");
      await eventually("the deployment to be gone", async () => (await env.harness.call("GET", `/v2/deployments/${id}`, { expect: 404 }).then(
        () => true,
        () => false,
      )));
      await call("DELETE", `/v2/deployments/${id}`, { expect: 404 });
    });

    test("DELETE /v2/deployments?deployment_ids=…: 200, 404 when none exists, 422", async () => {
      const a = await create("contract-bulk-a");
      const b = await create("contract-bulk-b");
      const ids = `deployment_ids=${String(a["id"])}&deployment_ids=${String(b["id"])}&deployment_ids=${UNKNOWN_ID}`;
      const deleted = await call("DELETE", `/v2/deployments?${ids}`, { expect: 200 });
      expect(deleted.body).toBeNull();
      await call("DELETE", `/v2/deployments?deployment_ids=${UNKNOWN_ID}`, { expect: 404 });
      await call("DELETE", "/v2/deployments", { expect: 422, request: "invalid" });
      await call("DELETE", "/v2/deployments?deployment_ids=nope", { expect: 422, request: "invalid" });
    });
  });
}
