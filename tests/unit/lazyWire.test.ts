// The compiled wire schemas build each schema on its first use
// (scripts/lazy-wire.mjs, run by `npm run build`). The rewritten module must
// export the same names with the same schemas as tsc's eager output, build
// only what is read (and what that refers to), keep line numbers, and refuse
// a module whose shape it does not know.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Module } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as ts from "typescript";

const root = join(__dirname, "..", "..");
const wireDir = join(root, "provider", "client", "wire");
const areaModules = readdirSync(wireDir)
  .filter((file) => file.endsWith(".ts"))
  .map((file) => file.slice(0, -3));

/** tsc's CommonJS output of a wire module, as `npm run build` compiles it. */
function compiled(name: string): string {
  const source = readFileSync(join(wireDir, `${name}.ts`), "utf8");
  return ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } }).outputText;
}

/** `scripts/lazy-wire.mjs` run on these compiled modules (in a temporary folder); answers the rewritten texts by name. */
function rewritten(texts: Record<string, string>): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), "lazy-wire-"));
  try {
    for (const [name, text] of Object.entries(texts)) writeFileSync(join(dir, `${name}.js`), text);
    execFileSync(process.execPath, [join(root, "scripts", "lazy-wire.mjs"), dir], { stdio: "pipe" });
    return Object.fromEntries(Object.keys(texts).map((name) => [name, readFileSync(join(dir, `${name}.js`), "utf8")]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Loads a CommonJS text as if it were `provider/client/wire/<name>.js`, with Node's own require (so both flavours share one zod). */
function load(name: string, text: string): Record<string, unknown> {
  const filename = join(wireDir, `${name}.js`);
  const module = new Module(filename);
  module.filename = filename;
  module.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(wireDir);
  (module as unknown as { _compile(text: string, filename: string): void })._compile(text, filename);
  return module.exports as Record<string, unknown>;
}

const isGetter = (exports: Record<string, unknown>, name: string) => typeof Object.getOwnPropertyDescriptor(exports, name)?.get === "function";

describe("lazy wire schemas (scripts/lazy-wire.mjs)", () => {
  const eagerTexts = Object.fromEntries(areaModules.map((name) => [name, compiled(name)]));
  const lazyTexts = rewritten(eagerTexts);

  test.each(areaModules)("%s: the same exports, each schema equal to the eager one, line numbers kept", (name) => {
    const eager = load(name, eagerTexts[name] as string);
    const lazy = load(name, lazyTexts[name] as string);
    expect(Object.keys(lazy).sort()).toEqual(Object.keys(eager).sort());
    expect((lazyTexts[name] as string).split("\n")).toHaveLength((eagerTexts[name] as string).split("\n").length);
    // Nothing is built when the module loads.
    const names = Object.keys(eager).filter((key) => key !== "__esModule");
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((key) => !isGetter(lazy, key))).toEqual([]);
    // Every schema, once read, describes the same values (its JSON Schema, both ways) as the eager one.
    const { z } = load("zodFromWire", 'module.exports = require("zod");') as unknown as typeof import("zod");
    const describe = (schema: unknown, io: "input" | "output") => {
      try {
        return JSON.stringify(z.toJSONSchema(schema as import("zod").ZodType, { io, unrepresentable: "any" }));
      } catch (error) {
        return `cannot describe: ${(error as Error).message}`;
      }
    };
    let described = 0;
    for (const key of names) {
      const input = describe(eager[key], "input");
      if (!input.startsWith("cannot describe")) described += 1;
      expect({ key, input: describe(lazy[key], "input"), output: describe(lazy[key], "output") }).toEqual({
        key,
        input,
        output: describe(eager[key], "output"),
      });
      // Read twice, the same object (the getter replaced itself by the value).
      expect(lazy[key]).toBe(lazy[key]);
      expect(isGetter(lazy, key)).toBe(false);
    }
    // The comparison means something: (nearly) every schema has a JSON Schema to compare.
    expect(described).toBeGreaterThanOrEqual(names.length * 0.9);
  });

  test("reading one schema builds it and what it refers to, nothing else", () => {
    const lazy = load("tracingAndEvaluation.requests", lazyTexts["tracingAndEvaluation.requests"] as string);
    const queue = lazy["zAnnotationQueueCreateSchema"] as { safeParse(value: unknown): { success: boolean } };
    expect(queue.safeParse({ name: "q", rubric_items: [{ feedback_key: "correctness" }] }).success).toBe(true);
    expect(queue.safeParse({ name: "q", rubric_items: [{}] }).success).toBe(false);
    expect(isGetter(lazy, "zAnnotationQueueCreateSchema")).toBe(false);
    expect(isGetter(lazy, "zAnnotationQueueRubricItemSchema")).toBe(false); // referred to by the queue's rubric_items
    const built = Object.keys(lazy).filter((key) => key !== "__esModule" && !isGetter(lazy, key));
    expect(built.sort()).toEqual(["zAnnotationQueueCreateSchema", "zAnnotationQueueRubricItemSchema"]);
  });

  test("a module of another shape is refused, naming the file; a second run changes nothing", () => {
    expect(() => rewritten({ odd: 'use strict";\nexports.zA = 1;\n' })).toThrow(/lazy-wire: .*odd\.js: no single line/);
    const once = lazyTexts["controlPlane.responses"] as string;
    expect(rewritten({ "controlPlane.responses": once })["controlPlane.responses"]).toBe(once);
  });

  test("the build's output is lazy (npm run build runs the script after tsc)", () => {
    const dist = join(root, "dist", "provider", "client", "wire");
    expect(existsSync(dist)).toBe(true);
    for (const name of areaModules)
      expect({ name, lazy: readFileSync(join(dist, `${name}.js`), "utf8").includes("__lazySchema(") }).toEqual({ name, lazy: true });
  });
});
