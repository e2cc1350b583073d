/** Pulumi programs (index.ts source) for the scale and rate-limit benchmarks. */

/**
 * Which resource a stack is made of: `Deployment` on the dynamic provider
 * (`pulumi-langsmith/dynamic`), `NativeDeployment` on the native plugin
 * (`pulumi-langsmith`, the default export), or `NoopResource` (the floor).
 */
export type StackKind = "Deployment" | "NativeDeployment" | "NoopResource";

/**
 * A program declaring `count` resources of `kind`. Deployments get unique
 * service names prefixed with `namePrefix`, a GitHub source and one secret,
 * like a typical user stack; NoopResources echo a value.
 */
export function stackProgram(kind: StackKind, count: number, namePrefix: string): string {
  if (kind === "NoopResource") {
    return [
      'import { NoopResource } from "pulumi-langsmith/dynamic";',
      `for (let i = 0; i < ${count}; i += 1) new NoopResource(\`r\${i}\`, { value: "v1" });`,
    ].join("\n");
  }
  const module = kind === "NativeDeployment" ? "pulumi-langsmith" : "pulumi-langsmith/dynamic";
  return [
    `import { Deployment } from "${module}";`,
    `for (let i = 0; i < ${count}; i += 1) {`,
    "  new Deployment(`r${i}`, {",
    `    name: \`${namePrefix}-\${i}\`,`,
    '    source: "github",',
    '    sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev", buildOnPush: false },',
    '    sourceRevisionConfig: { repoRef: "main", graphConfigPath: "langgraph.json" },',
    '    secrets: [{ name: "OPENAI_API_KEY", value: "bench-secret" }],',
    "  });",
    "}",
  ].join("\n");
}
