/**
 * The LangSmith guardrails of the policy pack, each a policy of
 * `@pulumi/policy` with its own configuration (its enforcement level and its
 * parameters, set with `pulumi preview --policy-pack-config <file>`). They
 * read the inputs of pulumi-langsmith's resources by type token, so the pack
 * does not depend on the provider's package. docs/policy.md describes each.
 */
import type { PolicyResource, ReportViolation, ResourceValidationPolicy, StackValidationPolicy } from "@pulumi/policy";

/** The type tokens the policies read. */
export const TOKENS = {
  apiKey: "langsmith:index:ApiKey",
  serviceKey: "langsmith:index:ServiceKey",
  deployment: "langsmith:index:Deployment",
  project: "langsmith:index:Project",
  alertRule: "langsmith:index:AlertRule",
  runRule: "langsmith:index:RunRule",
  prompt: "langsmith:index:Prompt",
  workspace: "langsmith:index:Workspace",
  ttlSettings: "langsmith:index:TtlSettings",
} as const;

/** Default pattern of the production stacks' names: `*` matches any run of characters. */
export const DEFAULT_PRODUCTION_STACKS = "prod*";
/** Default longest life of an API or service key, in days. */
export const DEFAULT_MAX_KEY_DAYS = 90;
/** Default resource limits a production deployment must set (keys of `sourceConfig.resourceSpec`). */
export const DEFAULT_REQUIRED_LIMITS = ["cpu_limit", "memory_limit_mb"] as const;
/** Default bounds of a run rule's `samplingRate`. */
export const DEFAULT_SAMPLING_BOUNDS = { min: 0, max: 0.5 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The stack of a resource, from its URN (`urn:pulumi:<stack>::<project>::<type>::<name>`). */
export function stackOf(urn: string): string {
  return (urn.split("::")[0] ?? "").replace(/^urn:pulumi:/, "");
}

/** Whether `name` matches `pattern`, where `*` matches any run of characters and everything else itself. */
export function matchesPattern(name: string, pattern: string): boolean {
  const expression = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${expression}$`).test(name);
}

/** Whether `resource`'s input `property` is `target`'s id: the program wrote it as a reference to `target` (e.g. `projectId: project.id`). */
export function refersTo(resource: PolicyResource, property: string, target: PolicyResource): boolean {
  return (resource.propertyDependencies[property] ?? []).some((dependency) => dependency.urn === target.urn);
}

const stackPatternSchema = {
  type: "string",
  default: DEFAULT_PRODUCTION_STACKS,
  description: "Names of the production stacks: `*` matches any run of characters.",
} as const;

/** API and service keys expire, and within `maxDays`. */
export const keyExpiry: ResourceValidationPolicy = {
  name: "langsmith-key-expiry",
  description: "API keys and service keys expire (expiresAt), at most maxDays days from now.",
  configSchema: { properties: { maxDays: { type: "number", minimum: 1, default: DEFAULT_MAX_KEY_DAYS, description: "Longest life of a key, in days." } } },
  validateResource: (args, reportViolation) => {
    if (args.type !== TOKENS.apiKey && args.type !== TOKENS.serviceKey) return;
    const { maxDays } = args.getConfig<{ maxDays: number }>();
    const expiresAt = args.props["expiresAt"];
    if (expiresAt === undefined || expiresAt === null || expiresAt === "") {
      reportViolation(`${args.name}: the key never expires; set expiresAt to at most ${maxDays} days from now`);
      return;
    }
    if (typeof expiresAt !== "string") return; // not known yet (an output of another resource): checked on the next preview
    const deadline = Date.now() + maxDays * DAY_MS;
    if (Date.parse(expiresAt) > deadline)
      reportViolation(
        `${args.name}: expiresAt ${expiresAt} is more than ${maxDays} days away; a key must expire by ${new Date(deadline).toISOString().slice(0, 10)}`,
      );
  },
};

/** In production stacks, deployments are of type `prod` and set their resource limits. */
export const productionDeployments: ResourceValidationPolicy = {
  name: "langsmith-prod-deployments",
  description: "In production stacks, every deployment is of type prod and sets its resource limits (sourceConfig.resourceSpec).",
  configSchema: {
    properties: {
      stackPattern: stackPatternSchema,
      requiredLimits: {
        type: "array",
        items: { type: "string" },
        default: [...DEFAULT_REQUIRED_LIMITS],
        description: "Keys of sourceConfig.resourceSpec a production deployment must set.",
      },
    },
  },
  validateResource: (args, reportViolation) => {
    if (args.type !== TOKENS.deployment) return;
    const { stackPattern, requiredLimits } = args.getConfig<{ stackPattern: string; requiredLimits: string[] }>();
    if (!matchesPattern(stackOf(args.urn), stackPattern)) return;
    const sourceConfig = (args.props["sourceConfig"] ?? {}) as Record<string, unknown>;
    const type = sourceConfig["deploymentType"];
    if (type !== undefined && type !== "prod") reportViolation(`${args.name}: a production stack's deployment must be of type prod, not ${String(type)}`);
    if (type === undefined) reportViolation(`${args.name}: a production stack's deployment must set sourceConfig.deploymentType to prod`);
    const spec = (sourceConfig["resourceSpec"] ?? {}) as Record<string, unknown>;
    const missing = requiredLimits.filter((limit) => spec[limit] === undefined || spec[limit] === null);
    if (missing.length > 0)
      reportViolation(`${args.name}: a production stack's deployment must set its resource limits: sourceConfig.resourceSpec lacks ${missing.join(", ")}`);
  },
};

/** In production stacks, every project has an alert rule with at least one action. */
export const productionProjectAlerts: StackValidationPolicy = {
  name: "langsmith-prod-project-alerts",
  description: "In production stacks, every project has an alert rule (projectId: the project's id) with at least one action.",
  configSchema: { properties: { stackPattern: stackPatternSchema } },
  validateStack: (args, reportViolation: ReportViolation) => {
    const { stackPattern } = args.getConfig<{ stackPattern: string }>();
    const projects = args.resources.filter((r) => r.type === TOKENS.project);
    if (projects.length === 0 || !matchesPattern(stackOf(projects[0]?.urn ?? ""), stackPattern)) return;
    const alerts = args.resources.filter((r) => r.type === TOKENS.alertRule);
    for (const project of projects) {
      const watching = alerts.filter((alert) => refersTo(alert, "projectId", project));
      if (watching.length === 0)
        reportViolation(`${project.name}: no alert rule watches this project; add an AlertRule with projectId: <project>.id`, project.urn);
      // An alert's actions are a secret the stack does not show; the provider's check refuses an alert without one, so hidden ones count.
      else if (!watching.some((alert) => !Array.isArray(alert.props["actions"]) || alert.props["actions"].length > 0))
        reportViolation(`${project.name}: its alert rules have no action; give one at least one (e.g. a webhook)`, project.urn);
    }
  },
};

/** Run rules sample within bounds. */
export const runRuleSampling: ResourceValidationPolicy = {
  name: "langsmith-run-rule-sampling",
  description: "Run rules' samplingRate is within [min, max].",
  configSchema: {
    properties: {
      min: { type: "number", minimum: 0, maximum: 1, default: DEFAULT_SAMPLING_BOUNDS.min, description: "Lowest samplingRate allowed." },
      max: { type: "number", minimum: 0, maximum: 1, default: DEFAULT_SAMPLING_BOUNDS.max, description: "Highest samplingRate allowed." },
    },
  },
  validateResource: (args, reportViolation) => {
    if (args.type !== TOKENS.runRule) return;
    const { min, max } = args.getConfig<{ min: number; max: number }>();
    const rate = args.props["samplingRate"];
    if (typeof rate === "number" && (rate < min || rate > max)) reportViolation(`${args.name}: samplingRate ${rate} is outside [${min}, ${max}]`);
  },
};

/** No prompt is public unless allowed by its handle. */
export const noPublicPrompts: ResourceValidationPolicy = {
  name: "langsmith-no-public-prompts",
  description: "No prompt is public (isPublic) unless its handle is in allowedHandles.",
  configSchema: {
    properties: { allowedHandles: { type: "array", items: { type: "string" }, default: [], description: "Handles of the prompts that may be public." } },
  },
  validateResource: (args, reportViolation) => {
    if (args.type !== TOKENS.prompt || args.props["isPublic"] !== true) return;
    const { allowedHandles } = args.getConfig<{ allowedHandles: string[] }>();
    const handle = String(args.props["handle"] ?? args.name);
    if (!allowedHandles.includes(handle)) reportViolation(`${args.name}: prompt ${handle} is public; make it private (isPublic: false) or allow its handle`);
  },
};

/** Every workspace sets its retention. */
export const workspaceRetention: StackValidationPolicy = {
  name: "langsmith-workspace-retention",
  description: "Every workspace of the stack sets its trace retention (a TtlSettings with workspaceId: the workspace's id).",
  validateStack: (args, reportViolation) => {
    const settings = args.resources.filter((r) => r.type === TOKENS.ttlSettings);
    for (const workspace of args.resources.filter((r) => r.type === TOKENS.workspace)) {
      if (!settings.some((s) => refersTo(s, "workspaceId", workspace)))
        reportViolation(`${workspace.name}: the workspace's retention is not set; add a TtlSettings with workspaceId: <workspace>.id`, workspace.urn);
    }
  },
};

/** Every policy of the pack, in the order the docs list them. */
export const POLICIES = [keyExpiry, productionDeployments, productionProjectAlerts, runRuleSampling, noPublicPrompts, workspaceRetention];
