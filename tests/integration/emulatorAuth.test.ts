// Black-box tests of the emulator's authentication and tenant isolation.
import {
  createEmulator,
  DEFAULT_API_KEY,
  DEFAULT_BEARER_TOKEN,
  DEFAULT_ORG_API_KEY,
  DEFAULT_ORGANIZATION_ID,
  DEFAULT_SEED,
  DEFAULT_WORKSPACE_ID,
  type Emulator,
} from "../../packages/emulator/src";

type Json = Record<string, unknown>;

interface Reply {
  status: number;
  body: unknown;
}

const SECOND_WORKSPACE_ID = "44444444-4444-4444-8444-444444444444";
const OTHER_ORG_ID = "55555555-5555-4555-8555-555555555555";
const OTHER_ORG_WORKSPACE_ID = "66666666-6666-4666-8666-666666666666";
const SECOND_WORKSPACE_KEY = "lsv2_pt_second_workspace";
const NO_PERMISSION_KEY = "lsv2_pt_no_permissions";
const WORKSPACES_MANAGE_KEY = "lsv2_pt_workspaces_manage";
const DISABLED_ORG_KEY = "lsv2_pt_deployments_disabled";
const DESTINATIONS = "/api/v1/bulk-exports/destinations";

describe("emulator auth and tenant isolation", () => {
  let emulator: Emulator;

  async function call(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Reply> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }

  const key = (apiKey: string, tenant?: string): Record<string, string> => ({
    "x-api-key": apiKey,
    ...(tenant ? { "x-tenant-id": tenant } : {}),
  });

  const deploymentBody = (name: string): Json => ({
    name,
    source: "external_docker",
    source_config: {},
    source_revision_config: { image_uri: "docker.io/acme/agent:1" },
    secrets: [],
  });

  beforeAll(async () => {
    emulator = await createEmulator({
      destinationDelete: true,
      seed: {
        ...DEFAULT_SEED,
        organizations: [
          ...(DEFAULT_SEED.organizations ?? []),
          { id: DEFAULT_ORGANIZATION_ID, workspaces: [{ id: SECOND_WORKSPACE_ID, name: "Second" }] },
          { id: OTHER_ORG_ID, deploymentsEnabled: false, workspaces: [{ id: OTHER_ORG_WORKSPACE_ID }] },
        ],
        apiKeys: [
          ...(DEFAULT_SEED.apiKeys ?? []),
          { key: SECOND_WORKSPACE_KEY, organizationId: DEFAULT_ORGANIZATION_ID, workspaceId: SECOND_WORKSPACE_ID },
          { key: NO_PERMISSION_KEY, organizationId: DEFAULT_ORGANIZATION_ID, workspaceId: DEFAULT_WORKSPACE_ID, permissions: [] },
          {
            key: WORKSPACES_MANAGE_KEY,
            organizationId: DEFAULT_ORGANIZATION_ID,
            workspaceId: DEFAULT_WORKSPACE_ID,
            permissions: ["workspaces:manage"],
          },
          { key: DISABLED_ORG_KEY, organizationId: OTHER_ORG_ID, workspaceId: OTHER_ORG_WORKSPACE_ID },
        ],
      },
    });
  });

  afterAll(async () => {
    await emulator.close();
  });

  test("401 without credentials or with unknown ones", async () => {
    for (const headers of [{}, key("lsv2_pt_nope"), { authorization: "Bearer nope" }]) {
      const reply = await call("GET", "/v2/deployments", headers);
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ detail: expect.any(String) });
    }
    expect((await call("GET", DESTINATIONS, {})).status).toBe(401);
  });

  test("bearer tokens are accepted", async () => {
    const reply = await call("GET", "/v2/deployments", { authorization: `Bearer ${DEFAULT_BEARER_TOKEN}` });
    expect(reply.status).toBe(200);
  });

  test("an org-scoped key needs X-Tenant-Id", async () => {
    const cp = await call("GET", "/v2/deployments", key(DEFAULT_ORG_API_KEY));
    expect(cp.status).toBe(403);
    expect((cp.body as Json)["detail"]).toContain("requires workspace specification");
    const rest = await call("GET", DESTINATIONS, key(DEFAULT_ORG_API_KEY));
    expect(rest).toEqual({ status: 403, body: { error: "org_scoped_key_requires_workspace" } });
    expect((await call("GET", "/v2/deployments", key(DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID))).status).toBe(200);
    expect((await call("GET", DESTINATIONS, key(DEFAULT_ORG_API_KEY, SECOND_WORKSPACE_ID))).status).toBe(200);
    // Org-level routes do not need a workspace.
    expect((await call("GET", "/v2/auth/providers", key(DEFAULT_ORG_API_KEY))).status).toBe(200);
  });

  test("a workspace key cannot act on another workspace", async () => {
    const reply = await call("GET", "/v2/deployments", key(DEFAULT_API_KEY, SECOND_WORKSPACE_ID));
    expect(reply.status).toBe(403);
    const unknownWorkspace = await call("GET", "/v2/deployments", key(DEFAULT_ORG_API_KEY, OTHER_ORG_WORKSPACE_ID));
    expect(unknownWorkspace.status).toBe(403);
  });

  test("another workspace's ids answer 404", async () => {
    const created = await call("POST", "/v2/deployments", key(DEFAULT_API_KEY), deploymentBody("isolated"));
    expect(created.status).toBe(201);
    const id = String((created.body as Json)["id"]);
    const revisionId = String((created.body as Json)["latest_revision_id"]);
    const other = key(SECOND_WORKSPACE_KEY);
    expect((await call("GET", `/v2/deployments/${id}`, other)).status).toBe(404);
    expect((await call("GET", `/v2/deployments/${id}/revisions`, other)).status).toBe(404);
    expect((await call("GET", `/v2/deployments/${id}/revisions/${revisionId}`, other)).status).toBe(404);
    expect((await call("PATCH", `/v2/deployments/${id}`, other, { secrets: [] })).status).toBe(404);
    expect((await call("DELETE", `/v2/deployments/${id}`, other)).status).toBe(404);
    const list = await call("GET", "/v2/deployments?name=isolated", other);
    expect((list.body as Json)["resources"]).toEqual([]);
    // Same name is free in the other workspace.
    expect((await call("POST", "/v2/deployments", other, deploymentBody("isolated"))).status).toBe(201);
    // The org key reaches it through the right X-Tenant-Id only.
    expect((await call("GET", `/v2/deployments/${id}`, key(DEFAULT_ORG_API_KEY, SECOND_WORKSPACE_ID))).status).toBe(404);
    expect((await call("GET", `/v2/deployments/${id}`, key(DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID))).status).toBe(200);
  });

  test("an organization without deployments gets 403 'not enabled'", async () => {
    const reply = await call("GET", "/v2/deployments", key(DISABLED_ORG_KEY));
    expect(reply.status).toBe(403);
    expect(String((reply.body as Json)["detail"])).toMatch(/not enabled/);
    expect((await call("POST", "/v2/deployments", key(DISABLED_ORG_KEY), deploymentBody("x"))).status).toBe(403);
  });

  test("destination writes need bulk-exports:manage or workspaces:manage", async () => {
    const unknownId = "0b0e0f00-0000-4000-8000-000000000000";
    const noPerm = key(NO_PERMISSION_KEY);
    expect((await call("GET", DESTINATIONS, noPerm)).status).toBe(200);
    const post = await call("POST", DESTINATIONS, noPerm, {});
    expect(post.status).toBe(403);
    expect(String((post.body as Json)["detail"])).toContain("bulk-exports:manage");
    expect((await call("PATCH", `${DESTINATIONS}/${unknownId}`, noPerm, {})).status).toBe(403);
    expect((await call("DELETE", `${DESTINATIONS}/${unknownId}`, noPerm)).status).toBe(403);
    // workspaces:manage historically grants the same access: it reaches validation (422) and lookup (404).
    const legacy = key(WORKSPACES_MANAGE_KEY);
    expect((await call("POST", DESTINATIONS, legacy, {})).status).toBe(422);
    expect((await call("DELETE", `${DESTINATIONS}/${unknownId}`, legacy)).status).toBe(404);
  });
});
