/**
 * Contract tier: the organization-and-access operations of the declared
 * kinds (workspaces, roles and permissions, tag keys and values), with an
 * organization-scoped key as the service requires for organization routes.
 *
 * @packageDocumentation
 */
import { DEFAULT_API_KEY, DEFAULT_ORG_API_KEY } from "../../../packages/emulator/src/core/seed";
import { type ContractEnv, type Json, UNKNOWN_ID } from "./env";

/** Defines the organization-and-access suite. */
export function describeOrganization(env: ContractEnv): void {
  const org = { apiKey: DEFAULT_ORG_API_KEY };
  const call = (...args: Parameters<ContractEnv["harness"]["call"]>): ReturnType<ContractEnv["harness"]["call"]> => env.harness.call(...args);

  describe("REST API: organization and access", () => {
    test("workspaces: create, list, rename, delete; 422 outside the contract; a workspace key is refused on the organization's routes", async () => {
      const created = await call("POST", "/api/v1/workspaces", { ...org, body: { display_name: "Contract ws" }, expect: 200 });
      const id = String((created.body as Json)["id"]);
      expect(created.body).toMatchObject({ display_name: "Contract ws", is_deleted: false });
      await call("POST", "/api/v1/workspaces", { ...org, body: { display_name: "bad/name" }, expect: 422, request: "invalid" });
      const list = await call("GET", "/api/v1/workspaces", { ...org, expect: 200 });
      expect((list.body as Json[]).map((w) => w["id"])).toContain(id);
      await call("GET", "/api/v1/workspaces?include_deleted=maybe", { ...org, expect: 422, request: "invalid" });
      const renamed = await call("PATCH", `/api/v1/workspaces/${id}`, { ...org, body: { display_name: "Contract ws 2" }, expect: 200 });
      expect(renamed.body).toMatchObject({ id, display_name: "Contract ws 2" });
      await call("PATCH", `/api/v1/workspaces/${id}`, { ...org, body: {}, expect: 422, request: "invalid" });
      await call("POST", "/api/v1/workspaces", { apiKey: DEFAULT_API_KEY, body: { display_name: "Refused" }, expect: 403 });
      await call("DELETE", `/api/v1/workspaces/${id}`, { ...org, expect: 200 });
      await call("DELETE", `/api/v1/workspaces/not-a-uuid`, { ...org, expect: 422, request: "invalid" });
      await call("DELETE", `/api/v1/workspaces/${UNKNOWN_ID}`, { ...org, expect: 404 });
    });

    test("roles and permissions: create, list (with the built-in roles), update, delete; unknown permissions 400", async () => {
      const permissions = await call("GET", "/api/v1/orgs/permissions", { ...org, expect: 200 });
      expect((permissions.body as Json[]).map((p) => p["name"])).toContain("projects:read");
      const created = await call("POST", "/api/v1/orgs/current/roles", { ...org, body: { display_name: "Auditor", description: "reads", permissions: ["projects:read"] }, expect: 200 });
      const id = String((created.body as Json)["id"]);
      await call("POST", "/api/v1/orgs/current/roles", { ...org, body: { display_name: "Bad", description: "", permissions: ["nope:read"] }, expect: 400 });
      await call("POST", "/api/v1/orgs/current/roles", { ...org, body: { display_name: "Bad" }, expect: 422, request: "invalid" });
      const list = await call("GET", "/api/v1/orgs/current/roles", { ...org, expect: 200 });
      expect((list.body as Json[]).map((r) => r["name"])).toEqual(expect.arrayContaining(["WORKSPACE_ADMIN", "WORKSPACE_VIEWER", "CUSTOM"]));
      const updated = await call("PATCH", `/api/v1/orgs/current/roles/${id}`, { ...org, body: { display_name: "Auditor", description: "reads more", permissions: ["projects:read", "datasets:read"] }, expect: 200 });
      expect(updated.body).toMatchObject({ id, description: "reads more" });
      await call("PATCH", `/api/v1/orgs/current/roles/${id}`, { ...org, body: { display_name: "x" }, expect: 422, request: "invalid" });
      await call("DELETE", `/api/v1/orgs/current/roles/${id}`, { ...org, expect: 200 });
      await call("DELETE", `/api/v1/orgs/current/roles/bad`, { ...org, expect: 422, request: "invalid" });
      await call("DELETE", `/api/v1/orgs/current/roles/${id}`, { ...org, expect: 404 });
    });

    test("tag keys and values: create, get, list, update, delete; a key's values go with it", async () => {
      const key = await call("POST", "/api/v1/workspaces/current/tag-keys", { body: { key: "env", description: "environment" }, expect: 200 });
      const keyId = String((key.body as Json)["id"]);
      await call("POST", "/api/v1/workspaces/current/tag-keys", { body: { key: "" }, expect: 422, request: "invalid" });
      await call("POST", "/api/v1/workspaces/current/tag-keys", { body: { key: "env" }, expect: 409 });
      expect((await call("GET", `/api/v1/workspaces/current/tag-keys/${keyId}`, { expect: 200 })).body).toMatchObject({ key: "env" });
      await call("GET", `/api/v1/workspaces/current/tag-keys/bad`, { expect: 422, request: "invalid" });
      await call("GET", `/api/v1/workspaces/current/tag-keys/${UNKNOWN_ID}`, { expect: 404 });
      expect((await call("GET", "/api/v1/workspaces/current/tag-keys", { expect: 200 })).body).toEqual([key.body]);
      await call("PATCH", `/api/v1/workspaces/current/tag-keys/${keyId}`, { body: { description: "stage" }, expect: 200 });
      await call("PATCH", `/api/v1/workspaces/current/tag-keys/${keyId}`, { body: { key: "" }, expect: 422, request: "invalid" });

      const values = `/api/v1/workspaces/current/tag-keys/${keyId}/tag-values`;
      const value = await call("POST", values, { body: { value: "prod" }, expect: 200 });
      const valueId = String((value.body as Json)["id"]);
      expect(value.body).toMatchObject({ value: "prod", tag_key_id: keyId });
      await call("POST", values, { body: {}, expect: 422, request: "invalid" });
      expect((await call("GET", values, { expect: 200 })).body).toEqual([value.body]);
      await call("GET", `/api/v1/workspaces/current/tag-keys/bad/tag-values`, { expect: 422, request: "invalid" });
      expect((await call("GET", `${values}/${valueId}`, { expect: 200 })).body).toMatchObject({ id: valueId });
      await call("GET", `${values}/bad`, { expect: 422, request: "invalid" });
      await call("PATCH", `${values}/${valueId}`, { body: { description: "production" }, expect: 200 });
      await call("PATCH", `${values}/${valueId}`, { body: { value: "" }, expect: 422, request: "invalid" });
      await call("DELETE", `${values}/${valueId}`, { expect: 200 });
      await call("DELETE", `${values}/bad`, { expect: 422, request: "invalid" });
      await call("POST", values, { body: { value: "staging" }, expect: 200 });
      await call("DELETE", `/api/v1/workspaces/current/tag-keys/${keyId}`, { expect: 200 });
      await call("DELETE", `/api/v1/workspaces/current/tag-keys/bad`, { expect: 422, request: "invalid" });
      await call("GET", values, { expect: 404 });
    });
  });
}
