/**
 * Contract tier: the endpoints of contract/additions.openapi.json the
 * emulator serves (sandbox registries; access policies and their
 * attachments to roles; gateway policies; data planes; a workspace by id;
 * the tags of one object; a workspace's handle; a workspace's long-lived
 * retention; SCIM tokens; OAuth clients; sandbox snapshots; personal access
 * tokens; the dashboards', the hub's and the datasets' additions have suites
 * of their own),
 * each operation with its declared answers, 400s and 404s. The additions'
 * other operations are listed in NOT_IMPLEMENTED_IN_EMULATOR and probed as 501.
 *
 * @packageDocumentation
 */
import { FAST_TIMINGS } from "../../../packages/emulator/src";
import { BUILT_IN_ROLE_IDS } from "../../../packages/emulator/src/organization/roles";
import { DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID } from "../../../packages/emulator/src/core/seed";
import { type ContractEnv, type Json, UNKNOWN_ID } from "./env";

/** Defines the additions suite. */
export function describeAdditions(env: ContractEnv): void {
  const call = (...args: Parameters<ContractEnv["harness"]["call"]>): ReturnType<ContractEnv["harness"]["call"]> => env.harness.call(...args);
  const registries = "/api/v2/sandboxes/registries";

  describe("additions: sandbox registries, access policies, a workspace by id", () => {
    test("sandbox registries: create (201, credentials never answered), 409 on a taken name, 400 on a missing credential; get, list (400 on a bad limit), rename, 404s; delete (204)", async () => {
      const created = await call("POST", registries, { body: { name: "contract-ghcr", url: "ghcr.io", username: "bot", password: "contract-token" }, expect: 201 });
      expect(created.body).toMatchObject({ name: "contract-ghcr", url: "ghcr.io" });
      expect(JSON.stringify(created.body)).not.toContain("contract-token");
      expect(JSON.stringify(created.body)).not.toContain("bot");
      await call("POST", registries, { body: { name: "contract-ghcr", url: "ghcr.io", username: "bot", password: "x" }, expect: 409 });
      await call("POST", registries, { body: { name: "no-password", url: "ghcr.io", username: "bot" }, expect: 400, request: "invalid" });
      expect((await call("GET", `${registries}/contract-ghcr`, { expect: 200 })).body).toMatchObject({ name: "contract-ghcr", url: "ghcr.io" });
      await call("GET", `${registries}/no-such-registry`, { expect: 404 });
      const listed = (await call("GET", `${registries}?limit=10&name_contains=contract`, { expect: 200 })).body as Json;
      expect((listed["registries"] as Json[]).map((r) => r["name"])).toEqual(["contract-ghcr"]);
      // The contract puts no bound on limit; the service refuses 0.
      await call("GET", `${registries}?limit=0`, { expect: 400 });
      const renamed = await call("PATCH", `${registries}/contract-ghcr`, { body: { name: "contract-ghcr-2", password: "rotated" }, expect: 200 });
      expect(renamed.body).toMatchObject({ name: "contract-ghcr-2" });
      await call("PATCH", `${registries}/contract-ghcr-2`, { body: { url: "" }, expect: 400 });
      await call("PATCH", `${registries}/contract-ghcr`, { body: { url: "ghcr.io" }, expect: 404 });
      await call("DELETE", `${registries}/contract-ghcr-2`, { expect: 204 });
      await call("DELETE", `${registries}/contract-ghcr-2`, { expect: 404 });
    });

    test("personal access tokens: create (200, the token answered this once; 422 malformed), list (never the token; 403 with a workspace key), delete (200 with the token's record; 404; 422 for a malformed id)", async () => {
      const org = { apiKey: DEFAULT_ORG_API_KEY };
      const tokens = "/api/v1/orgs/current/personal-access-tokens";
      const created = (await call("POST", tokens, { ...org, body: { description: "contract pat" }, expect: 200 })).body as Json;
      const id = String(created["id"]);
      expect(created).toMatchObject({ description: "contract pat", key: expect.stringMatching(/^lsv2_pt_/) });
      await call("POST", tokens, { ...org, body: { org_role_id: "admin" }, expect: 422, request: "invalid" });
      const listed = (await call("GET", tokens, { ...org, expect: 200 })).body as Json[];
      expect(listed.map((t) => t["id"])).toContain(id);
      expect(JSON.stringify(listed)).not.toContain(String(created["key"]));
      await call("GET", tokens, { expect: 403 });
      expect((await call("DELETE", `${tokens}/${id}`, { ...org, expect: 200 })).body).toMatchObject({ id, description: "contract pat" });
      await call("DELETE", `${tokens}/${id}`, { ...org, expect: 404 });
      await call("DELETE", `${tokens}/not-a-uuid`, { ...org, expect: 422, request: "invalid" });
    });

    test("sandbox snapshots: create (201, building; 400 on an empty image or a capacity of 0; 400 for an unknown registry), get by id and by name:tag once ready, a new snapshot takes the tag, list with filters, 404s; delete (204)", async () => {
      const snapshots = "/api/v2/sandboxes/snapshots";
      const body = { name: "contract-base", docker_image: "python:3.12-slim", fs_capacity_bytes: 1_073_741_824, labels: { team: "contract" }, tag: "v1" };
      const created = (await call("POST", snapshots, { body, expect: 201 })).body as Json;
      const id = String(created["id"]);
      expect(created).toMatchObject({ name: "contract-base", status: "building", tags: ["v1"], labels: { team: "contract" } });
      await call("POST", snapshots, { body: { ...body, docker_image: "" }, expect: 400 });
      await call("POST", snapshots, { body: { ...body, fs_capacity_bytes: 0 }, expect: 400 });
      await call("POST", snapshots, { body: { ...body, registry_id: UNKNOWN_ID }, expect: 400 });
      await new Promise((resolve) => setTimeout(resolve, FAST_TIMINGS.snapshotBuildMs + 50));
      expect((await call("GET", `${snapshots}/${id}`, { expect: 200 })).body).toMatchObject({ id, status: "ready", image_digest: expect.stringMatching(/^sha256:/) });
      expect((await call("GET", `${snapshots}/contract-base:v1`, { expect: 200 })).body).toMatchObject({ id });
      await call("GET", `${snapshots}/contract-base`, { expect: 404 });
      await call("GET", `${snapshots}/${UNKNOWN_ID}`, { expect: 404 });
      const second = (await call("POST", snapshots, { body: { ...body, labels: {} }, expect: 201 })).body as Json;
      expect((await call("GET", `${snapshots}/${id}`, { expect: 200 })).body).toMatchObject({ tags: [] });
      const listed = (await call("GET", `${snapshots}?name_contains=contract&label=team=contract&status=ready&limit=10&sort_by=name&sort_direction=asc`, { expect: 200 })).body as Json;
      expect((listed["snapshots"] as Json[]).map((s) => s["id"])).toEqual([id]);
      await call("GET", `${snapshots}?limit=many`, { expect: 400, request: "invalid" });
      // name:tag names the snapshot that has the tag now: the second.
      await call("DELETE", `${snapshots}/contract-base:v1`, { expect: 204 });
      await call("GET", `${snapshots}/${String(second["id"])}`, { expect: 404 });
      await call("DELETE", `${snapshots}/${id}`, { expect: 204 });
      await call("DELETE", `${snapshots}/${id}`, { expect: 404 });
    });

    test("access policies: create (201 with the id only; 404 for an unknown role; 422 with no condition; 400 malformed), read with the roles, list, change (422 without the whole policy), attach and detach (204; 404, 422, 400), delete (204; 400)", async () => {
      const org = { apiKey: DEFAULT_ORG_API_KEY };
      const policies = "/api/v1/platform/orgs/current/access-policies";
      const [roleId] = Object.values(BUILT_IN_ROLE_IDS) as [string];
      const groups = [{ permission: "projects:read", resource_type: "project", conditions: [{ attribute_name: "resource_tag_key", attribute_key: "env", operator: "equals", attribute_value: "prod" }] }];
      const created = (await call("POST", policies, { ...org, body: { name: "prod only", description: "prod projects", effect: "allow", condition_groups: groups, role_ids: [roleId] }, expect: 201 })).body as Json;
      const id = String(created["id"]);
      expect(Object.keys(created)).toEqual(["id"]);
      await call("POST", policies, { ...org, body: { name: "unknown role", effect: "allow", condition_groups: groups, role_ids: [UNKNOWN_ID] }, expect: 404 });
      await call("POST", policies, { ...org, body: { name: "no conditions", effect: "deny", condition_groups: [] }, expect: 422 });
      await call("POST", policies, { ...org, body: { name: "bad effect", effect: "maybe", condition_groups: groups }, expect: 400, request: "invalid" });
      expect((await call("GET", `${policies}/${id}`, { ...org, expect: 200 })).body).toMatchObject({ id, name: "prod only", effect: "allow", role_ids: [roleId] });
      await call("GET", `${policies}/${UNKNOWN_ID}`, { ...org, expect: 404 });
      await call("GET", `${policies}/not-a-uuid`, { ...org, expect: 400 });
      expect(((await call("GET", policies, { ...org, expect: 200 })).body as Json)["access_policies"]).toEqual([expect.objectContaining({ id })]);
      expect((await call("PATCH", `${policies}/${id}`, { ...org, body: { name: "prod only v2", description: null, effect: "deny", condition_groups: groups }, expect: 200 })).body).toMatchObject({ name: "prod only v2", description: "", effect: "deny" });
      await call("PATCH", `${policies}/${id}`, { ...org, body: { name: "name alone" }, expect: 422 });
      await call("PATCH", `${policies}/${id}`, { ...org, body: { name: 3 }, expect: 400, request: "invalid" });
      await call("PATCH", `${policies}/${UNKNOWN_ID}`, { ...org, body: { name: "x", effect: "allow", condition_groups: groups }, expect: 404 });
      const attach = `/api/v1/platform/orgs/current/roles/${roleId}/access-policies`;
      await call("DELETE", `${attach}?access_policy_ids=${id}`, { ...org, expect: 204 });
      expect((await call("GET", `${policies}/${id}`, { ...org, expect: 200 })).body).toMatchObject({ role_ids: [] });
      await call("POST", attach, { ...org, body: { access_policy_ids: [id] }, expect: 204 });
      const olderAttach = `${policies}/roles/${roleId}/access-policies`;
      await call("POST", olderAttach, { ...org, body: { access_policy_ids: [id] }, expect: 204 });
      await call("POST", olderAttach, { ...org, body: { access_policy_ids: [] }, expect: 422 });
      await call("POST", olderAttach, { ...org, body: { access_policy_ids: [UNKNOWN_ID] }, expect: 404 });
      await call("POST", `${policies}/roles/not-a-role/access-policies`, { ...org, body: { access_policy_ids: [id] }, expect: 400 });
      expect((await call("GET", `${policies}/${id}`, { ...org, expect: 200 })).body).toMatchObject({ role_ids: [roleId] });
      await call("POST", attach, { ...org, body: { access_policy_ids: [] }, expect: 422 });
      await call("POST", attach, { ...org, body: { access_policy_ids: "one" }, expect: 400, request: "invalid" });
      await call("POST", `/api/v1/platform/orgs/current/roles/${UNKNOWN_ID}/access-policies`, { ...org, body: { access_policy_ids: [id] }, expect: 404 });
      await call("DELETE", `${attach}?access_policy_ids=${UNKNOWN_ID}`, { ...org, expect: 404 });
      await call("DELETE", `${attach}?access_policy_ids=`, { ...org, expect: 422 });
      await call("DELETE", `/api/v1/platform/orgs/current/roles/not-a-role/access-policies?access_policy_ids=${id}`, { ...org, expect: 400 });
      await call("DELETE", `${policies}/${id}`, { ...org, expect: 204 });
      await call("DELETE", `${policies}/not-a-uuid`, { ...org, expect: 400 });
    });

    test("gateway policies: create (201; an upsert by family and matchers; 400 for a bad config or no matcher), search (200; 400), list, get (404), change (200; 400; 409 repeating another's matchers; 404), delete (204; 404; 400)", async () => {
      const org = { apiKey: DEFAULT_ORG_API_KEY };
      const gateway = "/api/v1/platform/gateway-policies";
      const workspace = [{ key: "workspace_id", value: DEFAULT_WORKSPACE_ID }];
      const cap = (await call("POST", gateway, { ...org, body: { name: "workspace cap", policy_type: "spend_cap", subject_matchers: workspace, config: { window: "monthly", limit_usd: 100 } }, expect: 201 })).body as Json;
      expect(cap).toMatchObject({ policy_type: "spend_cap", enabled: true, action: "block", current_spend_usd: 0, current_usage: [] });
      const again = (await call("POST", gateway, { ...org, body: { name: "workspace cap", policy_type: "spend_cap", subject_matchers: workspace, config: { window: "weekly", limit_usd: 50 } }, expect: 201 })).body as Json;
      expect(again).toMatchObject({ id: cap["id"], config: { window: "weekly", limit_usd: 50 } });
      const limit = (await call("POST", gateway, { ...org, body: { name: "key rate", policy_type: "rate_limit", subject_matchers: [{ key: "api_key_id", value: "k1" }], config: { limits: [{ metric: "requests", window: "minute", value: 60 }] } }, expect: 201 })).body as Json;
      await call("POST", gateway, { ...org, body: { name: "bad cap", policy_type: "spend_cap", subject_matchers: workspace, config: { window: "yearly", limit_usd: 1 } }, expect: 400 });
      await call("POST", gateway, { ...org, body: { name: "nobody", policy_type: "guard", subject_matchers: [], config: {} }, expect: 400 });
      const found = (await call("POST", `${gateway}/search`, { ...org, body: { policy_type: "spend_cap", subject_matcher_key: "workspace_id", subject_matcher_values: [DEFAULT_WORKSPACE_ID] }, expect: 200 })).body as Json[];
      expect(found.map((p) => p["id"])).toEqual([cap["id"]]);
      await call("POST", `${gateway}/search`, { ...org, body: { subject_matcher_values: [] }, expect: 400 });
      expect(((await call("GET", `${gateway}?policy_type=rate_limit`, { ...org, expect: 200 })).body as Json[]).map((p) => p["id"])).toEqual([limit["id"]]);
      expect((await call("GET", `${gateway}/${String(cap["id"])}`, { ...org, expect: 200 })).body).toMatchObject({ name: "workspace cap" });
      await call("GET", `${gateway}/${UNKNOWN_ID}`, { ...org, expect: 404 });
      await call("GET", `${gateway}/not-a-uuid`, { ...org, expect: 400, request: "invalid" });
      expect((await call("PATCH", `${gateway}/${String(cap["id"])}`, { ...org, body: { enabled: false, description: "paused" }, expect: 200 })).body).toMatchObject({ enabled: false, description: "paused" });
      await call("PATCH", `${gateway}/${String(cap["id"])}`, { ...org, body: { config: { window: "fortnightly" } }, expect: 400 });
      const other = (await call("POST", gateway, { ...org, body: { name: "org cap", policy_type: "spend_cap", subject_matchers: [{ key: "organization_id", value: "o1" }], config: { window: "daily", limit_usd: 10 } }, expect: 201 })).body as Json;
      await call("PATCH", `${gateway}/${String(other["id"])}`, { ...org, body: { subject_matchers: workspace }, expect: 409 });
      await call("PATCH", `${gateway}/${UNKNOWN_ID}`, { ...org, body: { enabled: true }, expect: 404 });
      for (const policy of [cap, limit, other]) await call("DELETE", `${gateway}/${String(policy["id"])}`, { ...org, expect: 204 });
      await call("DELETE", `${gateway}/${String(cap["id"])}`, { ...org, expect: 404 });
      await call("DELETE", `${gateway}/not-a-uuid`, { ...org, expect: 400, request: "invalid" });
    });

    test("data planes: create (202 requested, then provisioning, then active; 422 for a bad role ARN or a missing field, 400 malformed; 409 on a taken name), list, get (404), change (409 until active; 200 updating, then active; 400 for a bad TTL), delete (409 until active; 400 malformed; 202 deprovisioning, then 404); a denied role fails provisioning", async () => {
      const org = { apiKey: DEFAULT_ORG_API_KEY };
      const planes = "/api/v1/orgs/current/data-planes";
      // Steps long enough that the 409s "until active" come while it is still provisioning on a loaded machine, short enough for a test.
      const stepMs = 1_000;
      env.emulator.control.setTimings({ dataPlaneStepMs: stepMs });
      try {
      const request = { name: "contract-byoc", region: "us-west-2", role_arn: "arn:aws:iam::123456789012:role/langsmith-byoc", additional_tags: [{ key: "team", value: "platform" }] };
      const created = (await call("POST", planes, { ...org, body: request, expect: 202 })).body as Json;
      const id = String(created["id"]);
      expect(created).toMatchObject({ name: "contract-byoc", region: "us-west-2", status: "requested", provisioning_settings: { cloud: "aws", role_arn: request.role_arn, additional_tags: { team: "platform" }, vpc_cidr: "10.0.0.0/16" } });
      expect(String(created["api_url"])).toMatch(new RegExp(`/data-planes/${id}/api/v1$`));
      await call("POST", planes, { ...org, body: { ...request, name: "bad-role", role_arn: "langsmith-byoc" }, expect: 422 });
      await call("POST", planes, { ...org, body: { name: "no-region", role_arn: request.role_arn }, expect: 422 });
      await call("POST", planes, { ...org, body: { ...request, name: 7 }, expect: 400, request: "invalid" });
      await call("POST", planes, { ...org, body: request, expect: 409 });
      await call("PATCH", `${planes}/${id}`, { ...org, body: { maintenance_window: "sat:02:00-sat:04:00" }, expect: 409 });
      await call("DELETE", `${planes}/${id}`, { ...org, expect: 409 });
      const statuses = new Set<string>([String(created["status"])]);
      const until = async (wanted: string, path = `${planes}/${id}`): Promise<Json> => {
        const deadline = Date.now() + 20 * stepMs;
        while (Date.now() < deadline) {
          const answer = await call("GET", path, { ...org, expect: 200 });
          const body = answer.body as Json;
          statuses.add(String(body["status"]));
          if (body["status"] === wanted) return body;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error(`data plane never became ${wanted}`);
      };
      await until("active");
      expect(statuses).toEqual(new Set(["requested", "provisioning", "active"]));
      expect(((await call("GET", planes, { ...org, expect: 200 })).body as Json)["data_planes"]).toEqual([expect.objectContaining({ id, status: "active", workspaces: [] })]);
      await call("GET", `${planes}/${UNKNOWN_ID}`, { ...org, expect: 404 });
      await call("GET", `${planes}/not-a-uuid`, { ...org, expect: 404, request: "invalid" });
      await call("DELETE", `${planes}/not-a-uuid`, { ...org, expect: 400, request: "invalid" });
      await call("PATCH", `${planes}/${id}`, { ...org, body: { ttl: { short_days: 30, long_days: 7 } }, expect: 400 });
      const changed = (await call("PATCH", `${planes}/${id}`, { ...org, body: { ttl: { short_days: 7 }, firewall: { allowed_domains: ["api.openai.com"] } }, expect: 200 })).body as Json;
      expect(changed).toMatchObject({ status: "updating", ttl: { enabled: true, short_days: 7, long_days: 400 }, firewall: { allow_http: false, allowed_domains: ["api.openai.com"] } });
      await until("active");
      expect((await call("DELETE", `${planes}/${id}`, { ...org, expect: 202 })).body).toMatchObject({ id, status: "deprovisioning" });
      // Deprovisioning lasts one step of the emulator's timings; then the data plane is gone.
      await new Promise((resolve) => setTimeout(resolve, stepMs + 50));
      await call("GET", `${planes}/${id}`, { ...org, expect: 404 });
      await call("DELETE", `${planes}/${id}`, { ...org, expect: 404 });
      const denied = (await call("POST", planes, { ...org, body: { ...request, name: "denied-byoc", role_arn: "arn:aws:iam::123456789012:role/denied-langsmith" }, expect: 202 })).body as Json;
      const deniedPath = `${planes}/${String(denied["id"])}`;
      await until("provisioning_failed", deniedPath);
      await call("DELETE", deniedPath, { ...org, expect: 202 });
      } finally {
        env.emulator.control.setTimings({ dataPlaneStepMs: FAST_TIMINGS.dataPlaneStepMs });
      }
    });

    test("a workspace by id: 200 (a seeded one too), 404, 422 for a malformed id", async () => {
      const org = { apiKey: DEFAULT_ORG_API_KEY };
      expect((await call("GET", `/api/v1/workspaces/${DEFAULT_WORKSPACE_ID}`, { ...org, expect: 200 })).body).toMatchObject({ id: DEFAULT_WORKSPACE_ID });
      await call("GET", `/api/v1/workspaces/${UNKNOWN_ID}`, { ...org, expect: 404 });
      await call("GET", "/api/v1/workspaces/not-a-uuid", { ...org, expect: 422, request: "invalid" });
      expect((await call("GET", `/api/v1/workspaces?data_plane_id=${UNKNOWN_ID}`, { ...org, expect: 200 })).body).toEqual([]);
    });

    test("the tags of one object: an agent's and a skill's taggings (200, by key and value), none (200, empty), 422 without a parameter or with an unknown type; the keys with their values, of one type", async () => {
      const keyId = String(((await call("POST", "/api/v1/workspaces/current/tag-keys", { body: { key: "contract-owner" }, expect: 200 })).body as Json)["id"]);
      const values = `/api/v1/workspaces/current/tag-keys/${keyId}/tag-values`;
      const valueId = String(((await call("POST", values, { body: { value: "platform" }, expect: 200 })).body as Json)["id"]);
      const agentId = "0b6f1a01-4c1a-4c55-9a57-3d2d5f1c2b7e";
      const tagging = (
        await call("POST", "/api/v1/workspaces/current/taggings", { body: { tag_value_id: valueId, resource_type: "agent", resource_id: agentId }, expect: 200 })
      ).body as Json;
      await call("POST", "/api/v1/workspaces/current/taggings", { body: { tag_value_id: valueId, resource_type: "skill", resource_id: agentId }, expect: 200 });
      const tags = `/api/v1/workspaces/current/tags/resource`;
      const read = (await call("GET", `${tags}?resource_type=agent&resource_id=${agentId}`, { expect: 200 })).body as Json[];
      expect(read).toEqual([
        expect.objectContaining({ id: keyId, key: "contract-owner", values: [expect.objectContaining({ id: valueId, taggings: [expect.objectContaining({ id: tagging["id"], resource_type: "agent" })] })] }),
      ]);
      expect((await call("GET", `${tags}?resource_type=project&resource_id=${agentId}`, { expect: 200 })).body).toEqual([]);
      await call("GET", `${tags}?resource_type=agent`, { expect: 422, request: "invalid" });
      await call("GET", `${tags}?resource_type=spreadsheet&resource_id=${agentId}`, { expect: 422, request: "invalid" });
      // The keys with their values: every key; with resource_type, the keys with a value applied to an object of that type.
      const all = (await call("GET", "/api/v1/workspaces/current/tags", { expect: 200 })).body as Json[];
      expect(all).toEqual(expect.arrayContaining([expect.objectContaining({ id: keyId, key: "contract-owner", values: [expect.objectContaining({ id: valueId, tag_key_id: keyId })] })]));
      expect((await call("GET", "/api/v1/workspaces/current/tags?resource_type=skill", { expect: 200 })).body).toEqual([expect.objectContaining({ id: keyId })]);
      expect((await call("GET", "/api/v1/workspaces/current/tags?resource_type=project", { expect: 200 })).body).toEqual([]);
      await call("GET", "/api/v1/workspaces/current/tags?resource_type=spreadsheet", { expect: 422, request: "invalid" });
      await call("DELETE", `/api/v1/workspaces/current/tag-keys/${keyId}`, { expect: 200 });
    });

    test("a workspace's handle: set and changed (200, the workspace with it), 409 taken by another workspace, 400 empty, 422 malformed", async () => {
      const org = { apiKey: DEFAULT_ORG_API_KEY };
      const other = String(((await call("POST", "/api/v1/workspaces", { ...org, body: { display_name: "contract-handles" }, expect: 200 })).body as Json)["id"]);
      const set = (await call("POST", "/api/v1/settings/handle", { body: { tenant_handle: "contract-team" }, expect: 200 })).body as Json;
      expect(set).toMatchObject({ id: DEFAULT_WORKSPACE_ID, tenant_handle: "contract-team" });
      expect((await call("POST", "/api/v1/settings/handle", { body: { tenant_handle: "contract-team-2" }, expect: 200 })).body).toMatchObject({ tenant_handle: "contract-team-2" });
      await call("POST", "/api/v1/settings/handle", { ...org, tenantId: other, body: { tenant_handle: "contract-team-2" }, expect: 409 });
      await call("POST", "/api/v1/settings/handle", { body: { tenant_handle: " " }, expect: 400 });
      await call("POST", "/api/v1/settings/handle", { body: { handle: "contract-team" }, expect: 422, request: "invalid" });
      const listed = (await call("GET", "/api/v1/workspaces", { ...org, expect: 200 })).body as Json[];
      expect(listed.find((w) => w["id"] === DEFAULT_WORKSPACE_ID)).toMatchObject({ tenant_handle: "contract-team-2" });
      await call("DELETE", `/api/v1/workspaces/${other}`, { ...org, expect: 200 });
    });

    test("a workspace's long-lived retention: set (200, is_custom), then in the workspace's TTL settings; 400 under one day, 422 malformed", async () => {
      expect((await call("PUT", "/workspaces/current/ttl-settings", { body: { longlived_ttl_days: 90 }, expect: 200 })).body).toEqual({
        tenant_id: DEFAULT_WORKSPACE_ID,
        longlived_ttl_days: 90,
        is_custom: true,
      });
      expect(((await call("GET", "/api/v1/ttl-settings", { expect: 200 })).body as Json[])[0]).toMatchObject({ longlived_ttl_days: 90 });
      await call("PUT", "/workspaces/current/ttl-settings", { body: { longlived_ttl_days: 0 }, expect: 400 });
      await call("PUT", "/workspaces/current/ttl-settings", { body: { longlived_ttl_days: "ninety" }, expect: 422, request: "invalid" });
    });

    test("SCIM tokens: create (201, the token answered this once), get and list (never the token), change the description, 404s, 403 with a workspace key; delete (204)", async () => {
      const org = { apiKey: DEFAULT_ORG_API_KEY };
      const tokens = "/api/v1/platform/orgs/current/scim/tokens";
      const created = (await call("POST", tokens, { ...org, body: { description: "okta" }, expect: 201 })).body as Json;
      const id = String(created["id"]);
      expect(created).toMatchObject({ description: "okta", token: expect.any(String), short_token: expect.any(String) });
      expect((await call("GET", `${tokens}/${id}`, { ...org, expect: 200 })).body).not.toHaveProperty("token");
      await call("GET", `${tokens}/${UNKNOWN_ID}`, { ...org, expect: 404 });
      const listed = (await call("GET", tokens, { ...org, expect: 200 })).body as Json[];
      expect(listed.map((t) => t["id"])).toContain(id);
      expect(JSON.stringify(listed)).not.toContain(String(created["token"]));
      expect((await call("PATCH", `${tokens}/${id}`, { ...org, body: { description: "okta (prod)" }, expect: 200 })).body).toMatchObject({ id, description: "okta (prod)", short_token: created["short_token"] });
      await call("PATCH", `${tokens}/${UNKNOWN_ID}`, { ...org, body: { description: "x" }, expect: 404 });
      await call("POST", tokens, { body: { description: "workspace key" }, expect: 403 });
      await call("DELETE", `${tokens}/${id}`, { ...org, expect: 204 });
      await call("DELETE", `${tokens}/${id}`, { ...org, expect: 404 });
    });

    test("OAuth clients: create (201 with the secret this once; a public client's empty; 400 without a name or with an unknown type), get and list (never the secret), change (200; 400 for an empty name; 404), rotate the secret (200, same client id; 400 for a public client; 404), delete (204; 404)", async () => {
      const clients = "/api/v1/platform/oauth/clients";
      const created = (await call("POST", clients, { body: { client_name: "contract app", redirect_uris: ["https://app.example.com/cb"] }, expect: 201 })).body as Json;
      const client = created["client"] as Json;
      const id = String(client["id"]);
      expect(created["client_secret"]).toEqual(expect.any(String));
      expect(client).toMatchObject({ client_name: "contract app", client_type: "confidential", disabled: false, client_id: expect.any(String) });
      const publicOne = (await call("POST", clients, { body: { client_name: "contract cli", client_type: "public" }, expect: 201 })).body as Json;
      expect(publicOne["client_secret"]).toBe("");
      await call("POST", clients, { body: { redirect_uris: [] }, expect: 400 });
      await call("POST", clients, { body: { client_name: "x", client_type: "secretive" }, expect: 400 });
      expect(JSON.stringify((await call("GET", `${clients}/${id}`, { expect: 200 })).body)).not.toContain(String(created["client_secret"]));
      await call("GET", `${clients}/${UNKNOWN_ID}`, { expect: 404 });
      const listed = ((await call("GET", clients, { expect: 200 })).body as Json)["clients"] as Json[];
      expect(listed.map((c) => c["id"])).toContain(id);
      expect((await call("PATCH", `${clients}/${id}`, { body: { client_name: "contract app v2", disabled: true }, expect: 200 })).body).toMatchObject({ client_name: "contract app v2", disabled: true });
      await call("PATCH", `${clients}/${id}`, { body: { client_name: "" }, expect: 400 });
      await call("PATCH", `${clients}/${UNKNOWN_ID}`, { body: { client_name: "x" }, expect: 404 });
      const rotated = (await call("POST", `${clients}/${id}/rotate-secret`, { expect: 200 })).body as Json;
      expect(rotated["client_secret"]).toEqual(expect.any(String));
      expect(rotated["client_secret"]).not.toBe(created["client_secret"]);
      expect(rotated["client"]).toMatchObject({ id, client_id: client["client_id"] });
      await call("POST", `${clients}/${String((publicOne["client"] as Json)["id"])}/rotate-secret`, { expect: 400 });
      await call("POST", `${clients}/${UNKNOWN_ID}/rotate-secret`, { expect: 404 });
      await call("DELETE", `${clients}/${id}`, { expect: 204 });
      await call("DELETE", `${clients}/${id}`, { expect: 404 });
      await call("DELETE", `${clients}/${String((publicOne["client"] as Json)["id"])}`, { expect: 204 });
    });
  });
}
