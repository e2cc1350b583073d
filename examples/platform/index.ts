import * as pulumi from "@pulumi/pulumi";
import * as langsmith from "pulumi-langsmith";

// An environment per workspace: each stack (Pulumi.dev.yaml, Pulumi.prod.yaml)
// gets its own LangSmith workspace with its people, its role, its machine
// identity and key, its secrets, retention, usage limit and tags, and the
// agent deployment that runs in it with that key. The program is the same
// for every environment; the stack's config file says what differs.
const config = new pulumi.Config();
const langsmithConfig = new pulumi.Config("langsmith");
const stack = pulumi.getStack();

const workspace = new langsmith.Workspace("workspace", { displayName: `agents-${stack}` });

// Deployments act in the stack's configured workspace; this provider acts in the new one.
const inWorkspace = new langsmith.Provider("in-workspace", {
  apiUrl: langsmithConfig.get("apiUrl"),
  controlPlaneUrl: langsmithConfig.get("controlPlaneUrl"),
  apiKey: langsmithConfig.requireSecret("apiKey"),
  workspaceId: workspace.id,
});

// A custom role for the people and the machine that operate the agent.
const operator = new langsmith.Role("operator", {
  displayName: `Agent operator (${stack})`,
  description: "Reads traces and datasets, manages deployments",
  permissions: config.requireObject<string[]>("operatorPermissions"),
});

// People: an invitation each, pending until accepted; they join the workspace as operators.
const organizationUser = langsmith.getRoleOutput({ name: "ORGANIZATION_USER" });
for (const email of config.requireObject<string[]>("operators")) {
  new langsmith.OrganizationMember(`member-${email}`, {
    email,
    roleId: organizationUser.id.apply((id) => id ?? ""),
    workspaceIds: [workspace.id],
    workspaceRoleId: operator.id,
  });
}

// The machine: a service account in the workspace, and the API key the deployment uses.
new langsmith.ServiceAccount("deployer", {
  name: `agent-deployer-${stack}`,
  workspaces: [{ workspaceId: workspace.id, roleId: operator.id }],
});
// Rotation: bump agentKeyGeneration; the new key is made first, the deployment switches
// to it in one new revision, then the old key is deleted (docs/organization.md).
const agentKey = new langsmith.ApiKey("agent-key", {
  workspaceId: workspace.id,
  description: `agent ${stack} (generation ${config.get("agentKeyGeneration") ?? "1"})`,
  roleId: operator.id,
});

new langsmith.WorkspaceSecret("openai", {
  workspaceId: workspace.id,
  key: "OPENAI_API_KEY",
  value: config.requireSecret("openaiApiKey"),
});

new langsmith.TtlSettings("retention", {
  workspaceId: workspace.id,
  defaultTraceTier: config.require("traceTier"),
});

new langsmith.UsageLimit("monthly-traces", {
  workspaceId: workspace.id,
  limitType: "monthly_traces",
  limitValue: config.requireNumber("monthlyTraceLimit"),
});

const agent = new langsmith.Deployment(
  "agent",
  {
    name: `platform-agent-${stack}`,
    source: "github",
    sourceConfig: {
      integrationId: config.require("integrationId"),
      repoUrl: "https://github.com/acme/support-agent",
      deploymentType: config.get("deploymentType") ?? "dev",
      buildOnPush: false,
    },
    sourceRevisionConfig: { repoRef: config.get("branch") ?? "main", graphConfigPath: "langgraph.json" },
    secrets: [{ name: "LANGSMITH_API_KEY", value: agentKey.key.apply((key) => key ?? "") }],
  },
  { provider: inWorkspace },
);

// Tags: env=<stack> on the deployment.
const env = new langsmith.TagKey("env", { workspaceId: workspace.id, key: "env", description: "Deployment environment" });
const envValue = new langsmith.TagValue("env-value", { workspaceId: workspace.id, tagKeyId: env.id, value: stack });
new langsmith.Tagging("agent-env", { workspaceId: workspace.id, tagValueId: envValue.id, resourceType: "deployment", resourceId: agent.id });

export const workspaceId = workspace.id;
export const deploymentId = agent.id;
export const agentKeyId = agentKey.id;
