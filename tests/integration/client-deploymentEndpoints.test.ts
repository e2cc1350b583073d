/**
 * The client's deployment endpoints through real HTTP against the scripted
 * server: auth headers and user agent; method, path, query and body on the
 * wire for deployments and their revisions; paging; and response parsing with
 * the shapes the real service returns (extra fields, nulls, 201 on create).
 */
import { type LangSmithClient, InvalidRequestError, createClient, packageVersion } from "../../provider/client";
import { type ScriptedServer, startScriptedServer } from "../helpers/scriptedServer";
import { API_KEY, WORKSPACE, deployment, endpointClient, revision } from "../helpers/endpointAnswers";
import { deploymentCalls } from "../../provider/deployments/deployment/endpoints";
import { oauthCalls } from "../../provider/deployments/oauthEndpoints";

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
    client = endpointClient(server);
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
});
