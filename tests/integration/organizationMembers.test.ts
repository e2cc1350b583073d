// OrganizationMember and WorkspaceMember (provider/organizationMember,
// provider/workspaceMember), in-process against the emulator: an invitation
// is a converged resource until accepted, then the same resource (same id,
// the email) is an active member; the organization role changes by PATCH
// when active and by a new invitation while pending; a workspace membership
// needs an accepted invitation; import by email; delete removes or revokes.
import { createEmulator, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ConflictError, InvalidRequestError } from "../../provider/client/errors";
import { resource as organizationMember } from "../../provider/organization/members/organizationMember";
import { configureWith, operation } from "../helpers/providerConfig";
import type { Properties } from "../../provider/engine/resource";
import { resource as workspaceMember } from "../../provider/organization/members/workspaceMember";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";

const ORGANIZATION_USER = "00000000-0000-4000-8000-000000000a03";
const ORGANIZATION_VIEWER = "00000000-0000-4000-8000-000000000a04";
const WORKSPACE_EDITOR = "00000000-0000-4000-8000-000000000a06";
const WORKSPACE_VIEWER = "00000000-0000-4000-8000-000000000a07";

describe("organization and workspace members against the emulator", () => {
  let emulator: Emulator;

  const requests = (method: string, fragment: string) =>
    emulator.control.requestLog().filter((entry) => entry.method === method && entry.path.includes(fragment));

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator();
    const values: Record<string, string> = {
      "langsmith:apiUrl": emulator.url,
      "langsmith:apiKey": DEFAULT_ORG_API_KEY,
      "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
    };
    configureWith(values);
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  beforeEach(() => emulator.control.clearRequestLog());

  test("an invitation: pending and converged, a role change re-invites, accepted it is the same resource, active role by PATCH, import by email, removal", async () => {
    expect(organizationMember.check({}, { email: "Ana@Example.com" }).failures).toEqual([{ property: "email", reason: expect.stringContaining("lower-case") }]);

    const invited = await create(organizationMember, {
      email: "ana@example.com",
      roleId: ORGANIZATION_USER,
      workspaceIds: [DEFAULT_WORKSPACE_ID],
      workspaceRoleId: WORKSPACE_VIEWER,
    });
    expect(invited.id).toBe("ana@example.com");
    expect(invited.outs).toMatchObject({ email: "ana@example.com", status: "pending", roleId: ORGANIZATION_USER });
    expect(invited.outs).not.toHaveProperty("workspaceIds");
    const pending = await organizationMember.read(operation(), invited.id, invited.outs);
    expect(pending?.props).toMatchObject({ status: "pending", roleId: ORGANIZATION_USER });
    expect(
      organizationMember.diff(
        pending?.props ?? {},
        organizationMember.check({}, { email: "ana@example.com", roleId: ORGANIZATION_USER, workspaceIds: [] }).inputs,
      ).changes,
    ).toBe(false);

    const again = await create(organizationMember, { email: "ana@example.com" }).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(ConflictError);
    expect(String(again)).toMatch(/already invited.*pulumi import langsmith:index:OrganizationMember <name> ana@example.com/);

    // While pending, a new role is a new invitation (the old one revoked).
    const reinvited = await update(organizationMember, invited.id, invited.outs, {
      email: "ana@example.com",
      roleId: ORGANIZATION_VIEWER,
      workspaceIds: [DEFAULT_WORKSPACE_ID],
      workspaceRoleId: WORKSPACE_VIEWER,
    });
    expect(reinvited.diff.updates).toEqual(["roleId"]);
    expect(requests("DELETE", "/pending")).toHaveLength(1);
    expect(reinvited.outs).toMatchObject({ status: "pending", roleId: ORGANIZATION_VIEWER });

    // Accepted: the same resource, now active, with a new identity; and a member of the invited workspace.
    emulator.control.acceptInvite(reinvited.outs["identityId"] as string);
    const active = await organizationMember.read(operation(), invited.id, reinvited.outs);
    expect(active?.props).toMatchObject({ status: "active", roleId: ORGANIZATION_VIEWER });
    expect(active?.props["identityId"]).not.toBe(reinvited.outs["identityId"]);

    emulator.control.clearRequestLog();
    const changed = await update(organizationMember, invited.id, active?.props ?? {}, { email: "ana@example.com", roleId: ORGANIZATION_USER });
    expect(requests("PATCH", "/orgs/current/members/")).toHaveLength(1);
    expect(changed.outs).toMatchObject({ status: "active", roleId: ORGANIZATION_USER });

    expect(await organizationMember.import(operation(), "ANA@example.com")).toMatchObject({
      id: "ana@example.com",
      inputs: { email: "ana@example.com", roleId: ORGANIZATION_USER },
    });

    // Her membership of the invited workspace is imported, its role changed in place, then removed (she stays in the organization).
    const membership = await workspaceMember.import(operation(), `${DEFAULT_WORKSPACE_ID}/ana@example.com`);
    expect(membership).toMatchObject({
      id: "ana@example.com",
      inputs: { workspaceId: DEFAULT_WORKSPACE_ID, email: "ana@example.com", roleId: WORKSPACE_VIEWER },
    });
    const promoted = await update(workspaceMember, "ana@example.com", membership?.outputs as Properties, {
      workspaceId: DEFAULT_WORKSPACE_ID,
      email: "ana@example.com",
      roleId: WORKSPACE_EDITOR,
    });
    expect(promoted.diff.updates).toEqual(["roleId"]);
    expect(promoted.outs).toMatchObject({ status: "active", roleId: WORKSPACE_EDITOR, tenantId: DEFAULT_WORKSPACE_ID });
    await workspaceMember.delete(operation(), "ana@example.com", promoted.outs);
    expect(await workspaceMember.read(operation(), "ana@example.com", promoted.outs)).toBeUndefined();
    expect((await organizationMember.read(operation(), invited.id, changed.outs))?.props["status"]).toBe("active");

    // Added back by the resource (she is an active member now).
    const added = await create(workspaceMember, { email: "ana@example.com", roleId: WORKSPACE_VIEWER });
    expect(added.outs).toMatchObject({ status: "active", roleId: WORKSPACE_VIEWER });

    await organizationMember.delete(operation(), invited.id, changed.outs);
    expect(await organizationMember.read(operation(), invited.id, changed.outs)).toBeUndefined();
    expect(await workspaceMember.read(operation(), "ana@example.com", added.outs)).toBeUndefined();
  });

  test("a workspace membership needs an accepted invitation; revoking a pending invitation", async () => {
    const invited = await create(organizationMember, { email: "bo@example.com" });
    const refused = await create(workspaceMember, { email: "bo@example.com" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(String(refused)).toMatch(/has not accepted the organization's invitation yet; list this workspace in the OrganizationMember's workspaceIds/);
    const stranger = await create(workspaceMember, { email: "cy@example.com" }).catch((error: unknown) => error);
    expect(String(stranger)).toMatch(/not a member of the organization/);
    expect(requests("POST", "/workspaces/current/members")).toHaveLength(0);

    await organizationMember.delete(operation(), invited.id, invited.outs);
    expect(requests("DELETE", "/pending")).toHaveLength(1);
    expect(await organizationMember.read(operation(), invited.id, invited.outs)).toBeUndefined();
    expect(await organizationMember.import(operation(), "bo@example.com")).toBeUndefined();
  });
});
