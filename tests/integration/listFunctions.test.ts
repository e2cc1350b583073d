// The generated list functions (`get<Kinds>`), run as the native provider
// runs them (`NativeFunction.run` with the operation's context) against a
// real emulator, over objects made through the kinds' own creates: every
// object found, in the resource's output shape; each filter sent narrows the
// list; a list longer than a page read to the end; a filter matched here
// (a workspace's display name); a kind listed under its parent; and the
// errors of a missing parent or a filter of the wrong type; the properties
// a listing declares beyond the resource's outputs (`listedOnly`: a
// dataset's and a project's statistics, an example's name, a workspace's
// kind and the caller's role in it, a member's account), each compared with
// what was made; a workspace deleted listed only when asked for; a
// workspace's pending invitations; and the generated lookups (`get<Kind>`)
// by id, by natural key, under a parent.
import { createEmulator, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ProviderSession } from "../../provider/engine/context/session";
import { ListArgumentError } from "../../provider/engine/kind/listFunction";
import type { Properties } from "../../provider/engine/resource";
import { nativeFunction } from "../../provider/native/functions";
import { LookupArgumentError } from "../../provider/native/lookupFunctions";
import { loadKind } from "../../provider/registry";

describe("list functions against the emulator", () => {
  let emulator: Emulator;
  const session = new ProviderSession();
  const context = () => session.operation({ log: () => undefined });

  /** Creates an object through its kind's create, as `pulumi up` does; answers its id and outputs. */
  async function make(token: string, inputs: Properties): Promise<{ id: string; outs: Properties }> {
    const kind = loadKind(`langsmith:index:${token}`);
    if (kind === undefined) throw new Error(`no kind ${token}`);
    const checked = kind.check({}, inputs);
    expect(checked.failures).toEqual([]);
    const made = await kind.create(context(), checked.inputs);
    return { id: made.id, outs: (made.outs ?? {}) as Properties };
  }

  /** Runs a list function as the native provider does; answers its objects. */
  async function list(token: string, key: string, args: Properties = {}): Promise<Properties[]> {
    const fn = nativeFunction(`langsmith:index:${token}`);
    if (fn === undefined) throw new Error(`no function ${token}`);
    const session_ = context();
    const result = await fn.run(await session_.client(), args, session_);
    return result[key] as Properties[];
  }

  const ids = (objects: Properties[]) => objects.map((o) => o["id"]).sort();

  beforeAll(async () => {
    emulator = await createEmulator();
    const settings: Record<string, string> = {
      "langsmith:apiUrl": emulator.url,
      "langsmith:apiKey": DEFAULT_ORG_API_KEY,
      "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
    };
    session.configure((key) => settings[key]);
  }, 60_000);

  afterAll(async () => {
    await emulator?.close();
  });

  it("finds every project in the resource's output shape, and each filter narrows the list", async () => {
    const alpha = await make("Project", { name: "alpha-traces", description: "first" });
    const beta = await make("Project", { name: "beta-traces" });
    const all = await list("getProjects", "projects");
    expect(ids(all)).toEqual(expect.arrayContaining([alpha.id, beta.id].sort()));
    const listedAlpha = all.find((o) => o["id"] === alpha.id);
    // The resource's own outputs, without the provider's bookkeeping.
    const { lastOperation: _op, stateVersion: _version, ...recorded } = alpha.outs;
    expect(listedAlpha).toEqual(expect.objectContaining({ ...recorded, id: alpha.id }));
    expect(listedAlpha).not.toHaveProperty("lastOperation");
    expect(ids(await list("getProjects", "projects", { nameContains: "ALPHA" }))).toEqual([alpha.id]);
    expect(ids(await list("getProjects", "projects", { name: "beta-traces" }))).toEqual([beta.id]);
    expect(await list("getProjects", "projects", { name: "no-such-project" })).toEqual([]);
  });

  it("sends a dataset's type as the list's query", async () => {
    const kv = await make("Dataset", { name: "kv-cases", dataType: "kv" });
    const chat = await make("Dataset", { name: "chat-cases", dataType: "chat" });
    expect(ids(await list("getDatasets", "datasets", { dataType: "chat" }))).toEqual([chat.id]);
    expect(ids(await list("getDatasets", "datasets", { dataType: "kv" }))).toEqual([kv.id]);
  });

  it("reads a list longer than a page to the end", async () => {
    const dataset = await make("Dataset", { name: "many-examples", dataType: "kv" });
    const made: string[] = [];
    for (let i = 0; i < 105; i++) made.push((await make("Example", { datasetId: dataset.id, inputs: { question: `q${i}` } })).id);
    const listed = await list("getExamples", "examples", { datasetId: dataset.id });
    expect(ids(listed)).toEqual([...made].sort());
    expect(listed.find((o) => o["id"] === made[7])).toEqual(expect.objectContaining({ datasetId: dataset.id, inputs: { question: "q7" } }));
    const pages = emulator.control.requestLog().filter((entry) => entry.method === "GET" && entry.path === "/api/v1/examples");
    expect(pages.length).toBeGreaterThanOrEqual(2);
  });

  it("matches a filter the service's list has not (a workspace's display name) against the objects read", async () => {
    const staging = await make("Workspace", { displayName: "agents-staging" });
    await make("Workspace", { displayName: "agents-prod" });
    const found = await list("getWorkspaces", "workspaces", { displayName: "agents-staging" });
    expect(ids(found)).toEqual([staging.id]);
    expect(found[0]).toEqual(expect.objectContaining({ displayName: "agents-staging" }));
  });

  it("lists a kind under its parent, which it requires", async () => {
    const key = await make("TagKey", { key: "team" });
    const platform = await make("TagValue", { tagKeyId: key.id, value: "platform" });
    expect(ids(await list("getTagValues", "tagValues", { tagKeyId: key.id }))).toEqual([platform.id]);
    await expect(list("getTagValues", "tagValues", {})).rejects.toThrow(new ListArgumentError("listing tag values: `tagKeyId` is required"));
  });

  it("looks one object up by its id or its natural key, under its parent; found: false for none", async () => {
    const lookup = async (token: string, args: Properties): Promise<Properties> => {
      const fn = nativeFunction(`langsmith:index:${token}`);
      if (fn === undefined) throw new Error(`no function ${token}`);
      const call = context();
      return fn.run(await call.client(), args, call);
    };
    const queue = await make("AnnotationQueue", { name: "triage-queue" });
    expect(await lookup("getAnnotationQueue", { name: "triage-queue" })).toEqual(expect.objectContaining({ found: true, id: queue.id, name: "triage-queue" }));
    expect(await lookup("getAnnotationQueue", { id: queue.id })).toEqual(expect.objectContaining({ found: true, id: queue.id }));
    expect(await lookup("getAnnotationQueue", { name: "no-such-queue" })).toEqual({ found: false });
    await expect(lookup("getAnnotationQueue", { id: queue.id, name: "triage-queue" })).rejects.toThrow(
      new LookupArgumentError("looking up annotation queue: give exactly one of `id` or `name`"),
    );
    const key = await make("TagKey", { key: "tier" });
    const gold = await make("TagValue", { tagKeyId: key.id, value: "gold" });
    expect(await lookup("getTagValue", { tagKeyId: key.id, value: "gold" })).toEqual(expect.objectContaining({ found: true, id: gold.id, value: "gold" }));
    await expect(lookup("getTagValue", { value: "gold" })).rejects.toThrow("looking up tag value: `tagKeyId` is required");
  });

  it("lists a dataset's statistics and a project's run count, which the resources do not record", async () => {
    const dataset = await make("Dataset", { name: "counted-cases", dataType: "kv" });
    const empty = await make("Dataset", { name: "empty-cases", dataType: "kv" });
    for (const question of ["a", "b", "c"]) await make("Example", { datasetId: dataset.id, inputs: { question } });
    const first = await make("Project", { name: "counted-experiment-1", referenceDatasetId: dataset.id, startTime: "2026-03-01T00:00:00Z" });
    await make("Project", { name: "counted-experiment-2", referenceDatasetId: dataset.id, startTime: "2026-03-05T00:00:00Z" });
    expect(dataset.outs).not.toHaveProperty("exampleCount");
    const datasets = await list("getDatasets", "datasets", { nameContains: "-cases" });
    const counted = datasets.find((o) => o["id"] === dataset.id);
    expect(counted).toEqual(expect.objectContaining({ exampleCount: 3, sessionCount: 2 }));
    expect(Date.parse(String(counted?.["lastSessionStartTime"]))).toBe(Date.parse("2026-03-05T00:00:00Z"));
    const none = datasets.find((o) => o["id"] === empty.id);
    expect(none).toEqual(expect.objectContaining({ exampleCount: 0, sessionCount: 0 }));
    expect(none).not.toHaveProperty("lastSessionStartTime");

    emulator.control.seedTraceRuns(first.id, [
      { name: "one", startTime: "2026-03-01T01:00:00Z" },
      { name: "two", startTime: "2026-03-01T02:00:00Z" },
    ]);
    const projects = await list("getProjects", "projects", { name: "counted-experiment-1" });
    expect(projects.map((o) => o["runCount"])).toEqual([2]);
    expect(first.outs).not.toHaveProperty("runCount");
  });

  it("lists an example's name as the service answers it", async () => {
    const dataset = await make("Dataset", { name: "named-examples", dataType: "kv" });
    const example = await make("Example", { datasetId: dataset.id, inputs: { question: "name?" } });
    const answered = await fetch(`${emulator.url}/api/v1/examples/${example.id}`, {
      headers: { "x-api-key": DEFAULT_ORG_API_KEY, "X-Tenant-Id": DEFAULT_WORKSPACE_ID },
    });
    const name = ((await answered.json()) as Record<string, unknown>)["name"];
    expect(typeof name).toBe("string");
    expect((await list("getExamples", "examples", { datasetId: dataset.id })).map((o) => o["name"])).toEqual([name]);
  });

  it("lists a workspace's kind and the caller's role, and a deleted workspace only with includeDeleted", async () => {
    const kept = await make("Workspace", { displayName: "listed-kept" });
    const gone = await make("Workspace", { displayName: "listed-gone" });
    const live = await list("getWorkspaces", "workspaces");
    expect(live.find((o) => o["id"] === kept.id)).toEqual(expect.objectContaining({ isPersonal: false, isDeleted: false, roleName: "Admin" }));
    const kind = loadKind("langsmith:index:Workspace");
    await kind?.delete(context(), gone.id, gone.outs);
    expect(ids(await list("getWorkspaces", "workspaces"))).not.toContain(gone.id);
    const all = await list("getWorkspaces", "workspaces", { includeDeleted: true });
    expect(all.find((o) => o["id"] === gone.id)).toEqual(expect.objectContaining({ displayName: "listed-gone", isDeleted: true }));
    expect(all.find((o) => o["id"] === kept.id)).toEqual(expect.objectContaining({ isDeleted: false }));
    expect(ids(await list("getWorkspaces", "workspaces", { includeDeleted: false }))).not.toContain(gone.id);
  });

  it("lists a member's account and an invitation's workspaces, and a workspace's pending invitations", async () => {
    const role = await make("Role", { displayName: "listed-reviewer", permissions: ["projects:read"] });
    const invited = await make("OrganizationMember", { email: "listed-ana@example.com", workspaceIds: [DEFAULT_WORKSPACE_ID], workspaceRoleId: role.id });
    const pending = (await list("getOrganizationMembers", "organizationMembers", { email: "listed-ana@example.com" }))[0];
    expect(pending).toEqual(expect.objectContaining({ status: "pending", workspaceIds: [DEFAULT_WORKSPACE_ID], workspaceRoleId: role.id }));
    expect(pending).not.toHaveProperty("lsUserId");
    // The workspace's members list the invitation naming it, as pending.
    const waiting = await list("getWorkspaceMembers", "workspaceMembers", { email: "listed-ana@example.com" });
    expect(waiting).toEqual([expect.objectContaining({ id: "listed-ana@example.com", status: "pending", roleId: role.id, workspaceId: DEFAULT_WORKSPACE_ID })]);

    const accepted = emulator.control.acceptInvite(String(invited.outs["identityId"]));
    const active = (await list("getOrganizationMembers", "organizationMembers", { email: "listed-ana@example.com" }))[0];
    expect(active).toEqual(
      expect.objectContaining({
        status: "active",
        userId: accepted["user_id"],
        lsUserId: accepted["ls_user_id"],
        isDisabled: false,
        accessScope: accepted["access_scope"],
        workspaceIds: [DEFAULT_WORKSPACE_ID],
      }),
    );
    expect(typeof active?.["lsUserId"]).toBe("string");
    const member = (await list("getWorkspaceMembers", "workspaceMembers", { email: "listed-ana@example.com" }))[0];
    expect(member).toEqual(
      expect.objectContaining({ status: "active", roleId: role.id, userId: accepted["user_id"], lsUserId: accepted["ls_user_id"], isDisabled: false }),
    );
    expect(typeof member?.["accessScope"]).toBe("string");
    // Listed as its import reads it, with the listed-only properties beside.
    const imported = await loadKind("langsmith:index:WorkspaceMember")?.import(context(), `${DEFAULT_WORKSPACE_ID}/listed-ana@example.com`);
    const { lastOperation: _op, stateVersion: _version, ...outputs } = (imported?.outputs ?? {}) as Properties;
    expect(member).toEqual(expect.objectContaining(outputs));
  });

  it("refuses a filter of the wrong type, naming it", async () => {
    await expect(list("getPrompts", "prompts", { isPublic: "yes" })).rejects.toThrow("listing prompts: `isPublic` must be a boolean, got string");
  });
});
