// LangSmith deployments, bulk exports, workspaces and access, tracing projects, datasets, evaluation and prompts, managed by Pulumi.
package langsmith
