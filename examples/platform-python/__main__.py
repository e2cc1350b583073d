"""An environment per LangSmith workspace, in Python.

Each stack (Pulumi.dev.yaml, Pulumi.prod.yaml) gets its own LangSmith
workspace with its people, its role, its machine identity and key, its
secrets, retention, usage limit and tags, and the agent deployment that runs
in it with that key. The program is the same for every environment; the
stack's config file says what differs. The TypeScript version of this program
is examples/platform.
"""

import pulumi
import pulumi_langsmith as langsmith

config = pulumi.Config()
langsmith_config = pulumi.Config("langsmith")
stack = pulumi.get_stack()

workspace = langsmith.Workspace("workspace", display_name=f"agents-{stack}")

# Deployments act in the stack's configured workspace; this provider acts in the new one.
in_workspace = langsmith.Provider(
    "in-workspace",
    api_url=langsmith_config.get("apiUrl"),
    control_plane_url=langsmith_config.get("controlPlaneUrl"),
    api_key=langsmith_config.require_secret("apiKey"),
    workspace_id=workspace.id,
)

# A custom role for the people and the machine that operate the agent.
operator = langsmith.Role(
    "operator",
    display_name=f"Agent operator ({stack})",
    description="Reads traces and datasets, manages deployments",
    permissions=config.require_object("operatorPermissions"),
)

# People: an invitation each, pending until accepted; they join the workspace as operators.
organization_user = langsmith.get_role_output(name="ORGANIZATION_USER")
for email in config.require_object("operators"):
    langsmith.OrganizationMember(
        f"member-{email}",
        email=email,
        role_id=organization_user.id.apply(lambda role_id: role_id or ""),
        workspace_ids=[workspace.id],
        workspace_role_id=operator.id,
    )

# The machine: a service account in the workspace, and the API key the deployment uses.
langsmith.ServiceAccount(
    "deployer",
    name=f"agent-deployer-{stack}",
    workspaces=[langsmith.ServiceAccountWorkspacesItemArgs(workspace_id=workspace.id, role_id=operator.id)],
)
# Rotation: bump agentKeyGeneration; the new key is made first, the deployment switches
# to it in one new revision, then the old key is deleted (docs/organization.md).
agent_key = langsmith.ApiKey(
    "agent-key",
    workspace_id=workspace.id,
    description=f"agent {stack} (generation {config.get('agentKeyGeneration') or '1'})",
    role_id=operator.id,
)

langsmith.WorkspaceSecret(
    "openai",
    workspace_id=workspace.id,
    key="OPENAI_API_KEY",
    value=config.require_secret("openaiApiKey"),
)

langsmith.TtlSettings("retention", workspace_id=workspace.id, default_trace_tier=config.require("traceTier"))

langsmith.UsageLimit(
    "monthly-traces",
    workspace_id=workspace.id,
    limit_type=langsmith.UsageLimitLimitType.MONTHLY_TRACES,
    limit_value=config.require_int("monthlyTraceLimit"),
)

agent = langsmith.Deployment(
    "agent",
    name=f"platform-agent-{stack}",
    source=langsmith.DeploymentSource.GITHUB,
    source_config=langsmith.DeploymentSourceConfigArgs(
        integration_id=config.require("integrationId"),
        repo_url="https://github.com/acme/support-agent",
        deployment_type=config.get("deploymentType") or "dev",
        build_on_push=False,
    ),
    source_revision_config=langsmith.DeploymentSourceRevisionConfigArgs(
        repo_ref=config.get("branch") or "main",
        graph_config_path="langgraph.json",
    ),
    secrets=[langsmith.DeploymentSecretsItemArgs(name="LANGSMITH_API_KEY", value=agent_key.key.apply(lambda key: key or ""))],
    opts=pulumi.ResourceOptions(provider=in_workspace),
)

# Tags: env=<stack> on the deployment.
env = langsmith.TagKey("env", workspace_id=workspace.id, key="env", description="Deployment environment")
env_value = langsmith.TagValue("env-value", workspace_id=workspace.id, tag_key_id=env.id, value=stack)
langsmith.Tagging(
    "agent-env",
    workspace_id=workspace.id,
    tag_value_id=env_value.id,
    resource_type=langsmith.TaggingResourceType.DEPLOYMENT,
    resource_id=agent.id,
)

pulumi.export("workspaceId", workspace.id)
pulumi.export("deploymentId", agent.id)
pulumi.export("agentKeyId", agent_key.id)
