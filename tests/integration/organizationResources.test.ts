// The organization-and-access resources built from declarations
// (provider/shared/crud.ts): Workspace, Role, TagKey and TagValue, called
// in-process against the emulator as the native provider calls them: create,
// refresh, in-place update, import by id and by natural key, the taken-name
// error, permission realism (a workspace-scoped key, an unknown permission),
// delete.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ConflictError, InvalidRequestError, PermissionDeniedError } from "../../provider/client/errors";
import { resource as role } from "../../provider/role";
import { configureProvider } from "../../provider/shared/context";
import type { LangSmithResource, Properties } from "../../provider/shared/resource";
import { resource as tagKey } from "../../provider/tagKey";
import { resource as tagValue } from "../../provider/tagValue";
import { resource as workspace } from "../../provider/workspace";

describe("organization resources against the emulator", () => {
  let emulator: Emulator;

  function configure(apiKey: string): void {
    const values: Record<string, string> = { "langsmith:apiUrl": emulator.url, "langsmith:apiKey": apiKey, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID };
    configureProvider({ config: { get: (key: string) => values[key], require: (key: string) => values[key] ?? "" } });
  }

  /** check, then create, as the engine runs them. */
  async function create(resource: LangSmithResource, news: Properties): Promise<{ id: string; outs: Properties; inputs: Properties }> {
    const checked = resource.check({}, news);
    expect(checked.failures).toEqual([]);
    const created = await resource.create(checked.inputs);
    return { id: created.id, outs: created.outs as Properties, inputs: checked.inputs };
  }

  /** check, diff, then update; returns the diff and the new outputs. */
  async function update(resource: LangSmithResource, id: string, olds: Properties, news: Properties) {
    const checked = resource.check(olds, news);
    expect(checked.failures).toEqual([]);
    const diff = resource.diff(olds, checked.inputs);
    const updated = await resource.update(id, olds, checked.inputs);
    return { diff, outs: updated.outs as Properties };
  }

  const requests = (method: string, fragment: string) => emulator.control.requestLog().filter((entry) => entry.method === method && entry.path.includes(fragment));

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
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

    const read = await workspace.read(made.id, made.outs);
    expect(read?.props).toMatchObject({ displayName: "agents-dev" });

    const renamed = await update(workspace, made.id, made.outs, { displayName: "agents-development" });
    expect(renamed.diff).toMatchObject({ changes: true, replaces: [], updates: ["displayName"] });
    expect(requests("PATCH", `/api/v1/workspaces/${made.id}`)).toHaveLength(1);
    expect(renamed.outs["displayName"]).toBe("agents-development");

    // A handle cannot change: a replacement, and the name must stay unique, so the old one goes first.
    expect(workspace.diff(renamed.outs, workspace.check(renamed.outs, { displayName: "agents-development", handle: "agents" }).inputs)).toMatchObject({ replaces: ["handle"], deleteBeforeReplace: true });

    const byName = await workspace.import("agents-development");
    expect(byName).toMatchObject({ id: made.id, inputs: { displayName: "agents-development" } });
    const byId = await workspace.import(made.id);
    expect(byId?.inputs).toEqual({ displayName: "agents-development" });
    expect(workspace.diff(byId?.outputs as Properties, workspace.check({}, byId?.inputs ?? {}).inputs).changes).toBe(false);
    expect(await workspace.import("no such workspace")).toBeUndefined();

    const taken = await create(workspace, { displayName: "agents-development" }).catch((error: unknown) => error);
    expect(taken).toBeInstanceOf(ConflictError);
    expect(String(taken)).toContain(made.id);
    expect(String(taken)).toMatch(/import/);

    await workspace.delete(made.id, renamed.outs);
    expect(await workspace.read(made.id, renamed.outs)).toBeUndefined();
    await workspace.delete(made.id, renamed.outs); // already gone: done
  });

  test("a workspace-scoped key cannot manage workspaces: the error names the scope", async () => {
    configure(DEFAULT_API_KEY);
    const refused = await create(workspace, { displayName: "not-allowed" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PermissionDeniedError);
    expect(String(refused)).toMatch(/creating workspace "not-allowed"/);
    expect(String(refused)).toMatch(/organization-scoped API key/);
  });

  test("a role: permissions checked before anything is sent, order ignored, updated whole, built-in roles not importable", async () => {
    const refused = await create(role, { displayName: "Reviewer", permissions: ["projects:read", "projects:reed", "organization:manage"] }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(String(refused)).toContain('"projects:reed"');
    expect(String(refused)).toContain('"organization:manage"');
    expect(requests("POST", "/orgs/current/roles")).toHaveLength(0);

    expect(role.check({}, { displayName: "Reviewer", permissions: ["read everything"] }).failures).toEqual([{ property: "permissions", reason: expect.stringContaining("<area>:<verb>") }]);

    const made = await create(role, { displayName: "Reviewer", permissions: ["runs:read", "projects:read"] });
    expect(made.outs).toMatchObject({ name: "CUSTOM", accessScope: "workspace", description: "" });
    expect(role.diff(made.outs, role.check(made.outs, { displayName: "Reviewer", permissions: ["projects:read", "runs:read"] }).inputs).changes).toBe(false);

    const changed = await update(role, made.id, made.outs, { displayName: "Reviewer", description: "reads traces", permissions: ["projects:read", "runs:read", "datasets:read"] });
    expect(changed.diff.updates).toEqual(["description", "permissions"]);
    const patch = requests("PATCH", `/orgs/current/roles/${made.id}`);
    expect(patch).toHaveLength(1);

    const read = await role.read(made.id, changed.outs);
    expect(read?.props["permissions"]).toEqual(["projects:read", "runs:read", "datasets:read"]);

    expect(await role.import("Reviewer")).toMatchObject({ id: made.id, inputs: { displayName: "Reviewer", description: "reads traces" } });
    expect(await role.import("Workspace Admin")).toBeUndefined();

    await role.delete(made.id, changed.outs);
    expect(await role.read(made.id, changed.outs)).toBeUndefined();
  });

  test("tag keys and values in a workspace of the stack: create, rename, import by key and by <tagKeyId>/<value>", async () => {
    const home = await create(workspace, { displayName: "tags-home" });
    const key = await create(tagKey, { workspaceId: home.id, key: "env", description: "environment" });
    expect(key.outs).toMatchObject({ workspaceId: home.id, tenantId: home.id, key: "env" });
    const value = await create(tagValue, { workspaceId: home.id, tagKeyId: key.id, value: "prod" });
    // They live in the workspace named by workspaceId, not in the configured one.
    expect(await tagKey.import("env")).toBeUndefined();

    const renamed = await update(tagValue, value.id, value.outs, { workspaceId: home.id, tagKeyId: key.id, value: "production" });
    expect(renamed.diff.updates).toEqual(["value"]);
    expect((await tagValue.read(value.id, renamed.outs))?.props["value"]).toBe("production");

    configure(DEFAULT_ORG_API_KEY);
    // Imports read the stack's configured workspace; the tag lives in another, so name it by configuring that one.
    const values: Record<string, string> = { "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_ORG_API_KEY, "langsmith:workspaceId": home.id };
    configureProvider({ config: { get: (k: string) => values[k], require: (k: string) => values[k] ?? "" } });
    expect(await tagKey.import("env")).toMatchObject({ id: key.id, inputs: { key: "env", description: "environment" } });
    expect(await tagValue.import(`${key.id}/production`)).toMatchObject({ id: value.id, inputs: { tagKeyId: key.id, value: "production" } });
    expect(await tagValue.import(`${key.id}/${value.id}`)).toMatchObject({ id: value.id });

    configure(DEFAULT_ORG_API_KEY);
    await tagValue.delete(value.id, renamed.outs);
    await tagKey.delete(key.id, key.outs);
    expect(await tagKey.read(key.id, key.outs)).toBeUndefined();
    await workspace.delete(home.id, home.outs);
  });
});
