/**
 * Contract tier: who may act on the organization — the instance's info, the
 * organization and its settings, members of the organization and of a
 * workspace (invitations, accepted through the emulator's control), service
 * accounts, workspace API keys and organization service keys — each
 * operation with its declared answers and 422s.
 *
 * @packageDocumentation
 */
import { BUILT_IN_ROLE_IDS } from "../../../packages/emulator/src/organization/roles";
import { DEFAULT_API_KEY, DEFAULT_ORG_API_KEY, DEFAULT_ORGANIZATION_ID, DEFAULT_WORKSPACE_ID } from "../../../packages/emulator/src/core/seed";
import { type ContractEnv, type Json, UNKNOWN_ID } from "./env";

/** Defines the access suite. */
export function describeAccess(env: ContractEnv): void {
  const org = { apiKey: DEFAULT_ORG_API_KEY };
  const call = (...args: Parameters<ContractEnv["harness"]["call"]>): ReturnType<ContractEnv["harness"]["call"]> => env.harness.call(...args);
  const idOf = (reply: { body: unknown }): string => String((reply.body as Json)["id"]);
  const role = (name: string): string => BUILT_IN_ROLE_IDS[name] ?? "";

  /** Invites `email` and accepts the invitation through the control: the active member's identity id. */
  async function activeMember(email: string, workspaceIds?: string[]): Promise<string> {
    const invited = await call("POST", "/api/v1/orgs/current/members", { ...org, body: { email, ...(workspaceIds ? { workspace_ids: workspaceIds } : {}) }, expect: 200 });
    return String(env.emulator.control.acceptInvite(idOf(invited))["id"]);
  }

  describe("REST API: members, service accounts and keys", () => {
    test("info and the organization: read, and change its settings; 422 outside the contract", async () => {
      expect((await call("GET", "/api/v1/info", { expect: 200 })).body).toMatchObject({ version: expect.any(String) });
      const current = await call("GET", "/api/v1/orgs/current", { ...org, expect: 200 });
      expect(current.body).toMatchObject({ id: DEFAULT_ORGANIZATION_ID, display_name: "Emulator Org", permissions: expect.arrayContaining(["organization:manage"]) });
      const info = await call("GET", "/api/v1/orgs/current/info", { ...org, expect: 200 });
      expect(info.body).toMatchObject({ id: DEFAULT_ORGANIZATION_ID, invites_enabled: true, public_sharing_disabled: false });
      const changed = await call("PATCH", "/api/v1/orgs/current/info", { ...org, body: { display_name: "Renamed Org", public_sharing_disabled: true, invites_enabled: null }, expect: 200 });
      expect(changed.body).toMatchObject({ display_name: "Renamed Org", public_sharing_disabled: true, invites_enabled: true });
      await call("PATCH", "/api/v1/orgs/current/info", { ...org, body: { display_name: "bad/name" }, expect: 422, request: "invalid" });
      await call("PATCH", "/api/v1/orgs/current/info", { ...org, body: { display_name: "Emulator Org", public_sharing_disabled: false }, expect: 200 });
      expect((await call("GET", "/api/v1/orgs/current", { ...org, expect: 200 })).body).toMatchObject({ display_name: "Emulator Org" });
    });

    test("organization members: invite, list pending, accept, list active, change the role, remove; revoke an invitation; 409 for a second invitation", async () => {
      const invited = await call("POST", "/api/v1/orgs/current/members", {
        ...org,
        body: { email: "Ada@Example.com", role_id: role("ORGANIZATION_VIEWER"), workspace_ids: [DEFAULT_WORKSPACE_ID], workspace_role_id: role("WORKSPACE_VIEWER") },
        expect: 200,
      });
      const pendingId = idOf(invited);
      expect(invited.body).toMatchObject({ email: "ada@example.com", role_id: role("ORGANIZATION_VIEWER"), org_role_name: "Organization Viewer", workspace_ids: [DEFAULT_WORKSPACE_ID], password: null });
      await call("POST", "/api/v1/orgs/current/members", { ...org, body: { email: "ada@example.com" }, expect: 409 });
      await call("POST", "/api/v1/orgs/current/members", { ...org, body: { role_id: role("ORGANIZATION_USER") }, expect: 422, request: "invalid" });
      const pending = await call("GET", "/api/v1/orgs/current/members/pending?emails=ada@example.com", { ...org, expect: 200 });
      expect((pending.body as Json[]).map((p) => p["id"])).toEqual([pendingId]);
      await call("GET", "/api/v1/orgs/current/members/pending?limit=0", { ...org, expect: 422, request: "invalid" });
      expect(((await call("GET", "/api/v1/orgs/current/members", { ...org, expect: 200 })).body as Json)["pending"]).toEqual([expect.objectContaining({ id: pendingId })]);

      const member = env.emulator.control.acceptInvite(pendingId);
      const memberId = String(member["id"]);
      const active = await call("GET", "/api/v1/orgs/current/members/active?q=ADA&sort_by=email", { ...org, expect: 200 });
      expect(active.body).toEqual([expect.objectContaining({ id: memberId, email: "ada@example.com", org_role_id: role("ORGANIZATION_VIEWER"), tenant_ids: [DEFAULT_WORKSPACE_ID] })]);
      await call("GET", "/api/v1/orgs/current/members/active?is_disabled=perhaps", { ...org, expect: 422, request: "invalid" });
      const overview = (await call("GET", "/api/v1/orgs/current/members", { ...org, expect: 200 })).body as Json;
      expect(overview).toMatchObject({ organization_id: DEFAULT_ORGANIZATION_ID, pending: [] });
      await call("PATCH", `/api/v1/orgs/current/members/${memberId}`, { ...org, body: { role_id: role("ORGANIZATION_ADMIN"), full_name: "Ada Lovelace" }, expect: 200 });
      await call("PATCH", `/api/v1/orgs/current/members/${memberId}`, { ...org, body: { role_id: "admin" }, expect: 422, request: "invalid" });
      const changed = (await call("GET", "/api/v1/orgs/current/members/active", { ...org, expect: 200 })).body as Json[];
      expect(changed.find((m) => m["id"] === memberId)).toMatchObject({ org_role_name: "Organization Admin", full_name: "Ada Lovelace" });

      const revoked = idOf(await call("POST", "/api/v1/orgs/current/members", { ...org, body: { email: "grace@example.com" }, expect: 200 }));
      await call("DELETE", `/api/v1/orgs/current/members/${revoked}/pending`, { ...org, expect: 200 });
      await call("DELETE", "/api/v1/orgs/current/members/not-an-id/pending", { ...org, expect: 422, request: "invalid" });
      await call("DELETE", `/api/v1/orgs/current/members/${memberId}`, { ...org, expect: 200 });
      await call("DELETE", "/api/v1/orgs/current/members/not-an-id", { ...org, expect: 422, request: "invalid" });
      await call("DELETE", `/api/v1/orgs/current/members/${memberId}`, { ...org, expect: 404 });
      expect((await call("GET", "/api/v1/orgs/current/members", { ...org, expect: 200 })).body).toMatchObject({ members: [], pending: [] });
    });

    test("workspace members: add an organization member with a role, list, change the role, remove; pending members are the invitations naming the workspace", async () => {
      const memberId = await activeMember("linus@example.com");
      const added = await call("POST", "/api/v1/workspaces/current/members", { body: { org_identity_id: memberId, role_id: role("WORKSPACE_VIEWER") }, expect: 200 });
      const workspaceIdentity = idOf(added);
      expect(added.body).toMatchObject({ tenant_id: DEFAULT_WORKSPACE_ID, role_id: role("WORKSPACE_VIEWER"), role_name: "Workspace Viewer", read_only: true });
      await call("POST", "/api/v1/workspaces/current/members", { body: { org_identity_id: memberId }, expect: 409 });
      await call("POST", "/api/v1/workspaces/current/members", { body: { org_identity_id: "someone" }, expect: 422, request: "invalid" });
      const active = await call("GET", "/api/v1/workspaces/current/members/active", { expect: 200 });
      expect(active.body).toEqual([expect.objectContaining({ id: workspaceIdentity, email: "linus@example.com", org_role_name: "Organization User" })]);
      await call("GET", "/api/v1/workspaces/current/members/active?offset=-1", { expect: 422, request: "invalid" });
      await call("PATCH", `/api/v1/workspaces/current/members/${workspaceIdentity}`, { body: { role_id: role("WORKSPACE_ADMIN") }, expect: 200 });
      await call("PATCH", `/api/v1/workspaces/current/members/${workspaceIdentity}`, { body: {}, expect: 422, request: "invalid" });

      const invitation = idOf(await call("POST", "/api/v1/orgs/current/members", { ...org, body: { email: "barbara@example.com", workspace_ids: [DEFAULT_WORKSPACE_ID] }, expect: 200 }));
      const pending = await call("GET", "/api/v1/workspaces/current/members/pending", { expect: 200 });
      expect(pending.body).toEqual([expect.objectContaining({ id: invitation, tenant_id: DEFAULT_WORKSPACE_ID, role_id: role("WORKSPACE_ADMIN") })]);
      await call("GET", "/api/v1/workspaces/current/members/pending?sort_by=age", { expect: 422, request: "invalid" });
      const overview = (await call("GET", "/api/v1/workspaces/current/members", { expect: 200 })).body as Json;
      expect(overview).toMatchObject({ tenant_id: DEFAULT_WORKSPACE_ID, members: [expect.objectContaining({ id: workspaceIdentity, role_name: "Workspace Admin" })], pending: [expect.objectContaining({ id: invitation })] });
      await call("DELETE", `/api/v1/workspaces/current/members/${invitation}/pending`, { expect: 200 });
      await call("DELETE", "/api/v1/workspaces/current/members/x/pending", { expect: 422, request: "invalid" });
      expect((await call("GET", "/api/v1/workspaces/current/members/pending", { expect: 200 })).body).toEqual([]);
      await call("DELETE", `/api/v1/workspaces/current/members/${workspaceIdentity}`, { expect: 200 });
      await call("DELETE", "/api/v1/workspaces/current/members/x", { expect: 422, request: "invalid" });
      expect((await call("GET", "/api/v1/workspaces/current/members/active", { expect: 200 })).body).toEqual([]);
      await call("DELETE", `/api/v1/orgs/current/members/${invitation}/pending`, { ...org, expect: 200 });
      await call("DELETE", `/api/v1/orgs/current/members/${memberId}`, { ...org, expect: 200 });
    });

    test("service accounts: create (with its identity, answered once), list, delete", async () => {
      const created = await call("POST", "/api/v1/service-accounts", { ...org, body: { name: "ci", workspaces: [{ workspace_id: DEFAULT_WORKSPACE_ID }] }, expect: 200 });
      const id = idOf(created);
      expect(created.body).toMatchObject({ name: "ci", organization_id: DEFAULT_ORGANIZATION_ID, default_workspace_id: DEFAULT_WORKSPACE_ID, organization_identity_id: expect.any(String) });
      await call("POST", "/api/v1/service-accounts", { ...org, body: { workspaces: [] }, expect: 422, request: "invalid" });
      const listed = (await call("GET", "/api/v1/service-accounts", { ...org, expect: 200 })).body as Json[];
      expect(listed.map((a) => a["id"])).toEqual([id]);
      expect(listed[0]).not.toHaveProperty("organization_identity_id");
      expect((await call("DELETE", `/api/v1/service-accounts/${id}`, { ...org, expect: 200 })).body).toMatchObject({ id, name: "ci" });
      await call("DELETE", "/api/v1/service-accounts/nope", { ...org, expect: 422, request: "invalid" });
      await call("DELETE", `/api/v1/service-accounts/${id}`, { ...org, expect: 404 });
    });

    test("workspace API keys: the key is answered once, authenticates at once, and fails once deleted", async () => {
      const created = await call("POST", "/api/v1/api-key", { body: { description: "contract key" }, expect: 200 });
      const { id, key } = created.body as { id: string; key: string };
      expect(created.body).toMatchObject({ description: "contract key", workspace_names: ["Default"], default_workspace_name: "Default", short_key: expect.stringMatching(/^lsv2_sk_\.\.\./) });
      await call("POST", "/api/v1/api-key", { body: { workspaces: ["not-an-id"] }, expect: 422, request: "invalid" });
      const listed = (await call("GET", "/api/v1/api-key", { apiKey: key, expect: 200 })).body as Json[];
      expect(listed.map((k) => k["id"])).toEqual([id]);
      expect(listed[0]).not.toHaveProperty("key");
      await call("GET", "/api/v1/api-key", { apiKey: key, expect: 200 });
      expect((await call("DELETE", `/api/v1/api-key/${id}`, { expect: 200 })).body).toMatchObject({ id, description: "contract key" });
      await call("DELETE", "/api/v1/api-key/nope", { expect: 422, request: "invalid" });
      await call("DELETE", `/api/v1/api-key/${id}`, { expect: 404 });
      await call("GET", "/api/v1/api-key", { apiKey: key, expect: 401 });
    });

    test("organization service keys: create, list, delete; a workspace key may not list them", async () => {
      const created = await call("POST", "/api/v1/orgs/current/service-keys", { ...org, body: { description: "org automation" }, expect: 200 });
      const { id, key } = created.body as { id: string; key: string };
      expect(created.body).toMatchObject({ description: "org automation", workspace_names: null, key: expect.stringMatching(/^lsv2_sk_/) });
      await call("POST", "/api/v1/orgs/current/service-keys", { ...org, body: { org_role_id: "admin" }, expect: 422, request: "invalid" });
      const listed = (await call("GET", "/api/v1/orgs/current/service-keys", { apiKey: key, expect: 200 })).body as Json[];
      expect(listed.map((k) => k["id"])).toEqual([id]);
      await call("GET", "/api/v1/orgs/current/service-keys", { apiKey: DEFAULT_API_KEY, expect: 403 });
      await call("DELETE", `/api/v1/orgs/current/service-keys/${id}`, { ...org, expect: 200 });
      await call("DELETE", "/api/v1/orgs/current/service-keys/nope", { ...org, expect: 422, request: "invalid" });
      await call("DELETE", `/api/v1/orgs/current/service-keys/${UNKNOWN_ID}`, { ...org, expect: 404 });
    });
  });
}
