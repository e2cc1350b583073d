// The observability example in Python (examples/observability-python) run by
// the real CLI with the test-only Python language host, on the provider's
// wheel as the release script builds it, against the emulator and a real S3
// store: the dev stack creates the project the deployment traces into, the
// dataset, queue, rule, alert, feedback config, prompt and its production
// tag, and a bulk export of the project; previews clean; pushes a new
// manifest as one commit while production stays pinned (the preview's
// detailed diff names the manifest), then promotes production with one PATCH
// of the tag; refreshes clean; and is destroyed. The alert's webhook URL and
// the bucket's credentials (secrets) never reach the output or the state.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";
import { installNativePlugin } from "../helpers/nativePlugin";
import { createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";
import { providerWheel } from "../helpers/pythonSdk";
import { startVersitygw, type Versitygw } from "../helpers/versitygw";
import { outcome } from "../helpers/yamlProject";

const EXAMPLE = join(__dirname, "..", "..", "examples", "observability-python");
const WEBHOOK_CANARY = "canary-python-webhook-5be21d";

describe("examples/observability-python, through the real CLI", () => {
  let gw: Versitygw;
  let stack: EmulatorStack;
  let project: PulumiProject;

  beforeAll(async () => {
    gw = await startVersitygw();
    await gw.createBucket("acme-langsmith-observability-dev");
    stack = await startEmulatorStack({ s3EndpointOverride: gw.endpoint });
    project = await createPulumiProject({
      name: "langsmith-observability-python",
      runtime: "python",
      stack: "dev",
      program: readFileSync(join(EXAMPLE, "__main__.py"), "utf8"),
      pythonWheels: [providerWheel()],
      stackConfigFile: join(EXAMPLE, "Pulumi.dev.yaml"),
      config: stack.config,
      env: stack.env,
    });
    await installNativePlugin(project);
    await project.setConfig("alertWebhookUrl", { secret: `https://hooks.example.com/${WEBHOOK_CANARY}` });
    await project.runOk(["config", "set", "--stack", "dev", "--path", "--secret", "exportCredentials.accessKeyId", gw.users.full.accessKeyId]);
    await project.runOk(["config", "set", "--stack", "dev", "--path", "--secret", "exportCredentials.secretAccessKey", gw.users.full.secretAccessKey]);
  }, 300_000);

  afterAll(async () => {
    project?.cleanup();
    await stack?.emulator.close();
    await gw?.stop();
  });

  const writes = () => stack.emulator.control.requestLog().filter((r) => r.method !== "GET");
  const resourceOf = async (name: string) => ((await project.exportStack()).deployment.resources ?? []).find((r) => r.urn.endsWith(`::${name}`));

  it("dev: creates the observability around the agent, pushes a prompt commit, promotes it with one request, refreshes clean, destroys", async () => {
    const up = await project.up();
    expect(outcome(up)).toEqual({ code: 0, tail: "" });
    expect(up.output).toMatch(/12 created/);
    const projectId = (await resourceOf("traces"))?.id;
    const state = stack.emulator.control.dumpState().state;
    expect(state.bulkExports.map((b) => b.sessionId)).toEqual([projectId]);
    expect(state.objects["runRules"]?.map((r) => [r.wire["session_id"], r.wire["sampling_rate"]])).toEqual([[projectId, 0.1]]);
    expect(
      state.objects["alertRules"]?.map((r) => {
        const rule = r.wire["rule"] as Record<string, unknown>;
        return [rule["attribute"], rule["aggregation"], rule["operator"]];
      }),
    ).toEqual([["error_count", "pct", "gte"]]);
    expect(await project.preview(["--expect-no-changes"]).then(outcome)).toEqual({ code: 0, tail: "" });

    // Pin production at the first commit, then push a new manifest: one commit, production stays.
    const firstCommit = (await resourceOf("triage"))?.outputs?.["latestCommitId"] as string;
    await project.runOk(["config", "set", "--stack", "dev", "productionCommitId", firstCommit]);
    expect(await project.preview(["--expect-no-changes"]).then(outcome)).toEqual({ code: 0, tail: "" });
    await project.runOk([
      "config",
      "set",
      "--stack",
      "dev",
      "--path",
      "triagePrompt.kwargs.messages[0].kwargs.prompt.kwargs.template",
      "Route this question carefully: {question}",
    ]);
    const diff = await project.preview(["--diff"]);
    expect(outcome(diff)).toEqual({ code: 0, tail: "" });
    expect(diff.output).toMatch(/~ langsmith:index:Prompt: \(update\)/);
    expect(diff.output).toMatch(/template\s*: "Route this question: \{question\}" => "Route this question carefully: \{question\}"/);
    stack.emulator.control.clearRequestLog();
    const pushed = await project.up();
    expect(outcome(pushed)).toEqual({ code: 0, tail: "" });
    expect(writes().map((w) => `${w.method} ${w.path}`)).toEqual(["POST /commits/-/support-triage-dev"]);

    // Promote: production follows the latest commit again; one PATCH of the tag, no new commit.
    await project.runOk(["config", "rm", "--stack", "dev", "productionCommitId"]);
    stack.emulator.control.clearRequestLog();
    const promoted = await project.up();
    expect(outcome(promoted)).toEqual({ code: 0, tail: "" });
    expect(writes().map((w) => `${w.method} ${w.path}`)).toEqual(["PATCH /api/v1/repos/-/support-triage-dev/tags/production"]);
    const refreshed = await project.refresh();
    expect(outcome(refreshed)).toEqual({ code: 0, tail: "" });
    expect(await project.preview(["--expect-no-changes"]).then(outcome)).toEqual({ code: 0, tail: "" });

    for (const output of [up.output, diff.output, pushed.output, promoted.output, refreshed.output]) {
      expect(output).not.toContain(WEBHOOK_CANARY);
      expect(output).not.toContain(gw.users.full.secretAccessKey);
    }
    expect(project.rawStateFile()).not.toContain(WEBHOOK_CANARY);
    expect(project.rawStateFile()).not.toContain(gw.users.full.secretAccessKey);

    const destroyed = await project.destroy();
    expect(outcome(destroyed)).toEqual({ code: 0, tail: "" });
    const objects = stack.emulator.control.dumpState().state.objects;
    for (const kind of ["sessions", "datasets", "annotationQueues", "feedbackConfigs", "runRules", "alertRules", "prompts"])
      expect({ kind, left: objects[kind] ?? [] }).toEqual({ kind, left: [] });
  });
});
