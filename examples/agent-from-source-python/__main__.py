"""A LangGraph agent shipped from its source directory, in Python.

As `langgraph deploy` does: the provider packs ./agent (leaving out what its
.gitignore names), uploads it and waits for the revision the service builds
from it. The deployment compares the directory by content, so `pulumi up`
makes a new revision when, and only when, a file in it changed. The
TypeScript version of this program is examples/agent-from-source.
"""

import pulumi
import pulumi_langsmith as langsmith

config = pulumi.Config()
stack = pulumi.get_stack()

agent = langsmith.Deployment(
    "agent",
    name=f"agent-from-source-{stack}",
    source=langsmith.DeploymentSource.INTERNAL_SOURCE,
    source_config=langsmith.DeploymentSourceConfigArgs(deployment_type=config.get("deploymentType") or "dev"),
    # langgraph.json at the directory's top level names the graph (source_revision_config.graph_config_path, default langgraph.json).
    source_archive=pulumi.FileArchive("./agent"),
    # Plain variables: their values show in previews and the state.
    environment_variables={"GREETING": config.get("greeting") or "Hello"},
    # Secrets: kept by the service, recorded in the state only as salted fingerprints.
    secrets=[langsmith.DeploymentSecretsItemArgs(name="OPENAI_API_KEY", value=config.require_secret("openaiApiKey"))],
)

pulumi.export("deploymentId", agent.id)
pulumi.export("revisionId", agent.latest_revision_id)
pulumi.export("revisionStatus", agent.latest_revision_status)
pulumi.export("contentHash", agent.source_content_hash)
pulumi.export("lastOperation", agent.last_operation)
