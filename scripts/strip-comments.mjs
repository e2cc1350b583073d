// Drops the comments of the compiled provider modules (dist/provider/**/*.js),
// which the package ships for the dynamic classes: they run them, no one
// reads them there (the TSDoc is in the sources and in the shipped .d.ts
// files). Keeps the install of a native program within its footprint target
// (docs/performance.md, install footprint). esbuild reprints each module
// unminified, without comments and without its source-map line. The dynamic
// classes' own modules (dist/sdk/dynamic) are left as compiled: the text of
// their provider shim is serialized into stacks' state.
// Usage: node scripts/strip-comments.mjs   (after tsc, in `npm run build`)
import esbuild from "esbuild";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dir = join(root, "dist", "provider");

/** Every `.js` file under `folder`. */
function modules(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return modules(path);
    return name.endsWith(".js") ? [path] : [];
  });
}

let before = 0;
let after = 0;
for (const file of modules(dir)) {
  const source = readFileSync(file, "utf8");
  const { code } = esbuild.transformSync(source, {
    loader: "js",
    format: "cjs",
    target: "node20",
    minifyWhitespace: true,
    legalComments: "none",
    sourcefile: file,
  });
  before += source.length;
  after += code.length;
  writeFileSync(file, code);
}
process.stderr.write(`dist/provider: comments dropped, ${(before / 1e6).toFixed(2)} MB to ${(after / 1e6).toFixed(2)} MB\n`);
