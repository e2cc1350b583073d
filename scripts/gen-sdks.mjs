#!/usr/bin/env node
// Generates the native provider's SDKs from its schema with the Pulumi CLI's
// own code generators (pulumi-langsmith-sdkgen, built by `npm run tools`):
//
//   <out>/schema.json      the schema, from the compiled field tables (run `npm run build` first)
//   <out>/nodejs/          TypeScript sources of @pulumi-langsmith/native (build with its tsconfig)
//   <out>/python/          the pulumi_langsmith package
//   <out>/go/langsmith/    the Go package
//   <out>/dotnet/          the Pulumi.Langsmith C# project (pulumi-dotnet's generator)
//
// YAML programs need no SDK.
//
// Usage: node scripts/gen-sdks.mjs [--out <dir>] [--language nodejs,python,go,dotnet]   (default: dist-sdk, all four)
// Prints the output directory as the last line of stdout.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { recordedTool } from "./lib/toolsEnv.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const arg = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : fallback;
};
const outDir = resolve(arg("--out", join(root, "dist-sdk")));
const languages = arg("--language", "nodejs,python,go,dotnet").split(",");

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
for (const language of languages) {
  const target = join(outDir, language);
  rmSync(target, { recursive: true, force: true });
  const bin = recordedTool(language === "dotnet" ? "SDKGEN_DOTNET_BIN" : "SDKGEN_BIN", "gen-sdks");
  execFileSync(bin, ["--language", language, "--out", target, schemaFile], { stdio: ["ignore", "inherit", "inherit"] });
}
console.log(outDir);
