// Black-box tests of the emulator's access behaviour the contract cannot show:
// a created API key authenticates with its roles' permissions only (403 naming
// the missing permission or scope), follows a changed custom role, is never
// kept in the clear, and stops at once when deleted; an invitation is accepted
// into an active member with its roles and workspaces, or revoked.
import {
  createEmulator,
  DEFAULT_API_KEY,
  DEFAULT_ORG_API_KEY,
  DEFAULT_ORGANIZATION_ID,
  DEFAULT_SEED,
  DEFAULT_WORKSPACE_ID,
  type Emulator,
} from "../../packages/emulator/src";
import { BUILT_IN_ROLE_IDS } from "../../packages/emulator/src/organization/roles";

type Json = Record<string, unknown>;

interface Reply {
  status: number;
  body: unknown;
}

const SECOND_WORKSPACE_ID = "44444444-4444-4444-8444-444444444444";
const TAG_KEYS = "/api/v1/workspaces/current/tag-keys";

const role = (name: string): string => {
  const id = BUILT_IN_ROLE_IDS[name];
  if (id === undefined) throw new Error(`no built-in role ${name}`);
  return id;
};

describe("emulator: created keys and invitations", () => {
  let emulator: Emulator;

  async function call(method: string, path: string, apiKey: string, options: { body?: unknown; tenant?: string } = {}): Promise<Reply> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: {
        "x-api-key": apiKey,
        ...(options.tenant !== undefined ? { "x-tenant-id": options.tenant } : {}),
        ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }

  const detail = (reply: Reply): string => String((reply.body as Json | undefined)?.["detail"] ?? JSON.stringify(reply.body));

  async function createKey(path: string, creator: string, body: Json): Promise<{ id: string; key: string }> {
    const reply = await call("POST", path, creator, { body });
    expect(reply.status).toBe(200);
    return reply.body as { id: string; key: string };
  }

  beforeAll(async () => {
    emulator = await createEmulator({
      control: true,
      seed: {
        ...DEFAULT_SEED,
        organizations: [...(DEFAULT_SEED.organizations ?? []), { id: DEFAULT_ORGANIZATION_ID, workspaces: [{ id: SECOND_WORKSPACE_ID, name: "Second" }] }],
      },
    });
  });

  afterAll(async () => {
    await emulator?.close();
  });

  beforeEach(() => {
    emulator.control.reset();
  });

  test("a workspace viewer key reads its workspace, and each write answers 403 naming the permission it lacks", async () => {
    const { id, key } = await createKey("/api/v1/api-key", DEFAULT_API_KEY, { description: "viewer", role_id: role("WORKSPACE_VIEWER") });
    expect((await call("GET", TAG_KEYS, key)).status).toBe(200);
    expect((await call("GET", "/api/v1/workspaces/current/members/active", key)).status).toBe(200);

    const tagKey = await call("POST", TAG_KEYS, key, { body: { key: "env" } });
    expect(tagKey.status).toBe(403);
    expect(detail(tagKey)).toContain("workspaces:manage");
    const member = await call("POST", "/api/v1/workspaces/current/members", key, { body: { org_identity_id: id } });
    expect(member.status).toBe(403);
    expect(detail(member)).toContain("workspaces:manage-members");
    const anotherKey = await call("POST", "/api/v1/api-key", key, { body: {} });
    expect(anotherKey.status).toBe(403);

    // The organization's routes need an organization-scoped key: the detail names the scope.
    const roles = await call("GET", "/api/v1/orgs/current/roles", key);
    expect(roles.status).toBe(403);
    expect(detail(roles)).toContain("organization-scoped");
    // A key bound to one workspace cannot reach another.
    expect((await call("GET", TAG_KEYS, key, { tenant: SECOND_WORKSPACE_ID })).status).toBe(403);
    // The admin key that created it may write.
    expect((await call("POST", TAG_KEYS, DEFAULT_API_KEY, { body: { key: "env" } })).status).toBe(200);
  });

  test("a key with a custom role holds exactly the role's permissions, as the role is at each request", async () => {
    const custom = await call("POST", "/api/v1/orgs/current/roles", DEFAULT_ORG_API_KEY, {
      body: { display_name: "Tagger", description: "reads", permissions: ["projects:read"] },
    });
    expect(custom.status).toBe(200);
    const roleId = String((custom.body as Json)["id"]);
    const { key } = await createKey("/api/v1/api-key", DEFAULT_API_KEY, { description: "custom", role_id: roleId });

    const denied = await call("GET", TAG_KEYS, key);
    expect(denied.status).toBe(403);
    expect(detail(denied)).toContain("workspaces:read");

    const widened = await call("PATCH", `/api/v1/orgs/current/roles/${roleId}`, DEFAULT_ORG_API_KEY, {
      body: { display_name: "Tagger", description: "tags", permissions: ["projects:read", "workspaces:read", "workspaces:manage"] },
    });
    expect(widened.status).toBe(200);
    expect((await call("POST", TAG_KEYS, key, { body: { key: "team" } })).status).toBe(200);

    expect((await call("DELETE", `/api/v1/orgs/current/roles/${roleId}`, DEFAULT_ORG_API_KEY)).status).toBe(200);
    expect((await call("GET", TAG_KEYS, key)).status).toBe(403);
  });

  test("an organization service key acts with its organization role, and on workspaces through X-Tenant-Id with its workspace role", async () => {
    const viewer = await createKey("/api/v1/orgs/current/service-keys", DEFAULT_ORG_API_KEY, {
      description: "auditor",
      org_role_id: role("ORGANIZATION_VIEWER"),
      role_id: role("WORKSPACE_VIEWER"),
    });
    expect((await call("GET", "/api/v1/orgs/current/members", viewer.key)).status).toBe(200);
    expect(((await call("GET", "/api/v1/orgs/current", viewer.key)).body as Json)["permissions"]).toEqual(
      expect.arrayContaining(["organization:read", "workspaces:read"]),
    );
    const invite = await call("POST", "/api/v1/orgs/current/members", viewer.key, { body: { email: "eve@example.com" } });
    expect(invite.status).toBe(403);
    expect(detail(invite)).toContain("organization:manage");
    expect((await call("GET", TAG_KEYS, viewer.key)).body).toEqual({ error: "org_scoped_key_requires_workspace" });
    expect((await call("GET", TAG_KEYS, viewer.key, { tenant: SECOND_WORKSPACE_ID })).status).toBe(200);
    expect((await call("POST", TAG_KEYS, viewer.key, { body: { key: "env" }, tenant: SECOND_WORKSPACE_ID })).status).toBe(403);

    // By default an organization service key is an Organization Admin and a Workspace Admin.
    const admin = await createKey("/api/v1/orgs/current/service-keys", DEFAULT_ORG_API_KEY, {});
    expect((await call("POST", "/api/v1/orgs/current/members", admin.key, { body: { email: "eve@example.com" } })).status).toBe(200);
    expect((await call("POST", TAG_KEYS, admin.key, { body: { key: "env" }, tenant: SECOND_WORKSPACE_ID })).status).toBe(200);
  });

  test("a key bound to several workspaces acts in its default one without X-Tenant-Id and may not be bound beyond its creator's reach", async () => {
    const { key } = await createKey("/api/v1/orgs/current/service-keys", DEFAULT_ORG_API_KEY, {
      workspaces: [DEFAULT_WORKSPACE_ID, SECOND_WORKSPACE_ID],
      default_workspace_id: SECOND_WORKSPACE_ID,
    });
    expect((await call("POST", TAG_KEYS, key, { body: { key: "in-second" } })).status).toBe(200);
    const inSecond = await call("GET", TAG_KEYS, DEFAULT_ORG_API_KEY, { tenant: SECOND_WORKSPACE_ID });
    expect((inSecond.body as Json[]).map((k) => k["key"])).toEqual(["in-second"]);
    expect((await call("GET", TAG_KEYS, key, { tenant: DEFAULT_WORKSPACE_ID })).status).toBe(200);
    // Bound to workspaces, it is not organization-scoped.
    expect((await call("GET", "/api/v1/orgs/current/roles", key)).status).toBe(403);

    const beyond = await call("POST", "/api/v1/api-key", DEFAULT_API_KEY, { body: { workspaces: [SECOND_WORKSPACE_ID] } });
    expect(beyond.status).toBe(403);
    expect(detail(beyond)).toContain(SECOND_WORKSPACE_ID);
  });

  test("the instance's info needs no key; the organization's routes do", async () => {
    const info = await fetch(`${emulator.url}/api/v1/info`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ version: expect.any(String), batch_ingest_config: { size_limit_bytes: 20_971_520 } });
    expect((await fetch(`${emulator.url}/api/v1/orgs/current`)).status).toBe(401);
  });

  test("the key is answered once, kept only as a digest, and fails with 401 once deleted", async () => {
    const { id, key } = await createKey("/api/v1/api-key", DEFAULT_API_KEY, { description: "short-lived" });
    expect(key).toMatch(/^lsv2_sk_[0-9a-f]{32}_[0-9a-f]{10}$/);
    const listed = (await call("GET", "/api/v1/api-key", key)).body as Json[];
    expect(listed).toEqual([expect.objectContaining({ id, short_key: `lsv2_sk_...${key.slice(-4)}` })]);
    expect(JSON.stringify(listed)).not.toContain(key);
    expect(JSON.stringify(emulator.control.dumpState())).not.toContain(key);

    expect((await call("DELETE", `/api/v1/api-key/${id}`, key)).status).toBe(200);
    const after = await call("GET", "/api/v1/api-key", key);
    expect(after.status).toBe(401);
    expect(detail(after)).toBe("Invalid API key");
    // Another workspace's key ids are 404 there, and a deleted key's id is 404 too.
    expect((await call("DELETE", `/api/v1/api-key/${id}`, DEFAULT_API_KEY)).status).toBe(404);
  });

  test("an invitation is pending until accepted; the member then holds its roles in the invited workspaces", async () => {
    const invited = await call("POST", "/api/v1/orgs/current/members", DEFAULT_ORG_API_KEY, {
      body: {
        email: "ada@example.com",
        role_id: role("ORGANIZATION_ADMIN"),
        workspace_ids: [SECOND_WORKSPACE_ID],
        workspace_role_id: role("WORKSPACE_VIEWER"),
      },
    });
    expect(invited.status).toBe(200);
    const pendingId = String((invited.body as Json)["id"]);
    expect(
      ((await call("GET", "/api/v1/workspaces/current/members/pending", DEFAULT_ORG_API_KEY, { tenant: SECOND_WORKSPACE_ID })).body as Json[]).map(
        (p) => p["id"],
      ),
    ).toEqual([pendingId]);
    expect((await call("GET", "/api/v1/workspaces/current/members/active", DEFAULT_ORG_API_KEY, { tenant: SECOND_WORKSPACE_ID })).body).toEqual([]);

    const accepted = await call("POST", `/__emulator/invites/${pendingId}/accept`, DEFAULT_ORG_API_KEY);
    expect(accepted.status).toBe(200);
    const memberId = String((accepted.body as Json)["id"]);
    expect(memberId).not.toBe(pendingId);
    expect((await call("POST", `/__emulator/invites/${pendingId}/accept`, DEFAULT_ORG_API_KEY)).status).toBe(404);

    const overview = (await call("GET", "/api/v1/orgs/current/members", DEFAULT_ORG_API_KEY)).body as Json;
    expect(overview["pending"]).toEqual([]);
    expect(overview["members"]).toEqual([
      expect.objectContaining({ id: memberId, email: "ada@example.com", org_role_name: "Organization Admin", tenant_ids: [SECOND_WORKSPACE_ID] }),
    ]);
    const inWorkspace = (await call("GET", "/api/v1/workspaces/current/members", DEFAULT_ORG_API_KEY, { tenant: SECOND_WORKSPACE_ID })).body as Json;
    expect(inWorkspace).toMatchObject({
      pending: [],
      members: [expect.objectContaining({ email: "ada@example.com", role_id: role("WORKSPACE_VIEWER"), org_role_id: role("ORGANIZATION_ADMIN") })],
    });
    expect((await call("GET", "/api/v1/workspaces/current/members/active", DEFAULT_API_KEY)).body).toEqual([]);

    // The active member's id is no pending identity, and removing the member removes its workspace memberships.
    expect((await call("DELETE", `/api/v1/orgs/current/members/${memberId}/pending`, DEFAULT_ORG_API_KEY)).status).toBe(404);
    expect((await call("DELETE", `/api/v1/orgs/current/members/${memberId}`, DEFAULT_ORG_API_KEY)).status).toBe(200);
    expect((await call("GET", "/api/v1/workspaces/current/members/active", DEFAULT_ORG_API_KEY, { tenant: SECOND_WORKSPACE_ID })).body).toEqual([]);
    // The address may be invited again.
    expect((await call("POST", "/api/v1/orgs/current/members", DEFAULT_ORG_API_KEY, { body: { email: "ADA@example.com" } })).status).toBe(200);
  });

  test("a revoked invitation cannot be accepted; revoking it in one workspace leaves it pending for the organization", async () => {
    const invite = async (email: string): Promise<string> => {
      const reply = await call("POST", "/api/v1/orgs/current/members", DEFAULT_ORG_API_KEY, {
        body: { email, workspace_ids: [DEFAULT_WORKSPACE_ID, SECOND_WORKSPACE_ID] },
      });
      expect(reply.status).toBe(200);
      return String((reply.body as Json)["id"]);
    };
    const revoked = await invite("mallory@example.com");
    expect((await call("DELETE", `/api/v1/orgs/current/members/${revoked}`, DEFAULT_ORG_API_KEY)).status).toBe(404);
    expect((await call("DELETE", `/api/v1/orgs/current/members/${revoked}/pending`, DEFAULT_ORG_API_KEY)).status).toBe(200);
    expect((await call("GET", "/api/v1/orgs/current/members/pending", DEFAULT_ORG_API_KEY)).body).toEqual([]);
    expect(() => emulator.control.acceptInvite(revoked)).toThrow(revoked);

    const narrowed = await invite("bob@example.com");
    expect((await call("DELETE", `/api/v1/workspaces/current/members/${narrowed}/pending`, DEFAULT_API_KEY)).status).toBe(200);
    expect((await call("GET", "/api/v1/workspaces/current/members/pending", DEFAULT_API_KEY)).body).toEqual([]);
    expect((await call("GET", "/api/v1/orgs/current/members/pending", DEFAULT_ORG_API_KEY)).body).toEqual([
      expect.objectContaining({ id: narrowed, workspace_ids: [SECOND_WORKSPACE_ID] }),
    ]);
    const member = emulator.control.acceptInvite(narrowed);
    expect(member["tenant_ids"]).toEqual([SECOND_WORKSPACE_ID]);
  });
});
