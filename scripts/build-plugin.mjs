#!/usr/bin/env node
// Builds the native provider plugin `pulumi-resource-langsmith` as
// self-contained archives named as the engine downloads them
// (`pulumi-resource-langsmith-v<version>-<os>-<arch>.tar.gz`), which
// `pulumi plugin install resource langsmith <version> --file <archive>` also
// installs:
//
//   pulumi-resource-langsmith      the executable the engine starts on linux and darwin (a sh script running node)
//   pulumi-resource-langsmith.cmd  the same on windows (the engine accepts .exe or .cmd there)
//   package.json                   name, version (the plugin reports it) and download address
//   dist/provider/native/provider.bundle.js
//                                  the compiled provider (run `npm run build` first) with its runtime
//                                  dependencies (axios, zod, @grpc/grpc-js, google-protobuf and the
//                                  protocol bindings of @pulumi/pulumi) in one file, by esbuild, written as
//                                  the function Node.js wraps a module in (codeCache.ts, BUNDLE_WRAPPER)
//   dist/provider/native/main.js   the entry point: runs the bundle through a V8 code cache kept
//                                  beside it (provider/native/codeCache.ts)
//
// One file compiled once from a code cache starts faster than some 300
// modules compiled at every start (docs/performance.md, "Plugin start").
//
// The plugin is JavaScript: the archives differ only in their launcher, and
// each is checked after packing to hold what the engine looks for.
//
// Usage: node scripts/build-plugin.mjs [--out <dir>] [--platform <os-arch>,...|all]
//   --out       default: dist-plugin
//   --platform  default: this machine's; `all` is linux, darwin and windows on amd64 and arm64
// Prints the archives' paths, one per line, this machine's (or the first) last.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { writePluginBundle } from "./lib/pluginBundle.mjs";
import { PLUGIN_NODE_FLAGS } from "./lib/pluginNode.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const outArg = process.argv.indexOf("--out");
const outDir = resolve(outArg >= 0 ? process.argv[outArg + 1] : join(root, "dist-plugin"));
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const version = pkg.version;
const hostPlatform = `${process.platform === "win32" ? "windows" : process.platform}-${process.arch === "x64" ? "amd64" : process.arch}`;
/** Every platform a release carries. */
const ALL_PLATFORMS = ["linux-amd64", "linux-arm64", "darwin-amd64", "darwin-arm64", "windows-amd64", "windows-arm64"];
const platformArg = process.argv.indexOf("--platform");
const requested = platformArg >= 0 ? process.argv[platformArg + 1] : hostPlatform;
const platforms = requested === "all" ? ALL_PLATFORMS : requested.split(",");
for (const p of platforms) {
  if (!ALL_PLATFORMS.includes(p)) {
    console.error(`build-plugin: unknown platform ${p}: one of ${ALL_PLATFORMS.join(", ")} or all`);
    process.exit(1);
  }
}

if (!existsSync(join(root, "dist/provider/native/main.js"))) {
  console.error("build-plugin: dist/provider/native/main.js is missing: run `npm run build` first");
  process.exit(1);
}

const stage = join(outDir, `pulumi-resource-langsmith-v${version}-common`);
rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });

writePluginBundle({ root, entryPoint: join(root, "dist/provider/native/main.js"), outDir: join(stage, "dist/provider/native") });
const pluginManifest = { name: pkg.name, version, private: true, description: "The langsmith Pulumi resource provider plugin.", pulumi: pkg.pulumi };
writeFileSync(join(stage, "package.json"), `${JSON.stringify(pluginManifest, null, 2)}\n`);

/** The launcher the engine starts on `os`: its file name and text. */
function launcher(os) {
  if (os === "windows") {
    return {
      name: "pulumi-resource-langsmith.cmd",
      text: [
        "@echo off",
        "rem The langsmith resource provider: started by the Pulumi engine; needs Node.js 20 or later on PATH.",
        `node ${PLUGIN_NODE_FLAGS.join(" ")} "%~dp0dist\\provider\\native\\main.js" %*`,
        "",
      ].join("\r\n"),
    };
  }
  return {
    name: "pulumi-resource-langsmith",
    text: [
      "#!/bin/sh",
      "# The langsmith resource provider: started by the Pulumi engine; needs Node.js 20 or later on PATH.",
      'here="$(cd "$(dirname "$0")" && pwd)"',
      `exec node ${PLUGIN_NODE_FLAGS.join(" ")} "$here/dist/provider/native/main.js" "$@"`,
      "",
    ].join("\n"),
  };
}

/** Fails unless `archive` holds the launcher for `os` (executable where it must be), the manifest and the entry point. */
function checkArchive(archive, os) {
  const listing = execFileSync("tar", ["-tvzf", archive], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }).split("\n");
  const entry = (name) => listing.find((line) => line.endsWith(` ./${name}`) || line.endsWith(` ${name}`));
  const { name } = launcher(os);
  const problems = [];
  const launcherLine = entry(name);
  if (launcherLine === undefined) problems.push(`no ${name}`);
  else if (os !== "windows" && !/^-rwx/.test(launcherLine)) problems.push(`${name} is not executable`);
  for (const required of ["package.json", "dist/provider/native/main.js", "dist/provider/native/provider.bundle.js"]) {
    if (entry(required) === undefined) problems.push(`no ${required}`);
  }
  if (problems.length > 0) {
    console.error(`build-plugin: ${archive} is not a plugin the engine can start: ${problems.join("; ")}`);
    process.exit(1);
  }
}

const archives = [];
for (const target of platforms) {
  const os = target.split("-")[0];
  const { name, text } = launcher(os);
  const launcherPath = join(stage, name);
  writeFileSync(launcherPath, text);
  chmodSync(launcherPath, 0o755);
  const archive = join(outDir, `pulumi-resource-langsmith-v${version}-${target}.tar.gz`);
  execFileSync("tar", ["-czf", archive, "--owner=0", "--group=0", "-C", stage, "."]);
  rmSync(launcherPath);
  checkArchive(archive, os);
  archives.push({ target, archive });
  console.error(`build-plugin: ${archive}`);
}
rmSync(stage, { recursive: true, force: true });
archives.sort((a, b) => Number(a.target === hostPlatform) - Number(b.target === hostPlatform));
for (const { archive } of archives) console.log(archive);
