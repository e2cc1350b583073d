// The emulator fuzzed against the contract (scripts/lib/emulatorFuzz.cjs):
// schemathesis over every operation of the five documents in contract/, with
// generated valid and invalid inputs and stateful sequences, a fixed seed and
// at most 5 cases per operation and phase (scripts/fuzz-emulator.mjs runs
// more). Checks: no server error, and responses of declared statuses conform
// to their schemas. The figures per document go to tests/.tmp/fuzz-report.md.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmulator, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator, FAST_TIMINGS } from "../../packages/emulator/src";
import { fuzzEmulator, fuzzReport, type FuzzResult } from "../../scripts/lib/emulatorFuzz.cjs";
import { toolPaths } from "../helpers/tools";

const root = join(__dirname, "..", "..");
const MAX_EXAMPLES = 5;
const REPORT_FILE = join(root, "tests", ".tmp", "fuzz-report.md");

describe("the emulator fuzzed against the contract with schemathesis", () => {
  let emulator: Emulator;
  let workDir: string;
  let results: FuzzResult[];

  beforeAll(async () => {
    const { pythonFuzzDir } = toolPaths();
    if (pythonFuzzDir === undefined) throw new Error("the fuzzing environment (schemathesis) is not recorded by the tools bootstrap: run npm run tools");
    emulator = await createEmulator({ port: 0, host: "127.0.0.1", timings: FAST_TIMINGS });
    workDir = mkdtempSync(join(tmpdir(), "pulumi-langsmith-fuzz-"));
    results = await fuzzEmulator({
      stBin: join(pythonFuzzDir, "bin", "st"),
      baseUrl: emulator.url,
      contractDir: join(root, "contract"),
      workDir,
      apiKey: DEFAULT_ORG_API_KEY,
      workspaceId: DEFAULT_WORKSPACE_ID,
      maxExamples: MAX_EXAMPLES,
      timeoutMs: 300_000,
    });
    const report = fuzzReport(results, { maxExamples: MAX_EXAMPLES });
    mkdirSync(join(root, "tests", ".tmp"), { recursive: true });
    writeFileSync(REPORT_FILE, report);
    console.log(report);
  }, 1_500_000);

  afterAll(async () => {
    await emulator?.close();
    if (workDir !== undefined) rmSync(workDir, { recursive: true, force: true });
  });

  it("ran over the five documents, every operation but the ones left out with their reason", () => {
    expect(results.map((r) => [r.area, r.ran, r.complete])).toEqual([
      ["control-plane", true, true],
      ["bulk-exports", true, true],
      ["organization-and-access", true, true],
      ["tracing-and-evaluation", true, true],
      ["additions", true, true],
    ]);
    for (const result of results) expect(result.generated).toBeGreaterThan(result.operations);
  });

  it.each(["control-plane", "bulk-exports", "organization-and-access", "tracing-and-evaluation", "additions"])("%s: no server error, and every declared answer conforms", (area) => {
    const result = results.find((r) => r.area === area);
    expect({ failures: result?.failures, errors: result?.errors }).toEqual({ failures: [], errors: [] });
  });
});
