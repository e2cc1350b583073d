// The native SDK as the package ships it: one module, dist/package/native.js,
// and one declaration file, dist/package/native.d.ts, instead of tsc's module
// and declarations per class and function (dist/sdk/native, about 250 files).
// A program on the native classes installs the package with `@pulumi/pulumi`
// only, and every file costs at least one disk block: joined, the SDK takes
// about 0.6 MB less on disk (docs/performance.md, install footprint).
// - The classes still load lazily: esbuild keeps each module behind its own
//   `require`, run the first time the index's lazy getter is read.
//   `@pulumi/pulumi` and the package's own `package.json` (the SDK's version
//   lookup) stay outside the bundle.
// - The declarations: every class and function module's, in the index's
//   place (the index only re-exports them), after one set of the imports they
//   share; the `types` and `config` namespaces stay tsc's files.
// Needs `npm run build` first (tsc's dist/sdk/native); `npm run build` runs it.
import esbuild from "esbuild";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const sdk = join(root, "dist", "sdk", "native");
const outfile = join(root, "dist", "package", "native.js");
const declarations = join(root, "dist", "package", "native.d.ts");

esbuild.buildSync({
  entryPoints: [join(root, "dist", "sdk", "native", "index.js")],
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  // Whitespace only: class and function names stay as the SDK wrote them (stack traces, `constructor.name`).
  minifyWhitespace: true,
  keepNames: true,
  legalComments: "none",
  logLevel: "warning",
  external: ["@pulumi/pulumi", "@pulumi/pulumi/*", "pulumi-langsmith/package.json"],
  outfile,
});
/** The imports every module's declarations may start with: written once, at the top of the joined file. */
const SHARED_IMPORTS = [
  'import * as pulumi from "@pulumi/pulumi";',
  'import * as inputs from "../sdk/native/types/input";',
  'import * as outputs from "../sdk/native/types/output";',
  'import * as enums from "../sdk/native/types/enums";',
];
const SHARED_IMPORT = /^import \* as (pulumi|inputs|outputs|enums) from "[^"]+";$/;

const index = readFileSync(join(sdk, "index.d.ts"), "utf8");
// The modules the index names (`import("./x")`), each once, in the index's order.
const names = [...new Set([...index.matchAll(/import\("\.\/([A-Za-z0-9]+)"\)/g)].map((match) => match[1]))];
const onDisk = readdirSync(sdk).filter((name) => name.endsWith(".d.ts") && !["index.d.ts", "utilities.d.ts"].includes(name));
const unnamed = onDisk.filter((name) => !names.includes(name.slice(0, -".d.ts".length)));
if (unnamed.length > 0) throw new Error(`bundle-native-sdk: declarations the index does not name: ${unnamed.join(", ")}`);
const bodies = names.map((name) => {
  const lines = readFileSync(join(sdk, `${name}.d.ts`), "utf8").split("\n");
  const body = lines.filter((line) => !SHARED_IMPORT.test(line));
  const other = body.find((line) => /^import |^export .* from /.test(line));
  if (other !== undefined) throw new Error(`bundle-native-sdk: ${name}.d.ts has an import the join does not know: ${other}`);
  return body.join("\n").trim();
});
const tail = [
  'export * from "../sdk/native/types/enums";',
  'import * as config from "../sdk/native/config";',
  'import * as types from "../sdk/native/types";',
  "export { config, types, };",
];
writeFileSync(declarations, [...SHARED_IMPORTS, ...bodies, ...tail].join("\n") + "\n");

process.stderr.write(
  `dist/package/native.js: the native SDK in one module, ${(statSync(outfile).size / 1e3).toFixed(0)} KB, its ${names.length} modules' declarations in native.d.ts\n`,
);
