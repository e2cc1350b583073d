// Black-box tests of the emulator's settings kinds for what the contract
// cannot show: secret values never leave the emulator, upserts by key,
// the system's default TTL settings, usage limits by type, SSO rules,
// taggings going with their tag value, and organization routes refusing a
// workspace-scoped key.
import {
  createEmulator,
  DEFAULT_API_KEY,
  DEFAULT_ORG_API_KEY,
  DEFAULT_ORGANIZATION_ID,
  DEFAULT_WORKSPACE_ID,
  type Emulator,
} from "../../packages/emulator/src";
import { BUILT_IN_ROLE_IDS } from "../../packages/emulator/src/organization/roles";
import { DEFAULT_PERMISSIONS } from "../../packages/emulator/src/core/seed";

type Json = Record<string, unknown>;

interface Reply {
  status: number;
  body: unknown;
  text: string;
}

const SECOND_WORKSPACE_ID = "77777777-7777-4777-8777-777777777777";
const SECRETS_KEY = "lsv2_pt_settings_secrets";
const SECOND_SECRETS_KEY = "lsv2_pt_settings_secrets_second";
/** A workspace key with every default permission but `workspaces:manage-secrets`. */
const NO_SECRETS_KEY = "lsv2_pt_settings_no_secrets";
const SECRETS = "/api/v1/workspaces/current/secrets";
const SSO = "/api/v1/orgs/current/sso-settings";

describe("emulator settings: secrets, TTL, usage limits, SSO, taggings", () => {
  let emulator: Emulator;

  async function call(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Reply> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, text };
  }

  const key = (apiKey: string, tenant?: string): Record<string, string> => ({ "x-api-key": apiKey, ...(tenant ? { "x-tenant-id": tenant } : {}) });
  const workspaceKey = key(DEFAULT_API_KEY);
  const orgKey = key(DEFAULT_ORG_API_KEY);

  beforeAll(async () => {
    emulator = await createEmulator({ port: 0, host: "127.0.0.1" });
  });

  afterAll(async () => {
    await emulator?.close();
  });

  beforeEach(() => {
    emulator.control.reset();
    const permissions = [...DEFAULT_PERMISSIONS, "workspaces:manage-secrets"];
    emulator.control.seed({
      organizations: [{ id: DEFAULT_ORGANIZATION_ID, workspaces: [{ id: SECOND_WORKSPACE_ID, name: "Second" }] }],
      apiKeys: [
        { key: SECRETS_KEY, organizationId: DEFAULT_ORGANIZATION_ID, workspaceId: DEFAULT_WORKSPACE_ID, permissions },
        { key: SECOND_SECRETS_KEY, organizationId: DEFAULT_ORGANIZATION_ID, workspaceId: SECOND_WORKSPACE_ID, permissions },
        {
          key: NO_SECRETS_KEY,
          organizationId: DEFAULT_ORGANIZATION_ID,
          workspaceId: DEFAULT_WORKSPACE_ID,
          permissions: DEFAULT_PERMISSIONS.filter((p) => p !== "workspaces:manage-secrets"),
        },
      ],
    });
  });

  describe("workspace secrets", () => {
    test("a value is never returned: the list holds keys only, the state holds it encrypted, the control handle reads it back", async () => {
      const value = "sk-canary-4f1d9a0c";
      expect((await call("POST", SECRETS, key(SECRETS_KEY), [{ key: "OPENAI_API_KEY", value }])).status).toBe(200);
      const listed = await call("GET", SECRETS, key(SECRETS_KEY));
      expect(listed.body).toEqual([{ key: "OPENAI_API_KEY" }]);
      expect(listed.text).not.toContain(value);
      expect(JSON.stringify(emulator.control.dumpState())).not.toContain(value);
      expect(emulator.control.workspaceSecret(DEFAULT_WORKSPACE_ID, "OPENAI_API_KEY")).toBe(value);
      for (const entry of emulator.control.requestLog()) expect(JSON.stringify(entry)).not.toContain(value);
    });

    test("an upsert replaces a value and keeps the other keys; a null value deletes its key, an unknown key with null is a no-op", async () => {
      await call("POST", SECRETS, key(SECRETS_KEY), [
        { key: "A", value: "1" },
        { key: "B", value: "2" },
      ]);
      await call("POST", SECRETS, key(SECRETS_KEY), [
        { key: "A", value: "1b" },
        { key: "C", value: "3" },
      ]);
      expect((await call("GET", SECRETS, key(SECRETS_KEY))).body).toEqual([{ key: "A" }, { key: "B" }, { key: "C" }]);
      expect(emulator.control.workspaceSecret(DEFAULT_WORKSPACE_ID, "A")).toBe("1b");

      const deleted = await call("POST", SECRETS, key(SECRETS_KEY), [
        { key: "B", value: null },
        { key: "NEVER_SET", value: null },
      ]);
      expect(deleted).toMatchObject({ status: 200, body: null });
      expect((await call("GET", SECRETS, key(SECRETS_KEY))).body).toEqual([{ key: "A" }, { key: "C" }]);
      expect(emulator.control.workspaceSecret(DEFAULT_WORKSPACE_ID, "B")).toBeUndefined();
    });

    test("a list applies in order (set then delete the same key leaves none); a malformed item changes nothing", async () => {
      await call("POST", SECRETS, key(SECRETS_KEY), [
        { key: "X", value: "1" },
        { key: "X", value: null },
        { key: "Y", value: "2" },
      ]);
      expect((await call("GET", SECRETS, key(SECRETS_KEY))).body).toEqual([{ key: "Y" }]);
      const refused = await call("POST", SECRETS, key(SECRETS_KEY), [
        { key: "Z", value: "3" },
        { key: "W", value: 4 },
      ]);
      expect(refused.status).toBe(422);
      expect((await call("GET", SECRETS, key(SECRETS_KEY))).body).toEqual([{ key: "Y" }]);
    });

    test("secrets are the workspace's own; writing needs workspaces:manage-secrets (403 naming it), reading does not", async () => {
      await call("POST", SECRETS, key(SECRETS_KEY), [{ key: "ONLY_FIRST", value: "1" }]);
      expect((await call("GET", SECRETS, key(SECOND_SECRETS_KEY))).body).toEqual([]);
      await call("POST", SECRETS, key(SECOND_SECRETS_KEY), [{ key: "ONLY_FIRST", value: null }]);
      expect(emulator.control.workspaceSecret(DEFAULT_WORKSPACE_ID, "ONLY_FIRST")).toBe("1");

      const refused = await call("POST", SECRETS, key(NO_SECRETS_KEY), [{ key: "K", value: "v" }]);
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).toContain("workspaces:manage-secrets");
      expect((await call("GET", SECRETS, key(NO_SECRETS_KEY))).body).toEqual([{ key: "ONLY_FIRST" }]);
    });
  });

  describe("TTL settings", () => {
    test("before any PUT both scopes answer the system's default (shortlived, configured_by system), stable and not stored", async () => {
      const first = await call("GET", "/api/v1/ttl-settings", workspaceKey);
      expect(first.body).toEqual([
        expect.objectContaining({
          tenant_id: DEFAULT_WORKSPACE_ID,
          organization_id: DEFAULT_ORGANIZATION_ID,
          default_trace_tier: "shortlived",
          apply_to_all_projects: false,
          configured_by: "system",
          longlived_ttl_days: null,
        }),
      ]);
      expect((await call("GET", "/api/v1/ttl-settings", workspaceKey)).body).toEqual(first.body);
      const organization = await call("GET", "/api/v1/orgs/ttl-settings", orgKey);
      expect(organization.body).toEqual([expect.objectContaining({ tenant_id: null, default_trace_tier: "shortlived", configured_by: "system" })]);
      expect(emulator.control.storedTtlSettings("workspace", DEFAULT_WORKSPACE_ID)).toBeUndefined();
      expect(emulator.control.storedTtlSettings("organization", DEFAULT_ORGANIZATION_ID)).toBeUndefined();
    });

    test("GET after PUT answers what was put; a second PUT changes the same object (id and created_at kept)", async () => {
      const put = await call("PUT", "/api/v1/ttl-settings", workspaceKey, { default_trace_tier: "longlived", apply_to_all_projects: true });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ tenant_id: DEFAULT_WORKSPACE_ID, default_trace_tier: "longlived", apply_to_all_projects: true, configured_by: "user" });
      expect((await call("GET", "/api/v1/ttl-settings", workspaceKey)).body).toEqual([put.body]);
      expect(emulator.control.storedTtlSettings("workspace", DEFAULT_WORKSPACE_ID)).toMatchObject({ default_trace_tier: "longlived" });

      const again = await call("PUT", "/api/v1/ttl-settings", workspaceKey, { default_trace_tier: "shortlived" });
      const before = put.body as Json;
      expect(again.body).toMatchObject({ id: before["id"], created_at: before["created_at"], default_trace_tier: "shortlived", apply_to_all_projects: false });
      expect((await call("GET", "/api/v1/ttl-settings", key(SECOND_SECRETS_KEY))).body).toEqual([
        expect.objectContaining({ tenant_id: SECOND_WORKSPACE_ID, configured_by: "system" }),
      ]);
    });

    test("a workspace with no settings of its own answers the organization's tier; its own PUT wins", async () => {
      await call("PUT", "/api/v1/orgs/ttl-settings", orgKey, { default_trace_tier: "longlived" });
      expect((await call("GET", "/api/v1/ttl-settings", workspaceKey)).body).toEqual([
        expect.objectContaining({ default_trace_tier: "longlived", configured_by: "system" }),
      ]);
      await call("PUT", "/api/v1/ttl-settings", workspaceKey, { default_trace_tier: "shortlived" });
      expect((await call("GET", "/api/v1/ttl-settings", workspaceKey)).body).toEqual([
        expect.objectContaining({ default_trace_tier: "shortlived", configured_by: "user" }),
      ]);
      expect((await call("GET", "/api/v1/orgs/ttl-settings", orgKey)).body).toEqual([
        expect.objectContaining({ default_trace_tier: "longlived", configured_by: "user" }),
      ]);
    });

    test("tenant_id naming another workspace answers 400; the organization's settings take none", async () => {
      const other = await call("PUT", "/api/v1/ttl-settings", workspaceKey, { tenant_id: SECOND_WORKSPACE_ID, default_trace_tier: "longlived" });
      expect(other.status).toBe(400);
      expect((await call("PUT", "/api/v1/ttl-settings", workspaceKey, { tenant_id: DEFAULT_WORKSPACE_ID, default_trace_tier: "longlived" })).status).toBe(200);
      expect((await call("PUT", "/api/v1/orgs/ttl-settings", orgKey, { tenant_id: DEFAULT_WORKSPACE_ID, default_trace_tier: "longlived" })).status).toBe(400);
      expect(emulator.control.storedTtlSettings("organization", DEFAULT_ORGANIZATION_ID)).toBeUndefined();
    });
  });

  describe("usage limits", () => {
    test("PUT upserts by type (same id, new value), a second type is another limit; the organization lists every workspace's; DELETE removes", async () => {
      const first = await call("PUT", "/api/v1/usage-limits", workspaceKey, { limit_type: "monthly_traces", limit_value: 1000 });
      const id = String((first.body as Json)["id"]);
      const changed = await call("PUT", "/api/v1/usage-limits", workspaceKey, {
        limit_type: "monthly_traces",
        limit_value: 2000,
        id: "0b0e0f00-0000-4000-8000-000000000001",
      });
      expect(changed.body).toMatchObject({ id, limit_type: "monthly_traces", limit_value: 2000, created_at: (first.body as Json)["created_at"] });
      const longlived = await call("PUT", "/api/v1/usage-limits", workspaceKey, { limit_type: "monthly_longlived_traces", limit_value: 10 });
      const second = await call("PUT", "/api/v1/usage-limits", key(SECOND_SECRETS_KEY), { limit_type: "monthly_traces", limit_value: 5 });

      expect((await call("GET", "/api/v1/usage-limits", workspaceKey)).body).toEqual([changed.body, longlived.body]);
      expect((await call("GET", "/api/v1/usage-limits", key(SECOND_SECRETS_KEY))).body).toEqual([second.body]);
      expect((await call("GET", "/api/v1/usage-limits/org", orgKey)).body).toEqual([changed.body, longlived.body, second.body]);

      expect((await call("DELETE", `/api/v1/usage-limits/${id}`, key(SECOND_SECRETS_KEY))).status).toBe(404);
      expect(await call("DELETE", `/api/v1/usage-limits/${id}`, workspaceKey)).toMatchObject({ status: 200, body: null });
      expect((await call("GET", "/api/v1/usage-limits", workspaceKey)).body).toEqual([longlived.body]);
      expect((await call("DELETE", `/api/v1/usage-limits/${id}`, workspaceKey)).status).toBe(404);
      const recreated = await call("PUT", "/api/v1/usage-limits", workspaceKey, { limit_type: "monthly_traces", limit_value: 1 });
      expect((recreated.body as Json)["id"]).not.toBe(id);
    });
  });

  describe("organization routes", () => {
    test.each([
      ["GET", "/api/v1/orgs/ttl-settings", undefined],
      ["PUT", "/api/v1/orgs/ttl-settings", { default_trace_tier: "longlived" }],
      ["GET", "/api/v1/usage-limits/org", undefined],
      ["GET", SSO, undefined],
      ["POST", SSO, { default_workspace_role_id: BUILT_IN_ROLE_IDS["WORKSPACE_VIEWER"], default_workspace_ids: [], metadata_url: "https://idp.example.com/m" }],
    ])("%s %s refuses a workspace-scoped key with 403 naming the scope", async (method, path, body) => {
      const refused = await call(method, path, workspaceKey, body);
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).toContain("organization-scoped");
    });

    test("a missing permission answers 403 naming it", async () => {
      emulator.control.seed({
        apiKeys: [{ key: "lsv2_sk_read_only_org", organizationId: DEFAULT_ORGANIZATION_ID, workspaceId: null, permissions: ["organization:read"] }],
      });
      const refused = await call("PUT", "/api/v1/orgs/ttl-settings", key("lsv2_sk_read_only_org"), { default_trace_tier: "longlived" });
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).toContain("organization:manage");
      expect((await call("GET", "/api/v1/orgs/ttl-settings", key("lsv2_sk_read_only_org"))).status).toBe(200);
    });
  });

  describe("SSO settings", () => {
    const base = { default_workspace_role_id: BUILT_IN_ROLE_IDS["WORKSPACE_VIEWER"], default_workspace_ids: [DEFAULT_WORKSPACE_ID] };
    const xml = '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.com"/>';

    test("the metadata comes from exactly one source; default workspaces and role must be the organization's", async () => {
      expect((await call("POST", SSO, orgKey, base)).status).toBe(400);
      expect((await call("POST", SSO, orgKey, { ...base, metadata_url: "https://idp.example.com/m", metadata_xml: xml })).status).toBe(400);
      expect((await call("POST", SSO, orgKey, { ...base, metadata_url: "not a url" })).status).toBe(400);
      const unknownWorkspace = await call("POST", SSO, orgKey, { ...base, default_workspace_ids: ["0b0e0f00-0000-4000-8000-000000000002"], metadata_xml: xml });
      expect(unknownWorkspace.status).toBe(400);
      expect(JSON.stringify(unknownWorkspace.body)).toContain("0b0e0f00-0000-4000-8000-000000000002");
      const organizationRole = await call("POST", SSO, orgKey, {
        ...base,
        default_workspace_role_id: BUILT_IN_ROLE_IDS["ORGANIZATION_ADMIN"],
        metadata_xml: xml,
      });
      expect(organizationRole.status).toBe(400);
      expect((await call("GET", SSO, orgKey)).body).toEqual([]);
    });

    test("a PATCH field sent as null stays; a new metadata source replaces the other", async () => {
      const created = await call("POST", SSO, orgKey, { ...base, metadata_xml: xml, sso_groups_enabled: true });
      expect(created.status).toBe(201);
      const id = String((created.body as Json)["id"]);
      const kept = await call("PATCH", `${SSO}/${id}`, orgKey, { sso_groups_enabled: null, default_workspace_ids: null, sso_groups_claim_field: "roles" });
      expect(kept.body).toMatchObject({
        sso_groups_enabled: true,
        default_workspace_ids: [DEFAULT_WORKSPACE_ID],
        sso_groups_claim_field: "roles",
        metadata_xml: xml,
      });
      const switched = await call("PATCH", `${SSO}/${id}`, orgKey, { metadata_url: "https://idp.example.com/saml" });
      expect(switched.body).toMatchObject({ metadata_url: "https://idp.example.com/saml", metadata_xml: null });
      expect((await call("PATCH", `${SSO}/${id}`, orgKey, { metadata_url: "https://idp.example.com/a", metadata_xml: xml })).status).toBe(400);
      expect((await call("GET", SSO, orgKey)).body).toEqual([switched.body]);
    });
  });

  describe("taggings", () => {
    test("a deployment's tagging is named after it; deleting the tag key deletes its values' taggings", async () => {
      const deployment = await call("POST", "/v2/deployments", workspaceKey, {
        name: "tagged-agent",
        source: "external_docker",
        source_config: {},
        source_revision_config: { image_uri: "docker.io/acme/agent:1" },
        secrets: [],
      });
      expect(deployment.status).toBeLessThan(300);
      const deploymentId = String((deployment.body as Json)["id"]);
      const tagKey = await call("POST", "/api/v1/workspaces/current/tag-keys", workspaceKey, { key: "env" });
      const keyId = String((tagKey.body as Json)["id"]);
      const tagValue = await call("POST", `/api/v1/workspaces/current/tag-keys/${keyId}/tag-values`, workspaceKey, { value: "prod" });
      const valueId = String((tagValue.body as Json)["id"]);
      const tagged = await call("POST", "/api/v1/workspaces/current/taggings", workspaceKey, {
        tag_value_id: valueId,
        resource_type: "deployment",
        resource_id: deploymentId,
      });
      expect(tagged.status).toBe(200);

      const listed = await call("GET", "/api/v1/workspaces/current/taggings", workspaceKey);
      const entry = (listed.body as Json[])[0] as Json;
      expect((entry["resources"] as Json)["deployments"]).toEqual([
        { tagging_id: (tagged.body as Json)["id"], resource_name: "tagged-agent", resource_id: deploymentId },
      ]);
      expect((await call("GET", "/api/v1/workspaces/current/taggings", key(SECOND_SECRETS_KEY))).body).toEqual([]);
      const elsewhere = await call("POST", "/api/v1/workspaces/current/taggings", key(SECOND_SECRETS_KEY), {
        tag_value_id: valueId,
        resource_type: "project",
        resource_id: deploymentId,
      });
      expect(elsewhere.status).toBe(404);

      expect((await call("DELETE", `/api/v1/workspaces/current/tag-keys/${keyId}`, workspaceKey)).status).toBe(200);
      expect((await call("GET", "/api/v1/workspaces/current/taggings", workspaceKey)).body).toEqual([]);
      expect(emulator.control.dumpState().state.objects["taggings"]).toEqual([]);
    });
  });
});
