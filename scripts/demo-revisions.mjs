#!/usr/bin/env node
// Demo helper: lists a deployment's revisions, newest first, as the control
// plane answers them (GET /v2/deployments/{id}/revisions), so the demo can
// show how many revisions an `up` made.
//   <control plane url> <workspace id> <deployment id>, the API key in LANGSMITH_API_KEY
const [url, workspaceId, deploymentId] = process.argv.slice(2);
const apiKey = process.env.LANGSMITH_API_KEY;
if (!url || !workspaceId || !deploymentId || !apiKey) {
  console.error("usage: LANGSMITH_API_KEY=<key> demo-revisions.mjs <control plane url> <workspace id> <deployment id>");
  process.exit(2);
}
const response = await fetch(`${url}/v2/deployments/${deploymentId}/revisions?limit=100`, {
  headers: { "X-Api-Key": apiKey, "X-Tenant-Id": workspaceId },
});
if (response.status !== 200) throw new Error(`listing the revisions of deployment ${deploymentId}: HTTP ${response.status} ${await response.text()}`);
const { resources } = await response.json();
console.error(`demo: deployment ${deploymentId} has ${resources.length} revision${resources.length === 1 ? "" : "s"}, newest first:`);
for (const revision of resources) {
  const archive = revision.source_revision_config?.source_tarball_path;
  console.error(`  ${revision.id}  ${revision.status}  ${revision.created_at}${archive ? `  ${archive}` : ""}`);
}
