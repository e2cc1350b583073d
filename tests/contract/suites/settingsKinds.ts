/**
 * Contract tier: the settings documents of issue 46 the additions carry and
 * the emulator serves (the organization's login methods; a workspace's
 * feature model configurations; its MCP vendors and their settings; its
 * agent-builder integrations), each operation
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

    test("feature model configurations: default set and cleared, models disabled and enabled (204); the list's effective set with the organization's providers; 400 for a model or feature with whitespace", async () => {
      const features = "/api/v1/platform/features";
      await call("PUT", `${features}/contract-feature/default-model`, { body: { model: "openai:gpt-4o-mini" }, expect: 204 });
      await call("PUT", `${features}/contract-feature/disabled-models`, { body: { model: "mistral" }, expect: 204 });
      await call("PATCH", "/api/v1/orgs/current/info", { ...org, body: { disabled_model_providers: ["deepseek"] }, expect: 200 });
      const listed = (await call("GET", features, { expect: 200 })).body as Json[];
      expect(listed.find((entry) => entry["feature"] === "contract-feature")).toEqual({
        feature: "contract-feature",
        default_model: "openai:gpt-4o-mini",
        disabled_models: ["mistral", "deepseek"],
        org_disabled_providers: ["deepseek"],
      });
      await call("PATCH", "/api/v1/orgs/current/info", { ...org, body: { disabled_model_providers: [] }, expect: 200 });
      await call("PUT", `${features}/contract-feature/default-model`, { body: { model: "gpt 4" }, expect: 400 });
      await call("PUT", `${features}/contract-feature/disabled-models`, { body: { model: "" }, expect: 400 });
      await call("DELETE", `${features}/contract-feature/disabled-models/two%20words`, { expect: 400 });
      await call("DELETE", `${features}/contract-feature/disabled-models/mistral`, { expect: 204 });
      await call("DELETE", `${features}/contract-feature/default-model`, { expect: 204 });
      expect(((await call("GET", features, { expect: 200 })).body as Json[]).some((entry) => entry["feature"] === "contract-feature")).toBe(false);
    });

    test("MCP vendors and their settings: the catalogue (200); create (201; 409 taken; 400 malformed; 404 unknown vendor), get, replace (200; 400; 404 none), delete (200 with them; 404)", async () => {
      const vendors = "/api/v1/platform/mcp-vendors";
      const settings = `${vendors}/arcade/settings`;
      expect(((await call("GET", vendors, { expect: 200 })).body as Json)["mcp_vendors"]).toEqual([expect.objectContaining({ vendor_id: "arcade", status: "enabled" })]);
      await call("GET", settings, { expect: 404 });
      await call("PUT", settings, { body: { organization_id: "org" }, expect: 404 });
      await call("DELETE", settings, { expect: 404 });
      await call("POST", `${vendors}/no-such-vendor/settings`, { body: {}, expect: 404 });
      await call("POST", settings, { body: { organization_id: 5 }, expect: 400, request: "invalid" });
      expect((await call("POST", settings, { body: { organization_id: "org" }, expect: 201 })).body).toEqual({ is_configured: false, organization_id: "org", project_id: "" });
      await call("POST", settings, { body: { organization_id: "org" }, expect: 409 });
      expect((await call("PUT", settings, { body: { organization_id: "org", project_id: "proj" }, expect: 200 })).body).toEqual({ is_configured: true, organization_id: "org", project_id: "proj" });
      await call("PUT", settings, { body: { project_id: ["proj"] }, expect: 400, request: "invalid" });
      expect((await call("GET", settings, { expect: 200 })).body).toMatchObject({ is_configured: true });
      expect((await call("DELETE", settings, { expect: 200 })).body).toMatchObject({ organization_id: "org", project_id: "proj" });
      await call("GET", settings, { expect: 404 });
    });

    test("agent-builder integrations: the defaults before any write (200), the whole document replaced (200, the catalogue's can_invoke following it); 400 for an unknown or twice-listed integration, 400 malformed", async () => {
      const integrations = "/v1/agent-builder/integrations";
      expect((await call("GET", integrations, { expect: 200 })).body).toMatchObject({ integrations_enabled_by_default: true, integration_overrides: [] });
      const put = (await call("PUT", integrations, { body: { integrations_enabled_by_default: false, integration_overrides: [{ integration_key: "slack", is_enabled: true }] }, expect: 200 })).body as Json;
      expect((put["integration_catalog"] as Json[]).find((entry) => entry["key"] === "slack")).toMatchObject({ can_invoke: true });
      expect((put["integration_catalog"] as Json[]).find((entry) => entry["key"] === "gmail")).toMatchObject({ can_invoke: false });
      await call("PUT", integrations, { body: { integrations_enabled_by_default: true, integration_overrides: [{ integration_key: "fax", is_enabled: true }] }, expect: 400 });
      const twice = [{ integration_key: "slack", is_enabled: true }, { integration_key: "slack", is_enabled: false }];
      await call("PUT", integrations, { body: { integrations_enabled_by_default: true, integration_overrides: twice }, expect: 400 });
      await call("PUT", integrations, { body: { integrations_enabled_by_default: "yes" }, expect: 400, request: "invalid" });
      expect((await call("GET", integrations, { expect: 200 })).body).toMatchObject({ integrations_enabled_by_default: false });
      await call("PUT", integrations, { body: { integrations_enabled_by_default: true, integration_overrides: [] }, expect: 200 });
    });
  });
}
