// Load (issue 8): 30 deployments and 10 bulk-export destinations brought up
// with `pulumi up --parallel 16` while the emulator rate-limits the API to 20
// requests per second (429 + Retry-After). Every resource must succeed, and
// destroy must leave nothing. The figures (requests, 429s absorbed) are
// printed for docs/reliability.md; nothing here asserts on durations.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator, type RequestLogEntry } from "../../packages/emulator/src";
import { killProcesses, findDynamicProviders } from "../helpers/processControl";
import { type CommandResult, createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";
import { startVersitygw, type Versitygw } from "../helpers/versitygw";

const DEPLOYMENTS = 30;
const DESTINATIONS = 10;
const PARALLEL = 16;
const RATE_LIMIT_PER_SECOND = 20;
const BUCKET = "load-exports";
const SECRET_CANARY = "canary-load-secret-a41d";

function program(gwSecretKey: string, gwKeyId: string): string {
  return `
import { BulkExportDestination, Deployment } from "pulumi-langsmith/dynamic";
for (let i = 0; i < ${DEPLOYMENTS}; i++) {
  new Deployment(\`agent-\${i}\`, {
    name: \`load-agent-\${i}\`,
    source: "github",
    sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev" },
    sourceRevisionConfig: { repoRef: "main", graphConfigPath: "langgraph.json" },
    secrets: [{ name: "OPENAI_API_KEY", value: \`${SECRET_CANARY}-\${i}\` }],
  });
}
for (let i = 0; i < ${DESTINATIONS}; i++) {
  new BulkExportDestination(\`exports-\${i}\`, {
    displayName: \`load exports \${i}\`,
    config: { bucketName: ${JSON.stringify(BUCKET)}, prefix: \`load-\${i}\`, region: "us-east-1" },
    credentials: { accessKeyId: ${JSON.stringify(gwKeyId)}, secretAccessKey: ${JSON.stringify(gwSecretKey)} },
  });
}
`;
}

function summarize(log: RequestLogEntry[]): { requests: number; rateLimited: number } {
  return { requests: log.length, rateLimited: log.filter((r) => r.status === 429).length };
}

describe("load: 40 resources, --parallel 16, API rate-limited to 20 requests/s", () => {
  let gw: Versitygw;
  let emulator: Emulator;
  let project: PulumiProject;

  beforeAll(async () => {
    gw = await startVersitygw();
    await gw.createBucket(BUCKET);
    // A service that can delete destinations (an emulator option), so that "destroy leaves nothing" holds.
    emulator = await createEmulator({ control: true, s3EndpointOverride: gw.endpoint, rateLimitPerSecond: RATE_LIMIT_PER_SECOND, destinationDelete: true });
    project = await createPulumiProject({
      name: "load",
      program: program(gw.users.full.secretAccessKey, gw.users.full.accessKeyId),
      config: {
        "langsmith:controlPlaneUrl": emulator.url,
        "langsmith:apiUrl": emulator.url,
        "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
        "langsmith:apiKey": { secret: DEFAULT_API_KEY },
      },
      env: { LANGSMITH_POLL_MIN_INTERVAL_MS: "200", LANGSMITH_POLL_MAX_INTERVAL_MS: "1000" },
    });
  }, 120_000);

  afterAll(async () => {
    if (project) {
      await killProcesses(findDynamicProviders(project));
      project.cleanup();
    }
    await emulator?.close();
    await gw?.stop();
  });

  const live = () => emulator.control.dumpState().state;

  it("every resource succeeds, every 429 is absorbed, destroy leaves nothing, no secret leaks", async () => {
    const outputs: CommandResult[] = [];
    const up = await project.up(["--parallel", String(PARALLEL)]);
    outputs.push(up);
    // On failure, the end of the CLI output says which resource failed and why.
    expect({ code: up.code, tail: up.code === 0 ? "" : up.output.slice(-4000) }).toEqual({ code: 0, tail: "" });
    const upFigures = summarize(emulator.control.requestLog());
    expect(up.output).toContain(`${DEPLOYMENTS + DESTINATIONS + 1} created`);

    const state = await project.exportStack();
    const resources = state.deployment.resources ?? [];
    const deployed = resources.filter((r) => r.type.endsWith(":Deployment"));
    expect(deployed).toHaveLength(DEPLOYMENTS);
    for (const r of deployed) expect(r.outputs?.["latestRevisionStatus"]).toBe("DEPLOYED");
    expect(resources.filter((r) => r.type.endsWith(":BulkExportDestination"))).toHaveLength(DESTINATIONS);
    expect(live().deployments.filter((d) => d.deleteRequestedAtMs === null)).toHaveLength(DEPLOYMENTS);
    expect(new Set(live().deployments.map((d) => d.name)).size).toBe(DEPLOYMENTS);
    expect(live().revisions).toHaveLength(DEPLOYMENTS);
    expect(live().destinations).toHaveLength(DESTINATIONS);

    emulator.control.clearRequestLog();
    const destroy = await project.destroy(["--parallel", String(PARALLEL)]);
    outputs.push(destroy);
    expect({ code: destroy.code, tail: destroy.code === 0 ? "" : destroy.output.slice(-4000) }).toEqual({ code: 0, tail: "" });
    const destroyFigures = summarize(emulator.control.requestLog());
    expect(live().deployments.filter((d) => d.deleteRequestedAtMs === null)).toHaveLength(0);
    expect(live().destinations).toHaveLength(0);

    const exported = JSON.stringify(await project.exportStack());
    const raw = project.rawStateFile();
    for (const text of [exported, raw, ...outputs.map((o) => o.output)]) {
      expect(text).not.toContain(SECRET_CANARY);
      expect(text).not.toContain(gw.users.full.secretAccessKey);
      expect(text).not.toContain(DEFAULT_API_KEY);
    }
    console.log(
      `load: ${DEPLOYMENTS} deployments + ${DESTINATIONS} destinations, --parallel ${PARALLEL}, limit ${RATE_LIMIT_PER_SECOND} req/s; ` +
        `up: ${upFigures.requests} requests (${upFigures.rateLimited} answered 429, all absorbed); ` +
        `destroy: ${destroyFigures.requests} requests (${destroyFigures.rateLimited} answered 429); nothing left`,
    );
  });
});
