// The kinds' list functions as they declare them: every kind the service
// lists has one, or says why not; every filter sent to the service is a
// query parameter the contract's list operation has (the filter's own list,
// where it names one); no generated token is also a written invoke's; every
// filter names an output the listed objects have (the conformance matrix
// takes its value from there), or says how the matrix exercises it; every
// listed-only property reads a field the contract's list answer has, is
// typed in the schema's Listed<Kind>, and is none of the resource's own
// properties; the schema types of the filters; and the argument checks (a
// wrong type, a value not among those allowed, refused naming the argument,
// before anything is sent).
import type { OperationContext } from "../../provider/engine/context/operation";
import { ListArgumentError, matchesFilter } from "../../provider/engine/kind/listFunction";
import { listFunctionToken, listedTypeToken } from "../../provider/native/listFunctions";
import { allNativeFunctions, NATIVE_FUNCTIONS } from "../../provider/native/functions";
import { nativeLookupFunction } from "../../provider/native/lookupFunctions";
import { packageSchema } from "../../provider/native/schema";
import { loadAllKinds } from "../../provider/registry";
import { readFileSync } from "node:fs";
import path from "node:path";
import { CONTRACT_DIR, findOperation, type JsonSchema } from "../helpers/contract";

const KINDS = loadAllKinds();
const schema = packageSchema("0.0.0");

/** The list operations of the kinds listed through their own `list` hook, whose listing has no endpoint to read it from. */
const HOOK_LISTS: Readonly<Record<string, string>> = {
  "langsmith:index:BulkExport": "/api/v1/bulk-exports",
  "langsmith:index:OrganizationMember": "/api/v1/orgs/current/members",
  "langsmith:index:WorkspaceMember": "/api/v1/workspaces/current/members",
  "langsmith:index:McpVendorSettings": "/api/v1/platform/mcp-vendors",
};

type Schema = Record<string, unknown>;

/** The schema `ref` names in the document `api`. */
function resolve(api: string, schema: Schema): Schema {
  const ref = schema["$ref"];
  if (typeof ref !== "string") return schema;
  const document = JSON.parse(readFileSync(path.join(CONTRACT_DIR, `${api}.openapi.json`), "utf8")) as { components: { schemas: Record<string, Schema> } };
  return document.components.schemas[ref.split("/").pop() ?? ""] ?? {};
}

/** The property names of the objects a list answer holds: an array's items, or (a members answer) each array property's items. */
function itemProperties(api: string, answer: JsonSchema | undefined): Set<string> {
  const names = new Set<string>();
  if (typeof answer !== "object") return names;
  const top = resolve(api, answer);
  const arrays = top["type"] === "array" ? [top] : Object.values((top["properties"] ?? {}) as Record<string, Schema>).map((p) => resolve(api, p));
  for (const array of arrays.filter((a) => a["type"] === "array")) {
    const item = resolve(api, (array["items"] ?? {}) as Schema);
    // An item of several shapes (`oneOf`, e.g. a workspace's shares of runs and of datasets): the properties of each.
    const shapes = Array.isArray(item["oneOf"]) ? (item["oneOf"] as Schema[]).map((shape) => resolve(api, shape)) : [item];
    for (const shape of shapes) for (const name of Object.keys((shape["properties"] ?? {}) as Schema)) names.add(name);
  }
  return names;
}

/** A path template with each `{placeholder}` filled, as a request would send it. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000");

describe("list function declarations", () => {
  it("gives at least 25 kinds a list function, and each listable kind without one is one of the few that say why", () => {
    const listed = KINDS.filter((kind) => kind.listFunction !== undefined).map((kind) => kind.token);
    expect(listed.length).toBeGreaterThanOrEqual(25);
    // Kinds adopt can list but with no generated function: each declares `listing: { none }` (a hand-written function, or a singleton).
    const without = KINDS.filter((kind) => kind.list !== undefined && kind.listFunction === undefined).map((kind) => kind.token.split(":")[2]);
    expect(without.sort()).toEqual(["ApiKey", "GatewayPolicy", "OrganizationTtlSettings", "SsoSettings", "TtlSettings", "WorkspaceSecret"]);
  });

  it("sends every query filter as a parameter of the contract's list operation", () => {
    const problems: string[] = [];
    for (const kind of KINDS) {
      const fn = kind.listFunction;
      if (fn === undefined) continue;
      for (const [name, filter] of Object.entries(fn.filters)) {
        if (filter.query === undefined) continue;
        const endpoint = filter.endpoint ?? fn.endpoint;
        if (endpoint === undefined) {
          problems.push(`${kind.token} ${name}: a query filter without a list endpoint`);
          continue;
        }
        const path = fn.base === "origin" || endpoint.path.startsWith("/api/") ? endpoint.path : `/api/v1${endpoint.path}`;
        const operation = findOperation(endpoint.method, concrete(path));
        const parameters = (operation?.operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
        if (!parameters.includes(filter.query)) problems.push(`${kind.token} ${name}: ${filter.query} is not a query parameter of ${endpoint.method} ${path}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("names no generated function like a written one, and no two alike", () => {
    const written = new Set(NATIVE_FUNCTIONS.map((fn) => fn.token));
    const clashes = KINDS.filter((kind) => kind.listFunction !== undefined && written.has(listFunctionToken(kind.token)));
    expect(clashes.map((kind) => kind.token)).toEqual([]);
    const tokens = allNativeFunctions().map((fn) => fn.token);
    expect(tokens.filter((token, i) => tokens.indexOf(token) !== i)).toEqual([]);
  });

  it("gives a lookup to every kind whose token no written invoke or list function has, with its import's keys", () => {
    const written = new Set(NATIVE_FUNCTIONS.map((fn) => fn.token));
    const lookups = KINDS.flatMap((kind) => nativeLookupFunction(kind, written) ?? []);
    expect(lookups.length).toBeGreaterThanOrEqual(25);
    const prompt = lookups.find((fn) => fn.token === "langsmith:index:getPrompt");
    expect(Object.keys(prompt?.inputs ?? {})).toEqual(["workspaceId", "id", "handle"]);
    const tagValue = lookups.find((fn) => fn.token === "langsmith:index:getTagValue");
    expect(tagValue?.requiredInputs).toEqual(["tagKeyId"]);
    expect(lookups.map((fn) => fn.token)).not.toContain("langsmith:index:getProject");
    expect(lookups.map((fn) => fn.token)).not.toContain("langsmith:index:getPlaygroundSettings");
  });

  it("reads each listed-only property from a field of the contract's list answer", () => {
    const problems: string[] = [];
    let declared = 0;
    for (const kind of KINDS) {
      const fn = kind.listFunction;
      if (fn === undefined || Object.keys(fn.listedOnly).length === 0) continue;
      const endpoint = fn.endpoint;
      const listPath =
        HOOK_LISTS[kind.token] ??
        (endpoint === undefined ? undefined : fn.base === "origin" || endpoint.path.startsWith("/api/") ? endpoint.path : `/api/v1${endpoint.path}`);
      const operation = listPath === undefined ? undefined : findOperation("GET", concrete(listPath));
      if (operation === undefined) {
        problems.push(`${kind.token}: no list operation in the contract to read its listed-only properties from`);
        continue;
      }
      const fields = itemProperties(operation.api, operation.operation.responses["200"]?.content?.["application/json"]?.schema);
      for (const [name, property] of Object.entries(fn.listedOnly)) {
        declared++;
        if (!fields.has(property.wire.split(".")[0] ?? ""))
          problems.push(`${kind.token} ${name}: ${property.wire} is not in the answer of GET ${operation.template}`);
      }
    }
    expect(problems).toEqual([]);
    expect(declared).toBeGreaterThanOrEqual(19);
  });

  it("types each listed-only property in Listed<Kind>, and names none like a property of the resource", () => {
    const problems: string[] = [];
    for (const kind of KINDS) {
      const fn = kind.listFunction;
      if (fn === undefined) continue;
      const type = schema.types[listedTypeToken(kind.token)];
      const properties = type !== undefined && "properties" in type ? type.properties : {};
      const own = new Set([
        ...kind.outputs.map((output) => output.name),
        ...kind.fields.filter((f) => !kind.inputsNotInOutputs.includes(f.path)).map((f) => f.path.split(".")[0]),
      ]);
      for (const [name, property] of Object.entries(fn.listedOnly)) {
        if (own.has(name)) problems.push(`${kind.token} ${name}: also a property of the resource`);
        const spec = properties[name];
        const typed = spec !== undefined && "type" in spec ? spec.type : undefined;
        const wanted = property.type === "stringList" ? "array" : property.type;
        if (typed !== wanted) problems.push(`${kind.token} ${name}: typed ${String(typed)} in the listed type, declared ${property.type}`);
      }
    }
    expect(problems).toEqual([]);
    const dataset = schema.types["langsmith:index:ListedDataset"];
    expect(dataset !== undefined && "properties" in dataset ? dataset.properties["exampleCount"] : undefined).toEqual(
      expect.objectContaining({ type: "integer" }),
    );
  });

  it("filters on outputs the listed objects have", () => {
    const problems: string[] = [];
    for (const kind of KINDS) {
      const fn = kind.listFunction;
      if (fn === undefined) continue;
      const type = schema.types[listedTypeToken(kind.token)];
      const properties = type !== undefined && "properties" in type ? type.properties : {};
      for (const [name, filter] of Object.entries(fn.filters)) {
        if (filter.output === undefined) {
          // A filter about no one output is sent, and says how the matrix exercises it or why it cannot.
          const exercise = filter.matrix as Partial<Record<"skip" | "hit" | "miss", unknown>>;
          if (typeof exercise.skip !== "string" && (typeof exercise.hit !== "function" || typeof exercise.miss !== "function"))
            problems.push(`${kind.token} ${name}: no output, and no way for the matrix to exercise it`);
          continue;
        }
        const top = filter.output.split(".")[0] ?? "";
        if (!(top in properties)) problems.push(`${kind.token} ${name}: the listed objects have no ${filter.output}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("types a list of strings as an array of strings and a map of strings as an object of strings in the schema", () => {
    const examples = schema.functions["langsmith:index:getExamples"]?.inputs?.properties ?? {};
    expect(examples["splits"]).toEqual({ type: "array", items: { type: "string" }, description: expect.stringContaining("splits") });
    expect(examples["metadata"]).toEqual({ type: "object", additionalProperties: { type: "string" }, description: expect.any(String) });
    expect(Object.keys(examples)).toEqual(expect.arrayContaining(["asOf", "filter", "fullTextContains"]));
    expect(schema.functions["langsmith:index:getPrompts"]?.inputs?.properties?.["tags"]).toEqual(expect.objectContaining({ type: "array" }));
    expect(schema.functions["langsmith:index:getRunRules"]?.inputs?.properties?.["type"]).toEqual(expect.objectContaining({ type: "string" }));
    expect(schema.functions["langsmith:index:getTagKeys"]?.inputs?.properties?.["resourceType"]).toEqual(expect.objectContaining({ type: "string" }));
  });

  it("matches a list of strings by every value given, a map of strings by every pair given", () => {
    const tags = { type: "strings", output: "tags", doc: "" } as const;
    expect(matchesFilter(tags, { tags: ["prod", "chat"] }, ["chat", "prod"])).toBe(true);
    expect(matchesFilter(tags, { tags: ["prod"] }, ["prod", "chat"])).toBe(false);
    // One string is a list of one (an example's split).
    expect(matchesFilter({ ...tags, output: "split" }, { split: "test" }, ["test"])).toBe(true);
    expect(matchesFilter(tags, {}, ["prod"])).toBe(false);
    const metadata = { type: "stringMap", output: "metadata", doc: "" } as const;
    expect(matchesFilter(metadata, { metadata: { source: "ticket", team: "support" } }, { source: "ticket" })).toBe(true);
    expect(matchesFilter(metadata, { metadata: { source: "ticket" } }, { source: "ticket", team: "support" })).toBe(false);
    expect(matchesFilter(metadata, { metadata: { reviewed: true } }, { reviewed: "true" })).toBe(false);
  });

  describe("argument checks", () => {
    // The checks run before the call's settings or client are read: a context the call never reaches.
    const unreached = {} as OperationContext;
    const run = (token: string, args: Record<string, unknown>): Promise<unknown> => {
      const fn = KINDS.find((kind) => kind.token === `langsmith:index:${token}`)?.listFunction;
      if (fn === undefined) throw new Error(`no list function for ${token}`);
      return fn.run(unreached, args);
    };

    it.each([
      ["Example", { splits: "test" }, "listing examples: `splits` must be a list of strings, got string"],
      ["Example", { splits: ["test", 3] }, "listing examples: `splits` must be a list of strings, got a list holding a non-string"],
      ["Example", { fullTextContains: { text: "refund" } }, "listing examples: `fullTextContains` must be a list of strings, got map"],
      ["Example", { metadata: '{"source":"ticket"}' }, "listing examples: `metadata` must be a map of strings, got string"],
      ["Example", { metadata: { reviewed: true } }, "listing examples: `metadata` must be a map of strings, got a map holding a non-string"],
      ["Example", { asOf: 1_700_000_000 }, "listing examples: `asOf` must be a string, got number"],
      ["Example", { filter: ['exists(metadata, "k")'] }, "listing examples: `filter` must be a string, got list"],
      ["Prompt", { tags: "prod" }, "listing prompts: `tags` must be a list of strings, got string"],
      ["RunRule", { type: true }, "listing run rules: `type` must be a string, got boolean"],
      ["RunRule", { type: "project" }, 'listing run rules: `type` must be one of session, dataset, got "project"'],
      ["TagKey", { resourceType: "spreadsheet" }, "listing tag keys: `resourceType` must be one of"],
    ])("%s %j is refused, naming the argument", async (token, args, message) => {
      const refused = run(token, args);
      await expect(refused).rejects.toThrow(ListArgumentError);
      await expect(refused).rejects.toThrow(message);
    });

    it("takes an empty list or map as not given", async () => {
      // Not refused by the checks: the call goes on to read its settings, which this context has none of.
      await expect(run("Prompt", { tags: [] })).rejects.not.toThrow(ListArgumentError);
      await expect(run("Example", { metadata: {} })).rejects.not.toThrow(ListArgumentError);
    });
  });
});
