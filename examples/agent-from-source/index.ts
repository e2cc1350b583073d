import * as pulumi from "@pulumi/pulumi";
import * as langsmith from "pulumi-langsmith";

// A LangGraph agent shipped from its source directory, as `langgraph deploy`
// does: the provider packs ./agent (leaving out what its .gitignore names),
// uploads it and waits for the revision the service builds from it. The
// deployment compares the directory by content, so `pulumi up` makes a new
// revision when, and only when, a file in it changed.
const config = new pulumi.Config();
const stack = pulumi.getStack();

const agent = new langsmith.Deployment("agent", {
  name: `agent-from-source-${stack}`,
  source: "internal_source",
  sourceConfig: { deploymentType: config.get("deploymentType", { allowedValues: ["dev", "prod"] }) ?? "dev" },
  // langgraph.json at the directory's top level names the graph (sourceRevisionConfig.graphConfigPath, default langgraph.json).
  sourceArchive: new pulumi.asset.FileArchive("./agent"),
  // Plain variables: their values show in previews and the state.
  environmentVariables: { GREETING: config.get("greeting") ?? "Hello" },
  // Secrets: kept by the service, recorded in the state only as salted fingerprints.
  secrets: [{ name: "OPENAI_API_KEY", value: config.requireSecret("openaiApiKey") }],
});

export const deploymentId = agent.id;
export const revisionId = agent.latestRevisionId;
export const revisionStatus = agent.latestRevisionStatus;
export const contentHash = agent.sourceContentHash;
export const lastOperation = agent.lastOperation;
