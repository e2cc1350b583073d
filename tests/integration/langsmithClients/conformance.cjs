// The official `langsmith` JS SDK against the emulator, one group of calls at a time.
//
// Usage: node conformance.cjs <group>   (LANGSMITH_JS_DIR names the directory whose
// node_modules holds the SDK; LANGSMITH_ENDPOINT and LANGSMITH_API_KEY the emulator)
//
// Each group calls the SDK's methods as an application would and checks the values it
// reads back; any failure throws (exit status 1, the error on stderr). On success it
// prints the line "ok <group>". Run by tests/integration/langsmithJs.test.ts.
"use strict";
const { randomUUID } = require("node:crypto");
const { join } = require("node:path");
const { Client } = require(join(process.env.LANGSMITH_JS_DIR, "node_modules", "langsmith"));

const unique = (prefix) => `${prefix}-${randomUUID().slice(0, 8)}`;

function check(condition, what) {
  if (!condition) throw new Error(what);
}

async function collect(iterable) {
  const all = [];
  for await (const item of iterable) all.push(item);
  return all;
}

/** A LangChain-serialized ChatPromptTemplate with one system message (what langchain-core's dumps writes). */
function chatPrompt(template, variables) {
  const constructor = (id, kwargs) => ({ lc: 1, type: "constructor", id, kwargs });
  const prompt = constructor(["langchain", "prompts", "prompt", "PromptTemplate"], { input_variables: variables, template, template_format: "f-string" });
  const message = constructor(["langchain", "prompts", "chat", "SystemMessagePromptTemplate"], { prompt });
  return constructor(["langchain", "prompts", "chat", "ChatPromptTemplate"], { input_variables: variables, messages: [message] });
}

function systemTemplate(manifest) {
  return manifest.kwargs.messages[0].kwargs.prompt.kwargs.template;
}

async function projects(client) {
  const name = unique("project");
  const created = await client.createProject({ projectName: name, description: "made by the SDK" });
  check(created.name === name, `createProject answered ${created.name}`);
  const read = await client.readProject({ projectName: name });
  check(read.id === created.id && read.description === "made by the SDK", `readProject: ${JSON.stringify(read)}`);
  check(
    (await collect(client.listProjects({ nameContains: name }))).some((p) => p.id === created.id),
    "listProjects(nameContains)",
  );
  await client.updateProject(created.id, { description: "changed" });
  check((await client.readProject({ projectId: created.id })).description === "changed", "updateProject");
  await client.deleteProject({ projectId: created.id });
  check(!(await collect(client.listProjects({ nameContains: name }))).some((p) => p.id === created.id), "deleteProject left the project listed");
}

async function datasets(client) {
  const name = unique("dataset");
  const created = await client.createDataset(name, { description: "evaluation set" });
  const read = await client.readDataset({ datasetName: name });
  check(read.id === created.id && read.description === "evaluation set", `readDataset: ${JSON.stringify(read)}`);
  check((await collect(client.listDatasets({ datasetNameContains: name }))).map((d) => d.id).join() === created.id, "listDatasets(datasetNameContains)");
  const [first] = await client.createExamples([{ dataset_id: created.id, inputs: { q: "a" }, split: "train" }]);
  const version = await client.readDatasetVersion({ datasetId: created.id, asOf: new Date(Date.now() + 60_000) });
  await client.updateDatasetTag({ datasetId: created.id, asOf: version.as_of, tag: "prod" });
  const tagged = await client.readDatasetVersion({ datasetId: created.id, tag: "prod" });
  check(tagged.as_of === version.as_of && JSON.stringify(tagged.tags) === '["prod"]', `readDatasetVersion(tag): ${JSON.stringify(tagged)}`);
  await client.updateDatasetSplits({ datasetId: created.id, splitName: "test", exampleIds: [first.id] });
  const splits = await client.listDatasetSplits({ datasetId: created.id });
  check(JSON.stringify(splits) === '["test","train"]', `listDatasetSplits: ${JSON.stringify(splits)}`);
  const diff = await client.diffDatasetVersions({ datasetId: created.id, fromVersion: "prod", toVersion: "latest" });
  check(
    JSON.stringify(diff) === JSON.stringify({ examples_modified: [first.id], examples_added: [], examples_removed: [] }),
    `diffDatasetVersions: ${JSON.stringify(diff)}`,
  );
  await client.deleteDataset({ datasetId: created.id });
  check(!(await client.hasDataset({ datasetName: name })), "deleteDataset left the dataset");
}

async function examples(client) {
  const dataset = await client.createDataset(unique("examples"));
  const given = randomUUID();
  const created = await client.createExamples([
    { id: given, dataset_id: dataset.id, inputs: { question: "2+2" }, reference_outputs: { answer: "4" }, metadata: { source: "ci" }, split: "test" },
    { dataset_id: dataset.id, inputs: { question: "3+3" }, reference_outputs: { answer: "6" } },
  ]);
  check(created.length === 2, `createExamples answered ${created.length} examples`);
  const one = await client.readExample(given);
  check(one.inputs.question === "2+2" && one.outputs.answer === "4", `readExample: ${JSON.stringify(one)}`);
  check(one.metadata.source === "ci" && JSON.stringify(one.metadata.dataset_split) === '["test"]', `readExample metadata: ${JSON.stringify(one.metadata)}`);
  const listed = await collect(client.listExamples({ datasetId: dataset.id }));
  check(listed.length === 2, `listExamples answered ${listed.length}`);
  check((await collect(client.listExamples({ datasetId: dataset.id, splits: ["test"] }))).map((e) => e.id).join() === given, "listExamples(splits)");
  const other = listed.find((e) => e.id !== given);
  await client.updateExamples([
    { id: given, dataset_id: dataset.id, outputs: { answer: "four" } },
    { id: other.id, dataset_id: dataset.id, metadata: { checked: true } },
  ]);
  check((await client.readExample(given)).outputs.answer === "four", "updateExamples: outputs");
  check((await client.readExample(other.id)).metadata.checked === true, "updateExamples: metadata");
  await client.deleteExamples([other.id]);
  check((await collect(client.listExamples({ datasetId: dataset.id }))).map((e) => e.id).join() === given, "deleteExamples left the example");
  await client.deleteDataset({ datasetId: dataset.id });
}

async function feedbackConfigs(client) {
  const key = unique("correctness");
  const created = await client.createFeedbackConfig({ feedbackKey: key, feedbackConfig: { type: "continuous", min: 0, max: 1 } });
  check(created.feedback_key === key, `createFeedbackConfig: ${JSON.stringify(created)}`);
  check((await collect(client.listFeedbackConfigs({ feedbackKeys: [key] }))).map((f) => f.feedback_key).join() === key, "listFeedbackConfigs");
  const updated = await client.updateFeedbackConfig(key, { feedbackConfig: { type: "continuous", min: 0, max: 10 }, isLowerScoreBetter: true });
  check(updated.feedback_config.max === 10 && updated.is_lower_score_better === true, `updateFeedbackConfig: ${JSON.stringify(updated)}`);
  await client.deleteFeedbackConfig(key);
  check((await collect(client.listFeedbackConfigs({ feedbackKeys: [key] }))).length === 0, "deleteFeedbackConfig left the configuration");
}

async function annotationQueues(client) {
  const name = unique("queue");
  const created = await client.createAnnotationQueue({ name, description: "review" });
  const read = await client.readAnnotationQueue(created.id);
  check(read.name === name && read.description === "review", `readAnnotationQueue: ${JSON.stringify(read)}`);
  check((await collect(client.listAnnotationQueues({ name }))).map((q) => q.id).join() === created.id, "listAnnotationQueues(name)");
  await client.updateAnnotationQueue(created.id, { name: `${name}-2`, description: "changed" });
  check((await client.readAnnotationQueue(created.id)).name === `${name}-2`, "updateAnnotationQueue");
  await client.deleteAnnotationQueue(created.id);
  check((await collect(client.listAnnotationQueues({ name: `${name}-2` }))).length === 0, "deleteAnnotationQueue left the queue");
}

async function annotationQueueRuns(client) {
  const [first, second] = process.env.CONFORMANCE_RUN_IDS.split(",");
  const queue = await client.createAnnotationQueue({ name: unique("review") });
  await client.addRunsToAnnotationQueue(queue.id, [first, second]);
  const run = await client.getRunFromAnnotationQueue(queue.id, 0);
  check(
    run.id === first && run.name === "answer" && run.inputs.question === "2+2" && typeof run.added_at === "string",
    `getRunFromAnnotationQueue(0): ${JSON.stringify(run)}`,
  );
  check((await collect(client.listRunsFromAnnotationQueue(queue.id))).map((r) => r.id).join() === `${first},${second}`, "listRunsFromAnnotationQueue");
  check((await client.getSizeFromAnnotationQueue(queue.id)).size === 2, "getSizeFromAnnotationQueue");
  await client.deleteRunFromAnnotationQueue(queue.id, first);
  check((await client.getRunFromAnnotationQueue(queue.id, 0)).id === second, "deleteRunFromAnnotationQueue left the run");
  await client.deleteAnnotationQueue(queue.id);
  // By key (the run's project and start time), what the SDK sends for run objects.
  const project = process.env.CONFORMANCE_PROJECT_ID;
  const keyed = await client.createAnnotationQueue({ name: unique("review-by-key") });
  await client.addRunsToAnnotationQueue(keyed.id, [
    { runId: first, sessionId: project, startTime: "2026-10-01T00:00:00Z" },
    { runId: second, sessionId: project, startTime: new Date("2026-10-01T00:01:00Z") },
  ]);
  check((await collect(client.listRunsFromAnnotationQueue(keyed.id))).map((r) => r.id).join() === `${first},${second}`, "addRunsToAnnotationQueue by key");
  await client.deleteAnnotationQueue(keyed.id);
}

async function prompts(client) {
  const name = unique("prompt");
  const created = await client.createPrompt(name, { description: "greets", tags: ["greeting"] });
  check(created.repo_handle === name && created.description === "greets", `createPrompt: ${JSON.stringify(created)}`);
  const url = await client.pushPrompt(name, { object: chatPrompt("You greet {person}.", ["person"]), commitTags: ["prod"] });
  check(url.includes(name), `pushPrompt answered ${url}`);
  await client.pushPrompt(name, { object: chatPrompt("You greet {person} warmly.", ["person"]) });
  const latest = await client.pullPromptCommit(name);
  check(systemTemplate(latest.manifest) === "You greet {person} warmly.", "pullPromptCommit: not the latest commit");
  const tagged = await client.pullPromptCommit(`${name}:prod`);
  check(systemTemplate(tagged.manifest) === "You greet {person}.", "pullPromptCommit by tag: not the tagged commit");
  const byHash = await client.pullPromptCommit(`${name}:${latest.commit_hash.slice(0, 8)}`);
  check(byHash.commit_hash === latest.commit_hash, "pullPromptCommit by hash");
  const listed = await collect(client.listPrompts({ query: name }));
  check(listed.map((p) => p.repo_handle).join() === name && listed[0].num_commits === 2, `listPrompts(query): ${JSON.stringify(listed)}`);
  check((await collect(client.listPrompts({ query: name, isPublic: true }))).length === 0, "listPrompts(isPublic) lists a private prompt");
  await client.updatePrompt(name, { description: "greets people", tags: ["greeting", "v2"] });
  const updated = await client.getPrompt(name);
  check(updated.description === "greets people" && JSON.stringify(updated.tags) === '["greeting","v2"]', `updatePrompt: ${JSON.stringify(updated)}`);
  check((await client.likePrompt(name)).likes === 1, "likePrompt");
  check((await client.unlikePrompt(name)).likes === 0, "unlikePrompt");
  await client.updatePrompt(name, { isArchived: true });
  check((await collect(client.listPrompts({ query: name }))).length === 0, "listPrompts lists an archived prompt by default");
  check((await collect(client.listPrompts({ query: name, isArchived: true }))).length === 1, "listPrompts(isArchived)");
  await client.deletePrompt(name);
  check((await client.getPrompt(name)) === null, "deletePrompt left the prompt");
}

const GROUPS = {
  projects,
  datasets,
  examples,
  "feedback-configs": feedbackConfigs,
  "annotation-queues": annotationQueues,
  "annotation-queue-runs": annotationQueueRuns,
  prompts,
};

const group = process.argv[2];
const client = new Client({ apiUrl: process.env.LANGSMITH_ENDPOINT, apiKey: process.env.LANGSMITH_API_KEY });
GROUPS[group](client).then(
  () => console.log(`ok ${group}`),
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
