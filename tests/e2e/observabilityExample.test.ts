// The observability example (examples/observability) run with its own stack
// file on the native provider, against the emulator and a real S3 store: the
// dev stack creates the project the deployment traces into, the dataset,
// queue, rule, alert, feedback config, prompt and its production tag, and a
// bulk export of the project; previews clean; pushes a new manifest as one
// commit while production stays pinned, then promotes production with one
// PATCH of the tag; and is destroyed. The alert's webhook URL (a secret)
// never reaches the output or the state.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";
import { installNativePlugin } from "../helpers/nativePlugin";
import { createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";
import { startVersitygw, type Versitygw } from "../helpers/versitygw";
import { outcome } from "../helpers/yamlProject";

const EXAMPLE = join(__dirname, "..", "..", "examples", "observability");
const WEBHOOK_CANARY = "canary-observability-webhook-2c8d4f";

describe("examples/observability", () => {
  let gw: Versitygw;
  let stack: EmulatorStack;
  let project: PulumiProject;

  beforeAll(async () => {
    gw = await startVersitygw();
    await gw.createBucket("acme-langsmith-observability-dev");
    stack = await startEmulatorStack({ s3EndpointOverride: gw.endpoint });
    project = await createPulumiProject({
      name: "langsmith-observability",
      stack: "dev",
      program: readFileSync(join(EXAMPLE, "index.ts"), "utf8"),
      stackConfigFile: join(EXAMPLE, "Pulumi.dev.yaml"),
      config: stack.config,
      env: stack.env,
    });
    writeFileSync(join(project.dir, "tsconfig.json"), readFileSync(join(EXAMPLE, "tsconfig.json")));
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
  const outputsOf = async (name: string) => ((await project.exportStack()).deployment.resources ?? []).find((r) => r.urn.endsWith(`::${name}`))?.outputs ?? {};

  it("dev: creates the observability around the agent, pushes a prompt commit, promotes it with one request, destroys", async () => {
    const up = await project.up();
    expect(outcome(up)).toEqual({ code: 0, tail: "" });
    expect(up.output).toMatch(/12 created/); // the stack included
    const projectId =
      (await outputsOf("traces"))["id"] ?? ((await project.exportStack()).deployment.resources ?? []).find((r) => r.urn.endsWith("::traces"))?.id;
    const state = stack.emulator.control.dumpState().state;
    expect(state.bulkExports.map((b) => b.sessionId)).toEqual([projectId]);
    expect(state.objects["runRules"]?.map((r) => r.wire["session_id"])).toEqual([projectId]);
    expect(await project.preview(["--expect-no-changes"]).then(outcome)).toEqual({ code: 0, tail: "" });

    // Pin production at the first commit, then push a new manifest: one commit, production stays.
    const firstCommit = (await outputsOf("triage"))["latestCommitId"] as string;
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
    expect(await project.preview(["--expect-no-changes"]).then(outcome)).toEqual({ code: 0, tail: "" });

    for (const output of [up.output, pushed.output, promoted.output]) expect(output).not.toContain(WEBHOOK_CANARY);
    expect(project.rawStateFile()).not.toContain(WEBHOOK_CANARY);

    const destroyed = await project.destroy(["--yes", "--skip-preview"]);
    expect(outcome(destroyed)).toEqual({ code: 0, tail: "" });
    const objects = stack.emulator.control.dumpState().state.objects;
    for (const kind of ["sessions", "datasets", "annotationQueues", "feedbackConfigs", "runRules", "alertRules", "prompts"])
      expect({ kind, left: objects[kind] ?? [] }).toEqual({ kind, left: [] });
  });
});
