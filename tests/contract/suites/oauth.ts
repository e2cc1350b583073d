/**
 * Contract tier: the control plane's Auth Service operations
 * (`/v2/auth/providers`, `/v2/auth/tokens/exists`).
 *
 * @packageDocumentation
 */
import type { ContractEnv, Json } from "./env";

/** Defines the OAuth suite. */
export function describeOAuth(env: ContractEnv): void {
  describe("control plane: OAuth providers and tokens", () => {
    test("GET /v2/auth/providers: 200, every provider a full OAuthProviderResponse", async () => {
      const reply = await env.harness.call("GET", "/v2/auth/providers", { expect: 200 });
      expect((reply.body as Json[]).map((p) => p["provider_id"])).toContain("github");
    });

    test("POST /v2/auth/providers: 200 with defaults applied, 422 on a missing field, 409 on a taken provider_id", async () => {
      const body = {
        provider_id: "contract-slack",
        name: "Slack",
        client_id: "client",
        client_secret: "never-echoed",
        auth_url: "https://slack.example/oauth/authorize",
        token_url: "https://slack.example/oauth/token",
        provider_type: "slack",
      };
      const created = await env.harness.call("POST", "/v2/auth/providers", { body, expect: 200 });
      expect(created.body).toMatchObject({
        provider_id: "contract-slack",
        uses_pkce: false,
        code_challenge_method: "S256",
        token_endpoint_auth_method: "client_secret_post",
      });
      expect(JSON.stringify(created.body)).not.toContain("never-echoed");
      const listed = await env.harness.call("GET", "/v2/auth/providers", { expect: 200 });
      expect((listed.body as Json[]).map((p) => p["provider_id"])).toContain("contract-slack");
      await env.harness.call("POST", "/v2/auth/providers", { body: { provider_id: "x" }, expect: 422, request: "invalid" });
      await env.harness.call("POST", "/v2/auth/providers", { body: { ...body, token_endpoint_auth_method: "magic" }, expect: 422, request: "invalid" });
      await env.harness.call("POST", "/v2/auth/providers", { body, expect: 409 });
    });

    test("GET /v2/auth/tokens/exists: 200, 422 without provider_id", async () => {
      const reply = await env.harness.call("GET", "/v2/auth/tokens/exists?provider_id=github", { expect: 200 });
      expect(reply.body).toEqual({ has_token: false });
      await env.harness.call("GET", "/v2/auth/tokens/exists", { expect: 422, request: "invalid" });
    });
  });
}
