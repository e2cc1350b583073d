/**
 * Contract tier: the additions of the prompt hub (issue 46) the emulator
 * serves: a workspace's hub environments, a prompt's owners, tools and an
 * agent's or skill's directory, each operation with its declared answers,
 * 400s and 404s.
 *
 * @packageDocumentation
 */
import { DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID } from "../../../packages/emulator/src/core/seed";
import { type ContractEnv, type Json, UNKNOWN_ID } from "./env";

/** Defines the the prompt hub suite. */
export function describeHubAdditions(env: ContractEnv): void {
  const call = (...args: Parameters<ContractEnv["harness"]["call"]>): ReturnType<ContractEnv["harness"]["call"]> => env.harness.call(...args);

  describe("additions: the prompt hub", () => {
    test("hub environments: none (404) until a create (200); a second create 409; 400 for five or a name twice; PATCH replaces the list (200; 400; 404); delete (200 {}; 400 for a malformed id) returns to none", async () => {
      const environments = "/api/v1/hub/environments";
      await call("GET", environments, { expect: 404 });
      await call("POST", environments, { body: { environments: ["a", "b", "c", "d", "e"].map((name) => ({ name })) }, expect: 400, request: "invalid" });
      await call("POST", environments, { body: { environments: [{ name: "a" }, { name: "a" }] }, expect: 400 });
      const created = (await call("POST", environments, { body: { environments: [{ name: "staging" }, { name: "production" }] }, expect: 200 })).body as Json;
      const id = String(created["id"]);
      expect(created).toEqual({ id, environments: [{ name: "staging" }, { name: "production" }] });
      await call("POST", environments, { body: { environments: [{ name: "other" }] }, expect: 409 });
      expect((await call("GET", environments, { expect: 200 })).body).toEqual(created);
      expect((await call("PATCH", `${environments}/${id}`, { body: { environments: [{ name: "qa" }] }, expect: 200 })).body).toEqual({ id, environments: [{ name: "qa" }] });
      await call("PATCH", `${environments}/${UNKNOWN_ID}`, { body: { environments: [{ name: "qa" }] }, expect: 404 });
      await call("PATCH", `${environments}/${id}`, { body: { environments: "qa" }, expect: 400, request: "invalid" });
      await call("DELETE", `${environments}/not-an-id`, { expect: 400 });
      expect((await call("DELETE", `${environments}/${id}`, { expect: 200 })).body).toEqual({});
      await call("DELETE", `${environments}/${id}`, { expect: 404 });
      await call("GET", environments, { expect: 404 });
    });

    test("repo owners: add a workspace member by email (200; 422 without one; 404 for a stranger; 409 for an owner), list (200), remove with the identity in the body (200 {}; 422 without it; 404 once gone)", async () => {
      const org = { apiKey: DEFAULT_ORG_API_KEY };
      const invited = (await call("POST", "/api/v1/orgs/current/members", { ...org, body: { email: "owner@example.com", workspace_ids: [DEFAULT_WORKSPACE_ID] }, expect: 200 })).body as Json;
      env.emulator.control.acceptInvite(String(invited["id"]));
      await call("POST", "/api/v1/repos", { body: { repo_handle: "owned-prompt", is_public: false }, expect: 200 });
      const owners = "/api/v1/repos/-/owned-prompt/owners";
      const added = (await call("POST", owners, { body: { email: "Owner@example.com" }, expect: 200 })).body as Json;
      expect(added).toMatchObject({ email: "owner@example.com", identity_id: expect.any(String), ls_user_id: expect.any(String) });
      await call("POST", owners, { body: { email: "owner@example.com" }, expect: 409 });
      await call("POST", owners, { body: {}, expect: 422, request: "invalid" });
      await call("POST", owners, { body: { email: "stranger@example.com" }, expect: 404 });
      expect(((await call("GET", owners, { expect: 200 })).body as Json)["owners"]).toEqual([added]);
      await call("GET", "/api/v1/repos/-/no-such-prompt/owners", { expect: 404 });
      await call("DELETE", owners, { body: {}, expect: 422, request: "invalid" });
      expect((await call("DELETE", owners, { body: { identity_id: added["identity_id"] }, expect: 200 })).body).toEqual({});
      await call("DELETE", owners, { body: { identity_id: added["identity_id"] }, expect: 404 });
      expect(((await call("GET", owners, { expect: 200 })).body as Json)["owners"]).toEqual([]);
    });

    test("tools: create (201; 400 without a schema or with a bad handle; 409 for a handle in use), get by id and by handle (200; 400; 404), list (200, paged; 400 for a bad limit), change by id (200; 400; 404), delete by id (204; 400; 404)", async () => {
      const tools = "/api/v1/platform/tools";
      const body = { handle: "contract-search", name: "search", description: "Searches.", parameters: { type: "object" } };
      const created = (await call("POST", tools, { body, expect: 201 })).body as Json;
      const id = String(created["id"]);
      expect(created).toMatchObject({ ...body, enabled: true, returns: {}, metadata: {}, tenant_id: DEFAULT_WORKSPACE_ID });
      await call("POST", tools, { body, expect: 409 });
      await call("POST", tools, { body: { handle: "x", name: "n", description: "d" }, expect: 400, request: "invalid" });
      await call("POST", tools, { body: { ...body, handle: "has space" }, expect: 400 });
      expect((await call("GET", `${tools}/id/${id}`, { expect: 200 })).body).toEqual(created);
      await call("GET", `${tools}/id/not-an-id`, { expect: 400 });
      await call("GET", `${tools}/id/${UNKNOWN_ID}`, { expect: 404 });
      expect((await call("GET", `${tools}/contract-search`, { expect: 200 })).body).toEqual(created);
      await call("GET", `${tools}/no-such-tool`, { expect: 404 });
      const listed = (await call("GET", `${tools}?limit=1&offset=0&query=contract`, { expect: 200 })).body as Json;
      expect(listed).toMatchObject({ total: 1, next_offset: 0 });
      expect((listed["tools"] as Json[]).map((t) => t["id"])).toEqual([id]);
      await call("GET", `${tools}?limit=0`, { expect: 400 });
      expect((await call("PATCH", `${tools}/id/${id}`, { body: { enabled: false, metadata: { team: "x" } }, expect: 200 })).body).toMatchObject({ enabled: false, metadata: { team: "x" }, handle: "contract-search" });
      await call("PATCH", `${tools}/id/${id}`, { body: { name: "" }, expect: 400 });
      await call("PATCH", `${tools}/id/${UNKNOWN_ID}`, { body: { enabled: true }, expect: 404 });
      await call("DELETE", `${tools}/id/not-an-id`, { expect: 400 });
      await call("DELETE", `${tools}/id/${id}`, { expect: 204 });
      await call("DELETE", `${tools}/id/${id}`, { expect: 404 });
    });

    test("hub directories: a commit is a patch (200; the first creates the repository; 400 for a bad entry or no change; 404 for another owner; 409 on a stale parent), read at latest or a commit (200; 404), delete (204; 400 for a bad repo_type; 404)", async () => {
      const directory = "/api/v1/platform/hub/repos/-/contract-agent/directories";
      await call("GET", directory, { expect: 404 });
      const first = ((await call("POST", `${directory}/commits`, { body: { files: { "AGENTS.md": { content: "a" }, "b.md": { content: "b" } } }, expect: 200 })).body as Json)["commit"] as Json;
      expect(first).toMatchObject({ id: expect.any(String), commit_hash: expect.any(String), created_at: expect.any(String) });
      const second = ((await call("POST", `${directory}/commits`, { body: { files: { "b.md": null }, parent_commit: first["commit_hash"], skip_webhooks: true }, expect: 200 })).body as Json)["commit"] as Json;
      await call("POST", `${directory}/commits`, { body: { files: { "c.md": { content: "c" } }, parent_commit: first["commit_hash"] }, expect: 409 });
      await call("POST", `${directory}/commits`, { body: { files: { "c.md": "text" } }, expect: 400 });
      await call("POST", `${directory}/commits`, { body: { files: { "AGENTS.md": { content: "a" } } }, expect: 400 });
      await call("POST", `${directory}/commits`, { body: { files: "none" }, expect: 400, request: "invalid" });
      await call("POST", "/api/v1/platform/hub/repos/someone-else/contract-agent/directories/commits", { body: { files: {} }, expect: 404 });
      expect((await call("GET", directory, { expect: 200 })).body).toEqual({ commit_hash: second["commit_hash"], commit_id: second["id"], files: { "AGENTS.md": { content: "a" } } });
      expect(((await call("GET", `${directory}?commit=${String(first["commit_hash"])}`, { expect: 200 })).body as Json)["files"]).toEqual({ "AGENTS.md": { content: "a" }, "b.md": { content: "b" } });
      await call("GET", `${directory}?commit=ffffffff`, { expect: 404 });
      await call("DELETE", `${directory}?repo_type=prompt`, { expect: 400, request: "invalid" });
      await call("DELETE", `${directory}?repo_type=agent`, { expect: 204 });
      await call("DELETE", directory, { expect: 404 });
    });
  });
}
