/**
 * Error classes and messages, through real HTTP: one class per status kind,
 * 422 rendering, the well-known 403s, bodies that are not JSON, redirects not
 * followed, and credentials refused before anything is sent.
 */
import { inspect } from "node:util";
import {
  ApiStatusError,
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  ConflictError,
  FeatureNotEnabledError,
  type LangSmithClient,
  MethodNotAllowedError,
  MissingCredentialsError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  UnexpectedStatusError,
  UnprocessableEntityError,
  WorkspaceRequiredError,
  createClient,
} from "../../provider/client";
import { type ScriptedServer, startScriptedServer } from "../helpers/scriptedServer";
import { CANARY_BEARER, CANARY_BODY, CANARY_KEY, canaryClient, expectNoCanary, failure } from "../helpers/errorCanaries";
import { deploymentCalls } from "../../provider/deployments/deployment/endpoints";
import { destinationCalls } from "../../provider/exports/destination/endpoints";
import { oauthCalls } from "../../provider/deployments/oauthEndpoints";

describe("client errors over real HTTP", () => {
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
    client = canaryClient(server.url);
  });

  test.each([
    [400, "BadRequestError", BadRequestError, "BadRequest"],
    [401, "AuthenticationError", AuthenticationError, "Unauthorized"],
    [403, "PermissionDeniedError", PermissionDeniedError, "PermissionDenied"],
    [404, "NotFoundError", NotFoundError, "NotFound"],
    [409, "ConflictError", ConflictError, "Conflict"],
    [422, "UnprocessableEntityError", UnprocessableEntityError, "UnprocessableEntity"],
    [429, "RateLimitError", RateLimitError, "RateLimited"],
    [500, "ServerError", ServerError, "ServerError"],
    [502, "ServerError", ServerError, "ServerError"],
    [503, "ServerError", ServerError, "ServerError"],
    [405, "MethodNotAllowedError", MethodNotAllowedError, "MethodNotAllowed"],
    [418, "UnexpectedStatusError", UnexpectedStatusError, "HTTPError"],
  ])("status %i is %s with status, method, path and request id", async (status, className, cls, label) => {
    server.enqueue({ status, json: { detail: "the reason" }, headers: { "x-request-id": "req-123" } });
    const err = await failure(deploymentCalls.get(client, "dep-1", { name: "agent" }));
    expect(err).toBeInstanceOf(cls);
    expect(err).toBeInstanceOf(ApiStatusError);
    expect(err.status).toBe(status);
    expect(err.method).toBe("GET");
    expect(err.path).toBe("/v2/deployments/dep-1");
    expect(err.requestId).toBe("req-123");
    expect(err.name).toBe(className);
    expect(err.message.startsWith(`reading deployment "agent": ${status} ${label} - the reason`)).toBe(true);
    expect((err as ApiStatusError).detail).toBe("the reason");
    expect(err.toJSON()).toMatchObject({ status, method: "GET", path: "/v2/deployments/dep-1", requestId: "req-123" });
  });

  test("the message names action, resource and cause", async () => {
    server.enqueue({ status: 403, json: { detail: "workspace lacks deployments" } });
    const err = await failure(deploymentCalls.create(client, { name: "agent", source: "github", source_config: {}, source_revision_config: {}, secrets: [] }));
    expect(err.message).toBe('creating deployment "agent": 403 PermissionDenied - workspace lacks deployments');
    expect(err.method).toBe("POST");
  });

  test("422 detail list is rendered as loc: msg and parsed into issues", async () => {
    server.enqueue({
      status: 422,
      json: {
        detail: [
          { loc: ["query", "provider_id"], msg: "Field required", type: "missing", input: null },
          { loc: ["body", "secrets", 0, "value"], msg: "Input should be a valid string", type: "string_type", input: 5, ctx: {} },
        ],
      },
    });
    const err = await failure(oauthCalls.tokenExists(client, ""));
    expect(err).toBeInstanceOf(UnprocessableEntityError);
    const e = err as UnprocessableEntityError;
    expect(e.message).toBe(
      'checking OAuth tokens for provider "": 422 UnprocessableEntity - query.provider_id: Field required; body.secrets.0.value: Input should be a valid string',
    );
    expect(e.issues).toEqual([
      { loc: ["query", "provider_id"], msg: "Field required", type: "missing" },
      { loc: ["body", "secrets", 0, "value"], msg: "Input should be a valid string", type: "string_type" },
    ]);
  });

  test("422 detail as a plain string", async () => {
    server.enqueue({ status: 422, json: { detail: "name already taken" } });
    const err = await failure(oauthCalls.listProviders(client));
    expect(err).toBeInstanceOf(UnprocessableEntityError);
    expect(err.message).toBe("listing OAuth providers: 422 UnprocessableEntity - name already taken");
    expect((err as UnprocessableEntityError).issues).toEqual([]);
  });

  test("403 org-scoped key without workspace (detail) tells to set langsmith:workspaceId", async () => {
    server.enqueue({ status: 403, json: { detail: "This API key is org-scoped and requires workspace specification" } });
    const err = await failure(deploymentCalls.list(client));
    expect(err).toBeInstanceOf(WorkspaceRequiredError);
    expect(err).toBeInstanceOf(PermissionDeniedError);
    expect(err.message).toContain("langsmith:workspaceId");
  });

  test('403 {"error": "org_scoped_key_requires_workspace"} from the REST API', async () => {
    server.enqueue({ status: 403, json: { error: "org_scoped_key_requires_workspace" } });
    const err = await failure(destinationCalls.list(client));
    expect(err).toBeInstanceOf(WorkspaceRequiredError);
    expect(err.message).toContain("403 PermissionDenied - org_scoped_key_requires_workspace");
    expect(err.message).toContain("langsmith:workspaceId");
  });

  test("403 deployments not enabled says the organization lacks the feature", async () => {
    server.enqueue({ status: 403, json: { detail: "LangGraph Platform deployments are not enabled for this organization" } });
    const err = await failure(deploymentCalls.list(client));
    expect(err).toBeInstanceOf(FeatureNotEnabledError);
    expect(err.message).toContain("the organization lacks the Deployments feature");
  });

  test("error bodies that are not JSON give the status only (no body text)", async () => {
    server.enqueue({ status: 502, text: `<html>${CANARY_BODY}</html>`, headers: { "content-type": "text/html" } });
    const err = await failure(destinationCalls.get(client, "dst-1"));
    expect(err).toBeInstanceOf(ServerError);
    expect(err.message).toBe("reading bulk-export destination dst-1: 502 ServerError");
    expectNoCanary(err);
  });

  test("a redirect is not followed and the key is not sent to the new location", async () => {
    const other = await startScriptedServer();
    try {
      server.enqueue({ status: 302, headers: { location: `${other.url}/v2/deployments` } });
      const err = await failure(deploymentCalls.list(client));
      expect(err).toBeInstanceOf(UnexpectedStatusError);
      expect(err.status).toBe(302);
      expect(err.message).toContain("redirect not followed");
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  test("missing credentials fail at the first call, before sending", async () => {
    const anon = createClient({ controlPlaneUrl: server.url, apiUrl: server.url });
    const err = await failure(deploymentCalls.list(anon));
    expect(err).toBeInstanceOf(MissingCredentialsError);
    expect(err).toBeInstanceOf(ConfigurationError);
    expect(err.message).toContain("langsmith:apiKey");
    expect(server.requests).toHaveLength(0);
  });

  test("unusable header values are refused at construction without echoing them", () => {
    expect(() => createClient({ apiKey: `${CANARY_KEY}\r\nX-Evil: 1`, controlPlaneUrl: server.url, apiUrl: server.url })).toThrow(ConfigurationError);
    let caught: unknown;
    try {
      createClient({ apiKey: `${CANARY_KEY}\n`, bearerToken: `a b ${CANARY_BEARER}`, controlPlaneUrl: server.url, apiUrl: server.url });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigurationError);
    expect((caught as Error).message).toContain("langsmith:bearerToken");
    expectNoCanary(caught);
  });

  test("the client object itself shows no credential when inspected or serialized", () => {
    const c = createClient({ apiKey: CANARY_KEY, bearerToken: CANARY_BEARER, controlPlaneUrl: server.url, apiUrl: server.url });
    for (const text of [inspect(c, { depth: null, showHidden: true }), JSON.stringify(c)]) {
      expect(text).not.toContain(CANARY_KEY);
      expect(text).not.toContain(CANARY_BEARER);
    }
  });
});
