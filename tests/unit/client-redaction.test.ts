/**
 * Redaction that cannot garble or betray: the error class comes from the raw
 * body, `input`/`ctx` are dropped (never collected, never rendered), and only
 * known secrets of at least MIN_SECRET_LENGTH characters are masked.
 */
import {
  FeatureNotEnabledError,
  MIN_SECRET_LENGTH,
  PermissionDeniedError,
  REDACTED,
  UnprocessableEntityError,
  WorkspaceRequiredError,
  collectSensitiveStrings,
  errorFromResponse,
  maskableSecrets,
  parseErrorBody,
  redactText,
} from "../../provider/client";

const DEP = "1f0c51a1-1111-4111-8111-000000000001";
const REV = "2e1d1b11-1111-4111-8111-000000000011";

function fromBody(status: number, body: unknown, secrets: string[] = [], path = `/v2/deployments/${DEP}`) {
  return errorFromResponse({
    action: `updating deployment ${DEP}`,
    method: "PATCH",
    path,
    status,
    bodyText: JSON.stringify(body),
    secrets,
  });
}

describe("minimum secret length", () => {
  test("is 8 characters", () => {
    expect(MIN_SECRET_LENGTH).toBe(8);
  });

  test("a secret of 8 characters is masked, one of 7 is left alone", () => {
    expect(redactText("k=abcdefgh", ["abcdefgh"])).toBe(`k=${REDACTED}`);
    expect(redactText("k=abcdefg", ["abcdefg"])).toBe("k=abcdefg");
    expect(maskableSecrets(["a", "1", "true", "abcdefg", "abcdefgh", "abcdefghij", "abcdefgh"])).toEqual(["abcdefghij", "abcdefgh"]);
  });

  test("a short secret does not show where it occurs (no masking of unrelated text)", () => {
    const text = "table 'abc' is unavailable at lab-ab-01";
    expect(redactText(text, ["ab", "a", "1"])).toBe(text);
  });
});

describe("collectSensitiveStrings", () => {
  test("takes secret values, not secret names, references, input or ctx", () => {
    const found = collectSensitiveStrings({
      secrets: [{ name: "OPENAI_API_KEY", value: "sk-live-123456" }],
      secret_references: [{ name: "DB_URL", secret_name: "db-credentials", secret_key: "url" }],
      credentials: { access_key_id: "AKIAEXAMPLE1", secret_access_key: "s3-secret-key" },
      detail: [{ loc: ["body"], msg: "bad", input: "echoed-input-1234", ctx: { min_length: 1, value: "ctx-value-1234" } }],
    });
    expect([...found].sort()).toEqual(["AKIAEXAMPLE1", "s3-secret-key", "sk-live-123456"]);
  });
});

describe("errorFromResponse", () => {
  test("a 422 whose ctx holds min_length: 1 keeps ids and numbers intact", () => {
    const err = fromBody(422, {
      detail: [
        {
          loc: ["body", "source_config", "custom_url"],
          msg: "String should have at least 1 character",
          type: "string_too_short",
          input: "",
          ctx: { min_length: 1 },
        },
        { loc: ["body", "secrets", 1, "value"], msg: `revision ${REV} of ${DEP} is newer`, type: "value_error", input: "1", ctx: { error: "1" } },
      ],
    });
    expect(err).toBeInstanceOf(UnprocessableEntityError);
    expect(err.message).toBe(
      `updating deployment ${DEP}: 422 UnprocessableEntity - body.source_config.custom_url: String should have at least 1 character; ` +
        `body.secrets.1.value: revision ${REV} of ${DEP} is newer`,
    );
    expect(err.message).not.toContain(REDACTED);
    expect((err as UnprocessableEntityError).issues).toEqual([
      { loc: ["body", "source_config", "custom_url"], msg: "String should have at least 1 character", type: "string_too_short" },
      { loc: ["body", "secrets", 1, "value"], msg: `revision ${REV} of ${DEP} is newer`, type: "value_error" },
    ]);
  });

  test("input and ctx are never rendered, however long", () => {
    const err = fromBody(422, {
      detail: [{ loc: ["body", "name"], msg: "bad name", type: "value_error", input: "ECHOED-INPUT-TEXT-77", ctx: { hint: "CTX-TEXT-88" } }],
    });
    expect(err.message).toBe(`updating deployment ${DEP}: 422 UnprocessableEntity - body.name: bad name`);
    expect(JSON.stringify(err)).not.toMatch(/ECHOED-INPUT|CTX-TEXT/);
  });

  test("a 403 needing a workspace stays WorkspaceRequiredError with one-letter values in the body and the request", () => {
    const detail = "This API key is org-scoped and requires workspace specification";
    const err = fromBody(403, { detail, ctx: { k: "e" }, input: "r", secrets: [{ name: "X", value: "e" }], token: "s" }, ["e", "r", "s"]);
    expect(err).toBeInstanceOf(WorkspaceRequiredError);
    expect(err.message).toContain(`403 PermissionDenied - ${detail}; `);
    expect(err.message).toContain("langsmith:workspaceId");
  });

  test('{"error": "org_scoped_key_requires_workspace"} is classified before masking too', () => {
    const err = fromBody(403, { error: "org_scoped_key_requires_workspace", value: "o" }, ["o", "_"], "/api/v1/bulk-exports/destinations");
    expect(err).toBeInstanceOf(WorkspaceRequiredError);
    expect(err.message).toContain("org_scoped_key_requires_workspace");
  });

  test("classification reads the raw detail even when a long secret in it is masked", () => {
    const key = "lsv2_pt_0123456789abcdef";
    const err = fromBody(403, { detail: `key ${key} requires workspace specification` }, [key]);
    expect(err).toBeInstanceOf(WorkspaceRequiredError);
    expect(err.message).toContain(`key ${REDACTED} requires workspace specification`);
    expect(err.message).not.toContain(key);
  });

  test("a 403 'not enabled' stays FeatureNotEnabledError with a one-letter secret", () => {
    const err = fromBody(403, { detail: "Deployments are not enabled for this organization" }, ["n", "e"]);
    expect(err).toBeInstanceOf(FeatureNotEnabledError);
    expect(err.message).toContain("Deployments are not enabled for this organization");
  });

  test("other 403s stay plain PermissionDeniedError", () => {
    const err = fromBody(403, { detail: "forbidden" });
    expect(err).toBeInstanceOf(PermissionDeniedError);
    expect(err).not.toBeInstanceOf(WorkspaceRequiredError);
  });

  test("secret fields of the response body itself are masked (8+ characters)", () => {
    const value = "resp-secret-value-42";
    const err = fromBody(409, {
      detail: `conflict with ${value} and x`,
      secrets: [
        { name: "API", value },
        { name: "X", value: "x" },
      ],
    });
    expect(err.message).toBe(`updating deployment ${DEP}: 409 Conflict - conflict with ${REDACTED} and x`);
  });
});

describe("parseErrorBody", () => {
  test("masks request secrets of 8+ characters in detail, msg and loc; leaves short ones", () => {
    const secret = "s3cr3t-value";
    const body = JSON.stringify({ detail: [{ loc: ["body", secret], msg: `no ${secret}; no ab`, type: "t" }] });
    expect(parseErrorBody(body, [secret, "ab"]).detail).toBe(`body.${REDACTED}: no ${REDACTED}; no ab`);
  });

  test("reads the sandboxes service's nested detail: its message, and its code when the message is empty; masks secrets there too", () => {
    const secret = "s3cr3t-value";
    const nested = JSON.stringify({ detail: { error: "BadRequest", error_id: "e1", message: `registry ${secret} not found` } });
    expect(parseErrorBody(nested, [secret])).toMatchObject({ detail: `registry ${REDACTED} not found`, errorCode: "BadRequest" });
    expect(parseErrorBody(JSON.stringify({ detail: { error: "NotFound" } }), []).detail).toBe("NotFound");
  });
});
