#!/usr/bin/env node
// Regenerates the SDKs kept in the repository, generated from the schema by
// the Pulumi CLI's own code generators (scripts/gen-sdks.mjs):
//
//   sdk/native/      the Node.js SDK, shipped as the default export of pulumi-langsmith
//   sdk/go/          the Go module github.com/pulumi-langsmith/pulumi-langsmith/sdk/go
//                    (package .../sdk/go/langsmith): Go programs fetch it from the
//                    repository at the tag sdk/go/v<version>, so it must be committed.
//                    go.mod is written here when missing and kept as `go mod tidy`
//                    leaves it (with go.sum); the check asks for the module path and
//                    the pinned Go SDK.
//
// The generated TypeScript sources are copied unchanged except for one line:
// the generated getVersion() reads `./package.json`, which exists only in a
// standalone SDK package; here it reads pulumi-langsmith's own package.json
// by self-reference, so the plugin version a program asks for is always the
// package's version.
//
// Usage: node scripts/embed-native-sdk.mjs [--check]
//   --check  regenerate into a temporary directory and exit 1 if sdk/native/ or
//            sdk/go/ differs (run `npm run build` first; tests/e2e/nativeSdks.test.ts runs it)
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const target = join(root, "sdk", "native");
const goTarget = join(root, "sdk", "go");

/** The Go module's path: the one the schema's importBasePath lives in. */
const GO_MODULE = "github.com/pulumi-langsmith/pulumi-langsmith/sdk/go";
/** The Go SDK the module is built on (the one the tools bootstrap pins). */
const GO_SDK_REQUIRE = "github.com/pulumi/pulumi/sdk/v3 v3.248.0";
const GO_MOD = `module ${GO_MODULE}\n\ngo 1.24\n\nrequire ${GO_SDK_REQUIRE}\n`;

/** Whether a go.mod text declares our module on the pinned Go SDK. */
function goModIsCurrent(text) {
  return text.split("\n")[0] === `module ${GO_MODULE}` && new RegExp(`^\\s*(require )?${GO_SDK_REQUIRE.replace(/[./]/g, "\\$&")}$`, "m").test(text);
}
const check = process.argv.includes("--check");

const GENERATED_VERSION_READ = "require('./package.json').version";
const PACKAGE_VERSION_READ = 'require("pulumi-langsmith/package.json").version';

/** Every file under `dir` whose name ends with one of `suffixes`, as paths relative to it, sorted. */
function filesEnding(dir, suffixes) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (suffixes.some((suffix) => name.endsWith(suffix))) out.push(relative(dir, path));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}
const typeScriptFiles = (dir) => filesEnding(dir, [".ts"]);
const goFiles = (dir) => filesEnding(dir, [".go", "pulumi-plugin.json"]);

/** Files of `fresh` and `committed` (lists relative to `freshDir` and `committedDir`) that differ or exist on one side only. */
function differingFiles(freshDir, fresh, committedDir, committed) {
  return [...new Set([...fresh, ...committed])].filter(
    (file) =>
      !fresh.includes(file) || !committed.includes(file) || readFileSync(join(freshDir, file), "utf8") !== readFileSync(join(committedDir, file), "utf8"),
  );
}

/** Generates the Node.js SDK into a fresh directory and applies the version rewrite. */
function generate() {
  const work = mkdtempSync(join(tmpdir(), "pulumi-langsmith-native-sdk-"));
  execFileSync("node", [join(root, "scripts", "gen-sdks.mjs"), "--out", work, "--language", "nodejs,go"], { stdio: ["ignore", "ignore", "inherit"] });
  const out = join(work, "nodejs");
  const utilities = join(out, "utilities.ts");
  const source = readFileSync(utilities, "utf8");
  if (!source.includes(GENERATED_VERSION_READ)) {
    console.error(`embed-native-sdk: the generated utilities.ts no longer contains ${GENERATED_VERSION_READ}; update this script`);
    process.exit(1);
  }
  writeFileSync(utilities, source.replace(GENERATED_VERSION_READ, PACKAGE_VERSION_READ));
  return { work, out, goOut: join(work, "go") };
}

const { work, out, goOut } = generate();
try {
  if (check) {
    const fresh = typeScriptFiles(out);
    const differing = differingFiles(out, fresh, target, typeScriptFiles(target));
    if (differing.length > 0) {
      console.error(`embed-native-sdk: sdk/native is out of date with the schema (${differing.join(", ")}): run node scripts/embed-native-sdk.mjs`);
      process.exit(1);
    }
    console.log(`sdk/native matches the schema (${fresh.length} files)`);
    const freshGo = goFiles(goOut);
    const differingGo = differingFiles(goOut, freshGo, goTarget, goFiles(goTarget));
    const goMod = existsSync(join(goTarget, "go.mod")) ? readFileSync(join(goTarget, "go.mod"), "utf8") : "";
    if (differingGo.length > 0 || !goModIsCurrent(goMod)) {
      console.error(
        `embed-native-sdk: sdk/go is out of date with the schema (${[...differingGo, ...(goModIsCurrent(goMod) ? [] : ["go.mod"])].join(", ")}): run node scripts/embed-native-sdk.mjs`,
      );
      process.exit(1);
    }
    console.log(`sdk/go matches the schema (${freshGo.length} files)`);
  } else {
    rmSync(target, { recursive: true, force: true });
    for (const file of typeScriptFiles(out)) cpSync(join(out, file), join(target, file), { recursive: true });
    console.log(`wrote ${typeScriptFiles(target).length} files to sdk/native`);
    rmSync(join(goTarget, "langsmith"), { recursive: true, force: true });
    for (const file of goFiles(goOut)) cpSync(join(goOut, file), join(goTarget, file), { recursive: true });
    const goModPath = join(goTarget, "go.mod");
    if (!existsSync(goModPath) || !goModIsCurrent(readFileSync(goModPath, "utf8"))) {
      writeFileSync(goModPath, GO_MOD);
      rmSync(join(goTarget, "go.sum"), { force: true });
      console.log("sdk/go: wrote go.mod: run `go mod tidy` in sdk/go and commit go.mod and go.sum");
    }
    console.log(`wrote ${goFiles(goTarget).length} files to sdk/go`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
