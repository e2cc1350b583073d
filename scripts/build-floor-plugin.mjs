#!/usr/bin/env node
// Builds the floor plugin (bench/floorPlugin/): a benchmark tool packaged
// exactly as the real plugin is, under the same name and version, so a program
// on the `pulumi-langsmith` SDK runs unchanged on either; it answers every call
// at once and serves the real plugin's schema. Never part of a release.
//
// Steps: build the real plugin's archive for this machine
// (scripts/build-plugin.mjs, which needs `npm run build`) and unpack it for
// its manifest; write the schema the real plugin serves
// (provider/native/schema.ts's packageSchema for the package version, from
// the compiled code the archive was bundled from) to
// dist/bench/floorPlugin/schema.json; replace the provider with the floor
// (bench/floorPlugin/*.ts and provider/native/serve.ts compiled with tsc),
// bundled and started as the real plugin is (one file run through the same
// code cache, provider/native/codeCache.ts); point the launcher at it, and
// pack `pulumi-resource-langsmith-v<version>-<os>-<arch>.tar.gz`, which
// `pulumi plugin install resource langsmith <version> --file <archive>` installs.
//
// Usage: node scripts/build-floor-plugin.mjs [--out <dir>]   (default: dist-bench/floor-plugin)
// Prints the archive's path.
import { execFileSync } from "node:child_process";
import { writePluginBundle } from "./lib/pluginBundle.mjs";
import { PLUGIN_NODE_FLAGS } from "./lib/pluginNode.mjs";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const outArg = process.argv.indexOf("--out");
const outDir = resolve(outArg >= 0 ? process.argv[outArg + 1] : join(root, "dist-bench", "floor-plugin"));
const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
const platform = `${process.platform === "win32" ? "windows" : process.platform}-${process.arch === "x64" ? "amd64" : process.arch}`;
if (platform.startsWith("windows")) {
  console.error("build-floor-plugin: builds for linux and darwin only (its launcher is a sh script)");
  process.exit(1);
}

const stage = join(outDir, `floor-v${version}-stage`);
rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });

// The real plugin's archive, unpacked: the same manifest.
const realOut = join(outDir, "real");
const realArchive = execFileSync("node", [join(root, "scripts", "build-plugin.mjs"), "--out", realOut], { encoding: "utf8" })
  .trim()
  .split("\n")
  .pop();
execFileSync("tar", ["-xzf", realArchive, "-C", stage]);
rmSync(realOut, { recursive: true, force: true });

// The schema the real plugin serves, from the compiled code its bundle holds.
const { packageSchema } = createRequire(import.meta.url)(join(root, "dist", "provider", "native", "schema.js"));
const schemaText = JSON.stringify(packageSchema(version));

// The floor replaces the provider.
rmSync(join(stage, "dist"), { recursive: true, force: true });
const compiled = join(outDir, `floor-v${version}-compiled`);
rmSync(compiled, { recursive: true, force: true });
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
execFileSync(
  process.execPath,
  [
    tsc,
    "--rootDir",
    root,
    "--outDir",
    compiled,
    "--module",
    "commonjs",
    "--target",
    "ES2022",
    "--moduleResolution",
    "node",
    "--esModuleInterop",
    "--skipLibCheck",
    "--strict",
    "--types",
    "node",
    join(root, "bench", "floorPlugin", "main.ts"),
  ],
  { cwd: root, stdio: ["ignore", "inherit", "inherit"] },
);
const compiledEntry = join(compiled, "bench", "floorPlugin", "main.js");
if (!existsSync(compiledEntry)) {
  console.error(`build-floor-plugin: the compiled entry point ${compiledEntry} is missing`);
  process.exit(1);
}
const floorDir = join(stage, "dist", "bench", "floorPlugin");
// Compiled outside the checkout: its packages resolve from the checkout's node_modules.
writePluginBundle({ root, entryPoint: compiledEntry, outDir: floorDir, nodePaths: [join(root, "node_modules")] });
rmSync(compiled, { recursive: true, force: true });
writeFileSync(join(floorDir, "schema.json"), schemaText);

const launcher = join(stage, "pulumi-resource-langsmith");
writeFileSync(
  launcher,
  [
    "#!/bin/sh",
    "# The langsmith FLOOR plugin (a benchmark tool: every call answered at once, no API call); needs Node.js 20 or later on PATH.",
    'here="$(cd "$(dirname "$0")" && pwd)"',
    `exec node ${PLUGIN_NODE_FLAGS.join(" ")} "$here/dist/bench/floorPlugin/main.js" "$@"`,
    "",
  ].join("\n"),
);
chmodSync(launcher, 0o755);

const archive = join(outDir, `pulumi-resource-langsmith-v${version}-${platform}.tar.gz`);
execFileSync("tar", ["-czf", archive, "--owner=0", "--group=0", "-C", stage, "."]);
rmSync(stage, { recursive: true, force: true });
console.error(`build-floor-plugin: ${archive}`);
console.log(archive);
