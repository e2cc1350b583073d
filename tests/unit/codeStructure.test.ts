// The structure rules of docs/development.md, kept by a test: no import circle
// among the hand-written modules of provider/ and packages/*/src/, and no
// hand-written file there over 400 lines. Generated files (the wire types,
// the registry table, the SDKs) are left out: they are as long as the
// contract makes them. Imports are read as text, type-only ones included: a
// circle of types is still a circle for the reader. The length rule also
// holds for the tests, the benchmarks and the scripts (their code in every
// language they are written in), where circles are not looked for.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = join(__dirname, "..", "..");
/** The folders of hand-written product code. */
const FOLDERS = ["provider", "packages/emulator/src", "packages/policy/src"];
/** Folders of hand-written tests, benchmarks and scripts: held to the length rule only. */
const LENGTH_ONLY_FOLDERS = ["tests", "bench", "scripts"];
/** The languages of those folders' code. */
const CODE_EXTENSIONS = [".ts", ".mjs", ".cjs", ".js", ".py", ".go", ".sh"];
/** The longest a hand-written file may be, in lines. */
const MAX_LINES = 400;

/** Generated modules: the wire types of each contract area and the registry table. */
function isGenerated(path: string): boolean {
  return /\/wire\//.test(path) || path === "provider/registry/generated.ts";
}

function sourceFiles(dir: string, extensions: readonly string[] = [".ts"]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    // node_modules and the tests' scratch folder (.tmp) hold no hand-written code.
    if (statSync(path).isDirectory()) return name === "node_modules" || name.startsWith(".") ? [] : sourceFiles(path, extensions);
    return extensions.some((extension) => name.endsWith(extension)) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

const lineCount = (file: string): number => readFileSync(join(root, file), "utf8").split("\n").length - 1;

/** The hand-written modules, by path relative to the repository. */
const files = FOLDERS.flatMap((folder) => sourceFiles(join(root, folder)))
  .map((path) => relative(root, path))
  .filter((path) => !isGenerated(path));

/** The hand-written code of the tests, benchmarks and scripts, by path relative to the repository. */
const supportFiles = LENGTH_ONLY_FOLDERS.flatMap((folder) => sourceFiles(join(root, folder), CODE_EXTENSIONS)).map((path) => relative(root, path));

/** The project modules `file` imports (relative specifiers resolved to files). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), "utf8");
  const targets: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"|^\s*import\s+"(\.[^"]+)"/gm)) {
    const specifier = (m[1] ?? m[2]) as string;
    const base = resolve(join(root, dirname(file)), specifier);
    const candidate = [`${base}.ts`, join(base, "index.ts")].find((path) => existsSync(path));
    if (candidate !== undefined) targets.push(relative(root, candidate));
  }
  return targets;
}

/** The strongly connected components of more than one module (Tarjan's algorithm). */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("code structure", () => {
  test("the folders hold the product's modules", () => {
    // A wrong folder list would make the two rules below pass on nothing.
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain("provider/engine/kind/declaration.ts");
    expect(files).toContain("packages/emulator/src/server/server.ts");
  });

  test("no import circle among the hand-written modules", () => {
    const graph = new Map(files.map((file) => [file, importsOf(file)] as const));
    expect(circles(graph)).toEqual([]);
  });

  test(`no hand-written file over ${MAX_LINES} lines`, () => {
    const long = files.map((file) => ({ file, lines: lineCount(file) })).filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  test(`no test, benchmark or script over ${MAX_LINES} lines`, () => {
    expect(supportFiles).toContain("tests/unit/codeStructure.test.ts");
    expect(supportFiles).toContain("bench/main.ts");
    expect(supportFiles.some((file) => file.endsWith(".py"))).toBe(true);
    const long = supportFiles.map((file) => ({ file, lines: lineCount(file) })).filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  test("the circle finder finds a circle of types as one of values", () => {
    const graph = new Map<string, string[]>([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(circles(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });
});
