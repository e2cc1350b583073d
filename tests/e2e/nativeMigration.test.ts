// Migration from the dynamic classes (`pulumi-langsmith/dynamic`, what 0.1.0
// programs imported as `pulumi-langsmith`) to the native classes that are now
// the package's default export, with the real CLI, following docs/native.md:
//   1. up with the dynamic classes;
//   2. up with `retainOnDelete: true` on them;
//   3. up with the native classes, each with the `import` option naming the
//      id, and the dynamic ones removed (retained: nothing is deleted);
//   4. the import options dropped: a preview with no changes for the
//      deployment; the destination's credentials, which the service cannot
//      return, are sent again once (one PATCH).
// The emulator must see no DELETE and no second create.
import { type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";
import { installNativePlugin } from "../helpers/nativePlugin";
import { createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";
import { startVersitygw, type Versitygw } from "../helpers/versitygw";

const BUCKET = "native-migration";
const SECRET_CANARY = "canary-native-migration-0b7e4d";

const DEPLOYMENT_ARGS = `{
  name: "migrated-agent",
  source: "github",
  sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev", buildOnPush: false },
  sourceRevisionConfig: { repoRef: "main", graphConfigPath: "langgraph.json" },
  secrets: [{ name: "OPENAI_API_KEY", value: ${JSON.stringify(SECRET_CANARY)} }],
}`;

function destinationArgs(keys: { accessKeyId: string; secretAccessKey: string }): string {
  return `{
  displayName: "migrated exports",
  config: { bucketName: ${JSON.stringify(BUCKET)}, prefix: "migrated", region: "us-east-1" },
  credentials: { accessKeyId: ${JSON.stringify(keys.accessKeyId)}, secretAccessKey: ${JSON.stringify(keys.secretAccessKey)} },
}`;
}

function dynamicProgram(keys: { accessKeyId: string; secretAccessKey: string }, retain: boolean): string {
  const options = retain ? ", { retainOnDelete: true }" : "";
  return `
import { BulkExportDestination, Deployment } from "pulumi-langsmith/dynamic";
const agent = new Deployment("agent", ${DEPLOYMENT_ARGS}${options});
const destination = new BulkExportDestination("exports", ${destinationArgs(keys)}${options});
export const deploymentId = agent.id;
export const destinationId = destination.id;
`;
}

function nativeProgram(keys: { accessKeyId: string; secretAccessKey: string }, ids?: { deploymentId: string; destinationId: string }): string {
  const agentOptions = ids ? `, { import: ${JSON.stringify(ids.deploymentId)} }` : "";
  const exportsOptions = ids ? `, { import: ${JSON.stringify(ids.destinationId)}, ignoreChanges: ["credentials"] }` : "";
  return `
import * as langsmith from "pulumi-langsmith";
const agent = new langsmith.Deployment("agent", ${DEPLOYMENT_ARGS}${agentOptions});
const destination = new langsmith.BulkExportDestination("exports", ${destinationArgs(keys)}${exportsOptions});
export const deploymentId = agent.id;
export const destinationId = destination.id;
`;
}

describe("migration from the dynamic classes to the native provider", () => {
  let gw: Versitygw;
  let stack: EmulatorStack;
  let project: PulumiProject;

  beforeAll(async () => {
    gw = await startVersitygw();
    await gw.createBucket(BUCKET);
    stack = await startEmulatorStack({ s3EndpointOverride: gw.endpoint });
    project = await createPulumiProject({
      name: "native-migration",
      program: dynamicProgram(gw.users.full, false),
      config: stack.config,
      env: stack.env,
    });
    await installNativePlugin(project);
  }, 300_000);

  afterAll(async () => {
    project?.cleanup();
    await stack?.emulator.close();
    await gw?.stop();
  });

  const requests = (method: string) => stack.emulator.control.requestLog().filter((r) => r.method === method);
  const ok = (result: { code: number | null; output: string }) =>
    expect({ code: result.code, tail: result.code === 0 ? "" : result.output.slice(-3000) }).toEqual({ code: 0, tail: "" });

  it("moves a deployment and a destination to the native provider without deleting or recreating either", async () => {
    ok(await project.up());
    const ids = JSON.parse((await project.runOk(["stack", "output", "--json", "--stack", project.stack])).stdout) as {
      deploymentId: string;
      destinationId: string;
    };
    expect(
      requests("POST")
        .map((r) => r.path)
        .sort(),
    ).toEqual(["/api/v1/bulk-exports/destinations", "/v2/deployments"]);

    // Upgrading without following the migration (the 0.1.0 program's import now names the native classes):
    // the preview shows a create of the native resource and a delete of the dynamic one. Not applied.
    project.writeProgram(nativeProgram(gw.users.full));
    const unplanned = await project.preview(["--diff"]);
    expect(unplanned.code).toBe(0);
    expect(unplanned.output).toMatch(/\+ langsmith:index:Deployment: \(create\)/);
    expect(unplanned.output).toMatch(/- pulumi-nodejs:dynamic\/langsmith:Deployment: \(delete\)/);

    project.writeProgram(dynamicProgram(gw.users.full, true));
    ok(await project.up());

    project.writeProgram(nativeProgram(gw.users.full, ids));
    const moved = await project.up();
    ok(moved);
    expect(moved.output).toMatch(/2 imported/);
    const state = await project.exportStack();
    const types = (state.deployment.resources ?? []).map((r) => r.type).filter((t) => t.includes("angsmith"));
    expect(types.sort()).toEqual(["langsmith:index:BulkExportDestination", "langsmith:index:Deployment", "pulumi:providers:langsmith"]);
    expect(state.deployment.resources?.find((r) => r.type === "langsmith:index:Deployment")?.id).toBe(ids.deploymentId);
    expect(state.deployment.resources?.find((r) => r.type === "langsmith:index:BulkExportDestination")?.id).toBe(ids.destinationId);

    project.writeProgram(nativeProgram(gw.users.full));
    const preview = await project.preview(["--diff"]);
    expect(preview.code).toBe(0);
    expect(preview.output).not.toMatch(/langsmith:index:Deployment[^\n]*\((update|replace)/);
    expect(preview.output).toMatch(/~ langsmith:index:BulkExportDestination: \(update\)/);
    ok(await project.up());
    expect((await project.preview(["--expect-no-changes"])).code).toBe(0);

    // Nothing was deleted or created twice; the destination's credentials were sent once more (a rotation to the same keys).
    expect(requests("DELETE")).toEqual([]);
    expect(requests("POST")).toHaveLength(2);
    expect(requests("PATCH").map((r) => r.path)).toEqual([`/api/v1/bulk-exports/destinations/${ids.destinationId}`]);
    expect(
      stack.emulator.control
        .dumpState()
        .state.deployments.filter((d) => d.deleteRequestedAtMs === null)
        .map((d) => d.id),
    ).toEqual([ids.deploymentId]);
    expect(project.rawStateFile()).not.toContain(SECRET_CANARY);
  });
});
