// The organization-and-access resources built from declarations
// (provider/engine/crud.ts): Workspace, Role, TagKey and TagValue, called
// in-process against the emulator as the native provider calls them: create,
// refresh, in-place update, import by id and by natural key, the taken-name
// error, permission realism (a workspace-scoped key, an unknown permission),
// delete.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ConflictError, InvalidRequestError, PermissionDeniedError } from "../../provider/client/errors";
import { resource as role } from "../../provider/organization/role";
import { configureWith, operation } from "../helpers/providerConfig";
import type { Properties } from "../../provider/engine/resource";
import { resource as tagKey } from "../../provider/organization/tagKey";
import { resource as tagValue } from "../../provider/organization/tagValue";
import { resource as ssoSettings } from "../../provider/organization/ssoSettings";
import { resource as tagging } from "../../provider/organization/tagging";
import { organizationResource as organizationTtlSettings, resource as ttlSettings } from "../../provider/organization/ttlSettings";
import { resource as usageLimit } from "../../provider/organization/usageLimit";
import { resource as workspace } from "../../provider/organization/workspace";
import { resource as workspaceSecret } from "../../provider/organization/workspaceSecret";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";

describe("organization resources against the emulator", () => {
  let emulator: Emulator;

  function configure(apiKey: string): void {
    const values: Record<string, string> = { "langsmith:apiUrl": emulator.url, "langsmith:apiKey": apiKey, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID };
    configureWith(values);
  }

  const requests = (method: string, fragment: string) =>
    emulator.control.requestLog().filter((entry) => entry.method === method && entry.path.includes(fragment));

  const warnings: string[] = [];

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    jest.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
      warnings.push(args.map(String).join(" "));
    });
    emulator = await createEmulator();
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  beforeEach(() => {
    configure(DEFAULT_ORG_API_KEY);
    emulator.control.clearRequestLog();
  });

  test("a workspace: create, refresh, rename in place, import by name and by id, taken name, delete", async () => {
    const made = await create(workspace, { displayName: "agents-dev" });
    expect(made.outs).toMatchObject({ displayName: "agents-dev", organizationId: expect.any(String), createdAt: expect.any(String) });
    expect(made.outs["lastOperation"]).toMatch(/^created workspace "agents-dev"/);

    const read = await workspace.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ displayName: "agents-dev" });

    const renamed = await update(workspace, made.id, made.outs, { displayName: "agents-development" });
    expect(renamed.diff).toMatchObject({ changes: true, replaces: [], updates: ["displayName"] });
    expect(requests("PATCH", `/api/v1/workspaces/${made.id}`)).toHaveLength(1);
    expect(renamed.outs["displayName"]).toBe("agents-development");

    // A new handle changes in place; another data plane replaces it, and the name must stay unique, so the old one goes first.
    expect(workspace.diff(renamed.outs, workspace.check(renamed.outs, { displayName: "agents-development", handle: "agents" }).inputs)).toMatchObject({
      replaces: [],
      updates: ["handle"],
    });
    const elsewhere = { displayName: "agents-development", dataPlaneId: "7d1f0c52-3a8e-4b6f-9c1d-2e5a7b9c0d14" };
    expect(workspace.diff(renamed.outs, workspace.check(renamed.outs, elsewhere).inputs)).toMatchObject({
      replaces: ["dataPlaneId"],
      deleteBeforeReplace: true,
    });

    const byName = await workspace.import(operation(), "agents-development");
    expect(byName).toMatchObject({ id: made.id, inputs: { displayName: "agents-development" } });
    const byId = await workspace.import(operation(), made.id);
    expect(byId?.inputs).toEqual({ displayName: "agents-development" });
    expect(workspace.diff(byId?.outputs as Properties, workspace.check({}, byId?.inputs ?? {}).inputs).changes).toBe(false);
    expect(await workspace.import(operation(), "no such workspace")).toBeUndefined();

    const taken = await create(workspace, { displayName: "agents-development" }).catch((error: unknown) => error);
    expect(taken).toBeInstanceOf(ConflictError);
    expect(String(taken)).toContain(made.id);
    expect(String(taken)).toMatch(/import/);

    await workspace.delete(operation(), made.id, renamed.outs);
    expect(await workspace.read(operation(), made.id, renamed.outs)).toBeUndefined();
    await workspace.delete(operation(), made.id, renamed.outs); // already gone: done
  });

  test("a workspace-scoped key cannot manage workspaces: the error names the scope", async () => {
    configure(DEFAULT_API_KEY);
    const refused = await create(workspace, { displayName: "not-allowed" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PermissionDeniedError);
    expect(String(refused)).toMatch(/creating workspace "not-allowed"/);
    expect(String(refused)).toMatch(/organization-scoped API key/);
  });

  test("a role: permissions checked before anything is sent, order ignored, updated whole, built-in roles not importable", async () => {
    const refused = await create(role, { displayName: "Reviewer", permissions: ["projects:read", "projects:reed", "organization:manage"] }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(String(refused)).toContain('"projects:reed"');
    expect(String(refused)).toContain('"organization:manage"');
    expect(requests("POST", "/orgs/current/roles")).toHaveLength(0);

    expect(role.check({}, { displayName: "Reviewer", permissions: ["read everything"] }).failures).toEqual([
      { property: "permissions", reason: expect.stringContaining("<area>:<verb>") },
    ]);

    const made = await create(role, { displayName: "Reviewer", permissions: ["runs:read", "projects:read"] });
    expect(made.outs).toMatchObject({ name: "CUSTOM", accessScope: "workspace", description: "" });
    expect(role.diff(made.outs, role.check(made.outs, { displayName: "Reviewer", permissions: ["projects:read", "runs:read"] }).inputs).changes).toBe(false);

    const changed = await update(role, made.id, made.outs, {
      displayName: "Reviewer",
      description: "reads traces",
      permissions: ["projects:read", "runs:read", "datasets:read"],
    });
    expect(changed.diff.updates).toEqual(["description", "permissions"]);
    const patch = requests("PATCH", `/orgs/current/roles/${made.id}`);
    expect(patch).toHaveLength(1);

    const read = await role.read(operation(), made.id, changed.outs);
    expect(read?.props["permissions"]).toEqual(["projects:read", "runs:read", "datasets:read"]);

    expect(await role.import(operation(), "Reviewer")).toMatchObject({ id: made.id, inputs: { displayName: "Reviewer", description: "reads traces" } });
    expect(await role.import(operation(), "Workspace Admin")).toBeUndefined();

    await role.delete(operation(), made.id, changed.outs);
    expect(await role.read(operation(), made.id, changed.outs)).toBeUndefined();
  });

  test("tag keys and values in a workspace of the stack: create, rename, import by key and by <tagKeyId>/<value>", async () => {
    const home = await create(workspace, { displayName: "tags-home" });
    const key = await create(tagKey, { workspaceId: home.id, key: "env", description: "environment" });
    expect(key.outs).toMatchObject({ workspaceId: home.id, tenantId: home.id, key: "env" });
    const value = await create(tagValue, { workspaceId: home.id, tagKeyId: key.id, value: "prod" });
    // They live in the workspace named by workspaceId, not in the configured one.
    expect(await tagKey.import(operation(), "env")).toBeUndefined();

    const renamed = await update(tagValue, value.id, value.outs, { workspaceId: home.id, tagKeyId: key.id, value: "production" });
    expect(renamed.diff.updates).toEqual(["value"]);
    expect((await tagValue.read(operation(), value.id, renamed.outs))?.props["value"]).toBe("production");

    // Objects of a workspace other than the configured one are imported as `<workspaceId>/...`.
    expect(await tagKey.import(operation(), `${home.id}/env`)).toMatchObject({
      id: key.id,
      inputs: { workspaceId: home.id, key: "env", description: "environment" },
    });
    expect(await tagValue.import(operation(), `${home.id}/${key.id}/production`)).toMatchObject({
      id: value.id,
      inputs: { workspaceId: home.id, tagKeyId: key.id, value: "production" },
    });
    expect(await tagValue.import(operation(), `${home.id}/${key.id}/${value.id}`)).toMatchObject({ id: value.id });
    expect(await tagValue.import(operation(), `${key.id}/production`)).toBeUndefined();

    configure(DEFAULT_ORG_API_KEY);
    await tagValue.delete(operation(), value.id, renamed.outs);
    await tagKey.delete(operation(), key.id, key.outs);
    expect(await tagKey.read(operation(), key.id, key.outs)).toBeUndefined();
    await workspace.delete(operation(), home.id, home.outs);
  });

  test("retention settings: create and update are one PUT each; destroy leaves them with one warning", async () => {
    const made = await create(ttlSettings, { defaultTraceTier: "longlived" });
    expect(made.outs).toMatchObject({ defaultTraceTier: "longlived", applyToAllProjects: false, configuredBy: "user", tenantId: DEFAULT_WORKSPACE_ID });
    expect(requests("PUT", "/api/v1/ttl-settings")).toHaveLength(1);
    const changed = await update(ttlSettings, made.id, made.outs, { defaultTraceTier: "shortlived", applyToAllProjects: true });
    expect(changed.diff.updates).toEqual(["defaultTraceTier", "applyToAllProjects"]);
    expect(requests("PUT", "/api/v1/ttl-settings")).toHaveLength(2);
    expect((await ttlSettings.read(operation(), made.id, changed.outs))?.props).toMatchObject({ defaultTraceTier: "shortlived", applyToAllProjects: true });
    expect(await ttlSettings.import(operation(), made.id)).toMatchObject({ inputs: { defaultTraceTier: "shortlived", applyToAllProjects: true } });

    warnings.length = 0;
    await ttlSettings.delete(operation(), made.id, changed.outs);
    expect(warnings).toEqual([expect.stringContaining("the service cannot delete it")]);
    expect(emulator.control.requestLog().filter((entry) => entry.method !== "GET" && entry.method !== "PUT")).toEqual([]);

    const organization = await create(organizationTtlSettings, { defaultTraceTier: "longlived" });
    expect(requests("PUT", "/api/v1/orgs/ttl-settings")).toHaveLength(1);
    expect(organization.outs).not.toHaveProperty("tenantId");
  });

  test("a usage limit: upsert by type refused when the type is taken, value in place (PUT with the id), delete", async () => {
    const made = await create(usageLimit, { limitType: "monthly_traces", limitValue: 1000 });
    const taken = await create(usageLimit, { limitType: "monthly_traces", limitValue: 5 }).catch((error: unknown) => error);
    expect(taken).toBeInstanceOf(ConflictError);
    expect(String(taken)).toContain(made.id);
    expect(requests("PUT", "/usage-limits")).toHaveLength(1);

    const changed = await update(usageLimit, made.id, made.outs, { limitType: "monthly_traces", limitValue: 2000 });
    expect(changed.diff.updates).toEqual(["limitValue"]);
    expect((await usageLimit.read(operation(), made.id, changed.outs))?.props["limitValue"]).toBe(2000);
    expect(await usageLimit.import(operation(), "monthly_traces")).toMatchObject({ id: made.id, inputs: { limitType: "monthly_traces", limitValue: 2000 } });
    expect(usageLimit.diff(changed.outs, usageLimit.check({}, { limitType: "monthly_longlived_traces", limitValue: 2000 }).inputs).replaces).toEqual([
      "limitType",
    ]);

    await usageLimit.delete(operation(), made.id, changed.outs);
    expect(await usageLimit.read(operation(), made.id, changed.outs)).toBeUndefined();
  });

  test("SSO settings: the XML a secret (fingerprinted, never in the outputs), fields in place, delete", async () => {
    const xml = "<EntityDescriptor>canary-sso-xml-51d2</EntityDescriptor>";
    const roleId = "00000000-0000-4000-8000-000000000a06";
    const made = await create(ssoSettings, { metadataXml: xml, defaultWorkspaceRoleId: roleId, defaultWorkspaceIds: [DEFAULT_WORKSPACE_ID] });
    expect(JSON.stringify(made.outs)).not.toContain("canary-sso-xml");
    expect(made.outs["secretFingerprints"]).toMatchObject({ values: { metadataXml: expect.any(String) } });
    // The same XML is no change; another XML is an in-place change.
    expect(
      ssoSettings.diff(
        made.outs,
        ssoSettings.check(made.outs, { metadataXml: xml, defaultWorkspaceRoleId: roleId, defaultWorkspaceIds: [DEFAULT_WORKSPACE_ID] }).inputs,
      ).changes,
    ).toBe(false);
    const changed = await update(ssoSettings, made.id, made.outs, {
      metadataXml: xml.replace("51d2", "9a9a"),
      defaultWorkspaceRoleId: roleId,
      defaultWorkspaceIds: [DEFAULT_WORKSPACE_ID],
      ssoGroupsEnabled: true,
    });
    expect(changed.diff.updates).toEqual(["metadataXml", "ssoGroupsEnabled"]);
    const read = await ssoSettings.read(operation(), made.id, changed.outs);
    expect(JSON.stringify(read)).not.toContain("canary-sso-xml");
    const imported = await ssoSettings.import(operation(), made.id);
    expect(JSON.stringify(imported)).not.toContain("canary-sso-xml");
    expect(imported?.inputs).toMatchObject({ defaultWorkspaceRoleId: roleId, ssoGroupsEnabled: true });
    await ssoSettings.delete(operation(), made.id, changed.outs);
    expect(await ssoSettings.read(operation(), made.id, changed.outs)).toBeUndefined();
  });

  test("a tagging: attaches a value to an object, read from the grouped list, replaced on change, deleted", async () => {
    const key = await create(tagKey, { key: "team" });
    const value = await create(tagValue, { tagKeyId: key.id, value: "agents" });
    const resourceId = "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01";
    const made = await create(tagging, { tagValueId: value.id, resourceType: "project", resourceId });
    const read = await tagging.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ tagValueId: value.id, resourceType: "project", resourceId });
    expect(tagging.diff(made.outs, tagging.check({}, { tagValueId: value.id, resourceType: "dataset", resourceId }).inputs)).toMatchObject({
      replaces: ["resourceType"],
      deleteBeforeReplace: false,
    });
    expect(await tagging.import(operation(), made.id)).toMatchObject({ inputs: { tagValueId: value.id, resourceType: "project", resourceId } });
    await tagging.delete(operation(), made.id, made.outs);
    expect(await tagging.read(operation(), made.id, made.outs)).toBeUndefined();
    await tagKey.delete(operation(), key.id, key.outs);
  });

  test("a workspace secret: the value set by one upsert, fingerprinted, never read back or imported; a taken key refused; delete by a null upsert", async () => {
    const canary = "sk-canary-workspace-secret-6e1f";
    const made = await create(workspaceSecret, { key: "OPENAI_API_KEY", value: canary });
    expect(made.id).toBe("OPENAI_API_KEY");
    expect(emulator.control.workspaceSecret(DEFAULT_WORKSPACE_ID, "OPENAI_API_KEY")).toBe(canary);
    expect(JSON.stringify(made.outs)).not.toContain(canary);
    expect(workspaceSecret.diff(made.outs, workspaceSecret.check(made.outs, { key: "OPENAI_API_KEY", value: canary }).inputs).changes).toBe(false);

    const changed = await update(workspaceSecret, made.id, made.outs, { key: "OPENAI_API_KEY", value: `${canary}-2` });
    expect(changed.diff.updates).toEqual(["value"]);
    expect(emulator.control.workspaceSecret(DEFAULT_WORKSPACE_ID, "OPENAI_API_KEY")).toBe(`${canary}-2`);
    expect(requests("POST", "/workspaces/current/secrets")).toHaveLength(2);

    expect((await workspaceSecret.read(operation(), made.id, changed.outs))?.props).toMatchObject({ key: "OPENAI_API_KEY" });
    const imported = await workspaceSecret.import(operation(), "OPENAI_API_KEY");
    expect(imported).toMatchObject({ id: "OPENAI_API_KEY", inputs: { key: "OPENAI_API_KEY" } });
    expect(JSON.stringify(imported)).not.toContain(canary);

    const taken = await create(workspaceSecret, { key: "OPENAI_API_KEY", value: "other" }).catch((error: unknown) => error);
    expect(taken).toBeInstanceOf(ConflictError);
    expect(String(taken)).toMatch(/pulumi import langsmith:index:WorkspaceSecret <name> OPENAI_API_KEY/);
    expect(emulator.control.workspaceSecret(DEFAULT_WORKSPACE_ID, "OPENAI_API_KEY")).toBe(`${canary}-2`);

    await workspaceSecret.delete(operation(), made.id, changed.outs);
    expect(emulator.control.workspaceSecret(DEFAULT_WORKSPACE_ID, "OPENAI_API_KEY")).toBeUndefined();
    expect(await workspaceSecret.read(operation(), made.id, changed.outs)).toBeUndefined();
  });
});
