// The exports example (examples/exports) run with its own stack files: the
// dev stack's schedule (every hour) and backfill against the emulator and a
// real S3 store; the prod stack's file previews with its 6-hour schedule.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";
import { startVersitygw, type Versitygw } from "../helpers/versitygw";

const EXAMPLE = join(__dirname, "..", "..", "examples", "exports");

describe("examples/exports", () => {
  let gw: Versitygw;
  let emulator: Emulator;
  const projects: PulumiProject[] = [];

  beforeAll(async () => {
    gw = await startVersitygw();
    await gw.createBucket("acme-langsmith-exports-dev");
    emulator = await createEmulator({ control: true, s3EndpointOverride: gw.endpoint });
  }, 60_000);

  afterAll(async () => {
    for (const project of projects) project.cleanup();
    await emulator?.close();
    await gw?.stop();
  });

  async function exampleStack(stack: "dev" | "prod"): Promise<PulumiProject> {
    const project = await createPulumiProject({
      name: "langsmith-exports",
      stack,
      program: readFileSync(join(EXAMPLE, "index.ts"), "utf8"),
      stackConfigFile: join(EXAMPLE, `Pulumi.${stack}.yaml`),
      env: { PULUMI_NODEJS_TYPESCRIPT: "true", LANGSMITH_POLL_MIN_INTERVAL_MS: "50", LANGSMITH_POLL_MAX_INTERVAL_MS: "200" },
    });
    projects.push(project);
    writeFileSync(join(project.dir, "tsconfig.json"), readFileSync(join(EXAMPLE, "tsconfig.json")));
    return project;
  }

  it("dev: creates the destination, the hourly export and the backfill (waited for); destroy cancels the schedule", async () => {
    const project = await exampleStack("dev");
    await project.setConfig("langsmith:apiUrl", emulator.url);
    await project.setConfig("langsmith:workspaceId", DEFAULT_WORKSPACE_ID);
    await project.setConfig("langsmith:apiKey", { secret: DEFAULT_API_KEY });
    await project.runOk(["config", "set", "--stack", "dev", "--path", "--secret", "credentials.accessKeyId", gw.users.full.accessKeyId]);
    await project.runOk(["config", "set", "--stack", "dev", "--path", "--secret", "credentials.secretAccessKey", gw.users.full.secretAccessKey]);

    const up = await project.up();
    expect(up.code).toBe(0);
    expect(up.output).toContain("4 created");
    const exported = (await project.exportStack()).deployment.resources ?? [];
    const scheduled = exported.find((r) => r.urn.endsWith("::scheduled"));
    expect(scheduled?.outputs).toMatchObject({ intervalHours: 1, status: "IntervalScheduled", startTime: "2026-11-01T00:00:00Z" });
    expect(exported.find((r) => r.urn.endsWith("::backfill"))?.outputs).toMatchObject({ status: "Completed", endTime: "2026-11-01T00:00:00Z" });
    expect((await project.preview(["--expect-no-changes"])).code).toBe(0);

    emulator.control.clearRequestLog();
    const destroyed = await project.destroy();
    expect(destroyed.code).toBe(0);
    const cancels = emulator.control
      .requestLog()
      .filter((r) => r.method === "PATCH" && r.path.startsWith("/api/v1/bulk-exports/") && !r.path.includes("destinations"));
    expect(cancels.map((r) => r.path)).toEqual([`/api/v1/bulk-exports/${scheduled?.id}`]);
  });

  it("prod: the stack file previews the same program with a 6-hour schedule, with no credentials and no request", async () => {
    const project = await exampleStack("prod");
    await project.runOk(["config", "set", "--stack", "prod", "--path", "--secret", "credentials.accessKeyId", "AKIAPREVIEWONLY"]);
    await project.runOk(["config", "set", "--stack", "prod", "--path", "--secret", "credentials.secretAccessKey", "preview-only-secret"]);
    emulator.control.clearRequestLog();
    const preview = await project.preview(["--diff"]);
    expect(preview.code).toBe(0);
    expect(preview.output).toContain("4 to create");
    expect(preview.output).toMatch(/intervalHours\s*:\s*6/);
    expect(emulator.control.requestLog()).toEqual([]);
  });
});
