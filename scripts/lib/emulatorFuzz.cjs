// Fuzzing the emulator against the contract with schemathesis: every
// operation of every document in contract/ (the four published ones with the
// additions applied, and the additions), valid and invalid inputs generated
// from the schemas, stateful sequences along the links schemathesis infers
// between operations, a fixed seed. Two checks only: no server error, and
// every response whose status the document declares conforms to its schema
// (a status a document leaves out, e.g. the organization document's 401,
// 403, 404 or 409, is no finding). Used by tests/contract/fuzz.test.ts
// (bounded, in CI) and scripts/fuzz-emulator.mjs (longer, by hand).
"use strict";
const { spawn } = require("node:child_process");
const { mkdirSync, readFileSync, writeFileSync, existsSync } = require("node:fs");
const { join } = require("node:path");
const { effectiveDocuments, documentFile } = require("./contractDocuments.cjs");

/** The seed of every run: the same cases each time. */
const FUZZ_SEED = 20261126;

/** Operations left out of the fuzzing, each with the reason: the published document cannot be fuzzed as it is. */
const EXCLUDED_OPERATIONS = [
  {
    method: "GET",
    path: "/api/v1/repos/{owner}/{repo}/tags",
    reason: "the published document's operation does not declare its path parameters owner and repo (schemathesis: a schema error)",
  },
  {
    method: "GET",
    path: "/api/v1/repos/{owner}/{repo}/tags/{tag_name}",
    reason: "the published document's operation does not declare its path parameters owner and repo (schemathesis: a schema error)",
  },
];

/**
 * Runs schemathesis (`stBin`, its `st` command) over each document against
 * the emulator at `baseUrl`, with an organization-scoped key and a workspace
 * (`X-Tenant-Id`), at most `maxExamples` generated cases per operation and
 * phase, each document's run bounded by `timeoutMs`. Writes the documents and
 * the runs' JSON reports under `workDir`. Answers, per document, the
 * operations tested, the cases generated, the failures and the errors.
 * Asynchronous: an emulator in the same process goes on serving meanwhile.
 */
async function fuzzEmulator({ stBin, baseUrl, contractDir, workDir, apiKey, workspaceId, maxExamples, timeoutMs }) {
  mkdirSync(workDir, { recursive: true });
  const documents = effectiveDocuments(contractDir);
  for (const [area, document] of Object.entries(documents)) writeFileSync(join(workDir, documentFile(area)), JSON.stringify(document));
  const results = [];
  for (const area of Object.keys(documents)) {
    const reportFile = join(workDir, `${area}.report.json`);
    const excluded = EXCLUDED_OPERATIONS.filter((op) => documents[area].paths?.[op.path]?.[op.method.toLowerCase()] !== undefined);
    const args = [
      "run",
      join(workDir, documentFile(area)),
      "--url",
      baseUrl,
      "-H",
      `X-Api-Key: ${apiKey}`,
      "-H",
      `X-Tenant-Id: ${workspaceId}`,
      "--checks",
      "not_a_server_error,response_schema_conformance",
      "--max-examples",
      String(maxExamples),
      "--seed",
      String(FUZZ_SEED),
      "--no-color",
      "--report",
      "json",
      "--report-json-path",
      reportFile,
      ...excluded.flatMap((op) => ["--exclude-path", op.path]),
    ];
    // In workDir: schemathesis keeps its cache in the directory it runs in.
    const run = await runCommand(stBin, args, timeoutMs, workDir);
    writeFileSync(join(workDir, `${area}.log`), run.output);
    if (!existsSync(reportFile)) {
      results.push({
        area,
        ran: false,
        why: run.error ? String(run.error.message) : `st exited ${run.status} without a report (see ${area}.log)`,
        operations: 0,
        generated: 0,
        failures: [],
        errors: [],
        excluded,
      });
      continue;
    }
    const report = JSON.parse(readFileSync(reportFile, "utf8"));
    results.push({
      area,
      ran: true,
      complete: report.complete === true,
      operations: report.operations?.tested ?? 0,
      generated: report.test_cases?.generated ?? 0,
      failures: (report.failures ?? []).map(describe),
      errors: (report.errors ?? []).map(describe),
      excluded,
    });
  }
  return results;
}

/** Runs a command in `cwd` to its end (killed after `timeoutMs`); answers its exit status, its output, and the error that stopped it from running. */
function runCommand(command, args, timeoutMs, cwd) {
  return new Promise((resolve) => {
    let output = "";
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ status: null, output, error });
    });
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, output, error: undefined });
    });
  });
}

/** One failure or error of a report, in a line. */
function describe(entry) {
  if (typeof entry === "string") return entry;
  const where = Array.isArray(entry.operations) ? entry.operations.join(", ") : (entry.label ?? entry.operation ?? entry.method ?? "");
  const what = entry.title ?? entry.message ?? entry.code ?? entry.kind ?? "";
  return `${where}${where && what ? ": " : ""}${what}` || JSON.stringify(entry).slice(0, 300);
}

/** The results as Markdown: per document, what was covered and found. */
function fuzzReport(results, { maxExamples }) {
  const lines = [
    "# The emulator fuzzed against the contract",
    "",
    `schemathesis, seed ${FUZZ_SEED}, at most ${maxExamples} cases per operation and phase; checks: no server error, responses of declared statuses conform.`,
    "",
    "| document | operations tested | cases | findings | errors |",
    "|---|---|---|---|---|",
    ...results.map((r) => `| ${r.area} | ${r.operations} | ${r.generated} | ${r.failures.length} | ${r.ran ? r.errors.length : `not run: ${r.why}`} |`),
    "",
  ];
  const excluded = results.flatMap((r) => r.excluded.map((op) => `- ${op.method} ${op.path} (${r.area}): ${op.reason}`));
  if (excluded.length > 0) lines.push("Left out:", "", ...excluded, "");
  const findings = results.flatMap((r) => [...r.failures, ...r.errors].map((f) => `- ${r.area}: ${f}`));
  lines.push(findings.length > 0 ? "Findings:" : "No findings.", "", ...findings);
  return `${lines.join("\n")}\n`;
}

module.exports = { FUZZ_SEED, EXCLUDED_OPERATIONS, fuzzEmulator, fuzzReport };
