/**
 * Redaction of the client's errors, through real HTTP: canary secrets sent in
 * requests or echoed in responses never reach any rendering of an error, and
 * redaction garbles no id or number of a message.
 */
import {
  ApiConnectionError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  type LangSmithClient,
  ResponseValidationError,
  UnprocessableEntityError,
  WorkspaceRequiredError,
  createClient,
} from "../../provider/client";
import { FakeClock, type ScriptedServer, startScriptedServer } from "../helpers/scriptedServer";
import {
  CANARY_BEARER,
  CANARY_BODY,
  CANARY_KEY,
  CANARY_REQ_SECRET,
  CANARY_RESP_SECRET,
  CANARY_S3_KEYID,
  CANARY_S3_SECRET,
  CANARY_WORKSPACE,
  canaryClient,
  expectNoCanary,
  failure,
} from "../helpers/errorCanaries";
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
