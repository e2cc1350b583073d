/** The estate benchmark's Pulumi program: a platform stack of mixed kinds on the native SDK (`pulumi-langsmith`). */

/** Share of an estate's resources that are Deployments (2 %, at least one). */
export const ESTATE_DEPLOYMENT_SHARE = 0.02;

/**
 * The plain CRUD kinds of an estate, in the order they are dealt out: each
 * one the emulator accepts with only its required inputs (no other resource first).
 */
export const ESTATE_CRUD_KINDS = ["Project", "Dataset", "TagKey", "AnnotationQueue", "Prompt", "WorkspaceSecret"] as const;

/** One CRUD kind of an estate. */
export type EstateCrudKind = (typeof ESTATE_CRUD_KINDS)[number];

/** How many resources of each kind a stack of `size` holds: Deployments first, the rest dealt round-robin over {@link ESTATE_CRUD_KINDS}. */
export function estateComposition(size: number): Record<"Deployment" | EstateCrudKind, number> {
  const deployments = Math.max(1, Math.round(size * ESTATE_DEPLOYMENT_SHARE));
  const crud = size - deployments;
  const counts = { Deployment: deployments } as Record<"Deployment" | EstateCrudKind, number>;
  ESTATE_CRUD_KINDS.forEach((kind, index) => {
    counts[kind] = Math.floor(crud / ESTATE_CRUD_KINDS.length) + (index < crud % ESTATE_CRUD_KINDS.length ? 1 : 0);
  });
  return counts;
}

/**
 * The index.ts of an estate of `size` resources (see {@link estateComposition}),
 * with names unique on the service under `prefix` (lowercase letters, digits
 * and `-`). Deployments carry a GitHub source and one secret; WorkspaceSecrets
 * a secret value; the others a name and a description. The same text runs on
 * the real plugin and on the floor plugin.
 */
export function estateProgram(size: number, prefix: string): string {
  const counts = estateComposition(size);
  const secretPrefix = prefix.toUpperCase().replace(/[^A-Z0-9]/g, "_");
  return [
    'import * as pulumi from "@pulumi/pulumi";',
    'import * as langsmith from "pulumi-langsmith";',
    `for (let i = 0; i < ${counts.Deployment}; i += 1) {`,
    "  new langsmith.Deployment(`deployment-${i}`, {",
    `    name: \`${prefix}-agent-\${i}\`,`,
    '    source: "github",',
    '    sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev", buildOnPush: false },',
    '    sourceRevisionConfig: { repoRef: "main", graphConfigPath: "langgraph.json" },',
    '    secrets: [{ name: "OPENAI_API_KEY", value: pulumi.secret("bench-secret") }],',
    "  });",
    "}",
    `for (let i = 0; i < ${counts.Project}; i += 1) new langsmith.Project(\`project-\${i}\`, { name: \`${prefix}-project-\${i}\`, description: "estate tracing project" });`,
    `for (let i = 0; i < ${counts.Dataset}; i += 1) new langsmith.Dataset(\`dataset-\${i}\`, { name: \`${prefix}-dataset-\${i}\`, description: "estate dataset" });`,
    `for (let i = 0; i < ${counts.TagKey}; i += 1) new langsmith.TagKey(\`tag-key-\${i}\`, { key: \`${prefix}-tag-\${i}\`, description: "estate tag key" });`,
    `for (let i = 0; i < ${counts.AnnotationQueue}; i += 1) new langsmith.AnnotationQueue(\`queue-\${i}\`, { name: \`${prefix}-queue-\${i}\`, description: "estate review queue" });`,
    `for (let i = 0; i < ${counts.Prompt}; i += 1) new langsmith.Prompt(\`prompt-\${i}\`, { handle: \`${prefix}-prompt-\${i}\`, description: "estate prompt" });`,
    `for (let i = 0; i < ${counts.WorkspaceSecret}; i += 1) new langsmith.WorkspaceSecret(\`secret-\${i}\`, { key: \`${secretPrefix}_SECRET_\${i}\`, value: pulumi.secret("estate-value") });`,
    "",
  ].join("\n");
}
