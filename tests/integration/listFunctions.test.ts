// The generated list functions (`get<Kinds>`), run as the native provider
// runs them (`NativeFunction.run` with the operation's context) against a
// real emulator, over objects made through the kinds' own creates: every
// object found, in the resource's output shape; each filter sent narrows the
// list; a list longer than a page read to the end; a filter matched here
// (a workspace's display name); a kind listed under its parent; and the
// errors of a missing parent or a filter of the wrong type; and the
// generated lookups (`get<Kind>`) by id, by natural key, under a parent.
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

  it("refuses a filter of the wrong type, naming it", async () => {
    await expect(list("getPrompts", "prompts", { isPublic: "yes" })).rejects.toThrow("listing prompts: `isPublic` must be a boolean, got string");
  });
});
