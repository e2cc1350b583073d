// The tracing-and-evaluation resources through the real CLI from a YAML
// program on the native provider, against the emulator: up, a no-change
// preview, one in-place change per kind with its detailed-diff line, the
// prompt promoted by moving its tag (one request, no new commit), pulumi
// import of every kind (by name where the service has one) followed by a
// preview that only re-applies secrets, refresh with drift, and destroy.
// Canaries in webhook headers and alert targets never reach the output
// (`--debug` included), the state or the generated import code.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { EmulatorStack } from "../helpers/emulatorStack";
import type { PulumiProject } from "../helpers/pulumiProject";
import { outcome, startYamlProject, stopYamlProject } from "../helpers/yamlProject";

const HEADER_CANARY = "canary-webhook-header-0b5e77";
const ALERT_CANARY = "canary-alert-target-5d9c12";

interface Variant {
  description: string;
  samplingRate: number;
  threshold: number;
  maxScore: number;
  template: string;
  /** Which commit the `production` tag points at: the prompt's first (`first`) or its latest (`latest`). */
  production: "first" | "latest";
}

const FIRST: Variant = { description: "support traces", samplingRate: 0.1, threshold: 0.05, maxScore: 1, template: "Triage: {question}", production: "first" };
const SECOND: Variant = {
  description: "support traces (prod)",
  samplingRate: 0.2,
  threshold: 0.1,
  maxScore: 5,
  template: "Triage: {question}",
  production: "first",
};

function manifest(template: string): string {
  return `{"lc": 1, "type": "constructor", "id": ["langchain", "prompts", "chat", "ChatPromptTemplate"], "kwargs": {"input_variables": ["question"], "messages": [{"lc": 1, "type": "constructor", "id": ["langchain", "prompts", "chat", "HumanMessagePromptTemplate"], "kwargs": {"prompt": {"lc": 1, "type": "constructor", "id": ["langchain", "prompts", "prompt", "PromptTemplate"], "kwargs": {"input_variables": ["question"], "template": "${template}", "template_format": "f-string"}}}}]}}`;
}

function program(v: Variant, firstCommitId?: string): string {
  return `
resources:
  regressions:
    type: langsmith:index:Dataset
    properties:
      name: regressions
      description: ${v.description}
  traces:
    type: langsmith:index:Project
    properties:
      name: support-agent
      description: ${v.description}
      traceTier: shortlived
      defaultDatasetId: \${regressions.id}
  case1:
    type: langsmith:index:Example
    properties:
      datasetId: \${regressions.id}
      inputs: { question: "refund?" }
      outputs: { answer: "${v.description}" }
  correctness:
    type: langsmith:index:FeedbackConfig
    properties:
      feedbackKey: correctness
      type: continuous
      min: 0
      max: ${v.maxScore}
  review:
    type: langsmith:index:AnnotationQueue
    properties:
      name: errored runs
      description: ${v.description}
      rubricItems: [{ feedbackKey: correctness }]
  sampleErrors:
    type: langsmith:index:RunRule
    properties:
      displayName: sample errored runs
      projectId: \${traces.id}
      filter: eq(error, true)
      samplingRate: ${v.samplingRate}
      addToAnnotationQueueId: \${review.id}
      webhooks:
        fn::secret: [{ url: "https://hooks.example.com/runs", headers: { Authorization: "${HEADER_CANARY}" } }]
  errorRate:
    type: langsmith:index:AlertRule
    properties:
      projectId: \${traces.id}
      name: error rate
      attribute: error_count
      aggregation: pct
      operator: gte
      threshold: ${v.threshold}
      windowMinutes: 15
      actions:
        fn::secret: [{ target: webhook, config: { url: "https://hooks.example.com/${ALERT_CANARY}" } }]
  triage:
    type: langsmith:index:Prompt
    properties:
      handle: support-triage
      description: ${v.description}
      manifest: ${manifest(v.template)}
  production:
    type: langsmith:index:PromptTag
    properties:
      promptHandle: \${triage.handle}
      tagName: production
      commitId: ${v.production === "latest" || firstCommitId === undefined ? "${triage.latestCommitId}" : firstCommitId}
  judge:
    type: langsmith:index:Evaluator
    properties:
      name: triage judge
      type: llm
      promptHandle: \${triage.handle}
      promptCommit: production
      variableMapping: { question: "input.question" }
    options:
      dependsOn: ["\${production}"]
  promptHook:
    type: langsmith:index:PromptWebhook
    properties:
      url: https://hooks.example.com/prompts
      headers:
        fn::secret: { Authorization: "${HEADER_CANARY}" }
      triggers: ["tag:update"]
  gpt4o:
    type: langsmith:index:ModelPriceMap
    properties:
      name: gpt-4o
      matchPattern: "^gpt-4o$"
      promptCost: 0.0000025
      completionCost: 0.00001
  playground:
    type: langsmith:index:PlaygroundSettings
    properties:
      name: gpt-4o t0
      description: ${v.description}
      settings: { model: gpt-4o, temperature: 0 }
`;
}

describe("tracing and evaluation resources: a YAML program through the real CLI", () => {
  let stack: EmulatorStack;
  let project: PulumiProject;

  beforeAll(async () => {
    ({ stack, project } = await startYamlProject("tracing-yaml", program(FIRST)));
  }, 300_000);

  afterAll(() => stopYamlProject({ stack, project }));

  const state = async () => (await project.exportStack()).deployment.resources ?? [];
  const outputsOf = async (name: string) => (await state()).find((r) => r.urn.endsWith(`::${name}`))?.outputs ?? {};
  const writes = () => stack.emulator.control.requestLog().filter((r) => r.method !== "GET");
  const outputs: string[] = [];

  it("creates every kind, previews clean, changes each in place with a property-level diff, promotes the prompt with one request", async () => {
    const up = await project.up();
    outputs.push(up.output);
    expect(outcome(up)).toEqual({ code: 0, tail: "" });
    expect(up.output).toMatch(/14 created/); // and the stack
    const firstCommit = (await outputsOf("triage"))["latestCommitId"] as string;
    // Pin the tag to the first commit, as a promotion workflow does.
    project.writeProgram(program(FIRST, firstCommit));
    expect(await project.preview(["--expect-no-changes"]).then(outcome)).toEqual({ code: 0, tail: "" });

    project.writeProgram(program(SECOND, firstCommit));
    const preview = await project.preview(["--diff"]);
    outputs.push(preview.output);
    expect(outcome(preview)).toEqual({ code: 0, tail: "" });
    expect(preview.output.match(/~ description\s*: "support traces" => "support traces \(prod\)"/g)?.length).toBe(5);
    expect(preview.output).toMatch(/~ outputs\s*: \{\s*~ answer: "support traces" => "support traces \(prod\)"/);
    expect(preview.output).toMatch(/~ samplingRate\s*: 0.1 => 0.2/);
    expect(preview.output).toMatch(/~ threshold\s*: 0.05 => 0.1/);
    expect(preview.output).toMatch(/~ max\s*: 1 => 5/);
    expect(preview.output).toMatch(/9 to update/);
    expect(preview.output).not.toMatch(/to replace|replaced/);
    stack.emulator.control.clearRequestLog();
    const changed = await project.up();
    outputs.push(changed.output);
    expect(outcome(changed)).toEqual({ code: 0, tail: "" });
    expect(changed.output).toMatch(/9 updated/);

    // A new manifest is one commit; then production is promoted to it: one PATCH of the tag, no new commit.
    project.writeProgram(program({ ...SECOND, template: "Triage carefully: {question}" }, firstCommit));
    stack.emulator.control.clearRequestLog();
    const pushed = await project.up();
    expect(outcome(pushed)).toEqual({ code: 0, tail: "" });
    expect(writes().map((w) => `${w.method} ${w.path}`)).toEqual(["POST /commits/-/support-triage"]);
    project.writeProgram(program({ ...SECOND, template: "Triage carefully: {question}", production: "latest" }, firstCommit));
    const promote = await project.preview(["--diff"]);
    expect(promote.output).toMatch(/~ commitId\s*:/);
    expect(promote.output).toMatch(/1 to update/);
    stack.emulator.control.clearRequestLog();
    const promoted = await project.up();
    outputs.push(pushed.output, promote.output, promoted.output);
    expect(outcome(promoted)).toEqual({ code: 0, tail: "" });
    expect(writes().map((w) => `${w.method} ${w.path}`)).toEqual(["PATCH /api/v1/repos/-/support-triage/tags/production"]);
    expect((await outputsOf("production"))["commitHash"]).toBe((await outputsOf("triage"))["latestCommitHash"]);
    expect(await project.preview(["--expect-no-changes"]).then(outcome)).toEqual({ code: 0, tail: "" });
  });

  it("refreshes drift, imports every kind, and never shows a secret", async () => {
    // Drift: the dataset renamed outside Pulumi is seen by refresh; the next preview renames it back.
    const datasetId = (await state()).find((r) => r.urn.endsWith("::regressions"))?.id as string;
    const { createClient } = await import("../../provider/client");
    const { DATASET_ENDPOINTS } = await import("../../provider/tracing/dataset");
    const client = createClient({
      apiUrl: stack.emulator.url,
      controlPlaneUrl: stack.emulator.url,
      apiKey: (stack.config["langsmith:apiKey"] as { secret: string }).secret,
      workspaceId: stack.config["langsmith:workspaceId"] as string,
    });
    await client.resources.send(DATASET_ENDPOINTS.update, {
      action: "renaming a dataset by hand",
      params: { id: datasetId },
      body: { name: "renamed-by-hand" },
    });
    const refresh = await project.refresh(["--yes", "--skip-preview"]);
    expect(outcome(refresh)).toEqual({ code: 0, tail: "" });
    const back = await project.preview(["--diff"]);
    expect(back.output).toMatch(/~ name\s*: "renamed-by-hand" => "regressions"/);
    expect(outcome(await project.up())).toEqual({ code: 0, tail: "" });

    const resources = await state();
    const idOf = (name: string) => resources.find((r) => r.urn.endsWith(`::${name}`))?.id as string;
    const imports = [
      ["langsmith:index:Dataset", "regressions", "regressions"],
      ["langsmith:index:Project", "traces", "support-agent"],
      ["langsmith:index:Example", "case1", idOf("case1")],
      ["langsmith:index:FeedbackConfig", "correctness", "correctness"],
      ["langsmith:index:AnnotationQueue", "review", "errored runs"],
      ["langsmith:index:RunRule", "sampleErrors", idOf("sampleErrors")],
      ["langsmith:index:AlertRule", "errorRate", `${idOf("traces")}/${idOf("errorRate")}`],
      ["langsmith:index:Prompt", "triage", "support-triage"],
      ["langsmith:index:PromptTag", "production", "support-triage/production"],
      ["langsmith:index:Evaluator", "judge", idOf("judge")],
      ["langsmith:index:PromptWebhook", "promptHook", idOf("promptHook")],
      ["langsmith:index:ModelPriceMap", "gpt4o", idOf("gpt4o")],
      ["langsmith:index:PlaygroundSettings", "playground", idOf("playground")],
    ] as const;
    const exported = await project.exportStack();
    const forgotten = join(project.dir, "forgotten.json");
    writeFileSync(
      forgotten,
      JSON.stringify({
        ...exported,
        deployment: { ...exported.deployment, resources: (exported.deployment.resources ?? []).filter((r) => !r.type.startsWith("langsmith:index:")) },
      }),
    );
    await project.runOk(["stack", "import", "--file", forgotten, "--stack", project.stack]);
    const file = join(project.dir, "imports.json");
    writeFileSync(file, JSON.stringify({ resources: imports.map(([type, name, id]) => ({ type, name, id })) }));
    stack.emulator.control.clearRequestLog();
    const imported = await project.run(["import", "--file", file, "--yes", "--non-interactive", "--stack", project.stack, "--protect=false"]);
    expect(outcome(imported)).toEqual({ code: 0, tail: "" });
    expect(imported.output).toMatch(/13 imported/);
    for (const [, name] of imports) expect({ name, id: (await state()).find((r) => r.urn.endsWith(`::${name}`))?.id }).toEqual({ name, id: idOf(name) });
    expect(writes()).toEqual([]);
    const clean = await project.preview(["--diff"]);
    expect(outcome(clean)).toEqual({ code: 0, tail: "" });
    // What an import cannot read back is applied once: the secrets (webhook headers, alert targets) and the prompt's
    // manifest (already its latest commit: no new one), which leaves the tag's commit unknown until then.
    expect(clean.output).toMatch(/5 to update/);
    stack.emulator.control.clearRequestLog();
    const applied = await project.up();
    expect(outcome(applied)).toEqual({ code: 0, tail: "" });
    expect(writes().filter((w) => w.path.startsWith("/commits/") && w.status < 300)).toEqual([]);
    expect(await project.preview(["--expect-no-changes"]).then(outcome)).toEqual({ code: 0, tail: "" });
    outputs.push(applied.output);
    const debug = await project.preview(["--debug"]);
    for (const text of [...outputs, refresh.output, back.output, imported.output, clean.output, debug.output]) {
      expect(text).not.toContain(HEADER_CANARY);
      expect(text).not.toContain(ALERT_CANARY);
    }
    expect(project.rawStateFile()).not.toContain(HEADER_CANARY);
    expect(project.rawStateFile()).not.toContain(ALERT_CANARY);
  });

  it("destroys everything", async () => {
    const destroy = await project.destroy(["--yes", "--skip-preview"]);
    expect(outcome(destroy)).toEqual({ code: 0, tail: "" });
    const objects = stack.emulator.control.dumpState().state.objects;
    for (const kind of [
      "sessions",
      "datasets",
      "examples",
      "annotationQueues",
      "feedbackConfigs",
      "runRules",
      "alertRules",
      "prompts",
      "promptTags",
      "evaluators",
      "promptWebhooks",
      "playgroundSettings",
    ]) {
      expect({ kind, left: objects[kind] ?? [] }).toEqual({ kind, left: [] });
    }
  });
});
