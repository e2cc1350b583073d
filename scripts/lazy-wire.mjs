#!/usr/bin/env node
// Makes the compiled wire schemas (dist/provider/client/wire/*.js, from the
// modules scripts/generate-wire.mjs writes) build each schema on its first
// use instead of all of them when the module loads.
//
// Why: each area's module holds every schema of its contract (up to 229),
// and zod builds an object per schema and per field. A provider process
// that serves a few kinds used to build them all: about 17 MiB of memory and
// 200 ms of CPU in the plugin (docs/performance.md, "Plugin memory"). Now a
// kind's endpoints build only the schemas they name and those these refer to.
//
// How: tsc compiles `export const zX = <expr>;` to `exports.zX = <expr>;`
// and every reference to it, in the module and in its importers, to a
// property read (`exports.zX`, `wire_1.zX`). Each such statement becomes a
// getter on `exports` that builds the schema once and then replaces itself
// with the value, so every reader gets the same object as before. Line
// numbers are kept (the source maps stay right), and the module's exports
// are the same names with the same values (tests/unit/lazyWire.test.ts
// compares every schema with the eagerly built one).
//
// The script checks the compiled shape it relies on and fails the build,
// naming the file, when a module does not match it. Running it twice changes
// nothing.
//
// Usage: node scripts/lazy-wire.mjs [dir]   (default: dist/provider/client/wire)
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dir = resolve(process.argv[2] ?? join(root, "dist/provider/client/wire"));

/** The helper put on the zod import's line: defines `name` as a getter that builds the schema once. */
const HELPER =
  "function __lazySchema(name, build) { Object.defineProperty(exports, name, { configurable: true, enumerable: true, get() { const value = build(); Object.defineProperty(exports, name, { value, enumerable: true, writable: false, configurable: false }); return value; } }); }";
const ZOD_IMPORT = 'const z = __importStar(require("zod"));';
const EXPORT_STATEMENT = /^exports\.(z\w+) = (.*)$/;

/** The module text with every schema built on first use; throws, naming the reason, when the text is not tsc's output of a generated wire module. */
export function lazyWireModule(text, file) {
  const fail = (why) => {
    throw new Error(`lazy-wire: ${file}: ${why}; is it tsc's output of a module written by scripts/generate-wire.mjs?`);
  };
  if (text.includes("__lazySchema(")) return text;
  const lines = text.split("\n");
  const importLine = lines.indexOf(ZOD_IMPORT);
  if (importLine < 0 || lines.indexOf(ZOD_IMPORT, importLine + 1) >= 0) fail(`no single line \`${ZOD_IMPORT}\``);
  // tsc declares every export first: `exports.zA = exports.zB = ... = void 0;`
  const declared = new Set();
  for (const line of lines.slice(0, importLine)) {
    if (!line.startsWith("exports.") || !line.endsWith(" = void 0;")) continue;
    for (const name of line.slice(0, -" = void 0;".length).split(" = ")) declared.add(name.replace(/^exports\./, ""));
  }
  if (declared.size === 0) fail("no exports declared");
  const defined = new Set();
  const out = lines.slice(0, importLine);
  out.push(`${ZOD_IMPORT} ${HELPER}`);
  let open = false;
  const close = () => {
    if (!open) return;
    const last = out.length - 1;
    if (!out[last].endsWith(";")) fail(`a statement does not end with ";" at line ${last + 1}`);
    out[last] = `${out[last].slice(0, -1)});`;
    open = false;
  };
  for (const line of lines.slice(importLine + 1)) {
    const statement = EXPORT_STATEMENT.exec(line);
    if (statement !== null) {
      close();
      const [, name, start] = statement;
      if (defined.has(name)) fail(`${name} is assigned twice`);
      defined.add(name);
      out.push(`__lazySchema(${JSON.stringify(name)}, () => ${start}`);
      open = true;
    } else if (line === "" || line.startsWith("//# sourceMappingURL=")) {
      close();
      out.push(line);
    } else if (open) {
      out.push(line);
    } else {
      fail(`unexpected top-level line ${out.length + 1}: ${line.slice(0, 80)}`);
    }
  }
  close();
  const missing = [...declared].filter((name) => !defined.has(name));
  const extra = [...defined].filter((name) => !declared.has(name));
  if (missing.length > 0 || extra.length > 0) fail(`exports declared and assigned differ (${[...missing, ...extra].slice(0, 5).join(", ")})`);
  return out.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = readdirSync(dir).filter((file) => file.endsWith(".js"));
  if (files.length === 0) {
    console.error(`lazy-wire: no compiled wire modules in ${dir}: run tsc first`);
    process.exit(1);
  }
  for (const file of files) {
    const path = join(dir, file);
    const text = readFileSync(path, "utf8");
    const lazy = lazyWireModule(text, path);
    if (lazy !== text) writeFileSync(path, lazy);
  }
}
