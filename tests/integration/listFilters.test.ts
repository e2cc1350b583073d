// The list functions' filters of a list of strings, a map of strings, and
// those about no one output (issue 44, the community provider's filters),
// run as the native provider runs them against a real emulator over
// objects made through the kinds' own creates: each narrows the list (an
// object's own value lists it, another does not). `getExamples` by
// `splits`, `metadata`, `fullTextContains`, `filter` (an expression the
// emulator refuses, 422, when it cannot evaluate it) and `asOf` (a time
// before and after changes, deletes included; a version tag the emulator
// has none of); `getPrompts` by `tags`; `getRunRules` by `type`;
// `getTagKeys` by `resourceType`, read from the list of the keys with
// their values. Every request is checked against the contract (repeated
// parameters, the metadata as JSON text) by the integration project's
// contract watch.
import { createEmulator, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { ProviderSession } from "../../provider/engine/context/session";
import type { Properties } from "../../provider/engine/resource";
import { nativeFunction } from "../../provider/native/functions";
import { loadKind } from "../../provider/registry";

describe("list function filters against the emulator", () => {
  let emulator: Emulator;
  const session = new ProviderSession();
  const context = () => session.operation({ log: () => undefined });

  const kindOf = (token: string) => {
    const kind = loadKind(`langsmith:index:${token}`);
    if (kind === undefined) throw new Error(`no kind ${token}`);
    return kind;
  };

  /** Creates an object through its kind's create, as `pulumi up` does; answers its id, checked inputs and outputs. */
  async function make(token: string, inputs: Properties): Promise<{ id: string; inputs: Properties; outs: Properties }> {
    const kind = kindOf(token);
    const checked = kind.check({}, inputs);
    expect(checked.failures).toEqual([]);
    const made = await kind.create(context(), checked.inputs);
    return { id: made.id, inputs: checked.inputs, outs: (made.outs ?? {}) as Properties };
  }

  /** Runs a list function as the native provider does; answers its objects. */
  async function list(token: string, key: string, args: Properties = {}): Promise<Properties[]> {
    const fn = nativeFunction(`langsmith:index:${token}`);
    if (fn === undefined) throw new Error(`no function ${token}`);
    const call = context();
    const result = await fn.run(await call.client(), args, call);
    return result[key] as Properties[];
  }

  const ids = (objects: Properties[]) => objects.map((o) => o["id"]).sort();
  const sorted = (...values: string[]) => [...values].sort();
  /** A moment between two changes the emulator stamps (its clock is the real one, in milliseconds). */
  const instant = async (): Promise<string> => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const now = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    return now;
  };

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

  describe("getExamples", () => {
    let datasetId = "";
    let refund: { id: string; inputs: Properties; outs: Properties };
    let invoice: { id: string; inputs: Properties; outs: Properties };
    const examples = (args: Properties) => list("getExamples", "examples", { datasetId, ...args });

    beforeAll(async () => {
      datasetId = (await make("Dataset", { name: "filtered-examples", dataType: "kv" })).id;
      refund = await make("Example", { datasetId, inputs: { question: "How do I get a refund?" }, split: "test", metadata: { source: "ticket" } });
      invoice = await make("Example", {
        datasetId,
        inputs: { question: "Where is my invoice?" },
        outputs: { answer: "Under Billing." },
        split: "train",
        metadata: { source: "forum", team: "billing" },
      });
    });

    it("narrows by splits: an example in one of those given", async () => {
      expect(ids(await examples({ splits: ["test"] }))).toEqual([refund.id]);
      expect(ids(await examples({ splits: ["test", "train"] }))).toEqual(sorted(refund.id, invoice.id));
      expect(await examples({ splits: ["validation"] })).toEqual([]);
    });

    it("narrows by metadata: every pair given held, sent as JSON", async () => {
      expect(ids(await examples({ metadata: { source: "forum" } }))).toEqual([invoice.id]);
      expect(ids(await examples({ metadata: { source: "forum", team: "billing" } }))).toEqual([invoice.id]);
      expect(await examples({ metadata: { source: "forum", team: "support" } })).toEqual([]);
      // The listed object is the resource's own shape: its metadata without the split the service keeps there.
      expect((await examples({ metadata: { source: "ticket" } }))[0]).toEqual(expect.objectContaining({ id: refund.id, metadata: { source: "ticket" } }));
    });

    it("narrows by fullTextContains: every text found in the inputs or outputs", async () => {
      expect(ids(await examples({ fullTextContains: ["refund"] }))).toEqual([refund.id]);
      expect(ids(await examples({ fullTextContains: ["invoice", "billing"] }))).toEqual([invoice.id]);
      expect(await examples({ fullTextContains: ["refund", "billing"] })).toEqual([]);
    });

    it("narrows by a filter expression over the metadata, and refuses one the service's example filter does not take", async () => {
      expect(ids(await examples({ filter: `has(metadata, '{"team": "billing"}')` }))).toEqual([invoice.id]);
      expect(ids(await examples({ filter: 'exists(metadata, "team")' }))).toEqual([invoice.id]);
      expect(ids(await examples({ filter: 'not(exists(metadata, "team"))' }))).toEqual([refund.id]);
      expect(ids(await examples({ filter: `or(has(metadata, '{"source": "ticket"}'), exists(metadata, "team"))` }))).toEqual(sorted(refund.id, invoice.id));
      expect(await examples({ filter: `and(has(metadata, '{"source": "ticket"}'), exists(metadata, "team"))` })).toEqual([]);
      await expect(examples({ filter: 'eq(name, "#1234")' })).rejects.toThrow(/422.*query.filter.*not supported for examples.*eq\(\.\.\.\)/);
      await expect(examples({ filter: "has(metadata" })).rejects.toThrow(/422/);
    });

    it("reads the dataset as of a time: what was made, changed and deleted by then; a version tag the emulator has none of is 404", async () => {
      const ownDataset = (await make("Dataset", { name: "versioned-examples", dataType: "kv" })).id;
      const versioned = (args: Properties) => list("getExamples", "examples", { datasetId: ownDataset, ...args });
      const before = await instant();
      const first = await make("Example", { datasetId: ownDataset, inputs: { question: "v1" } });
      const afterFirst = await instant();
      const second = await make("Example", { datasetId: ownDataset, inputs: { question: "kept until deleted" } });
      const afterSecond = await instant();
      const kind = kindOf("Example");
      const changed = kind.check(first.inputs, { ...first.inputs, inputs: { question: "v2" } });
      await kind.update(context(), first.id, { ...first.inputs, ...first.outs }, changed.inputs);
      await kind.delete(context(), second.id, { ...second.inputs, ...second.outs });
      const afterChanges = await instant();

      expect(await versioned({ asOf: before })).toEqual([]);
      expect(ids(await versioned({ asOf: afterFirst }))).toEqual([first.id]);
      const atSecond = await versioned({ asOf: afterSecond });
      expect(ids(atSecond)).toEqual(sorted(first.id, second.id));
      expect(atSecond.find((o) => o["id"] === first.id)).toEqual(expect.objectContaining({ inputs: { question: "v1" } }));
      const now = await versioned({ asOf: afterChanges });
      expect(now).toEqual([expect.objectContaining({ id: first.id, inputs: { question: "v2" } })]);
      expect(await versioned({ asOf: "latest" })).toEqual(now);
      expect(await versioned({})).toEqual(now);
      await expect(versioned({ asOf: "prod" })).rejects.toThrow(/404/);
    });
  });

  it("narrows getPrompts by tags: every tag given carried, sent repeated", async () => {
    const both = await make("Prompt", { handle: "tagged-both", tags: ["prod", "chat"] });
    const prodOnly = await make("Prompt", { handle: "tagged-prod", tags: ["prod"] });
    expect(ids(await list("getPrompts", "prompts", { tags: ["prod", "chat"] }))).toEqual([both.id]);
    expect(ids(await list("getPrompts", "prompts", { tags: ["prod"] }))).toEqual(sorted(both.id, prodOnly.id));
    expect(await list("getPrompts", "prompts", { tags: ["no-such-tag"] })).toEqual([]);
  });

  it("narrows getRunRules by type: a project's rules or a dataset's", async () => {
    const projectId = (await make("Project", { name: "ruled-project" })).id;
    const datasetId = (await make("Dataset", { name: "ruled-dataset", dataType: "kv" })).id;
    const onProject = await make("RunRule", { displayName: "project rule", projectId, samplingRate: 0.5 });
    const onDataset = await make("RunRule", { displayName: "dataset rule", datasetId, samplingRate: 0.5 });
    expect(ids(await list("getRunRules", "runRules", { type: "session" }))).toEqual([onProject.id]);
    expect(ids(await list("getRunRules", "runRules", { type: "dataset" }))).toEqual([onDataset.id]);
  });

  it("narrows getTagKeys by resourceType: the keys with a value applied to an object of that type, read from the keys-with-values list", async () => {
    const owner = await make("TagKey", { key: "owner" });
    const stage = await make("TagKey", { key: "stage" });
    const unused = await make("TagKey", { key: "unused" });
    const platform = await make("TagValue", { tagKeyId: owner.id, value: "platform" });
    const beta = await make("TagValue", { tagKeyId: stage.id, value: "beta" });
    await make("TagValue", { tagKeyId: unused.id, value: "never-applied" });
    await make("Tagging", { tagValueId: platform.id, resourceType: "project", resourceId: "0b6f1a01-4c1a-4c55-9a57-3d2d5f1c2b7e" });
    await make("Tagging", { tagValueId: beta.id, resourceType: "dataset", resourceId: "7c0e3f52-8d7e-4b8a-9a55-1f2e3d4c5b6a" });
    const projects = await list("getTagKeys", "tagKeys", { resourceType: "project" });
    expect(ids(projects)).toEqual([owner.id]);
    // The same listed shape as the keys' own list: the resource's outputs, not the values the other list nests.
    expect(projects[0]).toEqual(expect.objectContaining({ id: owner.id, key: "owner" }));
    expect(projects[0]).not.toHaveProperty("values");
    expect(ids(await list("getTagKeys", "tagKeys", { resourceType: "dataset" }))).toEqual([stage.id]);
    expect(await list("getTagKeys", "tagKeys", { resourceType: "prompt" })).toEqual([]);
    expect(ids(await list("getTagKeys", "tagKeys"))).toEqual(expect.arrayContaining([owner.id, stage.id, unused.id]));
    const paths = emulator.control.requestLog().map((entry) => `${entry.method} ${entry.path}`);
    expect(paths).toContain("GET /api/v1/workspaces/current/tags");
  });
});
