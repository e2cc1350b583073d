// Black-box HTTP tests of the emulator's control plane: deployments, revisions,
// OAuth routes, validation bodies and unknown routes. Time is a fake clock
// passed to the emulator, so revision state machines advance deterministically.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator, FAST_TIMINGS } from "../../packages/emulator/src";

interface Reply {
  status: number;
  body: unknown;
  headers: Headers;
}

type Json = Record<string, unknown>;

const STEP_MS = FAST_TIMINGS.stepDurationsMs.CREATING;
const TO_DEPLOYED_MS = Object.values(FAST_TIMINGS.stepDurationsMs).reduce((a, b) => a + b, 0);

describe("emulator control plane", () => {
  let emulator: Emulator;
  let clockMs = Date.parse("2026-01-01T00:00:00.000Z");

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: {
        "x-api-key": DEFAULT_API_KEY,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: response.headers };
  }

  const json = (reply: Reply): Json => reply.body as Json;

  function githubDeployment(name: string, extra: Json = {}): Json {
    return {
      name,
      source: "github",
      source_config: {
        integration_id: "7f8e3c51-0000-4000-8000-00000000abcd",
        repo_url: "https://github.com/acme/agent",
        deployment_type: "dev",
        build_on_push: false,
      },
      source_revision_config: { repo_ref: "main", langgraph_config_path: "langgraph.json" },
      secrets: [{ name: "OPENAI_API_KEY", value: "sk-test-secret-value" }],
      ...extra,
    };
  }

  async function create(name: string, extra: Json = {}): Promise<Json> {
    const reply = await call("POST", "/v2/deployments", githubDeployment(name, extra));
    expect(reply.status).toBe(201);
    return json(reply);
  }

  beforeAll(async () => {
    emulator = await createEmulator({ now: () => clockMs });
  });

  afterAll(async () => {
    await emulator.close();
  });

  beforeEach(() => {
    emulator.control.reset();
  });

  test("create answers 201 with the full deployment, secrets in plaintext and nullable extras", async () => {
    const d = await create("agent");
    expect(d).toMatchObject({
      name: "agent",
      source: "github",
      tenant_id: DEFAULT_WORKSPACE_ID,
      status: "AWAITING_DATABASE",
      active_revision_id: null,
      image_version: null,
      is_preview: false,
      display_name: null,
      secret_references: [],
      secrets: [{ name: "OPENAI_API_KEY", value: "sk-test-secret-value" }],
      source_config: { repo_branch: "main", custom_url: null, resource_spec: null, build_on_push: false },
      source_revision_config: {
        repo_ref: "main",
        langgraph_config_path: "langgraph.json",
        image_uri: null,
        repo_commit_sha: null,
        source_tarball_path: null,
      },
    });
    expect(typeof d["id"]).toBe("string");
    expect(typeof d["latest_revision_id"]).toBe("string");
    expect(typeof d["created_at"]).toBe("string");
  });

  test("the first revision walks the state machine and records every transition", async () => {
    const startMs = clockMs;
    const d = await create("walker");
    const path = `/v2/deployments/${String(d["id"])}/revisions/${String(d["latest_revision_id"])}`;
    const seen: string[] = [];
    for (let i = 0; i <= 6; i += 1) {
      seen.push(String(json(await call("GET", path))["status"]));
      clockMs += STEP_MS;
    }
    expect(seen).toEqual(["CREATING", "QUEUED", "AWAITING_BUILD", "BUILDING", "AWAITING_DEPLOY", "DEPLOYING", "DEPLOYED"]);
    const revision = json(await call("GET", path));
    const history = revision["status_history"] as { status: string; timestamp: string }[];
    expect(history.map((h) => h.status)).toEqual(seen);
    expect(history[history.length - 1]?.timestamp).toBe(new Date(startMs + TO_DEPLOYED_MS).toISOString());
    expect(revision["source_revision_config"]).toMatchObject({ repo_ref: "main", repo_commit_sha: expect.stringMatching(/^[0-9a-f]{40}$/) });
    const deployment = json(await call("GET", `/v2/deployments/${String(d["id"])}`));
    expect(deployment).toMatchObject({ status: "READY", active_revision_id: d["latest_revision_id"], image_version: expect.any(String) });
    // GitHub sources: repo_ref resolved to the commit once built, the branch beside it.
    expect((deployment["source_revision_config"] as Json)["repo_ref"]).toMatch(/^[0-9a-f]{40}$/);
    expect((deployment["source_config"] as Json)["repo_branch"]).toBe("main");
  });

  test("get, list filters, paging with the next offset, limit bounds", async () => {
    for (const name of ["alpha", "beta", "alphabet"]) {
      await create(name);
      clockMs += 1;
    }
    const all = json(await call("GET", "/v2/deployments"));
    expect((all["resources"] as Json[]).map((d) => d["name"])).toEqual(["alphabet", "beta", "alpha"]);
    expect(all["offset"]).toBe(3);
    const exact = json(await call("GET", "/v2/deployments?name=alpha"));
    expect((exact["resources"] as Json[]).map((d) => d["name"])).toEqual(["alpha"]);
    const contains = json(await call("GET", "/v2/deployments?name_contains=ALPHA"));
    expect((contains["resources"] as Json[]).map((d) => d["name"]).sort()).toEqual(["alpha", "alphabet"]);
    const page1 = json(await call("GET", "/v2/deployments?limit=2"));
    expect((page1["resources"] as Json[]).length).toBe(2);
    expect(page1["offset"]).toBe(2);
    const page2 = json(await call("GET", `/v2/deployments?limit=2&offset=${String(page1["offset"])}`));
    expect((page2["resources"] as Json[]).map((d) => d["name"])).toEqual(["alpha"]);
    expect(page2["offset"]).toBe(3);
    const tooMany = await call("GET", "/v2/deployments?limit=101");
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toEqual({
      detail: [{ type: "less_than_equal", loc: ["query", "limit"], msg: "Input should be less than or equal to 100", input: "101", ctx: { le: 100 } }],
    });
    const id = String((exact["resources"] as Json[])[0]?.["id"]);
    expect(json(await call("GET", `/v2/deployments/${id}`))["name"]).toBe("alpha");
  });

  test("409 on a duplicate name in the workspace", async () => {
    await create("dup");
    const again = await call("POST", "/v2/deployments", githubDeployment("dup"));
    expect(again.status).toBe(409);
    expect(typeof json(again)["detail"]).toBe("string");
  });

  test("PATCH creates a revision exactly when source_revision_config is present", async () => {
    const d = await create("patchy");
    const id = String(d["id"]);
    const first = String(d["latest_revision_id"]);
    const noRevision = await call("PATCH", `/v2/deployments/${id}`, {
      source_config: { build_on_push: true, resource_spec: { cpu: 2 } },
      secrets: [{ name: "OPENAI_API_KEY", value: "rotated" }],
    });
    expect(noRevision.status).toBe(200);
    expect(json(noRevision)["latest_revision_id"]).toBe(first);
    expect(json(noRevision)["secrets"]).toEqual([{ name: "OPENAI_API_KEY", value: "rotated" }]);
    const spec = (json(noRevision)["source_config"] as Json)["resource_spec"] as Json;
    expect(spec["cpu"]).toBe(2);
    expect(spec["memory_mb"]).toEqual(expect.any(Number));
    expect((json(noRevision)["source_config"] as Json)["build_on_push"]).toBe(true);

    const withRevision = await call("PATCH", `/v2/deployments/${id}`, { source_revision_config: { repo_ref: "v2" } });
    expect(withRevision.status).toBe(200);
    const second = String(json(withRevision)["latest_revision_id"]);
    expect(second).not.toBe(first);
    const revisions = json(await call("GET", `/v2/deployments/${id}/revisions`));
    const list = revisions["resources"] as Json[];
    expect(list.map((r) => r["id"])).toEqual([second, first]);
    expect(revisions["offset"]).toBe(2);
    // The older, unfinished revision was superseded.
    expect(list[1]?.["status"]).toBe("SKIPPED");
    expect(list[0]?.["source_revision_config"]).toMatchObject({ repo_ref: "v2", langgraph_config_path: "langgraph.json" });
    const paged = json(await call("GET", `/v2/deployments/${id}/revisions?limit=1&offset=1`));
    expect((paged["resources"] as Json[]).map((r) => r["id"])).toEqual([first]);
  });

  test("a finished revision is not skipped by a newer one", async () => {
    const d = await create("finished");
    clockMs += TO_DEPLOYED_MS;
    await call("PATCH", `/v2/deployments/${String(d["id"])}`, { source_revision_config: { repo_ref: "v3" } });
    const first = json(await call("GET", `/v2/deployments/${String(d["id"])}/revisions/${String(d["latest_revision_id"])}`));
    expect(first["status"]).toBe("DEPLOYED");
  });

  test("PATCH refuses to change immutable source fields", async () => {
    const d = await create("immutable");
    const reply = await call("PATCH", `/v2/deployments/${String(d["id"])}`, { source_config: { repo_url: "https://github.com/x/y" } });
    expect(reply.status).toBe(400);
  });

  test("DELETE answers 204, then AWAITING_DELETE, then 404; 404 on a missing deployment", async () => {
    const d = await create("doomed");
    const path = `/v2/deployments/${String(d["id"])}`;
    expect((await call("DELETE", path)).status).toBe(204);
    const during = await call("GET", path);
    expect(during.status).toBe(200);
    expect(json(during)["status"]).toBe("AWAITING_DELETE");
    expect((await call("DELETE", path)).status).toBe(204);
    clockMs += FAST_TIMINGS.deleteDurationMs;
    expect((await call("GET", path)).status).toBe(404);
    const missing = await call("DELETE", path);
    expect(missing.status).toBe(404);
    expect(json(missing)).toEqual({ detail: expect.any(String) });
    // The name is free again once the deployment is gone.
    await create("doomed");
  });

  test("failure injection ends the next revision in the requested status", async () => {
    emulator.control.failNextRevision({ deploymentName: "fails" }, { status: "BUILD_FAILED" });
    const d = await create("fails");
    clockMs += TO_DEPLOYED_MS;
    const revPath = `/v2/deployments/${String(d["id"])}/revisions/${String(d["latest_revision_id"])}`;
    const failed = json(await call("GET", revPath));
    expect(failed["status"]).toBe("BUILD_FAILED");
    expect((failed["status_history"] as Json[]).map((h) => h["status"])).toEqual(["CREATING", "QUEUED", "AWAITING_BUILD", "BUILDING", "BUILD_FAILED"]);
    emulator.control.failNextRevision({ deploymentId: String(d["id"]) }, { status: "DEPLOY_FAILED" });
    const patched = json(await call("PATCH", `/v2/deployments/${String(d["id"])}`, { source_revision_config: { repo_ref: "fix" } }));
    clockMs += TO_DEPLOYED_MS;
    const second = json(await call("GET", `/v2/deployments/${String(d["id"])}/revisions/${String(patched["latest_revision_id"])}`));
    expect(second["status"]).toBe("DEPLOY_FAILED");
    const third = json(await call("PATCH", `/v2/deployments/${String(d["id"])}`, { source_revision_config: {} }));
    clockMs += TO_DEPLOYED_MS;
    const ok = json(await call("GET", `/v2/deployments/${String(d["id"])}/revisions/${String(third["latest_revision_id"])}`));
    expect(ok["status"]).toBe("DEPLOYED");
  });

  test("external_docker deployments need image_uri and keep repo_ref null", async () => {
    const missing = await call("POST", "/v2/deployments", {
      name: "img",
      source: "external_docker",
      source_config: {},
      source_revision_config: {},
      secrets: [],
    });
    expect(missing.status).toBe(422);
    expect(json(missing)["detail"]).toEqual([{ type: "missing", loc: ["body", "source_revision_config", "image_uri"], msg: "Field required", input: {} }]);
    const ok = await call("POST", "/v2/deployments", {
      name: "img",
      source: "external_docker",
      source_config: {},
      source_revision_config: { image_uri: "docker.io/acme/agent:1" },
      secrets: [],
    });
    expect(ok.status).toBe(201);
    expect(json(ok)["source_revision_config"]).toEqual({
      repo_ref: null,
      langgraph_config_path: null,
      image_uri: "docker.io/acme/agent:1",
      repo_commit_sha: null,
      source_tarball_path: null,
      deepagents_version: null,
      tracked_packages: [],
    });
  });

  test("422 bodies are FastAPI HTTPValidationError", async () => {
    const wrongTypes = await call("POST", "/v2/deployments", { ...githubDeployment("typed"), name: 3, source: "svn" });
    expect(wrongTypes.status).toBe(422);
    const expected = "'github', 'external_docker', 'internal_docker', 'internal_source' or 'internal_template'";
    expect(wrongTypes.body).toEqual({
      detail: [
        { type: "string_type", loc: ["body", "name"], msg: "Input should be a valid string", input: 3 },
        { type: "enum", loc: ["body", "source"], msg: `Input should be ${expected}`, input: "svn", ctx: { expected } },
      ],
    });
    const missing = await call("POST", "/v2/deployments", { source: "github" });
    expect((json(missing)["detail"] as Json[]).map((e) => e["loc"])).toEqual([
      ["body", "name"],
      ["body", "source_config"],
      ["body", "source_revision_config"],
      ["body", "secrets"],
    ]);
    expect((json(missing)["detail"] as Json[])[0]).toEqual({
      type: "missing",
      loc: ["body", "name"],
      msg: "Field required",
      input: { source: "github" },
    });
    const noBody = await call("POST", "/v2/deployments", "");
    expect(noBody.body).toEqual({ detail: [{ type: "missing", loc: ["body"], msg: "Field required", input: null }] });
    const badJson = await call("POST", "/v2/deployments", "{oops");
    expect(badJson.status).toBe(422);
    expect((json(badJson)["detail"] as Json[])[0]?.["type"]).toBe("json_invalid");
    const badId = await call("GET", "/v2/deployments/not-a-uuid");
    expect(badId.status).toBe(422);
    expect((json(badId)["detail"] as Json[])[0]).toMatchObject({ type: "uuid_parsing", loc: ["path", "deployment_id"], input: "not-a-uuid" });
  });

  test("404 for unknown deployments and revisions", async () => {
    const unknown = "0b0e0f00-0000-4000-8000-000000000000";
    expect((await call("GET", `/v2/deployments/${unknown}`)).status).toBe(404);
    expect((await call("PATCH", `/v2/deployments/${unknown}`, { secrets: [] })).status).toBe(404);
    expect((await call("GET", `/v2/deployments/${unknown}/revisions`)).status).toBe(404);
    const d = await create("revless");
    const rev = await call("GET", `/v2/deployments/${String(d["id"])}/revisions/${unknown}`);
    expect(rev.status).toBe(404);
    expect(rev.body).toEqual({ detail: "Revision not found" });
  });

  test("the self-hosted layout serves the same control plane under /api-host", async () => {
    const d = await create("hosted");
    const viaApiHost = await call("GET", `/api-host/v2/deployments/${String(d["id"])}`);
    expect(viaApiHost.status).toBe(200);
    expect(json(viaApiHost)["name"]).toBe("hosted");
  });

  test("unknown routes answer 501 naming method and path", async () => {
    const reply = await call("PUT", "/v1/integrations/github/install?x=1");
    expect(reply.status).toBe(501);
    expect(json(reply)["detail"]).toContain("PUT /v1/integrations/github/install");
    const listenerWrite = await call("PUT", "/v2/listeners?x=1");
    expect(listenerWrite.status).toBe(405);
    expect(listenerWrite.headers.get("allow")).toBe("GET");
    const control = await call("POST", "/__emulator/reset");
    expect(control.status).toBe(501);
  });

  test("OAuth providers list and token check", async () => {
    const providers = await call("GET", "/v2/auth/providers");
    expect(providers.status).toBe(200);
    const [github] = providers.body as Json[];
    for (const field of [
      "id",
      "organization_id",
      "provider_id",
      "name",
      "client_id",
      "auth_url",
      "token_url",
      "uses_pkce",
      "code_challenge_method",
      "created_at",
      "updated_at",
      "provider_type",
      "mcp_server_url",
      "token_endpoint_auth_method",
      "authorization_params",
      "is_dynamic_client",
      "allowed_redirect_uris",
    ]) {
      expect(github).toHaveProperty(field);
    }
    expect(json(await call("GET", "/v2/auth/tokens/exists?provider_id=github"))).toEqual({ has_token: false });
    emulator.control.seed({
      organizations: [{ id: String(github?.["organization_id"]), oauthProviders: [{ provider_id: "slack", has_token: true }] }],
    });
    expect(json(await call("GET", "/v2/auth/tokens/exists?provider_id=slack"))).toEqual({ has_token: true });
    const missing = await call("GET", "/v2/auth/tokens/exists");
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ detail: [{ type: "missing", loc: ["query", "provider_id"], msg: "Field required", input: null }] });
  });
});
