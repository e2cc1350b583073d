// The policy pack's own logic (packages/policy/src/policies.ts), apart from
// the CLI (tests/e2e/policyPack.test.ts runs the pack through it): the stack a
// URN names, the production-stack pattern, and each resource policy's verdict
// on inputs given directly.
import type { ResourceValidationArgs } from "@pulumi/policy";
import { keyExpiry, matchesPattern, noPublicPrompts, productionDeployments, runRuleSampling, stackOf } from "../../packages/policy/src/policies";

/** The violations a resource policy reports for a resource of `type` with `props` in `stack`, under `config`. */
function violations(
  policy: { validateResource?: unknown },
  type: string,
  props: Record<string, unknown>,
  config: Record<string, unknown>,
  stack = "dev",
): string[] {
  const reported: string[] = [];
  const args = { type, props, urn: `urn:pulumi:${stack}::proj::${type}::thing`, name: "thing", getConfig: () => config } as unknown as ResourceValidationArgs;
  (policy.validateResource as (a: ResourceValidationArgs, r: (m: string) => void) => void)(args, (message) => reported.push(message));
  return reported;
}

describe("the policy pack's logic", () => {
  it("reads the stack from a URN and matches the production pattern", () => {
    expect(stackOf("urn:pulumi:prod-eu::proj::langsmith:index:Project::traces")).toBe("prod-eu");
    expect(matchesPattern("prod-eu", "prod*")).toBe(true);
    expect(matchesPattern("production", "prod*")).toBe(true);
    expect(matchesPattern("dev", "prod*")).toBe(false);
    expect(matchesPattern("eu.prod", "*.prod")).toBe(true);
    expect(matchesPattern("euXprod", "*.prod")).toBe(false);
  });

  it("key expiry: none, too far, and within the bound", () => {
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    expect(violations(keyExpiry, "langsmith:index:ApiKey", {}, { maxDays: 90 })).toEqual([expect.stringContaining("never expires")]);
    expect(violations(keyExpiry, "langsmith:index:ServiceKey", { expiresAt: inDays(120) }, { maxDays: 90 })).toEqual([
      expect.stringContaining("more than 90 days away"),
    ]);
    expect(violations(keyExpiry, "langsmith:index:ApiKey", { expiresAt: inDays(30) }, { maxDays: 90 })).toEqual([]);
    expect(violations(keyExpiry, "langsmith:index:Project", {}, { maxDays: 90 })).toEqual([]);
  });

  it("production deployments: the type and the limits, in production stacks only", () => {
    const config = { stackPattern: "prod*", requiredLimits: ["cpu_limit", "memory_limit_mb"] };
    const dev = { sourceConfig: { deploymentType: "dev" } };
    expect(violations(productionDeployments, "langsmith:index:Deployment", dev, config, "prod")).toHaveLength(2);
    expect(violations(productionDeployments, "langsmith:index:Deployment", dev, config, "staging")).toEqual([]);
    expect(
      violations(
        productionDeployments,
        "langsmith:index:Deployment",
        { sourceConfig: { deploymentType: "prod", resourceSpec: { cpu_limit: 2 } } },
        config,
        "prod",
      ),
    ).toEqual([expect.stringContaining("lacks memory_limit_mb")]);
  });

  it("sampling bounds and public prompts", () => {
    expect(violations(runRuleSampling, "langsmith:index:RunRule", { samplingRate: 0.6 }, { min: 0, max: 0.5 })).toHaveLength(1);
    expect(violations(runRuleSampling, "langsmith:index:RunRule", { samplingRate: 0.5 }, { min: 0, max: 0.5 })).toEqual([]);
    expect(violations(noPublicPrompts, "langsmith:index:Prompt", { handle: "triage", isPublic: true }, { allowedHandles: [] })).toHaveLength(1);
    expect(violations(noPublicPrompts, "langsmith:index:Prompt", { handle: "triage", isPublic: true }, { allowedHandles: ["triage"] })).toEqual([]);
    expect(violations(noPublicPrompts, "langsmith:index:Prompt", { handle: "triage", isPublic: false }, { allowedHandles: [] })).toEqual([]);
  });
});
