/**
 * Contract tier: the organization-and-access settings (workspace secrets,
 * TTL settings of a workspace and of the organization, usage limits, SAML
 * SSO settings) and the taggings of tag values to resources, each operation
 * with its declared answers and 422s.
 *
 * @packageDocumentation
 */
import { BUILT_IN_ROLE_IDS } from "../../../packages/emulator/src/organization/roles";
import { DEFAULT_API_KEY, DEFAULT_ORG_API_KEY, DEFAULT_ORGANIZATION_ID, DEFAULT_PERMISSIONS, DEFAULT_WORKSPACE_ID } from "../../../packages/emulator/src/core/seed";
import { type ContractEnv, type Json, UNKNOWN_ID } from "./env";

/** A workspace key that may write the workspace's secrets (as the default keys may). */
const SECRETS_KEY = "lsv2_pt_contract_settings_secrets";
/** A workspace key with every default permission but `workspaces:manage-secrets`. */
const NO_SECRETS_KEY = "lsv2_pt_contract_settings_no_secrets";

/** Defines the settings suite. */
export function describeSettings(env: ContractEnv): void {
  const org = { apiKey: DEFAULT_ORG_API_KEY };
  const call = (...args: Parameters<ContractEnv["harness"]["call"]>): ReturnType<ContractEnv["harness"]["call"]> => env.harness.call(...args);

  describe("REST API: settings and taggings", () => {
    beforeAll(() => {
      env.emulator.control.seed({
        apiKeys: [
          { key: SECRETS_KEY, organizationId: DEFAULT_ORGANIZATION_ID, workspaceId: DEFAULT_WORKSPACE_ID, permissions: [...DEFAULT_PERMISSIONS] },
          { key: NO_SECRETS_KEY, organizationId: DEFAULT_ORGANIZATION_ID, workspaceId: DEFAULT_WORKSPACE_ID, permissions: DEFAULT_PERMISSIONS.filter((p) => p !== "workspaces:manage-secrets") },
        ],
      });
    });

    test("workspace secrets: upsert a list, list the keys (never a value), a null value deletes; 422 outside the contract", async () => {
      const secrets = "/api/v1/workspaces/current/secrets";
      await call("POST", secrets, { apiKey: SECRETS_KEY, body: [{ key: "OPENAI_API_KEY", value: "sk-contract-1" }, { key: "ANTHROPIC_API_KEY", value: "sk-contract-2" }], expect: 200 });
      const listed = await call("GET", secrets, { apiKey: SECRETS_KEY, expect: 200 });
      expect(listed.body).toEqual([{ key: "OPENAI_API_KEY" }, { key: "ANTHROPIC_API_KEY" }]);
      await call("POST", secrets, { apiKey: SECRETS_KEY, body: [{ key: "ANTHROPIC_API_KEY", value: null }], expect: 200 });
      expect((await call("GET", secrets, { apiKey: SECRETS_KEY, expect: 200 })).body).toEqual([{ key: "OPENAI_API_KEY" }]);
      await call("POST", secrets, { apiKey: SECRETS_KEY, body: [{ key: "NO_VALUE" }], expect: 422, request: "invalid" });
      await call("POST", secrets, { apiKey: NO_SECRETS_KEY, body: [{ key: "REFUSED", value: "x" }], expect: 403 });
      await call("POST", secrets, { apiKey: SECRETS_KEY, body: [{ key: "OPENAI_API_KEY", value: null }], expect: 200 });
    });

    test("TTL settings of the workspace and of the organization: the default, then PUT and GET; 422 outside the contract", async () => {
      const workspace = await call("GET", "/api/v1/ttl-settings", { expect: 200 });
      expect(workspace.body).toEqual([expect.objectContaining({ tenant_id: DEFAULT_WORKSPACE_ID, default_trace_tier: "shortlived", configured_by: "system" })]);
      const put = await call("PUT", "/api/v1/ttl-settings", { body: { default_trace_tier: "longlived" }, expect: 200 });
      expect(put.body).toMatchObject({ tenant_id: DEFAULT_WORKSPACE_ID, default_trace_tier: "longlived", configured_by: "user", apply_to_all_projects: false });
      expect((await call("GET", "/api/v1/ttl-settings", { expect: 200 })).body).toEqual([put.body]);
      await call("PUT", "/api/v1/ttl-settings", { body: { default_trace_tier: "forever" }, expect: 422, request: "invalid" });

      const organization = await call("GET", "/api/v1/orgs/ttl-settings", { ...org, expect: 200 });
      expect(organization.body).toEqual([expect.objectContaining({ tenant_id: null, organization_id: DEFAULT_ORGANIZATION_ID, default_trace_tier: "shortlived", configured_by: "system" })]);
      const orgPut = await call("PUT", "/api/v1/orgs/ttl-settings", { ...org, body: { default_trace_tier: "shortlived", apply_to_all_projects: true }, expect: 200 });
      expect(orgPut.body).toMatchObject({ tenant_id: null, default_trace_tier: "shortlived", apply_to_all_projects: true, configured_by: "user" });
      expect((await call("GET", "/api/v1/orgs/ttl-settings", { ...org, expect: 200 })).body).toEqual([orgPut.body]);
      await call("PUT", "/api/v1/orgs/ttl-settings", { ...org, body: {}, expect: 422, request: "invalid" });
      await call("GET", "/api/v1/orgs/ttl-settings", { apiKey: DEFAULT_API_KEY, expect: 403 });
      await call("PUT", "/api/v1/ttl-settings", { body: { default_trace_tier: "shortlived" }, expect: 200 });
    });

    test("usage limits: upsert by type, list the workspace's and the organization's, delete; 422 outside the contract", async () => {
      const created = await call("PUT", "/api/v1/usage-limits", { body: { limit_type: "monthly_traces", limit_value: 100_000 }, expect: 200 });
      const id = String((created.body as Json)["id"]);
      expect(created.body).toMatchObject({ limit_type: "monthly_traces", limit_value: 100_000, tenant_id: DEFAULT_WORKSPACE_ID });
      const changed = await call("PUT", "/api/v1/usage-limits", { body: { limit_type: "monthly_traces", limit_value: 50_000 }, expect: 200 });
      expect(changed.body).toMatchObject({ id, limit_value: 50_000 });
      await call("PUT", "/api/v1/usage-limits", { body: { limit_type: "daily_traces", limit_value: 1 }, expect: 422, request: "invalid" });
      expect((await call("GET", "/api/v1/usage-limits", { expect: 200 })).body).toEqual([changed.body]);
      expect((await call("GET", "/api/v1/usage-limits/org", { ...org, expect: 200 })).body).toEqual([changed.body]);
      await call("DELETE", `/api/v1/usage-limits/${id}`, { expect: 200 });
      await call("DELETE", `/api/v1/usage-limits/${id}`, { expect: 404 });
      await call("DELETE", "/api/v1/usage-limits/bad", { expect: 422, request: "invalid" });
      expect((await call("GET", "/api/v1/usage-limits", { expect: 200 })).body).toEqual([]);
    });

    test("SSO settings: create, list, update, delete; one provider per organization; 422 outside the contract", async () => {
      const sso = "/api/v1/orgs/current/sso-settings";
      const body = { default_workspace_role_id: BUILT_IN_ROLE_IDS["WORKSPACE_VIEWER"], default_workspace_ids: [DEFAULT_WORKSPACE_ID], metadata_url: "https://idp.example.com/saml/metadata" };
      const created = await call("POST", sso, { ...org, body, expect: 201 });
      const id = String((created.body as Json)["id"]);
      expect(created.body).toMatchObject({ ...body, organization_id: DEFAULT_ORGANIZATION_ID, metadata_xml: null, sso_groups_enabled: false, sso_groups_claim_field: "groups" });
      await call("POST", sso, { ...org, body, expect: 409 });
      await call("POST", sso, { ...org, body: { metadata_url: "https://idp.example.com" }, expect: 422, request: "invalid" });
      expect((await call("GET", sso, { ...org, expect: 200 })).body).toEqual([created.body]);
      const xml = '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.com"/>';
      const updated = await call("PATCH", `${sso}/${id}`, { ...org, body: { metadata_xml: xml, sso_groups_enabled: true }, expect: 200 });
      expect(updated.body).toMatchObject({ id, metadata_xml: xml, metadata_url: null, sso_groups_enabled: true });
      await call("PATCH", `${sso}/${id}`, { ...org, body: { sso_groups_enabled: "often" }, expect: 422, request: "invalid" });
      await call("PATCH", `${sso}/${UNKNOWN_ID}`, { ...org, body: { sso_groups_enabled: false }, expect: 404 });
      expect((await call("DELETE", `${sso}/${id}`, { ...org, expect: 200 })).body).toEqual(updated.body);
      await call("DELETE", `${sso}/${id}`, { ...org, expect: 404 });
      await call("DELETE", `${sso}/bad`, { ...org, expect: 422, request: "invalid" });
      expect((await call("GET", sso, { ...org, expect: 200 })).body).toEqual([]);
    });

    test("taggings: tag a resource with a value, list them grouped by value, delete; 422 outside the contract", async () => {
      const key = await call("POST", "/api/v1/workspaces/current/tag-keys", { body: { key: "team" }, expect: 200 });
      const keyId = String((key.body as Json)["id"]);
      const value = await call("POST", `/api/v1/workspaces/current/tag-keys/${keyId}/tag-values`, { body: { value: "search" }, expect: 200 });
      const valueId = String((value.body as Json)["id"]);
      const projectId = "5a1e0f00-0000-4000-8000-00000000000a";
      const taggings = "/api/v1/workspaces/current/taggings";
      const tagging = await call("POST", taggings, { body: { tag_value_id: valueId, resource_type: "project", resource_id: projectId }, expect: 200 });
      const taggingId = String((tagging.body as Json)["id"]);
      expect(tagging.body).toMatchObject({ tag_value_id: valueId, resource_type: "project", resource_id: projectId });
      await call("POST", taggings, { body: { tag_value_id: valueId, resource_type: "project", resource_id: projectId }, expect: 409 });
      await call("POST", taggings, { body: { tag_value_id: UNKNOWN_ID, resource_type: "project", resource_id: projectId }, expect: 404 });
      await call("POST", taggings, { body: { tag_value_id: valueId, resource_type: "spreadsheet", resource_id: projectId }, expect: 422, request: "invalid" });
      const listed = await call("GET", `${taggings}?tag_value_id=${valueId}`, { expect: 200 });
      expect(listed.body).toEqual([
        expect.objectContaining({ tag_key: "team", tag_key_id: keyId, tag_value: "search", tag_value_id: valueId, resources: expect.objectContaining({ projects: [{ tagging_id: taggingId, resource_name: projectId, resource_id: projectId }], datasets: [] }) }),
      ]);
      expect((await call("GET", taggings, { expect: 200 })).body).toEqual(listed.body);
      await call("GET", `${taggings}?tag_value_id=bad`, { expect: 422, request: "invalid" });
      await call("DELETE", `${taggings}/${taggingId}`, { expect: 200 });
      await call("DELETE", `${taggings}/${taggingId}`, { expect: 404 });
      await call("DELETE", `${taggings}/bad`, { expect: 422, request: "invalid" });
      expect((await call("GET", taggings, { expect: 200 })).body).toEqual([]);
      await call("DELETE", `/api/v1/workspaces/current/tag-keys/${keyId}`, { expect: 200 });
    });
  });
}
