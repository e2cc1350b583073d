import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCommand } from "../helpers/pulumiProject";

// `npm run demo` is the README's first command: run it as a user would (with
// the emulator's fast timings) and check each of its steps happened.
describe("npm run demo", () => {
  const demoHome = mkdtempSync(join(tmpdir(), "pulumi-langsmith-demo-"));
  afterAll(() => rmSync(demoHome, { recursive: true, force: true }));

  it("brings the quickstart stack up against the emulator (an export lands as a Parquet file), updates it by one revision, rotates credentials, ships an agent from its source directory and one edited file as one new revision, and destroys both", async () => {
    const repoRoot = join(__dirname, "..", "..");
    const result = await runCommand("bash", ["scripts/demo.sh", "--fast"], repoRoot, { ...process.env, PULUMI_LANGSMITH_DEMO_HOME: demoHome }, 10 * 60 * 1000);
    expect(result.code).toBe(0);
    expect(result.output).toMatch(/revision \S+ DEPLOYED/);
    expect(result.output).toContain("+ 4 created");
    // The one-off export's run, read back from the bucket as Parquet: 24 seeded trace runs of 2026-10-01.
    expect(result.output).toMatch(
      /s3:\/\/langsmith-exports-demo\/dev\/traces\/export_id=[0-9a-f-]{36}\/\S+\.parquet\n\s+\d+ bytes, 24 rows, columns: id, tenant_id, session_id/,
    );
    expect(result.output).toMatch(/ChatModel\s+llm\s+2026-10-01T01:00:00\.000Z/);
    expect(result.output).toMatch(/test write to s3:\/\/\S+ at http:\/\/127\.0\.0\.1:\d+ passed/);
    expect(result.output).toMatch(/~ langsmith:index:Deployment: \(update\)/);
    expect(result.output).toMatch(/new revision \S+ \(repoRef main→v2\)/);
    expect(result.output).toMatch(/~ langsmith:index:BulkExportDestination: \(update\)/);
    expect(result.output).toContain("rotated credentials");
    // The agent shipped from its source directory: one edited file previews as a content change and makes one new revision.
    expect(result.output).toContain("+ 2 created");
    expect(result.output).toMatch(/source content changed: 4 files, [^(]+ \(was 4 files, [^)]+\)/);
    expect(result.output).toMatch(/new revision \S+ \(source changed \(4 files, [^)]+ → 4 files, [^)]+\)\)/);
    expect(result.output).toMatch(/deployment [0-9a-f-]{36} has 2 revisions, newest first:\n(\s+[0-9a-f-]{36}\s+DEPLOYED\s+\S+\s+\S+\n){2}/);
    expect(result.output).not.toMatch(/\(replace\)/);
    expect(result.output).toContain("- 2 deleted");
    expect(result.output).toContain("- 4 deleted");
    expect(result.output).toContain(`State lives in ${demoHome}/state`);
    expect(result.output).not.toContain("lsv2_pt_emulator_demo_key");
  });
});
