/** Pure parts of the client: retry policy, Retry-After parsing, backoff, poll intervals, redaction, error bodies, auth headers. */
import {
  ConfigurationError,
  REDACTED,
  authHeaders,
  backoffMs,
  collectSensitiveStrings,
  isFailedStatus,
  isRetryable,
  parseErrorBody,
  pollIntervalMs,
  redactText,
  retryAfterMs,
  userAgent,
  REVISION_STATUSES,
} from "../../provider/client";

describe("isRetryable", () => {
  test.each([
    ["GET", { kind: "status", status: 429 }, true],
    ["GET", { kind: "status", status: 408 }, true],
    ["GET", { kind: "status", status: 500 }, true],
    ["GET", { kind: "status", status: 503 }, true],
    ["GET", { kind: "status", status: 501 }, false],
    ["GET", { kind: "status", status: 409 }, false],
    ["GET", { kind: "status", status: 404 }, false],
    ["GET", { kind: "connection", code: "ECONNRESET" }, true],
    ["GET", { kind: "timeout" }, true],
    ["DELETE", { kind: "status", status: 502 }, true],
    ["DELETE", { kind: "status", status: 409 }, false],
    ["POST", { kind: "status", status: 429 }, true],
    ["POST", { kind: "status", status: 500 }, false],
    ["POST", { kind: "status", status: 408 }, false],
    ["POST", { kind: "connection", code: "ECONNREFUSED" }, true],
    ["POST", { kind: "connection", code: "ENOTFOUND" }, true],
    ["POST", { kind: "connection", code: "ECONNRESET" }, false],
    ["POST", { kind: "connection" }, false],
    ["POST", { kind: "timeout" }, false],
    ["PATCH", { kind: "status", status: 429 }, true],
    ["PATCH", { kind: "status", status: 503 }, false],
    ["PATCH", { kind: "connection", code: "ECONNREFUSED" }, true],
  ] as const)("%s %j -> %s", (method, failure, expected) => {
    expect(isRetryable(method, failure)).toBe(expected);
  });
});

describe("retryAfterMs", () => {
  const now = Date.UTC(2025, 0, 1, 12, 0, 0);
  test.each([
    ["seconds", "2", undefined, 2_000],
    ["fractional seconds", "0.1", undefined, 100],
    ["HTTP date", new Date(now + 5_000).toUTCString(), undefined, 5_000],
    ["HTTP date in the past", new Date(now - 5_000).toUTCString(), undefined, 0],
    ["capped", "600", undefined, 60_000],
    ["retry-after-ms wins", "9", "20", 20],
    ["garbage", "soon", undefined, undefined],
    ["absent", undefined, undefined, undefined],
  ])("%s", (_name, header, msHeader, expected) => {
    expect(retryAfterMs(header, msHeader, now)).toBe(expected);
  });
});

describe("backoffMs", () => {
  test("500 ms doubling to 8 s, jitter up to 25 %", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((a) => backoffMs(a, () => 0))).toEqual([500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
    expect(backoffMs(0, () => 0.5)).toBe(438);
    for (let i = 0; i < 50; i++) {
      const ms = backoffMs(2);
      expect(ms).toBeGreaterThanOrEqual(1_500);
      expect(ms).toBeLessThanOrEqual(2_000);
    }
  });
});

describe("revision statuses and poll interval", () => {
  test("13 known statuses; failure means containing FAILED", () => {
    expect(REVISION_STATUSES).toHaveLength(13);
    expect(REVISION_STATUSES.filter(isFailedStatus)).toEqual(["CREATE_FAILED", "BUILD_FAILED", "DEPLOY_FAILED"]);
  });

  test.each([
    ["AWAITING_DEPLOY", 2_000],
    ["DEPLOYING", 2_000],
    ["BUILDING", 32_000],
    ["QUEUED", 8_000],
    ["CREATING", 8_000],
    ["AWAITING_BUILD", 8_000],
    ["UNKNOWN", 8_000],
    ["SOMETHING_NEW", 8_000],
    [undefined, 8_000],
  ])("%s polls every %i ms (min 2000, max 32000)", (status, expected) => {
    expect(pollIntervalMs(status, 2_000, 32_000)).toBe(expected);
  });
});

describe("redaction", () => {
  test("replaces every secret, longest first, and strips control characters", () => {
    expect(redactText("a SECRET-1 and SECRET-1-LONG\nend", ["SECRET-1", "SECRET-1-LONG"])).toBe(`a ${REDACTED} and ${REDACTED} end`);
    expect(redactText("x".repeat(400), []).length).toBe(301);
  });

  test("collects strings under secret-looking keys only, never a 422's input or ctx", () => {
    const found = collectSensitiveStrings({
      name: "agent",
      secrets: [{ name: "OPENAI_API_KEY", value: "sk-1" }],
      credentials: { access_key_id: "AKIA", secret_access_key: "s3" },
      detail: [{ loc: ["body"], msg: "bad", input: { nested: "in" } }],
      api_key: "k",
      session_token: "t",
    });
    expect([...found].sort()).toEqual(["AKIA", "k", "s3", "sk-1", "t"]);
  });
});

describe("parseErrorBody", () => {
  test.each([
    ['{"detail": "Deployment not found"}', "Deployment not found"],
    ['{"detail": [{"loc": ["query", "provider_id"], "msg": "Field required", "type": "missing"}]}', "query.provider_id: Field required"],
    ['{"error": "org_scoped_key_requires_workspace"}', "org_scoped_key_requires_workspace"],
    ['{"message": "Internal error"}', "Internal error"],
    ['{"detail": 42}', ""],
    ["not json", ""],
    ["", ""],
  ])("%s -> %j", (body, expected) => {
    expect(parseErrorBody(body, []).detail).toBe(expected);
  });
});

describe("authHeaders", () => {
  test("API key with workspace", () => {
    expect(authHeaders({ apiKey: " k ", workspaceId: "w" })).toEqual({ "X-Api-Key": "k", "X-Tenant-Id": "w" });
  });
  test("bearer token, API key preferred when both are set", () => {
    expect(authHeaders({ bearerToken: "t" })).toEqual({ Authorization: "Bearer t" });
    expect(authHeaders({ bearerToken: "t", apiKey: "k" })).toEqual({ "X-Api-Key": "k" });
  });
  test("no credentials: no headers", () => {
    expect(authHeaders({ apiKey: "", bearerToken: "  " })).toEqual({});
  });
  test("values that could split a header are refused without being echoed", () => {
    expect(() => authHeaders({ apiKey: "abc\r\nX-Evil: 1" })).toThrow(ConfigurationError);
    expect(() => authHeaders({ workspaceId: "a b" })).toThrow(/langsmith:workspaceId/);
  });
  test("user agent names the package and its version", () => {
    expect(userAgent()).toMatch(/^pulumi-langsmith\/\d+\.\d+\.\d+/);
  });
});
