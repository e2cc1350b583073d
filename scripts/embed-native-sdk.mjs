#!/usr/bin/env node
// Regenerates sdk/native/: the native provider's Node.js SDK, generated from
// the schema by the Pulumi CLI's own code generator (scripts/gen-sdks.mjs) and
// shipped as the default export of pulumi-langsmith.
//
// The generated TypeScript sources are copied unchanged except for one line:
// the generated getVersion() reads `./package.json`, which exists only in a
// standalone SDK package; here it reads pulumi-langsmith's own package.json
// by self-reference, so the plugin version a program asks for is always the
// package's version.
//
// Usage: node scripts/embed-native-sdk.mjs [--check]
//   --check  regenerate into a temporary directory and exit 1 if sdk/native/
//            differs (run `npm run build` first; tests/e2e/nativeSdks.test.ts runs it)
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const target = join(root, "sdk", "native");
const check = process.argv.includes("--check");

const GENERATED_VERSION_READ = "require('./package.json').version";
const PACKAGE_VERSION_READ = 'require("pulumi-langsmith/package.json").version';

/** Every .ts file under `dir`, as paths relative to it, sorted. */
function typeScriptFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".ts")) out.push(relative(dir, path));
    }
  };
  walk(dir);
  return out.sort();
}

/** Generates the Node.js SDK into a fresh directory and applies the version rewrite. */
function generate() {
  const work = mkdtempSync(join(tmpdir(), "pulumi-langsmith-native-sdk-"));
  execFileSync("node", [join(root, "scripts", "gen-sdks.mjs"), "--out", work, "--language", "nodejs"], { stdio: ["ignore", "ignore", "inherit"] });
  const out = join(work, "nodejs");
  const utilities = join(out, "utilities.ts");
  const source = readFileSync(utilities, "utf8");
  if (!source.includes(GENERATED_VERSION_READ)) {
    console.error(`embed-native-sdk: the generated utilities.ts no longer contains ${GENERATED_VERSION_READ}; update this script`);
    process.exit(1);
  }
  writeFileSync(utilities, source.replace(GENERATED_VERSION_READ, PACKAGE_VERSION_READ));
  return { work, out };
}

const { work, out } = generate();
try {
  if (check) {
    const fresh = typeScriptFiles(out);
    const committed = typeScriptFiles(target);
    const differing = [...new Set([...fresh, ...committed])].filter(
      (file) => !fresh.includes(file) || !committed.includes(file) || readFileSync(join(out, file), "utf8") !== readFileSync(join(target, file), "utf8"),
    );
    if (differing.length > 0) {
      console.error(`embed-native-sdk: sdk/native is out of date with the schema (${differing.join(", ")}): run node scripts/embed-native-sdk.mjs`);
      process.exit(1);
    }
    console.log(`sdk/native matches the schema (${fresh.length} files)`);
  } else {
    rmSync(target, { recursive: true, force: true });
    for (const file of typeScriptFiles(out)) cpSync(join(out, file), join(target, file), { recursive: true });
    console.log(`wrote ${typeScriptFiles(target).length} files to sdk/native`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
