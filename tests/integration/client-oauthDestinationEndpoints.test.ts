/**
 * The client's OAuth and bulk-export destination endpoints through real HTTP
 * against the scripted server (method, path, query and body on the wire, bare
 * arrays, 200 on create, partial answers), and answers that are errors: a
 * missing deployment, and malformed responses naming the field.
 */
import { type LangSmithClient, NotFoundError, ResponseValidationError } from "../../provider/client";
import { type ScriptedServer, startScriptedServer } from "../helpers/scriptedServer";
import { API_KEY, WORKSPACE, deployment, destination, endpointClient, revision } from "../helpers/endpointAnswers";
import { deploymentCalls } from "../../provider/deployments/deployment/endpoints";
import { destinationCalls } from "../../provider/exports/destination/endpoints";
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
