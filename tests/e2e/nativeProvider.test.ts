// The native provider plugin (`pulumi-resource-langsmith`) with the real
// Pulumi CLI, from a YAML program (no SDK at all) and from a TypeScript
// program on the native classes `pulumi-langsmith` exports by default: the
// plugin archive is built from this checkout and installed with
// `pulumi plugin install --file`; the engine loads it, reads its schema, and
// drives a Deployment through up, a preview whose detailed diff names the
// nested field, an update of exactly one revision, `customTimeouts` cutting a
// wait (then resumed), an invoke (getDeployment) served by the plugin,
// SIGINT during a wait (then resumed), refresh with drift, and destroy.
// Progress lines are attributed to the resource, not to `[runtime]`.
import { installNativePlugin } from "../helpers/nativePlugin";
import { spawnPulumi, waitUntil } from "../helpers/processControl";
import { createPulumiProject, diagnosticsOf, type PulumiProject } from "../helpers/pulumiProject";
import { DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID } from "../../packages/emulator/src";
import { createClient } from "../../provider/client";
import { type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";
import { toolPaths } from "../helpers/tools";
import { yamlGithubDeployment } from "../helpers/yamlPrograms";
import { deploymentCalls } from "../../provider/deployments/deployment/endpoints";

const SECRET_CANARY = "canary-native-yaml-5e1d77";
/** How long the build interrupted by Ctrl-C still takes once the interruption is checked, in milliseconds. */
const RESUMED_BUILD_MS = 5_000;

type Language = "yaml" | "nodejs";
interface ProgramOptions {
  readonly repoRef?: string;
  readonly updateTimeout?: string;
  readonly ignoreChanges?: readonly string[];
}

/** The YAML program: the provider's schema is all it needs. */
function yamlProgram(options: ProgramOptions): string {
  const timeouts = options.updateTimeout !== undefined ? `    options:\n      customTimeouts:\n        update: ${options.updateTimeout}\n` : "";
  const ignored = options.ignoreChanges !== undefined ? `    options:\n      ignoreChanges: ${JSON.stringify(options.ignoreChanges)}\n` : "";
  return `
configuration:
  openaiKey:
    type: String
    secret: true
resources:
  agent:
${yamlGithubDeployment("native-agent", options.repoRef)}      secrets:
        - name: OPENAI_API_KEY
          value: \${openaiKey}
${timeouts}${ignored}variables:
  looked:
    fn::invoke:
      function: langsmith:index:getDeployment
      arguments:
        id: \${agent.id}
outputs:
  revisionStatus: \${agent.latestRevisionStatus}
  lastOperation: \${agent.lastOperation}
  lookedUp: \${looked}
`;
}

/** The same program in TypeScript, on the native classes that `pulumi-langsmith` exports by default. */
function typeScriptProgram(options: ProgramOptions): string {
  const timeouts =
    options.updateTimeout !== undefined
      ? `, { customTimeouts: { update: ${JSON.stringify(options.updateTimeout)} } }`
      : options.ignoreChanges !== undefined
        ? `, { ignoreChanges: ${JSON.stringify(options.ignoreChanges)} }`
        : "";
  return `
import * as pulumi from "@pulumi/pulumi";
import * as langsmith from "pulumi-langsmith";
const config = new pulumi.Config();
const agent = new langsmith.Deployment("agent", {
  name: "native-agent",
  source: "github",
  sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev", buildOnPush: false },
  sourceRevisionConfig: { repoRef: ${JSON.stringify(options.repoRef ?? "main")}, graphConfigPath: "langgraph.json" },
  secrets: [{ name: "OPENAI_API_KEY", value: config.requireSecret("openaiKey") }],
}${timeouts});
export const revisionStatus = agent.latestRevisionStatus;
export const lastOperation = agent.lastOperation;
export const lookedUp = langsmith.getDeploymentOutput({ id: agent.id });
`;
}

describe.each<Language>(["yaml", "nodejs"])("native provider: a %s program with the real CLI against the emulator", (language) => {
  const program = (options: ProgramOptions = {}) => (language === "yaml" ? yamlProgram(options) : typeScriptProgram(options));

  let stack: EmulatorStack;
  let project: PulumiProject;

  beforeAll(async () => {
    if (language === "yaml" && toolPaths().yamlBinDir === undefined)
      throw new Error("the YAML language host is not recorded by the tools bootstrap: run npm run tools");
    stack = await startEmulatorStack();
    project = await createPulumiProject({
      name: `native-${language}`,
      ...(language === "yaml" ? { runtime: "yaml" as const } : {}),
      program: program(),
      config: { ...stack.config, openaiKey: { secret: SECRET_CANARY } },
      env: stack.env,
    });
    await installNativePlugin(project);
  }, 300_000);

  afterAll(async () => {
    project?.cleanup();
    await stack?.emulator.close();
  });

  const deployments = () => stack.emulator.control.dumpState().state.deployments.filter((d) => d.deleteRequestedAtMs === null);
  const requests = (method: string) => stack.emulator.control.requestLog().filter((r) => r.method === method && r.path.startsWith("/v2/deployments"));

  it("creates, previews a nested change as a property-level update, updates by one revision, honours customTimeouts, destroys", async () => {
    const up = await project.up();
    expect({ code: up.code, tail: up.code === 0 ? "" : up.output.slice(-3000) }).toEqual({ code: 0, tail: "" });
    // Progress is live status on the resource's row (attributed to its URN, never a [runtime] line of the
    // stack); of it, the engine keeps one line under Diagnostics: what the create did and how long it took.
    expect(up.output).toMatch(
      /langsmith:index:Deployment agent creating \([\d.]+s\) deployment "native-agent": created with revision \S+; waiting up to 30m00s/,
    );
    expect(up.output).toMatch(/langsmith:index:Deployment agent creating \([\d.]+s\) deployment "native-agent": revision \S+ DEPLOYED/);
    expect(diagnosticsOf(up.output, "langsmith:index:Deployment (agent)")).toEqual([
      expect.stringMatching(/^created with revision \S+; revision \S+ DEPLOYED in \d+s$/),
    ]);
    expect(up.output).not.toContain("[runtime]");
    expect(deployments()).toHaveLength(1);
    const id = deployments()[0]!.id;
    const state = await project.exportStack();
    const resource = state.deployment.resources?.find((r) => r.type === "langsmith:index:Deployment");
    expect(resource?.id).toBe(id);
    expect(resource?.outputs?.["latestRevisionStatus"]).toBe("DEPLOYED");
    expect(project.rawStateFile()).not.toContain(SECRET_CANARY);
    // The invoke runs in the plugin, over the same core as the SDK's getDeployment.
    const stackOutputs = JSON.parse((await project.runOk(["stack", "output", "--json", "--stack", project.stack])).stdout) as Record<string, unknown>;
    expect(stackOutputs["lookedUp"]).toMatchObject({ found: true, id, name: "native-agent", source: "github", secretNames: ["OPENAI_API_KEY"] });
    expect(up.output).not.toContain(SECRET_CANARY);

    expect((await project.preview(["--expect-no-changes"])).code).toBe(0);

    project.writeProgram(program({ repoRef: "v2" }));
    const preview = await project.preview(["--diff"]);
    expect(preview.code).toBe(0);
    expect(preview.output).toMatch(/~ langsmith:index:Deployment: \(update\)/);
    expect(preview.output).toMatch(/~ sourceRevisionConfig: \{\s+~ repoRef: "main" => "v2"/);
    expect(preview.output).not.toMatch(/replace/);
    // Outputs that cannot change stay known in the preview.
    expect(preview.output).not.toMatch(/tenantId\s*:\s*output<string>/);

    stack.emulator.control.clearRequestLog();
    const update = await project.up();
    expect(update.code).toBe(0);
    expect(diagnosticsOf(update.output, "langsmith:index:Deployment (agent)")).toEqual([
      expect.stringMatching(/^new revision \S+ \(repoRef main→v2\); revision \S+ DEPLOYED in \d+s$/),
    ]);
    expect(requests("PATCH")).toHaveLength(1);
    expect(requests("POST")).toHaveLength(0);
    expect(deployments()[0]!.id).toBe(id);

    // customTimeouts bound the wait: a slow build outlives a 2 s update timeout; the next up resumes it.
    stack.emulator.control.setTimings({ stepDurationsMs: { BUILDING: 8_000 } });
    project.writeProgram(program({ repoRef: "v3", updateTimeout: "2s" }));
    const cut = await project.up();
    expect(cut.code).not.toBe(0);
    expect(cut.output).toMatch(/revision \S+ is still BUILDING after 2 s \(raise the wait timeout, or run pulumi up again to resume waiting\)/);
    stack.emulator.control.setTimings({ stepDurationsMs: { BUILDING: 20 } });
    project.writeProgram(program({ repoRef: "v3" }));
    const resumed = await project.up();
    expect({ code: resumed.code, tail: resumed.code === 0 ? "" : resumed.output.slice(-3000) }).toEqual({ code: 0, tail: "" });
    expect(deployments()[0]!.id).toBe(id);

    const destroy = await project.destroy();
    expect(destroy.code).toBe(0);
    expect(deployments()).toHaveLength(0);
  });

  it("Ctrl-C ends a wait at once and the next up resumes it; refresh shows drift; --debug output holds no secret", async () => {
    project.writeProgram(program({ repoRef: "main" }));
    const up = await project.up();
    expect(up.code).toBe(0);
    const id = deployments()[0]!.id;

    // A slow build, and SIGINT while the update waits for it: the engine cancels, the plugin's wait ends.
    stack.emulator.control.setTimings({ stepDurationsMs: { BUILDING: 60_000 } });
    project.writeProgram(program({ repoRef: "v4" }));
    const running = spawnPulumi(project, ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", project.stack]);
    expect(await waitUntil(() => /revision \S+ BUILDING/.test(running.output()), 60_000)).toBe(true);
    const interruptedAt = Date.now();
    running.signal("SIGINT");
    const interrupted = await running.done;
    // Ended by the cancellation, long before the 60 s build would have finished.
    expect(Date.now() - interruptedAt).toBeLessThan(30_000);
    expect(interrupted.code).not.toBe(0);
    expect(interrupted.output).toMatch(/waiting for revision \S+ to be DEPLOYED: aborted|cancel/i);
    stack.emulator.control.setTimings({ stepDurationsMs: { BUILDING: 20 } });
    // The interrupted revision is still building: it finishes a few seconds from now (while the next up starts and waits for it), not after the rest of its 60 s.
    expect(stack.emulator.control.finishRevisionsWithin(RESUMED_BUILD_MS)).toBe(1);
    const resumed = await project.up();
    expect({ code: resumed.code, tail: resumed.code === 0 ? "" : resumed.output.slice(-3000) }).toEqual({ code: 0, tail: "" });
    expect(deployments().map((d) => d.id)).toEqual([id]);
    expect((await project.exportStack()).deployment.resources?.find((r) => r.type === "langsmith:index:Deployment")?.outputs?.["latestRevisionStatus"]).toBe(
      "DEPLOYED",
    );

    // Drift made outside Pulumi shows in the refresh and the next preview.
    const client = createClient({
      apiKey: DEFAULT_API_KEY,
      workspaceId: DEFAULT_WORKSPACE_ID,
      controlPlaneUrl: stack.emulator.url,
      apiUrl: stack.emulator.url,
    });
    await deploymentCalls.patch(client, id, { source_config: { build_on_push: true } });
    const refresh = await project.refresh();
    expect(refresh.code).toBe(0);
    const drift = await project.preview(["--diff"]);
    expect(drift.output).toMatch(/~ sourceConfig: \{\s+~ buildOnPush: true => false/);

    // ignoreChanges on the object covers the drifted field inside it: no change in the preview, no PATCH in the update.
    project.writeProgram(program({ repoRef: "v4", ignoreChanges: ["sourceConfig"] }));
    const ignoring = await project.preview(["--expect-no-changes", "--diff"]);
    expect({ code: ignoring.code, tail: ignoring.code === 0 ? "" : ignoring.output.slice(-3000) }).toEqual({ code: 0, tail: "" });
    stack.emulator.control.clearRequestLog();
    expect((await project.up()).code).toBe(0);
    expect(requests("PATCH")).toHaveLength(0);
    project.writeProgram(program({ repoRef: "v4" }));

    const debug = await project.preview(["--debug", "--diff"]);
    expect(debug.code).toBe(0);
    expect(debug.output).not.toContain(SECRET_CANARY);
    expect((await project.exportStack()).deployment).toBeDefined();
    expect(project.rawStateFile()).not.toContain(SECRET_CANARY);

    expect((await project.destroy()).code).toBe(0);
  });
});
