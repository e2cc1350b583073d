import * as pulumi from "@pulumi/pulumi";
import { Deployment } from "pulumi-langsmith";

// One deployment per stack. Stack config (Pulumi.<stack>.yaml) chooses the
// branch and the deployment type, so dev and prod differ only in config.
const config = new pulumi.Config();
const branch = config.get("branch") ?? "main";
const deploymentType = config.get("deploymentType") ?? "dev";

const agent = new Deployment("agent", {
  name: `quickstart-agent-${pulumi.getStack()}`,
  source: "github",
  sourceConfig: {
    integrationId: config.get("integrationId") ?? "github-integration",
    repoUrl: "https://github.com/acme/quickstart-agent",
    deploymentType,
    buildOnPush: false,
  },
  sourceRevisionConfig: { repoRef: branch, graphConfigPath: "langgraph.json" },
  secrets: [{ name: "OPENAI_API_KEY", value: config.getSecret("openaiApiKey") ?? "sk-demo-not-a-real-key" }],
});

export const deploymentId = agent.id;
export const revisionStatus = agent.latestRevisionStatus;
export const lastOperation = agent.lastOperation;
