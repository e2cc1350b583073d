// The tracing-and-evaluation resources (issue 22), in-process against the
// emulator as the native provider calls them: each is created, refreshed,
// changed in place (the diff names the field), imported (by name where the
// service has one) and deleted; a prompt's new manifest is one commit and
// moving its tag is one PATCH; secrets (webhook headers, alert targets) are
// never in the outputs.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { resource as alertRule } from "../../provider/tracing/alertRule";
import { resource as annotationQueue } from "../../provider/tracing/annotationQueue";
import { resource as dataset } from "../../provider/tracing/dataset";
import { resource as evaluator } from "../../provider/tracing/evaluator";
import { resource as example } from "../../provider/tracing/example";
import { resource as feedbackConfig } from "../../provider/tracing/feedbackConfig";
import { resource as modelPriceMap } from "../../provider/tracing/modelPriceMap";
import { resource as playgroundSettings } from "../../provider/tracing/playgroundSettings";
import { resource as project } from "../../provider/tracing/project";
import { resource as prompt } from "../../provider/tracing/prompt";
import { resource as promptTag } from "../../provider/tracing/promptTag";
import { resource as promptWebhook } from "../../provider/tracing/promptWebhook";
import { resource as runRule } from "../../provider/tracing/runRule";
import { configureWith, operation } from "../helpers/providerConfig";
import type { LangSmithResource, Properties } from "../../provider/engine/resource";
import { createChecked as create, updateChecked as update } from "../helpers/kindSteps";

const CANARY = "canary-tracing-secret-7f31";

describe("tracing and evaluation resources against the emulator", () => {
  let emulator: Emulator;

  /** Create, no-change diff, one in-place change, refresh, import, delete: the lifecycle every kind goes through. */
  async function lifecycle(resource: LangSmithResource, first: Properties, second: Properties, changed: string[], importKey?: (id: string) => string) {
    const made = await create(resource, first);
    expect({ kind: resource.token, changes: resource.diff(made.outs, resource.check(made.outs, first).inputs).changes }).toEqual({
      kind: resource.token,
      changes: false,
    });
    const next = await update(resource, made.id, made.outs, second);
    expect({ kind: resource.token, updates: next.diff.updates, replaces: next.diff.replaces }).toEqual({
      kind: resource.token,
      updates: changed,
      replaces: [],
    });
    const read = await resource.read(operation(), made.id, next.outs);
    expect(read?.id).toBe(made.id);
    const imported = await resource.import(operation(), importKey?.(made.id) ?? made.id);
    expect({ kind: resource.token, id: imported?.id ?? made.id }).toEqual({ kind: resource.token, id: made.id });
    return { id: made.id, outs: next.outs, read: read?.props ?? {}, imported };
  }

  const writes = () => emulator.control.requestLog().filter((entry) => entry.method !== "GET");

  beforeAll(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    emulator = await createEmulator();
    const values: Record<string, string> = {
      "langsmith:apiUrl": emulator.url,
      "langsmith:apiKey": DEFAULT_API_KEY,
      "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
    };
    configureWith(values);
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await emulator?.close();
  });

  test("projects, datasets, examples, queues, feedback configs, rules and alerts", async () => {
    const ds = await lifecycle(dataset, { name: "regressions" }, { name: "regressions", description: "failing cases" }, ["description"], () => "regressions");
    const proj = await lifecycle(
      project,
      { name: "support-agent" },
      { name: "support-agent", description: "prod traces", defaultDatasetId: ds.id },
      ["description", "defaultDatasetId"],
      () => "support-agent",
    );
    const ex = await lifecycle(
      example,
      { datasetId: ds.id, inputs: { question: "a?" } },
      { datasetId: ds.id, inputs: { question: "a?" }, outputs: { answer: "b" } },
      ["outputs"],
    );
    expect(ex.read).toMatchObject({ datasetId: ds.id, inputs: { question: "a?" }, outputs: { answer: "b" } });
    const fc = await lifecycle(
      feedbackConfig,
      { feedbackKey: "correctness", type: "continuous", min: 0, max: 1 },
      { feedbackKey: "correctness", type: "continuous", min: 0, max: 5 },
      ["max"],
      () => "correctness",
    );
    expect(fc.id).toBe("correctness");
    const queue = await lifecycle(
      annotationQueue,
      { name: "errored runs", rubricItems: [{ feedbackKey: "correctness" }] },
      { name: "errored runs", description: "review errors", rubricItems: [{ feedbackKey: "correctness" }] },
      ["description"],
      () => "errored runs",
    );
    const rule = await lifecycle(
      runRule,
      {
        displayName: "sample errors",
        projectId: proj.id,
        samplingRate: 0.1,
        filter: "eq(error, true)",
        addToAnnotationQueueId: queue.id,
        webhooks: [{ url: "https://hooks.example.com/runs", headers: { Authorization: CANARY } }],
      },
      {
        displayName: "sample errors",
        projectId: proj.id,
        samplingRate: 0.2,
        filter: "eq(error, true)",
        addToAnnotationQueueId: queue.id,
        webhooks: [{ url: "https://hooks.example.com/runs", headers: { Authorization: CANARY } }],
      },
      ["samplingRate"],
    );
    const alert = await lifecycle(
      alertRule,
      {
        projectId: proj.id,
        name: "error rate",
        attribute: "error_count",
        aggregation: "pct",
        operator: "gte",
        threshold: 0.05,
        windowMinutes: 15,
        actions: [{ target: "webhook", config: { url: `https://hooks.example.com/${CANARY}` } }],
      },
      {
        projectId: proj.id,
        name: "error rate",
        attribute: "error_count",
        aggregation: "pct",
        operator: "gte",
        threshold: 0.1,
        windowMinutes: 15,
        actions: [{ target: "webhook", config: { url: `https://hooks.example.com/${CANARY}` } }],
      },
      ["threshold"],
      (id) => `${proj.id}/${id}`,
    );
    for (const made of [rule, alert]) expect(JSON.stringify(made)).not.toContain(CANARY);

    for (const [resource, made] of [
      [alertRule, alert],
      [runRule, rule],
      [annotationQueue, queue],
      [feedbackConfig, fc],
      [example, ex],
      [project, proj],
      [dataset, ds],
    ] as const) {
      await resource.delete(operation(), made.id, made.outs);
      expect({ kind: resource.token, gone: await resource.read(operation(), made.id, made.outs) }).toEqual({ kind: resource.token, gone: undefined });
    }
  });

  test("a prompt: a new manifest is one commit; moving its tag is one PATCH; webhooks keep their headers secret", async () => {
    const manifest = (text: string) => ({ lc: 1, type: "constructor", id: ["langchain", "prompts", "chat", "ChatPromptTemplate"], kwargs: { template: text } });
    const made = await create(prompt, { handle: "support-triage", description: "triage", manifest: manifest("v1") });
    expect(made.id).toBe("support-triage");
    const first = made.outs["latestCommitId"] as string;
    expect(typeof first).toBe("string");
    const tag = await create(promptTag, { promptHandle: "support-triage", tagName: "production", commitId: first });

    emulator.control.clearRequestLog();
    const next = await update(prompt, made.id, made.outs, { handle: "support-triage", description: "triage", manifest: manifest("v2") });
    expect(next.diff.updates).toEqual(["manifest"]);
    expect(writes().map((w) => `${w.method} ${w.path}`)).toEqual(["POST /commits/-/support-triage"]);
    const second = next.outs["latestCommitId"] as string;
    expect(second).not.toBe(first);

    emulator.control.clearRequestLog();
    const promoted = await update(promptTag, tag.id, tag.outs, { promptHandle: "support-triage", tagName: "production", commitId: second });
    expect(promoted.diff.updates).toEqual(["commitId"]);
    expect(writes().map((w) => w.method)).toEqual(["PATCH"]);
    expect(promoted.outs["commitHash"]).toBe(next.outs["latestCommitHash"]);
    expect(await promptTag.import(operation(), "support-triage/production")).toMatchObject({
      id: "production",
      inputs: { promptHandle: "support-triage", tagName: "production", commitId: second },
    });
    expect(await prompt.import(operation(), "support-triage")).toMatchObject({
      id: "support-triage",
      inputs: { handle: "support-triage", description: "triage" },
    });

    const hook = await lifecycle(
      promptWebhook,
      { url: "https://hooks.example.com/prompts", headers: { Authorization: CANARY }, triggers: ["commit"] },
      { url: "https://hooks.example.com/prompts", headers: { Authorization: CANARY }, triggers: ["commit", "tag:update"] },
      ["triggers"],
    );
    expect(JSON.stringify(hook)).not.toContain(CANARY);
    const judge = await lifecycle(
      evaluator,
      { name: "correctness judge", type: "llm", promptHandle: "support-triage", promptCommit: "production", variableMapping: { question: "input.question" } },
      { name: "correctness judge", type: "llm", promptHandle: "support-triage", promptCommit: "production", variableMapping: { question: "input.q" } },
      ["variableMapping"],
    );
    const price = await lifecycle(
      modelPriceMap,
      { name: "gpt-4o", matchPattern: "^gpt-4o$", promptCost: 0.0000025, completionCost: 0.00001 },
      { name: "gpt-4o", matchPattern: "^gpt-4o$", promptCost: 0.000002, completionCost: 0.00001 },
      ["promptCost"],
    );
    const settings = await lifecycle(
      playgroundSettings,
      { name: "gpt-4o t0", settings: { model: "gpt-4o", temperature: 0 } },
      { name: "gpt-4o t0", settings: { model: "gpt-4o", temperature: 0 }, description: "deterministic" },
      ["description"],
    );
    for (const [resource, made] of [
      [promptWebhook, hook],
      [evaluator, judge],
      [modelPriceMap, price],
      [playgroundSettings, settings],
    ] as const) {
      await resource.delete(operation(), made.id, made.outs);
      expect({ kind: resource.token, gone: await resource.read(operation(), made.id, made.outs) }).toEqual({ kind: resource.token, gone: undefined });
    }
    await promptTag.delete(operation(), tag.id, promoted.outs);
    await prompt.delete(operation(), made.id, next.outs);
    expect(await prompt.read(operation(), made.id, next.outs)).toBeUndefined();
  });
});
