/**
 * Contract tier: the settings documents of issue 46 the additions carry and
 * the emulator serves (the organization's login methods), each operation
 * with its declared answers, 400s, 404s and 422s.
 *
 * @packageDocumentation
 */
import { DEFAULT_ORG_API_KEY } from "../../../packages/emulator/src/core/seed";
import type { ContractEnv, Json } from "./env";

/** Defines the settings-kinds suite. */
export function describeSettingsKinds(env: ContractEnv): void {
  const org = { apiKey: DEFAULT_ORG_API_KEY };
  const call = (...args: Parameters<ContractEnv["harness"]["call"]>): ReturnType<ContractEnv["harness"]["call"]> => env.harness.call(...args);

  describe("additions: settings documents (issue 46)", () => {
    test("the organization's login methods: sso_only set and cleared (200, {}), then in the organization's info; null leaves it; 422 malformed", async () => {
      const methods = "/api/v1/orgs/current/login-methods";
      expect((await call("PATCH", methods, { ...org, body: { sso_only: true }, expect: 200 })).body).toEqual({});
      expect(((await call("GET", "/api/v1/orgs/current/info", { ...org, expect: 200 })).body as Json)["sso_only"]).toBe(true);
      await call("PATCH", methods, { ...org, body: { sso_only: null }, expect: 200 });
      expect(((await call("GET", "/api/v1/orgs/current/info", { ...org, expect: 200 })).body as Json)["sso_only"]).toBe(true);
      await call("PATCH", methods, { ...org, body: { sso_only: false }, expect: 200 });
      expect(((await call("GET", "/api/v1/orgs/current/info", { ...org, expect: 200 })).body as Json)["sso_only"]).toBe(false);
      await call("PATCH", methods, { ...org, body: { sso_only: "yes" }, expect: 422, request: "invalid" });
    });
  });
}
