// The kinds' list functions as they declare them: every kind the service
// lists has one, or says why not; every filter sent to the service is a
// query parameter the contract's list operation has; no generated token is
// also a written invoke's; every filter names an output the listed objects
// have (the conformance matrix takes its value from there).
import { listFunctionToken, listedTypeToken } from "../../provider/native/listFunctions";
import { allNativeFunctions, NATIVE_FUNCTIONS } from "../../provider/native/functions";
import { nativeLookupFunction } from "../../provider/native/lookupFunctions";
import { packageSchema } from "../../provider/native/schema";
import { loadAllKinds } from "../../provider/registry";
import { findOperation } from "../helpers/contract";

const KINDS = loadAllKinds();
const schema = packageSchema("0.0.0");

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
        const endpoint = fn.endpoint;
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

  it("filters on outputs the listed objects have", () => {
    const problems: string[] = [];
    for (const kind of KINDS) {
      const fn = kind.listFunction;
      if (fn === undefined) continue;
      const type = schema.types[listedTypeToken(kind.token)];
      const properties = type !== undefined && "properties" in type ? type.properties : {};
      for (const [name, filter] of Object.entries(fn.filters)) {
        const top = filter.output.split(".")[0] ?? "";
        if (!(top in properties)) problems.push(`${kind.token} ${name}: the listed objects have no ${filter.output}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
