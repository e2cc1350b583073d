import * as pulumi from "@pulumi/pulumi";
import * as langsmith from "pulumi-langsmith";

// Observability around a deployed agent, per stack: the project its runs are
// traced into, a dataset and a review queue that errored runs are sampled
// into, an alert on the project's error rate, the feedback reviewers give,
// the agent's prompt promoted by a tag, and a bulk export of the project's
// runs into a bucket. The stack's config file says what differs.
const config = new pulumi.Config();
const stack = pulumi.getStack();

const traces = new langsmith.Project("traces", { name: `support-agent-${stack}`, description: `Runs of the ${stack} support agent` });
const regressions = new langsmith.Dataset("regressions", { name: `support-regressions-${stack}`, description: "Errored runs worth keeping" });

const correctness = new langsmith.FeedbackConfig("correctness", { feedbackKey: "correctness", type: "continuous", min: 0, max: 1 });
const review = new langsmith.AnnotationQueue("review", {
  name: `errored runs (${stack})`,
  defaultDatasetId: regressions.id,
  rubricItems: [{ feedbackKey: correctness.feedbackKey }],
});

// 10 % (config: errorSamplingRate) of the errored runs go to the review queue.
new langsmith.RunRule("sample-errors", {
  displayName: "sample errored runs",
  projectId: traces.id,
  filter: "eq(error, true)",
  samplingRate: config.requireNumber("errorSamplingRate"),
  addToAnnotationQueueId: review.id,
});

new langsmith.AlertRule("error-rate", {
  projectId: traces.id,
  name: "error rate",
  attribute: "error_count",
  aggregation: "pct",
  operator: "gte",
  threshold: config.requireNumber("errorRateThreshold"),
  windowMinutes: 15,
  actions: [{ target: "webhook", config: { url: config.requireSecret("alertWebhookUrl") } }],
});

// The agent's prompt: its manifest (a new one is one commit) and the production tag.
const triage = new langsmith.Prompt("triage", {
  handle: `support-triage-${stack}`,
  description: "Routes a support question",
  manifest: config.requireObject<Record<string, unknown>>("triagePrompt"),
});
// Promote by pinning the tag (config: productionCommitId); unset, production follows the latest commit.
new langsmith.PromptTag("production", {
  promptHandle: triage.handle,
  tagName: "production",
  commitId: config.get("productionCommitId") ?? triage.latestCommitId.apply((id) => id ?? ""),
});

// The agent, traced into the project.
const agent = new langsmith.Deployment("agent", {
  name: `support-agent-${stack}`,
  source: "github",
  sourceConfig: { integrationId: config.require("integrationId"), repoUrl: "https://github.com/acme/support-agent", deploymentType: "dev", buildOnPush: false },
  sourceRevisionConfig: { repoRef: config.get("branch") ?? "main", graphConfigPath: "langgraph.json" },
  secrets: [{ name: "LANGSMITH_PROJECT", value: traces.name }],
});

// The project's runs, exported into a bucket once (config: exportWindow).
const destination = new langsmith.BulkExportDestination("exports", {
  displayName: `support agent exports ${stack}`,
  config: config.requireObject<{ bucketName: string; prefix: string; region?: string }>("exportBucket"),
  credentials: config.requireSecretObject<{ accessKeyId: string; secretAccessKey: string }>("exportCredentials"),
});
const window = config.requireObject<{ startTime: string; endTime: string }>("exportWindow");
new langsmith.BulkExport("backfill", { destinationId: destination.id, projectId: traces.id, startTime: window.startTime, endTime: window.endTime });

export const projectId = traces.id;
export const deploymentId = agent.id;
export const latestPromptCommit = triage.latestCommitId;
