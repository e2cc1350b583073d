#!/usr/bin/env node
// Renders the Registry's example programs (provider/native/examples/programs.ts:
// one PCL program per resource and invoke, made from the registry) into
// TypeScript, Python, Go, C# and YAML with Pulumi's own program generators
// (pulumi-langsmith-sdkgen and pulumi-langsmith-sdkgen-dotnet
// `--render-programs`, built by `npm run tools`), and writes them to
// provider/native/examples/rendered.json, which the schema's descriptions
// are made from (Example Usage). Run `npm run build` first.
//
// Each Go rendering is built against the repository's Go SDK (sdk/go) here:
// Pulumi's Go program generator (v3.248.0) renders some programs into Go
// that does not compile (invokes of `pkg:index:getX` tokens are not mapped
// to the SDK's `LookupX`, plain invoke results are exported unconverted,
// lists inside `Any` maps become `pulumi.Any{...}`, an optional output is
// passed to a required input). Those are recorded with `goBuilds: false` and
// the build's first error, and their page shows no Go tab rather than Go
// that does not build (docs/native.md, "The Registry's pages").
//
// Usage: node scripts/generate-examples.mjs [--check] [--out <file>] [--go-report <file>]
//   --check      render into memory and exit 1 if rendered.json differs
//                (tests/e2e/registryExamples.test.ts runs it)
//   --go-report  also write what the Go build said of each rendering, by
//                token: `{ builds, output }` (output: the build's lines
//                under that package's `# <package>` header), so a test
//                can check each one without building them again
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { recordedTool } from "./lib/toolsEnv.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const renderedFile = join(root, "provider", "native", "examples", "rendered.json");
const check = process.argv.includes("--check");
const outIndex = process.argv.indexOf("--out");
const outFile = outIndex >= 0 ? resolve(process.argv[outIndex + 1]) : renderedFile;
const goReportIndex = process.argv.indexOf("--go-report");
const goReportFile = goReportIndex >= 0 ? resolve(process.argv[goReportIndex + 1]) : undefined;

/** The languages, each with the generator that renders it: the environment variable of its binary and its `--language`. */
const LANGUAGES = [
  { key: "typescript", bin: "SDKGEN_BIN", language: "nodejs" },
  { key: "python", bin: "SDKGEN_BIN", language: "python" },
  { key: "go", bin: "SDKGEN_BIN", language: "go" },
  { key: "csharp", bin: "SDKGEN_DOTNET_BIN", language: "dotnet" },
  { key: "yaml", bin: "SDKGEN_DOTNET_BIN", language: "yaml" },
];

/**
 * Builds every Go rendering as a package of one module that replaces the Go
 * SDK with the repository's sdk/go (one `go build`: each package compiles on
 * its own, and one that fails has its own `# <package>` block); answers, by
 * token, `{ builds, output }`: whether it built, and the build's lines about
 * it (empty for one that built).
 */
function goBuildResults(rendered, dir) {
  const packages = {};
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "go.mod"),
    `module example.com/langsmith-examples\n\ngo 1.25.11\n\nrequire github.com/pulumi-langsmith/pulumi-langsmith/sdk/go v0.0.0\n\nreplace github.com/pulumi-langsmith/pulumi-langsmith/sdk/go => ${join(root, "sdk", "go")}\n`,
  );
  for (const [token, example] of Object.entries(rendered)) {
    const name = token.split(":")[2].toLowerCase();
    packages[name] = token;
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, "main.go"), example.go);
  }
  const env = { ...process.env, PATH: `${process.env.PATH ?? ""}:/usr/local/go/bin`, GOFLAGS: "-mod=mod" };
  let stderr = "";
  try {
    execFileSync("go", ["build", "-o", "/dev/null", "./..."], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    stderr = String(error.stderr ?? "");
    if (!stderr.includes("# example.com/langsmith-examples/")) throw error;
  }
  const results = Object.fromEntries(Object.values(packages).map((token) => [token, { builds: true, output: "" }]));
  for (const block of stderr.split(/^# example\.com\/langsmith-examples\//m).slice(1)) {
    const [name, ...lines] = block.split("\n");
    results[packages[name.trim()]] = { builds: false, output: lines.join("\n").trim() };
  }
  return results;
}

/** The first error of a package's build output, without its file position. */
function firstError(output) {
  return (output.split("\n")[0] ?? "").replace(/^[^:]+:\d+:\d+: /, "").trim();
}

const dist = join(root, "dist", "provider");
if (!existsSync(join(dist, "native", "examples", "programs.js"))) {
  console.error("generate-examples: dist/provider/native/examples/programs.js is missing: run `npm run build` first");
  process.exit(1);
}
const { examplePrograms } = await import(join(dist, "native", "examples", "programs.js"));
const { loadAllKinds, loadKind } = await import(join(dist, "registry", "index.js"));
const { allNativeFunctions } = await import(join(dist, "native", "functions.js"));
const { packageSchema } = await import(join(dist, "native", "schema.js"));

const programs = examplePrograms(loadAllKinds(), allNativeFunctions(), loadKind);
const work = mkdtempSync(join(tmpdir(), "langsmith-examples-"));
try {
  const schemaFile = join(work, "schema.json");
  writeFileSync(schemaFile, JSON.stringify(packageSchema("0.0.0")));
  const input = JSON.stringify(programs);
  const rendered = Object.fromEntries(
    Object.keys(programs)
      .sort()
      .map((token) => [token, { pcl: programs[token] }]),
  );
  for (const { key, bin, language } of LANGUAGES) {
    const output = execFileSync(recordedTool(bin, "generate-examples"), ["--render-programs", "--language", language, schemaFile], {
      input,
      maxBuffer: 64 * 1024 * 1024,
      stdio: ["pipe", "pipe", "inherit"],
    });
    for (const [token, text] of Object.entries(JSON.parse(output.toString("utf8")))) rendered[token][key] = text;
  }
  const goResults = goBuildResults(rendered, join(work, "go"));
  for (const [token, result] of Object.entries(goResults)) {
    rendered[token].goBuilds = result.builds;
    if (!result.builds) rendered[token].goBuildError = firstError(result.output);
  }
  if (goReportFile !== undefined) writeFileSync(goReportFile, `${JSON.stringify(goResults, null, 2)}\n`);
  const text = `${JSON.stringify(rendered, null, 2)}\n`;
  if (check) {
    const current = existsSync(renderedFile) ? readFileSync(renderedFile, "utf8") : "";
    if (current !== text) {
      console.error(`generate-examples: ${renderedFile} is out of date: run \`npm run build && node scripts/generate-examples.mjs\``);
      process.exit(1);
    }
    console.error(`generate-examples: ${Object.keys(rendered).length} examples, up to date`);
  } else {
    writeFileSync(outFile, text);
    console.error(`generate-examples: wrote ${Object.keys(rendered).length} examples in ${LANGUAGES.length} languages to ${outFile}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
