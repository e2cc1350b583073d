"""Observability around a deployed agent, per stack, in Python.

The project its runs are traced into, a dataset and a review queue that
errored runs are sampled into, an alert on the project's error rate, the
feedback reviewers give, the agent's prompt promoted by a tag, and a bulk
export of the project's runs into a bucket. The stack's config file says what
differs. The TypeScript version of this program is examples/observability.
"""

import pulumi
import pulumi_langsmith as langsmith

config = pulumi.Config()
stack = pulumi.get_stack()

traces = langsmith.Project("traces", name=f"support-agent-{stack}", description=f"Runs of the {stack} support agent")
regressions = langsmith.Dataset("regressions", name=f"support-regressions-{stack}", description="Errored runs worth keeping")

correctness = langsmith.FeedbackConfig(
    "correctness",
    feedback_key="correctness",
    type=langsmith.FeedbackConfigType.CONTINUOUS,
    min=0,
    max=1,
)
review = langsmith.AnnotationQueue(
    "review",
    name=f"errored runs ({stack})",
    default_dataset_id=regressions.id,
    rubric_items=[langsmith.AnnotationQueueRubricItemsItemArgs(feedback_key=correctness.feedback_key)],
)

# A share (config: errorSamplingRate) of the errored runs goes to the review queue.
langsmith.RunRule(
    "sample-errors",
    display_name="sample errored runs",
    project_id=traces.id,
    filter="eq(error, true)",
    sampling_rate=config.require_float("errorSamplingRate"),
    add_to_annotation_queue_id=review.id,
)

langsmith.AlertRule(
    "error-rate",
    project_id=traces.id,
    name="error rate",
    attribute=langsmith.AlertRuleAttribute.ERROR_COUNT,
    aggregation=langsmith.AlertRuleAggregation.PCT,
    operator=langsmith.AlertRuleOperator.GTE,
    threshold=config.require_float("errorRateThreshold"),
    window_minutes=15,
    actions=[
        langsmith.AlertRuleActionsItemArgs(
            target=langsmith.AlertRuleActionsItemTarget.WEBHOOK,
            config={"url": config.require_secret("alertWebhookUrl")},
        )
    ],
)

# The agent's prompt: its manifest (a new one is one commit) and the production tag.
triage = langsmith.Prompt(
    "triage",
    handle=f"support-triage-{stack}",
    description="Routes a support question",
    manifest=config.require_object("triagePrompt"),
)
# Promote by pinning the tag (config: productionCommitId); unset, production follows the latest commit.
langsmith.PromptTag(
    "production",
    prompt_handle=triage.handle,
    tag_name="production",
    commit_id=config.get("productionCommitId") or triage.latest_commit_id.apply(lambda commit: commit or ""),
)

# The agent, traced into the project.
agent = langsmith.Deployment(
    "agent",
    name=f"support-agent-{stack}",
    source=langsmith.DeploymentSource.GITHUB,
    source_config=langsmith.DeploymentSourceConfigArgs(
        integration_id=config.require("integrationId"),
        repo_url="https://github.com/acme/support-agent",
        deployment_type=langsmith.DeploymentSourceConfigDeploymentType.DEV,
        build_on_push=False,
    ),
    source_revision_config=langsmith.DeploymentSourceRevisionConfigArgs(
        repo_ref=config.get("branch") or "main",
        graph_config_path="langgraph.json",
    ),
    secrets=[langsmith.DeploymentSecretsItemArgs(name="LANGSMITH_PROJECT", value=traces.name)],
)

# The project's runs, exported into a bucket once (config: exportWindow).
bucket = config.require_object("exportBucket")
credentials = config.require_secret_object("exportCredentials")
destination = langsmith.BulkExportDestination(
    "exports",
    display_name=f"support agent exports {stack}",
    config=langsmith.BulkExportDestinationConfigArgs(
        bucket_name=bucket["bucketName"],
        prefix=bucket["prefix"],
        region=bucket.get("region"),
    ),
    credentials=langsmith.BulkExportDestinationCredentialsArgs(
        access_key_id=credentials.apply(lambda c: c["accessKeyId"]),
        secret_access_key=credentials.apply(lambda c: c["secretAccessKey"]),
    ),
)
window = config.require_object("exportWindow")
langsmith.BulkExport(
    "backfill",
    destination_id=destination.id,
    project_id=traces.id,
    start_time=window["startTime"],
    end_time=window["endTime"],
)

pulumi.export("projectId", traces.id)
pulumi.export("deploymentId", agent.id)
pulumi.export("latestPromptCommit", triage.latest_commit_id)
