#!/usr/bin/env node
// Generates the native provider's SDKs from its schema with the Pulumi CLI's
// own code generators (pulumi-langsmith-sdkgen, built by `npm run tools`):
//
//   <out>/schema.json      the schema, from the compiled field tables (run `npm run build` first)
//   <out>/nodejs/          TypeScript sources of @pulumi-langsmith/native (build with its tsconfig)
//   <out>/python/          the pulumi_langsmith package
//   <out>/go/langsmith/    the Go package
//
// .NET needs the generator of the pulumi-dotnet repository, which is not
// built here. YAML programs need no SDK.
//
// Usage: node scripts/gen-sdks.mjs [--out <dir>] [--language nodejs,python,go]   (default: dist-sdk, all three)
// Prints the output directory as the last line of stdout.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const arg = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : fallback;
};
const outDir = resolve(arg("--out", join(root, "dist-sdk")));
const languages = arg("--language", "nodejs,python,go").split(",");

/** The generator recorded by the tools bootstrap (or SDKGEN_BIN). */
function sdkgenBin() {
  if (process.env.SDKGEN_BIN) return process.env.SDKGEN_BIN;
  const envFile = join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "pulumi-langsmith", "tools.env");
  const line = existsSync(envFile) ? readFileSync(envFile, "utf8").split("\n").find((l) => l.startsWith("SDKGEN_BIN=")) : undefined;
  if (!line) {
    console.error("gen-sdks: the SDK generator is not built: run npm run tools");
    process.exit(1);
  }
  return line.slice("SDKGEN_BIN=".length).trim();
}

const schemaModule = join(root, "dist/provider/native/schema.js");
if (!existsSync(schemaModule)) {
  console.error("gen-sdks: dist/provider/native/schema.js is missing: run `npm run build` first");
  process.exit(1);
}
const { packageSchema } = await import(schemaModule);
const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;

mkdirSync(outDir, { recursive: true });
const schemaFile = join(outDir, "schema.json");
writeFileSync(schemaFile, `${JSON.stringify(packageSchema(version), null, 2)}\n`);
const bin = sdkgenBin();
for (const language of languages) {
  const target = join(outDir, language);
  rmSync(target, { recursive: true, force: true });
  execFileSync(bin, ["--language", language, "--out", target, schemaFile], { stdio: ["ignore", "inherit", "inherit"] });
}
console.log(outDir);
