// The policy pack (packages/policy) through the real CLI: `pulumi preview
// --policy-pack packages/policy` runs it as a plugin through our Node.js
// language host (RunPlugin) and the engine's policy analyzer. A prod stack
// whose program keeps every guardrail previews clean; the same program with
// each guardrail broken fails the preview, naming every policy and resource;
// a policy configuration file turns one policy advisory (a warning, the
// preview passes on it) and widens another's bounds; and outside production
// stacks the production policies do not apply.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { EmulatorStack } from "../helpers/emulatorStack";
import type { PulumiProject } from "../helpers/pulumiProject";
import { startYamlProject, stopYamlProject } from "../helpers/yamlProject";

const PACK = join(__dirname, "..", "..", "packages", "policy");
const inDays = (days: number): string => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().replace(/\.\d+Z$/, "Z");

/** A program on every kind the policies read; `broken` breaks each guardrail once. */
function program(broken: boolean): string {
  return `resources:
  workspace:
    type: langsmith:index:Workspace
    properties:
      displayName: policy-${broken ? "broken" : "kept"}
${
  broken
    ? ""
    : `  retention:
    type: langsmith:index:TtlSettings
    properties:
      workspaceId: \${workspace.id}
      defaultTraceTier: longlived
`
}  key:
    type: langsmith:index:ApiKey
    properties:
      description: agent key
      workspaceId: \${workspace.id}
${broken ? "" : `      expiresAt: "${inDays(30)}"\n`}  traces:
    type: langsmith:index:Project
    properties:
      name: policy-traces-${broken ? "broken" : "kept"}
      workspaceId: \${workspace.id}
${
  broken
    ? ""
    : `  errors:
    type: langsmith:index:AlertRule
    properties:
      workspaceId: \${workspace.id}
      projectId: \${traces.id}
      name: error rate
      attribute: error_count
      aggregation: pct
      operator: gte
      threshold: 0.05
      windowMinutes: 15
      actions:
        - target: webhook
          config:
            url: https://hooks.example.com/alerts
`
}  sampler:
    type: langsmith:index:RunRule
    properties:
      workspaceId: \${workspace.id}
      displayName: sample errors
      projectId: \${traces.id}
      filter: eq(error, true)
      samplingRate: ${broken ? 0.9 : 0.1}
  triage:
    type: langsmith:index:Prompt
    properties:
      workspaceId: \${workspace.id}
      handle: policy-triage-${broken ? "broken" : "kept"}
      isPublic: ${broken ? "true" : "false"}
  agent:
    type: langsmith:index:Deployment
    properties:
      name: policy-agent-${broken ? "broken" : "kept"}
      source: external_docker
      sourceConfig:
        deploymentType: ${broken ? "dev" : "prod"}
${
  broken
    ? ""
    : `        resourceSpec:
          cpu_limit: 2
          memory_limit_mb: 4096
`
}      sourceRevisionConfig:
        imageUri: docker.io/acme/agent:1.0.0
`;
}

describe("the LangSmith policy pack, through the real CLI", () => {
  let stack: EmulatorStack;
  let project: PulumiProject;

  beforeAll(async () => {
    ({ stack, project } = await startYamlProject("policy", program(false)));
    await project.runOk(["stack", "init", "prod-eu", "--non-interactive"]);
    for (const [key, value] of Object.entries(stack.config)) {
      if (typeof value === "string") await project.runOk(["config", "set", "--stack", "prod-eu", key, "--", value]);
      else await project.runOk(["config", "set", "--stack", "prod-eu", "--secret", key, "--", value.secret]);
    }
  }, 300_000);

  afterAll(async () => {
    await stopYamlProject({ stack, project });
  });

  const preview = (stackName: string, extra: string[] = []) =>
    project.run(["preview", "--non-interactive", "--stack", stackName, "--policy-pack", PACK, ...extra]);

  it("a prod stack keeping every guardrail previews clean under the pack", async () => {
    project.writeProgram(program(false));
    const result = await preview("prod-eu");
    expect({ code: result.code, tail: result.code === 0 ? "" : result.output.slice(result.output.indexOf("Policies:")) }).toEqual({ code: 0, tail: "" });
    expect(result.output).toMatch(/Policies:\s*\n\s*✅ langsmith@v0\.2\.0/);
  });

  it("a prod stack breaking each guardrail fails the preview, naming every policy and resource", async () => {
    project.writeProgram(program(true));
    const result = await preview("prod-eu");
    expect(result.code).not.toBe(0);
    for (const [policy, message] of [
      ["langsmith-key-expiry", /key: the key never expires/],
      ["langsmith-prod-deployments", /agent: a production stack's deployment must be of type prod, not dev/],
      [
        "langsmith-prod-deployments",
        /agent: a production stack's deployment must set its resource limits: sourceConfig\.resourceSpec lacks cpu_limit, memory_limit_mb/,
      ],
      ["langsmith-prod-project-alerts", /traces: no alert rule watches this project/],
      ["langsmith-run-rule-sampling", /sampler: samplingRate 0\.9 is outside \[0, 0\.5\]/],
      ["langsmith-no-public-prompts", /triage: prompt policy-triage-broken is public/],
      ["langsmith-workspace-retention", /workspace: the workspace's retention is not set/],
    ] as const) {
      expect(result.output).toContain(`[mandatory]  ${policy}`);
      expect(result.output).toMatch(message);
    }
  });

  it("a configuration file makes a policy advisory and widens another's bounds; outside production the production policies do not apply", async () => {
    project.writeProgram(program(true));
    const config = join(project.dir, "policy-config.json");
    writeFileSync(
      config,
      JSON.stringify({
        "langsmith-key-expiry": "disabled",
        "langsmith-prod-deployments": { enforcementLevel: "advisory" },
        "langsmith-prod-project-alerts": "advisory",
        "langsmith-run-rule-sampling": { max: 1 },
        "langsmith-no-public-prompts": { allowedHandles: ["policy-triage-broken"] },
        "langsmith-workspace-retention": "advisory",
      }),
    );
    const relaxed = await preview("prod-eu", ["--policy-pack-config", config]);
    expect({ code: relaxed.code, tail: relaxed.code === 0 ? "" : relaxed.output.slice(-4000) }).toEqual({ code: 0, tail: "" });
    expect(relaxed.output).toContain("[advisory]  langsmith-prod-deployments");
    expect(relaxed.output).toContain("[advisory]  langsmith-workspace-retention");
    expect(relaxed.output).not.toContain("langsmith-key-expiry");
    expect(relaxed.output).not.toContain("langsmith-run-rule-sampling");
    expect(relaxed.output).not.toContain("langsmith-no-public-prompts");

    // The stack "test" is not a production stack: only the policies of every stack apply.
    const dev = await preview(project.stack);
    expect(dev.code).not.toBe(0);
    expect(dev.output).toContain("[mandatory]  langsmith-key-expiry");
    expect(dev.output).not.toContain("langsmith-prod-deployments");
    expect(dev.output).not.toContain("langsmith-prod-project-alerts");
  });
});
