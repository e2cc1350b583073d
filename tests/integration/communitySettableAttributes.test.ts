// Two attributes the community Terraform provider (1.2.0) sets that were
// outputs, or replaced the object, here (issue 44), driven in-process against
// the emulator as the native provider runs them: a workspace's handle,
// changed in place with the service's handle request, and a workspace's own
// long-lived retention, set with the service's workspace retention request;
// each read back, and a state the previous release made previewing with no
// change.
import { createEmulator, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import type { Properties } from "../../provider/engine/resource";
import { resource as ttlSettings } from "../../provider/organization/ttlSettings";
import { resource as workspace } from "../../provider/organization/workspace";
import { configureWith, operation } from "../helpers/providerConfig";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";

describe("the community provider's settable attributes", () => {
  let emulator: Emulator;

  const requests = (method: string, path: string) => emulator.control.requestLog().filter((entry) => entry.method === method && entry.path === path);

  const get = async (path: string, workspaceId = DEFAULT_WORKSPACE_ID): Promise<unknown> =>
    (await fetch(`${emulator.url}${path}`, { headers: { "x-api-key": DEFAULT_ORG_API_KEY, "x-tenant-id": workspaceId } })).json();

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator();
    configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_ORG_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  test("Workspace handle: set at the create, changed in place with POST /api/v1/settings/handle for that workspace (no replacement, no PATCH), read back; a handle another workspace has is refused", async () => {
    const made = await create(workspace, { displayName: "handles-team", handle: "handles-team" });
    const listed = async (id: string) => ((await get("/api/v1/workspaces")) as Properties[]).find((w) => w["id"] === id);
    expect(await listed(made.id)).toMatchObject({ tenant_handle: "handles-team" });

    const changed = await update(workspace, made.id, made.outs, { displayName: "handles-team", handle: "handles-team-v2" });
    expect(changed.diff).toMatchObject({ changes: true, replaces: [], updates: ["handle"] });
    const posts = requests("POST", "/api/v1/settings/handle");
    expect(posts).toHaveLength(1);
    // Sent for the workspace itself, not the stack's default one.
    expect((await listed(DEFAULT_WORKSPACE_ID))?.["tenant_handle"]).not.toBe("handles-team-v2");
    expect(requests("PATCH", `/api/v1/workspaces/${made.id}`)).toHaveLength(0);
    expect(await listed(made.id)).toMatchObject({ tenant_handle: "handles-team-v2", display_name: "handles-team" });
    expect(changed.outs).toMatchObject({ handle: "handles-team-v2" });
    const read = await workspace.read(operation(), made.id, changed.outs);
    expect(read?.props).toMatchObject({ handle: "handles-team-v2" });
    expect(workspace.diff(read?.props as Properties, workspace.check({}, { displayName: "handles-team", handle: "handles-team-v2" }).inputs)).toMatchObject({
      changes: false,
    });

    // A rename and a new handle together: one PATCH, one handle request.
    const both = await update(workspace, made.id, read?.props as Properties, { displayName: "handles-team-renamed", handle: "handles-team-v3" });
    expect(both.diff).toMatchObject({ replaces: [], updates: expect.arrayContaining(["displayName", "handle"]) });
    expect(requests("PATCH", `/api/v1/workspaces/${made.id}`)).toHaveLength(1);
    expect(await listed(made.id)).toMatchObject({ tenant_handle: "handles-team-v3", display_name: "handles-team-renamed" });

    const other = await create(workspace, { displayName: "handles-other" });
    await expect(update(workspace, other.id, other.outs, { displayName: "handles-other", handle: "handles-team-v3" })).rejects.toThrow(
      /setting its handle.*409/,
    );
    await workspace.delete(operation(), other.id, other.outs);
    await workspace.delete(operation(), made.id, both.outs);
  });

  test("TtlSettings longlivedTtlDays: set with PUT /workspaces/current/ttl-settings at the create, changed in place, read back; unset, the service's value is no change, and a state of the previous release (the days an output) previews with no change", async () => {
    const inputs = { workspaceId: DEFAULT_WORKSPACE_ID, defaultTraceTier: "longlived", longlivedTtlDays: 90 };
    const made = await create(ttlSettings, inputs);
    const puts = () => requests("PUT", "/workspaces/current/ttl-settings");
    expect(puts()).toHaveLength(1);
    const settings = async () => ((await get("/api/v1/ttl-settings")) as Properties[])[0];
    expect(await settings()).toMatchObject({ default_trace_tier: "longlived", longlived_ttl_days: 90 });
    expect(made.outs).toMatchObject({ longlivedTtlDays: 90, defaultTraceTier: "longlived" });

    const longer = await update(ttlSettings, made.id, made.outs, { ...inputs, longlivedTtlDays: 180 });
    expect(longer.diff).toMatchObject({ changes: true, replaces: [], updates: ["longlivedTtlDays"] });
    expect(puts()).toHaveLength(2);
    expect(await settings()).toMatchObject({ longlived_ttl_days: 180 });
    const read = await ttlSettings.read(operation(), made.id, longer.outs);
    expect(read?.props).toMatchObject({ longlivedTtlDays: 180 });
    expect(ttlSettings.diff(read?.props as Properties, ttlSettings.check({}, { ...inputs, longlivedTtlDays: 180 }).inputs)).toMatchObject({ changes: false });

    // Unset: the service's value is recorded and is no change; nothing is sent for it.
    const unset = await update(ttlSettings, made.id, read?.props as Properties, { workspaceId: DEFAULT_WORKSPACE_ID, defaultTraceTier: "shortlived" });
    expect(unset.diff).toMatchObject({ updates: ["defaultTraceTier"] });
    expect(puts()).toHaveLength(2);
    expect(unset.outs).toMatchObject({ longlivedTtlDays: 180 });

    // The previous release recorded the days as an output only: its state previews with no change.
    const previous = {
      workspaceId: DEFAULT_WORKSPACE_ID,
      defaultTraceTier: "shortlived",
      applyToAllProjects: false,
      longlivedTtlDays: 400,
      configuredBy: "user",
      stateVersion: 1,
    };
    expect(ttlSettings.diff(previous, ttlSettings.check({}, { workspaceId: DEFAULT_WORKSPACE_ID, defaultTraceTier: "shortlived" }).inputs)).toMatchObject({
      changes: false,
    });

    expect(ttlSettings.check({}, { ...inputs, longlivedTtlDays: 0 }).failures).toEqual([
      { property: "longlivedTtlDays", reason: expect.stringMatching(/1 or more/) },
    ]);
  });
});
