/**
 * Contract tier: the endpoints of contract/additions.openapi.json the
 * emulator serves (sandbox registries; a workspace by id), each operation
 * with its declared answers, 400s and 404s. The additions' other operations
 * are listed in NOT_IMPLEMENTED_IN_EMULATOR and probed as 501.
 *
 * @packageDocumentation
 */
import { DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID } from "../../../packages/emulator/src/seed";
import { type ContractEnv, type Json, UNKNOWN_ID } from "./env";

/** Defines the additions suite. */
export function describeAdditions(env: ContractEnv): void {
  const call = (...args: Parameters<ContractEnv["harness"]["call"]>): ReturnType<ContractEnv["harness"]["call"]> => env.harness.call(...args);
  const registries = "/api/v2/sandboxes/registries";

  describe("additions: sandbox registries, a workspace by id", () => {
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

    test("a workspace by id: 200 (a seeded one too), 404, 422 for a malformed id", async () => {
      const org = { apiKey: DEFAULT_ORG_API_KEY };
      expect((await call("GET", `/api/v1/workspaces/${DEFAULT_WORKSPACE_ID}`, { ...org, expect: 200 })).body).toMatchObject({ id: DEFAULT_WORKSPACE_ID });
      await call("GET", `/api/v1/workspaces/${UNKNOWN_ID}`, { ...org, expect: 404 });
      await call("GET", "/api/v1/workspaces/not-a-uuid", { ...org, expect: 422, request: "invalid" });
      expect((await call("GET", `/api/v1/workspaces?data_plane_id=${UNKNOWN_ID}`, { ...org, expect: 200 })).body).toEqual([]);
    });
  });
}
