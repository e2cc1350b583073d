#!/usr/bin/env node
// Builds the native provider plugin `pulumi-resource-langsmith` as a
// self-contained archive that `pulumi plugin install resource langsmith
// <version> --file <archive>` installs:
//
//   pulumi-resource-langsmith      the executable the engine starts (a sh script running node)
//   package.json                   name and version (the plugin reports this version)
//   dist/provider/...              the compiled provider (run `npm run build` first)
//   node_modules/...               its runtime dependencies, copied from this checkout
//
// The runtime closure is axios, zod, @grpc/grpc-js and google-protobuf with
// their own dependencies, plus only the generated protocol bindings of
// @pulumi/pulumi (its `proto/` folder), not the whole SDK.
//
// Usage: node scripts/build-plugin.mjs [--out <dir>]   (default: dist-plugin)
// Prints the archive's path as the last line of stdout.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, chmodSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const outArg = process.argv.indexOf("--out");
const outDir = resolve(outArg >= 0 ? process.argv[outArg + 1] : join(root, "dist-plugin"));
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const version = pkg.version;
const platform = `${process.platform === "win32" ? "windows" : process.platform}-${process.arch === "x64" ? "amd64" : process.arch}`;

if (!existsSync(join(root, "dist/provider/native/main.js"))) {
  console.error("build-plugin: dist/provider/native/main.js is missing: run `npm run build` first");
  process.exit(1);
}

/** Directory of package `name` as Node would resolve it from `fromDir`. */
function packageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dirname(dir) === dir) throw new Error(`build-plugin: cannot find ${name} from ${fromDir}`);
  }
}

/** Every package needed at run time by `names`, keyed by its path relative to the checkout. */
function closure(names) {
  const found = new Map();
  const queue = names.map((name) => ({ name, from: root }));
  while (queue.length > 0) {
    const { name, from } = queue.shift();
    const dir = packageDir(name, from);
    const rel = dir.slice(root.length + 1);
    if (found.has(rel)) continue;
    found.set(rel, dir);
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      try {
        queue.push({ name: dep, from: dir });
        packageDir(dep, dir);
      } catch {
        queue.pop(); // an optional dependency not installed here
      }
    }
  }
  return found;
}

const stage = join(outDir, `pulumi-resource-langsmith-v${version}-${platform}`);
rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });

cpSync(join(root, "dist/provider"), join(stage, "dist/provider"), { recursive: true, filter: (src) => !src.endsWith(".map") && !src.endsWith(".d.ts") });
writeFileSync(join(stage, "package.json"), `${JSON.stringify({ name: pkg.name, version, private: true, description: "The langsmith Pulumi resource provider plugin." }, null, 2)}\n`);

for (const [rel, dir] of closure(["axios", "zod", "@grpc/grpc-js", "google-protobuf"])) {
  cpSync(dir, join(stage, rel), { recursive: true, filter: (src) => !/\.(map|md|ts|cts|mts)$/.test(src) });
}
const sdk = packageDir("@pulumi/pulumi", root);
mkdirSync(join(stage, "node_modules/@pulumi/pulumi"), { recursive: true });
cpSync(join(sdk, "proto"), join(stage, "node_modules/@pulumi/pulumi/proto"), { recursive: true, filter: (src) => !src.endsWith(".d.ts") });
const sdkManifest = JSON.parse(readFileSync(join(sdk, "package.json"), "utf8"));
writeFileSync(join(stage, "node_modules/@pulumi/pulumi/package.json"), `${JSON.stringify({ name: "@pulumi/pulumi", version: sdkManifest.version, description: "Only the generated protocol bindings of the Pulumi Node.js SDK." }, null, 2)}\n`);

const launcher = join(stage, "pulumi-resource-langsmith");
writeFileSync(
  launcher,
  [
    "#!/bin/sh",
    "# The langsmith resource provider: started by the Pulumi engine; needs Node.js 20 or later on PATH.",
    'here="$(cd "$(dirname "$0")" && pwd)"',
    'exec node "$here/dist/provider/native/main.js" "$@"',
    "",
  ].join("\n"),
);
chmodSync(launcher, 0o755);

const archive = `${stage}.tar.gz`;
execFileSync("tar", ["-czf", archive, "-C", stage, "."]);
console.error(`build-plugin: ${archive}`);
console.log(archive);
