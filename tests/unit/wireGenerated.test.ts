// The wire schemas in provider/client/wire/ and packages/emulator/src/wire/
// are generated from the repository's contract copy by
// scripts/generate-wire.mjs (@hey-api/openapi-ts, zod plugin). They must be
// what the contract generates today, and each flavour must read the wire as
// docs/contract.md says: the client's requests strict, its responses lenient,
// the emulator's requests as pydantic reads them.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import * as emulatorOrg from "../../packages/emulator/src/wire/organizationAndAccess";
import * as requestsOrg from "../../provider/client/wire/organizationAndAccess.requests";
import * as responsesOrg from "../../provider/client/wire/organizationAndAccess.responses";

const root = join(__dirname, "..", "..");

describe("generated wire schemas", () => {
  it("are what the contract generates (node scripts/generate-wire.mjs)", () => {
    const run = () => execFileSync(process.execPath, [join(root, "scripts", "generate-wire.mjs"), "--check"], { cwd: root, encoding: "utf8", stdio: "pipe" });
    expect(run).not.toThrow();
  }, 60_000);

  const role = { display_name: "Auditor", description: "reads", permissions: ["projects:read"] };

  it("client requests refuse a key the contract does not declare", () => {
    expect(requestsOrg.zCreateRoleRequest.safeParse(role).success).toBe(true);
    expect(requestsOrg.zCreateRoleRequest.safeParse({ ...role, colour: "red" }).success).toBe(false);
  });

  it("client responses keep unknown fields and read ids and times as plain strings", () => {
    const workspace = {
      id: "ws-1",
      organization_id: "org-1",
      display_name: "dev",
      created_at: "2026-01-01 10:00",
      is_personal: false,
      is_deleted: false,
      tenant_handle: null,
      extra: 1,
    };
    const parsed = responsesOrg.zAppSchemasTenant.safeParse(workspace);
    expect(parsed.success ? parsed.data : parsed.error.issues).toMatchObject({ id: "ws-1", extra: 1 });
  });

  it("emulator requests drop unknown keys and check formats", () => {
    expect(emulatorOrg.zCreateRoleRequest.parse({ ...role, colour: "red" })).toEqual(role);
    expect(emulatorOrg.zServiceAccountCreateRequest.safeParse({ name: "ci", workspaces: [{ workspace_id: "not-a-uuid" }] }).success).toBe(false);
  });
});
