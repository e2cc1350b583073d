/**
 * Every endpoint of the client through real HTTP against the scripted server:
 * method, path, query, headers and body on the wire; response parsing with
 * the shapes the real service returns (extra fields, nulls, bare arrays, 200 on create).
 */
import { type LangSmithClient, NotFoundError, ResponseValidationError, InvalidRequestError, createClient, packageVersion } from "../../provider/client";
import { FakeClock, type ScriptedServer, startScriptedServer } from "../helpers/scriptedServer";
import { deploymentCalls } from "../../provider/deployments/deployment/endpoints";
import { destinationCalls } from "../../provider/exports/destination/endpoints";
import { oauthCalls } from "../../provider/deployments/oauthEndpoints";

const API_KEY = "lsv2_test_key";
const WORKSPACE = "ws-1111";

function deployment(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "dep-1",
    name: "agent",
    source: "github",
    source_config: {
      integration_id: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01",
      repo_url: "https://github.com/acme/agent",
      repo_branch: "main",
      deployment_type: "dev",
      build_on_push: false,
      custom_url: null,
      resource_spec: { min_scale: 1, max_scale: 2, cpu: 0.5, memory_mb: 1024 },
      listener_id: null,
      install_command: null,
    },
    source_revision_config: { repo_ref: "3f2c9a1e", graph_config_path: "langgraph.json", image_uri: null },
    latest_revision_id: "rev-1",
    active_revision_id: null,
    display_name: null,
    status: "READY",
    tenant_id: WORKSPACE,
    image_version: "0.2.1",
    is_preview: false,
    secret_references: [],
    secrets: [{ name: "OPENAI_API_KEY", value: "sk-plain" }],
    a_future_field: { nested: true },
    ...overrides,
  };
}

function revision(id: string, status: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    status,
    created_at: "2025-01-01T00:00:00Z",
    updated_at: "2025-01-01T00:01:00Z",
    source: "github",
    source_revision_config: { repo_ref: "main", repo_commit_sha: "abc", source_tarball_path: null, tracked_packages: [] },
    ...extra,
  };
}

function destination(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "dst-1",
    tenant_id: WORKSPACE,
    destination_type: "s3",
    display_name: "exports",
    config: {
      bucket_name: "b",
      prefix: "p",
      region: "us-east-1",
      endpoint_url: null,
      include_bucket_in_prefix: true,
      config_kwargs_s3: { addressing_style: "path" },
      aws_role_arn: null,
      s3_additional_kwargs: null,
    },
    credentials_keys: ["access_key_id", "secret_access_key"],
    created_at: "2025-01-01T00:00:00Z",
    updated_at: "2025-01-01T00:00:00Z",
    ...overrides,
  };
}

describe("client endpoints over real HTTP", () => {
  let server: ScriptedServer;
  let client: LangSmithClient;

  beforeAll(async () => {
    server = await startScriptedServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.reset();
    client = createClient({
      apiKey: API_KEY,
      workspaceId: WORKSPACE,
      controlPlaneUrl: `${server.url}/api-host/`,
      apiUrl: `${server.url}/api/v1/`,
      timeoutMs: 5_000,
      maxRetries: 2,
      clock: new FakeClock(),
    });
  });
  afterEach(() => {
    expect(server.pending()).toBe(0);
  });

  test("sends auth headers, user agent and no body on GET", async () => {
    server.enqueue({ json: deployment() });
    await deploymentCalls.get(client, "dep-1");
    const req = server.requests[0]!;
    expect(req.headers["x-api-key"]).toBe(API_KEY);
    expect(req.headers["x-tenant-id"]).toBe(WORKSPACE);
    expect(req.headers["authorization"]).toBeUndefined();
    expect(req.headers["user-agent"]).toBe(`pulumi-langsmith/${packageVersion()}`);
    expect(packageVersion()).toMatch(/^\d+\.\d+\.\d+/);
    expect(req.headers["accept"]).toBe("application/json");
    expect(req.body).toBe("");
  });

  test("bearer token is sent as Authorization with X-Tenant-Id", async () => {
    const bearer = createClient({
      bearerToken: "jwt-token",
      workspaceId: WORKSPACE,
      controlPlaneUrl: server.url,
      apiUrl: server.url,
    });
    server.enqueue({ json: [] });
    await oauthCalls.listProviders(bearer);
    const req = server.requests[0]!;
    expect(req.headers["authorization"]).toBe("Bearer jwt-token");
    expect(req.headers["x-api-key"]).toBeUndefined();
    expect(req.headers["x-tenant-id"]).toBe(WORKSPACE);
  });

  test("POST /v2/deployments (201) sends the body and returns id and latest_revision_id", async () => {
    server.enqueue({ status: 201, method: "POST", path: "/api-host/v2/deployments", json: deployment() });
    const created = await deploymentCalls.create(client, {
      name: "agent",
      source: "github",
      source_config: {
        integration_id: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01",
        repo_url: "https://github.com/acme/agent",
        deployment_type: "dev",
        build_on_push: false,
      },
      source_revision_config: { repo_ref: "main", langgraph_config_path: "langgraph.json" },
      secrets: [{ name: "OPENAI_API_KEY", value: "sk-1" }],
    });
    expect(created.id).toBe("dep-1");
    expect(created.latest_revision_id).toBe("rev-1");
    const req = server.requests[0]!;
    expect(req.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(req.body)).toEqual({
      name: "agent",
      source: "github",
      source_config: {
        integration_id: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01",
        repo_url: "https://github.com/acme/agent",
        deployment_type: "dev",
        build_on_push: false,
      },
      source_revision_config: { repo_ref: "main", langgraph_config_path: "langgraph.json" },
      secrets: [{ name: "OPENAI_API_KEY", value: "sk-1" }],
    });
  });

  test("create answering only id and latest_revision_id is accepted", async () => {
    server.enqueue({ status: 201, json: { id: "dep-9", latest_revision_id: "rev-9" } });
    const created = await deploymentCalls.create(client, {
      name: "x",
      source: "external_docker",
      source_config: {},
      source_revision_config: { image_uri: "docker.io/acme/agent:1" },
      secrets: [],
    });
    expect(created).toEqual({ id: "dep-9", latest_revision_id: "rev-9" });
  });

  test("GET /v2/deployments/{id} keeps unknown fields and accepts nulls", async () => {
    server.enqueue({ method: "GET", path: "/api-host/v2/deployments/dep-1", json: deployment() });
    const d = await deploymentCalls.get(client, "dep-1");
    expect(d.active_revision_id).toBeNull();
    expect(d.display_name).toBeNull();
    expect(d.source_config.repo_branch).toBe("main");
    expect(d.source_config.resource_spec).toEqual({ min_scale: 1, max_scale: 2, cpu: 0.5, memory_mb: 1024 });
    expect((d as Record<string, unknown>)["a_future_field"]).toEqual({ nested: true });
    expect(d.secrets?.[0]?.name).toBe("OPENAI_API_KEY");
  });

  test("the config path is read from langgraph_config_path (the contract) or graph_config_path (older servers)", async () => {
    const contractShape = deployment({ source_revision_config: { repo_ref: "main", langgraph_config_path: "agents/langgraph.json", image_uri: null } });
    server.enqueue({ json: contractShape }, { json: deployment() });
    expect((await deploymentCalls.get(client, "dep-1")).source_revision_config.langgraph_config_path).toBe("agents/langgraph.json");
    const legacy = await deploymentCalls.get(client, "dep-1");
    expect(legacy.source_revision_config.langgraph_config_path).toBe("langgraph.json");
    expect(legacy.source_revision_config).not.toHaveProperty("graph_config_path");
  });

  test("request bodies are checked against the contract before sending: an undeclared key or a non-UUID integration id is refused", async () => {
    const body = {
      name: "agent",
      source: "github" as const,
      source_config: { integration_id: "int-1" },
      source_revision_config: { repo_ref: "main" },
      secrets: [],
    };
    await expect(deploymentCalls.create(client, body)).rejects.toThrow(/source_config\.integration_id/);
    const withTypo = { ...body, source_config: {}, source_revision_config: { repo_ref: "main", graph_config_path: "langgraph.json" } };
    await expect(deploymentCalls.create(client, withTypo as never)).rejects.toBeInstanceOf(InvalidRequestError);
    expect(server.requests).toHaveLength(0);
  });

  test("POST /v2/deployments/{id}/revisions/{revisionId}/redeploy returns the deployment with its new revision", async () => {
    server.enqueue({ method: "POST", path: "/api-host/v2/deployments/dep-1/revisions/rev-1/redeploy", json: deployment({ latest_revision_id: "rev-2" }) });
    const d = await deploymentCalls.redeploy(client, "dep-1", "rev-1");
    expect(d.latest_revision_id).toBe("rev-2");
    expect(server.requests[0]!.body).toBe("");
    expect(server.requests[0]!.headers["content-type"]).toBeUndefined();
  });

  test("ids are URL-encoded into the path; ids that could change the path are refused before sending", async () => {
    server.enqueue({ json: deployment() });
    await deploymentCalls.get(client, "a:b@c");
    expect(server.requests[0]!.path).toBe("/api-host/v2/deployments/a%3Ab%40c");
    for (const id of ["a/b c", "..", ".", "x?y", "x#y", "50%", "a\\b"]) {
      await expect(deploymentCalls.get(client, id)).rejects.toBeInstanceOf(InvalidRequestError);
    }
    expect(server.requests).toHaveLength(1);
  });

  test("GET /v2/deployments with name_contains, limit, offset (the contract's filters)", async () => {
    server.enqueue({ path: "/api-host/v2/deployments", json: { resources: [deployment()], offset: 1 } });
    const page = await deploymentCalls.list(client, { nameContains: "ag", limit: 10, offset: 0 });
    expect(page.resources).toHaveLength(1);
    expect(page.offset).toBe(1);
    expect(server.requests[0]!.query).toEqual({ name_contains: "ag", limit: "10", offset: "0" });
  });

  test("list without params sends no query; page without offset is fine", async () => {
    server.enqueue({ json: { resources: [] } });
    const page = await deploymentCalls.list(client);
    expect(page.resources).toEqual([]);
    expect(server.requests[0]!.query).toEqual({});
  });

  test("limit outside 1..100 is refused before sending", async () => {
    await expect(deploymentCalls.list(client, { limit: 101 })).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(deploymentCalls.list(client, { offset: -1 })).rejects.toBeInstanceOf(InvalidRequestError);
    expect(server.requests).toHaveLength(0);
  });

  test("pages() follows the next-page offset and stops on a short page", async () => {
    server.enqueue(
      { json: { resources: [deployment({ id: "a" }), deployment({ id: "b" })], offset: 2 } },
      { json: { resources: [deployment({ id: "c" }), deployment({ id: "d" })], offset: 4 } },
      { json: { resources: [deployment({ id: "e" })], offset: 5 } },
    );
    const ids: string[] = [];
    for await (const page of deploymentCalls.pages(client, { nameContains: "x", limit: 2 })) {
      ids.push(...page.resources.map((d) => d.id));
    }
    expect(ids).toEqual(["a", "b", "c", "d", "e"]);
    expect(server.requests.map((r) => r.query["offset"])).toEqual(["0", "2", "4"]);
    expect(server.requests.every((r) => r.query["limit"] === "2" && r.query["name_contains"] === "x")).toBe(true);
  });

  test("listAll() stops on an empty page; offset absent falls back to counting", async () => {
    server.enqueue({ json: { resources: [deployment({ id: "a" }), deployment({ id: "b" })] } }, { json: { resources: [], offset: null } });
    const all = await deploymentCalls.listAll(client, { limit: 2 });
    expect(all.map((d) => d.id)).toEqual(["a", "b"]);
    expect(server.requests.map((r) => r.query["offset"])).toEqual(["0", "2"]);
  });

  test("findByName() asks for name_contains and matches the exact name only", async () => {
    server.enqueue({ json: { resources: [deployment({ id: "x", name: "agent-2" }), deployment({ id: "y", name: "agent" })], offset: 2 } });
    const found = await deploymentCalls.findByName(client, "agent");
    expect(found?.id).toBe("y");
    expect(server.requests[0]!.query).toEqual({ name_contains: "agent", limit: "100", offset: "0" });
    server.enqueue({ json: { resources: [] } });
    expect(await deploymentCalls.findByName(client, "none")).toBeUndefined();
  });

  test("PATCH /v2/deployments/{id} sends the partial body and returns the deployment", async () => {
    server.enqueue({ method: "PATCH", path: "/api-host/v2/deployments/dep-1", json: deployment({ latest_revision_id: "rev-2" }) });
    const d = await deploymentCalls.patch(client, "dep-1", {
      source_config: { build_on_push: true },
      source_revision_config: { repo_ref: "v2", langgraph_config_path: "langgraph.json" },
    });
    expect(d.latest_revision_id).toBe("rev-2");
    expect(JSON.parse(server.requests[0]!.body)).toEqual({
      source_config: { build_on_push: true },
      source_revision_config: { repo_ref: "v2", langgraph_config_path: "langgraph.json" },
    });
  });

  test("DELETE /v2/deployments/{id}: 204 deleted, 404 already gone", async () => {
    server.enqueue({ status: 204, method: "DELETE", path: "/api-host/v2/deployments/dep-1" });
    await expect(deploymentCalls.delete(client, "dep-1")).resolves.toEqual({ alreadyGone: false });
    server.enqueue({ status: 404, json: { detail: "Deployment not found" } });
    await expect(deploymentCalls.delete(client, "dep-1")).resolves.toEqual({ alreadyGone: true });
  });

  test("GET revisions list (limit/offset) and one revision", async () => {
    server.enqueue({
      path: "/api-host/v2/deployments/dep-1/revisions",
      json: { resources: [revision("rev-2", "BUILDING"), revision("rev-1", "DEPLOYED")], offset: 2 },
    });
    const page = await deploymentCalls.listRevisions(client, "dep-1", { limit: 2, offset: 0 });
    expect(page.resources.map((r) => r.id)).toEqual(["rev-2", "rev-1"]);
    expect(page.resources[0]!.source_revision_config?.repo_commit_sha).toBe("abc");
    expect(server.requests[0]!.query).toEqual({ limit: "2", offset: "0" });

    server.enqueue({ path: "/api-host/v2/deployments/dep-1/revisions/rev-2", json: revision("rev-2", "SOMETHING_NEW") });
    const rev = await deploymentCalls.getRevision(client, "dep-1", "rev-2");
    expect(rev.status).toBe("SOMETHING_NEW");
  });

  test("GET /v2/auth/providers returns the bare array", async () => {
    server.enqueue({
      path: "/api-host/v2/auth/providers",
      json: [
        {
          id: "p1",
          organization_id: "org",
          provider_id: "github",
          name: "GitHub",
          client_id: "cid",
          auth_url: "https://github.com/login/oauth/authorize",
          token_url: "https://github.com/login/oauth/access_token",
          uses_pkce: true,
          code_challenge_method: "S256",
          created_at: "2025-01-01T00:00:00Z",
          updated_at: "2025-01-01T00:00:00Z",
          provider_type: "oauth2",
          mcp_server_url: "https://mcp.example.com",
          token_endpoint_auth_method: "client_secret_post",
          authorization_params: { scope: "repo" },
          is_dynamic_client: false,
          allowed_redirect_uris: ["https://a.example.com/cb"],
        },
      ],
    });
    const providers = await oauthCalls.listProviders(client);
    expect(providers[0]?.provider_id).toBe("github");
    expect(providers[0]?.allowed_redirect_uris).toEqual(["https://a.example.com/cb"]);
  });

  test("GET /v2/auth/tokens/exists sends provider_id", async () => {
    server.enqueue({ path: "/api-host/v2/auth/tokens/exists", json: { has_token: true } });
    await expect(oauthCalls.tokenExists(client, "github")).resolves.toEqual({ has_token: true });
    expect(server.requests[0]!.query).toEqual({ provider_id: "github" });
  });

  test("POST destinations answers 200 with the destination", async () => {
    server.enqueue({ status: 200, method: "POST", path: "/api/v1/bulk-exports/destinations", json: destination() });
    const d = await destinationCalls.create(client, {
      destination_type: "s3",
      display_name: "exports",
      config: { bucket_name: "exports-bucket", prefix: "p", region: "us-east-1", config_kwargs_s3: { addressing_style: "path" } },
      credentials: { access_key_id: "AKIA1", secret_access_key: "s3cr3t" },
    });
    expect(d.id).toBe("dst-1");
    expect(d.credentials_keys).toEqual(["access_key_id", "secret_access_key"]);
    const req = server.requests[0]!;
    expect(req.headers["x-api-key"]).toBe(API_KEY);
    expect(JSON.parse(req.body)).toEqual({
      destination_type: "s3",
      display_name: "exports",
      config: { bucket_name: "exports-bucket", prefix: "p", region: "us-east-1", config_kwargs_s3: { addressing_style: "path" } },
      credentials: { access_key_id: "AKIA1", secret_access_key: "s3cr3t" },
    });
  });

  test("destination create is validated before sending (display_name pattern)", async () => {
    await expect(
      destinationCalls.create(client, { destination_type: "s3", display_name: "bad/name", config: { bucket_name: "b", prefix: "p" } }),
    ).rejects.toThrow(/field "display_name"/);
    expect(server.requests).toHaveLength(0);
  });

  test("GET destinations (bare array) and one destination", async () => {
    server.enqueue({ path: "/api/v1/bulk-exports/destinations", json: [destination(), destination({ id: "dst-2" })] });
    const list = await destinationCalls.list(client);
    expect(list.map((d) => d.id)).toEqual(["dst-1", "dst-2"]);
    server.enqueue({ path: "/api/v1/bulk-exports/destinations/dst-1", json: destination() });
    const one = await destinationCalls.get(client, "dst-1");
    expect(one.config?.bucket_name).toBe("b");
  });

  test("PATCH destination credentials; response may omit config, display_name, destination_type", async () => {
    server.enqueue({
      method: "PATCH",
      path: "/api/v1/bulk-exports/destinations/dst-1",
      json: { id: "dst-1", tenant_id: WORKSPACE, credentials_keys: ["access_key_id", "secret_access_key", "session_token"], created_at: "x", updated_at: "y" },
    });
    const d = await destinationCalls.patchCredentials(client, "dst-1", { access_key_id: "AKIA2", secret_access_key: "new", session_token: "tok" });
    expect(d.config).toBeUndefined();
    expect(JSON.parse(server.requests[0]!.body)).toEqual({
      credentials: { access_key_id: "AKIA2", secret_access_key: "new", session_token: "tok" },
    });
  });

  test("DELETE destination: 204 deleted; 404 with a GET 404 already gone; 405, or 404 while a GET finds it, not supported", async () => {
    server.enqueue({ status: 204, method: "DELETE", path: "/api/v1/bulk-exports/destinations/dst-1" });
    await expect(destinationCalls.delete(client, "dst-1")).resolves.toEqual({ outcome: "deleted", alreadyGone: false });
    server.enqueue({ status: 404, json: { detail: "Not found" } }, { status: 404, method: "GET", json: { detail: "Not found" } });
    await expect(destinationCalls.delete(client, "dst-1")).resolves.toEqual({ outcome: "already-gone", alreadyGone: true });
    server.enqueue({ status: 405, headers: { allow: "GET, PATCH" }, json: { detail: "Method Not Allowed" } }, { method: "GET", json: destination() });
    await expect(destinationCalls.delete(client, "dst-1")).resolves.toEqual({ outcome: "not-supported", alreadyGone: false });
    server.enqueue({ status: 404, json: { detail: "Not Found" } }, { method: "GET", path: "/api/v1/bulk-exports/destinations/dst-1", json: destination() });
    await expect(destinationCalls.delete(client, "dst-1")).resolves.toEqual({ outcome: "not-supported", alreadyGone: false });
    expect(server.requests.map((r) => r.method)).toEqual(["DELETE", "DELETE", "GET", "DELETE", "GET", "DELETE", "GET"]);
  });

  test("GET of a missing deployment is NotFoundError", async () => {
    server.enqueue({ status: 404, json: { detail: "Deployment not found" } });
    const err = await deploymentCalls.get(client, "nope", { name: "agent" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect((err as NotFoundError).message).toBe('reading deployment "agent": 404 NotFound - Deployment not found');
  });

  test("malformed responses are ResponseValidationError naming the field", async () => {
    server.enqueue({ json: { resources: [deployment({ id: 42 })] } });
    const err = await deploymentCalls.list(client).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseValidationError);
    expect((err as ResponseValidationError).field).toBe("resources[0].id");
    expect((err as ResponseValidationError).message).toContain('field "resources[0].id"');

    server.enqueue({ json: revision("rev-1", "BUILDING", { status: undefined }) });
    const err2 = await deploymentCalls.getRevision(client, "d", "rev-1").catch((e: unknown) => e);
    expect((err2 as ResponseValidationError).field).toBe("status");

    server.enqueue({ json: { resources: [] } });
    const err3 = await destinationCalls.list(client).catch((e: unknown) => e);
    expect((err3 as ResponseValidationError).field).toBe("(body)");

    server.enqueue({ text: "<html>oops</html>", headers: { "content-type": "text/html" } });
    const err4 = await oauthCalls.tokenExists(client, "github").catch((e: unknown) => e);
    expect(err4).toBeInstanceOf(ResponseValidationError);
    expect((err4 as Error).message).toContain("not JSON");
    expect((err4 as Error).message).not.toContain("oops");
  });
});
