#!/usr/bin/env node
// Fuzzes the emulator against the contract with schemathesis, longer than the
// test does (tests/contract/fuzz.test.ts: 5 cases per operation and phase):
// starts the built emulator (packages/emulator/dist; `npm run build` first) on
// a free port with the fast timings, runs scripts/lib/emulatorFuzz.cjs over
// the five documents of contract/, prints the report and writes it to
// tests/.tmp/fuzz-report.md; exits 1 when anything was found.
//
// Usage: node scripts/fuzz-emulator.mjs [--max-examples <n>]   (default 100; about 15 minutes on 2 cores)
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const { fuzzEmulator, fuzzReport } = require("./lib/emulatorFuzz.cjs");
const { createEmulator, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, FAST_TIMINGS } = require(join(root, "packages/emulator/dist/index.js"));

const arg = process.argv.indexOf("--max-examples");
const maxExamples = arg >= 0 ? Number(process.argv[arg + 1]) : 100;
if (!Number.isInteger(maxExamples) || maxExamples < 1) {
  console.error("fuzz-emulator: --max-examples takes a positive integer");
  process.exit(2);
}
const toolsEnv = join(process.env.XDG_CACHE_HOME || join(process.env.HOME ?? "", ".cache"), "pulumi-langsmith", "tools.env");
const recorded = Object.fromEntries(
  (await import("node:fs"))
    .readFileSync(toolsEnv, "utf8")
    .split("\n")
    .filter((line) => line.includes("="))
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
);
const fuzzDir = process.env.PYTHON_FUZZ_DIR || recorded.PYTHON_FUZZ_DIR;
if (!fuzzDir) {
  console.error("fuzz-emulator: schemathesis is not installed: run npm run tools");
  process.exit(1);
}

const emulator = await createEmulator({ port: 0, host: "127.0.0.1", timings: FAST_TIMINGS });
try {
  const workDir = mkdtempSync(join(tmpdir(), "pulumi-langsmith-fuzz-"));
  console.error(`fuzz-emulator: ${emulator.url}, at most ${maxExamples} cases per operation and phase; documents, reports and logs in ${workDir}`);
  const results = await fuzzEmulator({
    stBin: join(fuzzDir, "bin", "st"),
    baseUrl: emulator.url,
    contractDir: join(root, "contract"),
    workDir,
    apiKey: DEFAULT_ORG_API_KEY,
    workspaceId: DEFAULT_WORKSPACE_ID,
    maxExamples,
    timeoutMs: 3_600_000,
  });
  const report = fuzzReport(results, { maxExamples });
  mkdirSync(join(root, "tests", ".tmp"), { recursive: true });
  writeFileSync(join(root, "tests", ".tmp", "fuzz-report.md"), report);
  process.stdout.write(report);
  process.exitCode = results.some((r) => !r.ran || r.failures.length > 0 || r.errors.length > 0) ? 1 : 0;
} finally {
  await emulator.close();
}
