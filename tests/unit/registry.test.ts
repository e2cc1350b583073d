// The one registry (provider/registry/): generated from the kinds'
// declarations, it is what the plugin loads per call and what the schema is
// made from, so the two always serve the same kinds.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { packageSchema } from "../../provider/native/schema";
import { KIND_TOKENS, KINDS, loadKind } from "../../provider/registry";

const root = join(__dirname, "..", "..");

describe("the registry of kinds", () => {
  test("is what the declarations say (scripts/generate-registry.mjs --check)", () => {
    expect(() => execFileSync(process.execPath, [join(root, "scripts", "generate-registry.mjs"), "--check"], { cwd: root, stdio: "pipe" })).not.toThrow();
  });

  test("serves exactly the resources of the schema, in its order", () => {
    expect(KIND_TOKENS).toEqual(Object.keys(packageSchema("1.2.3").resources));
  });

  test.each(KINDS.map((kind) => [kind.token, kind] as const))("%s loads the schema's resource object", (token, kind) => {
    const resource = loadKind(token);
    expect(resource?.token).toBe(token);
    expect(resource).toBe(kind.load());
    expect(kind.module.startsWith(`./${kind.area}/`)).toBe(true);
  });

  test("a token not served, or an Object prototype key, loads nothing", () => {
    expect(loadKind("langsmith:index:Nope")).toBeUndefined();
    expect(loadKind("constructor")).toBeUndefined();
    expect(loadKind("toString")).toBeUndefined();
  });
});
