/**
 * Error classes, messages and redaction, through real HTTP: one class per
 * status kind, 422 rendering, the well-known 403s, redirects not followed,
 * and canary secrets that must never leak in either direction.
 */
import { inspect } from "node:util";
import {
  ApiConnectionError,
  ApiStatusError,
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  ConflictError,
  FeatureNotEnabledError,
  type LangSmithClient,
  LangSmithError,
  MethodNotAllowedError,
  MissingCredentialsError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  ServerError,
  UnexpectedStatusError,
  UnprocessableEntityError,
  WorkspaceRequiredError,
  createClient,
} from "../../provider/client";
import { FakeClock, type ScriptedServer, startScriptedServer } from "../helpers/scriptedServer";
import { deploymentCalls } from "../../provider/deployments/deployment/endpoints";
import { destinationCalls } from "../../provider/exports/destination/endpoints";
import { oauthCalls } from "../../provider/deployments/oauthEndpoints";

const CANARY_KEY = "CANARY-APIKEY-7f3a91";
const CANARY_BEARER = "CANARY-BEARER-0c55e2";
/** Sent as X-Tenant-Id; not a secret (issue 32): an error may name it, so it is no canary. */
const CANARY_WORKSPACE = "CANARY-WORKSPACE-91ab";
const CANARY_REQ_SECRET = "CANARY-REQ-SECRET-5d1e";
const CANARY_RESP_SECRET = "CANARY-RESP-SECRET-a8c4";
const CANARY_S3_SECRET = "CANARY-S3-SECRET-b7f0";
const CANARY_S3_KEYID = "CANARY-S3-KEYID-4e21";
const CANARY_BODY = "CANARY-BODY-TEXT-33aa";
const ALL_CANARIES = [CANARY_KEY, CANARY_BEARER, CANARY_REQ_SECRET, CANARY_RESP_SECRET, CANARY_S3_SECRET, CANARY_S3_KEYID, CANARY_BODY];

/** Every way an error can be printed. */
function renderings(err: unknown): string[] {
  const e = err as Error;
  return [String(e.message), String(e.stack), JSON.stringify(e), inspect(e, { depth: null, showHidden: true }), inspect(e, { depth: null }), String(e)];
}

function expectNoCanary(err: unknown): void {
  expect(err).toBeInstanceOf(LangSmithError);
  for (const text of renderings(err)) {
    for (const canary of ALL_CANARIES) expect(text).not.toContain(canary);
    expect(text).not.toContain("pulumi-langsmith/"); // the User-Agent header value
  }
}

async function failure(promise: Promise<unknown>): Promise<LangSmithError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof LangSmithError) return err;
    throw err;
  }
  throw new Error("expected a rejection");
}

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
    client = createClient({
      apiKey: CANARY_KEY,
      workspaceId: CANARY_WORKSPACE,
      controlPlaneUrl: server.url,
      apiUrl: server.url,
      maxRetries: 0,
      clock: new FakeClock(),
    });
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

  describe("redaction neither garbles nor betrays", () => {
    const DEP = "1f0c51a1-1111-4111-8111-000000000001";
    const REV = "2e1d1b11-1111-4111-8111-000000000011";

    test("a 422 whose ctx holds min_length: 1 keeps every id and number of the message", async () => {
      server.enqueue({
        status: 422,
        json: {
          detail: [
            {
              loc: ["body", "source_config", "custom_url"],
              msg: "String should have at least 1 character",
              type: "string_too_short",
              input: "",
              ctx: { min_length: 1 },
            },
            { loc: ["body"], msg: `revision ${REV} of deployment ${DEP} is newer`, type: "value_error", input: { a: 1 }, ctx: { error: "1" } },
          ],
        },
      });
      const err = await failure(deploymentCalls.patch(client, DEP, { source_config: { build_on_push: true } }));
      expect(err).toBeInstanceOf(UnprocessableEntityError);
      expect(err.message).toBe(
        `updating deployment ${DEP}: 422 UnprocessableEntity - body.source_config.custom_url: String should have at least 1 character; ` +
          `body: revision ${REV} of deployment ${DEP} is newer`,
      );
    });

    test("a short request secret is not masked, so the message does not show where it occurs", async () => {
      server.enqueue({ status: 400, json: { detail: "table 'abc' is unavailable at lab-ab-01" } });
      const err = await failure(deploymentCalls.patch(client, DEP, { secrets: [{ name: "FLAG", value: "ab" }] }, { name: "agent" }));
      expect(err).toBeInstanceOf(BadRequestError);
      expect(err.message).toBe(`updating deployment "agent": 400 BadRequest - table 'abc' is unavailable at lab-ab-01`);
    });

    test("a 403 needing a workspace is WorkspaceRequiredError even with one-letter values in the body and the request", async () => {
      server.enqueue({
        status: 403,
        json: { detail: "This API key is org-scoped and requires workspace specification", ctx: { k: "e" }, secrets: [{ name: "X", value: "r" }] },
      });
      const err = await failure(deploymentCalls.patch(client, DEP, { secrets: [{ name: "E", value: "e" }] }));
      expect(err).toBeInstanceOf(WorkspaceRequiredError);
      expect(err.message).toContain("403 PermissionDenied - This API key is org-scoped and requires workspace specification; ");
      expect(err.message).toContain("langsmith:workspaceId");
    });

    test("a 422's input and ctx never reach any rendering of the error", async () => {
      server.enqueue({
        status: 422,
        json: { detail: [{ loc: ["body", "name"], msg: "bad name", type: "value_error", input: CANARY_BODY, ctx: { echo: CANARY_BODY } }] },
      });
      const err = await failure(deploymentCalls.patch(client, DEP, { source_config: { build_on_push: false } }));
      expect(err.message).toBe(`updating deployment ${DEP}: 422 UnprocessableEntity - body.name: bad name`);
      expectNoCanary(err);
    });
  });

  describe("redaction canaries", () => {
    test("request secrets echoed in a 400 detail are redacted", async () => {
      server.enqueue({
        status: 400,
        json: { detail: `secret value ${CANARY_REQ_SECRET} rejected for key ${CANARY_KEY} in ${CANARY_WORKSPACE}` },
      });
      const err = await failure(
        deploymentCalls.create(client, {
          name: "agent",
          source: "github",
          source_config: {},
          source_revision_config: {},
          secrets: [{ name: "TOKEN", value: CANARY_REQ_SECRET }],
        }),
      );
      expect(err).toBeInstanceOf(BadRequestError);
      expect(err.message).toContain("[REDACTED]");
      expectNoCanary(err);
    });

    test("422 input, ctx and msg echoing request secrets are not leaked", async () => {
      server.enqueue({
        status: 422,
        json: {
          detail: [
            {
              loc: ["body", "secrets", 0, "value"],
              msg: `Value error, ${CANARY_REQ_SECRET} is not allowed`,
              type: "value_error",
              input: CANARY_REQ_SECRET,
              ctx: { error: CANARY_REQ_SECRET },
            },
          ],
        },
      });
      const err = await failure(deploymentCalls.patch(client, "dep-1", { secrets: [{ name: "TOKEN", value: CANARY_REQ_SECRET }] }, { name: "agent" }));
      expect(err).toBeInstanceOf(UnprocessableEntityError);
      expect(err.message).toContain("body.secrets.0.value: Value error, [REDACTED] is not allowed");
      expectNoCanary(err);
    });

    test("destination credentials echoed by the service are not leaked", async () => {
      server.enqueue({
        status: 400,
        json: { detail: `Access denied for ${CANARY_S3_KEYID}/${CANARY_S3_SECRET}` },
      });
      const err = await failure(destinationCalls.patchCredentials(client, "dst-1", { access_key_id: CANARY_S3_KEYID, secret_access_key: CANARY_S3_SECRET }));
      expect(err).toBeInstanceOf(BadRequestError);
      expect(err.message).toContain("Access denied for [REDACTED]/[REDACTED]");
      expectNoCanary(err);
    });

    test("secret values in an error response body are redacted from its detail", async () => {
      server.enqueue({
        status: 409,
        json: { detail: `conflict with ${CANARY_RESP_SECRET}`, secrets: [{ name: "X", value: CANARY_RESP_SECRET }], body: CANARY_BODY },
      });
      const err = await failure(deploymentCalls.delete(client, "dep-1"));
      expect(err).toBeInstanceOf(ConflictError);
      expectNoCanary(err);
    });

    test("a malformed 200 carrying plaintext secrets names the field, not the values", async () => {
      server.enqueue({
        json: {
          id: "dep-1",
          name: "agent",
          source: "github",
          source_config: {},
          source_revision_config: {},
          latest_revision_id: "rev-1",
          secrets: [{ name: 7, value: CANARY_RESP_SECRET }],
          note: CANARY_BODY,
        },
      });
      const err = await failure(deploymentCalls.get(client, "dep-1"));
      expect(err).toBeInstanceOf(ResponseValidationError);
      expect((err as ResponseValidationError).field).toBe("secrets[0].name");
      expectNoCanary(err);
    });

    test("a secret value of the wrong type does not leak either", async () => {
      server.enqueue({
        json: {
          id: "dep-1",
          name: "agent",
          source: "github",
          source_config: {},
          source_revision_config: {},
          latest_revision_id: "rev-1",
          secrets: [{ name: "X", value: { inner: CANARY_RESP_SECRET } }],
        },
      });
      const err = await failure(deploymentCalls.get(client, "dep-1"));
      expect((err as ResponseValidationError).field).toBe("secrets[0].value");
      expectNoCanary(err);
    });

    test("connection errors carry no header value", async () => {
      const dead = await startScriptedServer();
      const url = dead.url;
      await dead.close();
      const c = createClient({
        bearerToken: CANARY_BEARER,
        workspaceId: CANARY_WORKSPACE,
        controlPlaneUrl: url,
        apiUrl: url,
        maxRetries: 0,
        clock: new FakeClock(),
      });
      const err = await failure(
        deploymentCalls.create(c, {
          name: "agent",
          source: "github",
          source_config: {},
          source_revision_config: {},
          secrets: [{ name: "TOKEN", value: CANARY_REQ_SECRET }],
        }),
      );
      expect(err).toBeInstanceOf(ApiConnectionError);
      expect((err as ApiConnectionError).code).toBe("ECONNREFUSED");
      expect(err.message).toContain("cannot reach http://127.0.0.1:");
      // The control plane's URL is the one that failed: the message names the settings that choose it.
      expect(err.message).toMatch(/; check langsmith:controlPlaneUrl or LANGSMITH_CONTROL_PLANE_URL$/);
      expect("cause" in err).toBe(false);
      expectNoCanary(err);
    });

    test("every rendering of a status error is free of canaries", async () => {
      server.enqueue({
        status: 401,
        json: { detail: `bad key ${CANARY_KEY}` },
        headers: { "x-request-id": "r-1", "set-cookie": `session=${CANARY_BODY}` },
      });
      const err = await failure(oauthCalls.listProviders(client));
      expect(err).toBeInstanceOf(AuthenticationError);
      expect(err.message).toContain("bad key [REDACTED]");
      expectNoCanary(err);
    });
  });
});
