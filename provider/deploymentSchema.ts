import { z } from "zod";
import type { CreateDeploymentRequest, SecretInput, SourceConfigInput, SourceRevisionConfigInput } from "./client";
import { UNKNOWN } from "./values";

/**
 * What a change to a field does to a deployment:
 * - `replace`: a new deployment (the service cannot change it in place);
 * - `patch`: PATCH `source_config` in place, no new revision, no wait;
 * - `revision`: one PATCH that makes a new revision, then wait for `DEPLOYED`;
 * - `local`: a provider setting; state changes, no API call.
 */
export type ChangeEffect = "replace" | "patch" | "revision" | "local";

/** One input field of the Deployment resource and the effect of changing it. */
export interface DeploymentField {
  /** Dotted path in the inputs, e.g. `sourceConfig.repoUrl`. */
  readonly path: string;
  readonly effect: ChangeEffect;
}

/**
 * The change rules, one row per field (DESIGN.md, "Deployment resource
 * semantics"). `adoptExistingId` is absent on purpose: it is used by create
 * only, and changing or removing it later does nothing.
 */
export const DEPLOYMENT_FIELDS: readonly DeploymentField[] = [
  { path: "name", effect: "replace" },
  { path: "source", effect: "replace" },
  { path: "sourceConfig.integrationId", effect: "replace" },
  { path: "sourceConfig.repoUrl", effect: "replace" },
  { path: "sourceConfig.deploymentType", effect: "replace" },
  { path: "sourceConfig.buildOnPush", effect: "patch" },
  { path: "sourceConfig.customUrl", effect: "patch" },
  { path: "sourceConfig.resourceSpec", effect: "patch" },
  { path: "sourceRevisionConfig.repoRef", effect: "revision" },
  { path: "sourceRevisionConfig.graphConfigPath", effect: "revision" },
  { path: "sourceRevisionConfig.imageUri", effect: "revision" },
  { path: "secrets", effect: "revision" },
  { path: "waitForDeployed", effect: "local" },
  { path: "deployTimeoutSeconds", effect: "local" },
  { path: "deleteTimeoutSeconds", effect: "local" },
];

/** Deployment names: what the service accepts in a name and a URL path segment. */
const NAME_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]*$/;
/** Longest deployment name accepted, in characters. */
export const MAX_NAME_LENGTH = 63;

/** A value that may still be unknown during a preview. */
const unknownOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(UNKNOWN), schema]);

const nonEmpty = (what: string) => z.string().trim().min(1, `${what} must not be empty`).max(2048, `${what} is longer than 2048 characters`);

/**
 * An http(s) URL without user info, query or fragment: anything else is
 * refused, since these inputs are stored in plain text (a token in
 * `https://user:token@host` would end up in the state and in previews).
 */
const httpUrl = (what: string) =>
  nonEmpty(what).refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && url.username === "" && url.password === "" && url.search === "" && url.hash === "";
      } catch {
        return false;
      }
    },
    `${what} must be a URL: http(s), without credentials, query or fragment, e.g. https://github.com/org/repo`,
  );

const secretSchema = z.object({
  name: unknownOr(
    z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "secret names are environment variable names: letters, digits and _, not starting with a digit")
      .max(256, "secret names are at most 256 characters"),
  ),
  value: unknownOr(z.string().max(65536, "secret values are at most 64 KiB")),
});

/**
 * Inputs of the Deployment resource as the provider receives them (camelCase;
 * mapped to the snake_case wire by {@link toCreateRequest}). Values may be
 * {@link UNKNOWN} during previews.
 */
export const DeploymentInputsSchema = z.object({
  name: unknownOr(
    nonEmpty("name")
      .max(MAX_NAME_LENGTH, `name is longer than ${MAX_NAME_LENGTH} characters`)
      .regex(NAME_PATTERN, "name may contain letters, digits, '.', '_' and '-', and must start with a letter or digit"),
  ),
  source: unknownOr(nonEmpty("source")),
  sourceConfig: unknownOr(
    z.object({
      integrationId: unknownOr(nonEmpty("sourceConfig.integrationId")).optional(),
      repoUrl: unknownOr(httpUrl("sourceConfig.repoUrl")).optional(),
      deploymentType: unknownOr(nonEmpty("sourceConfig.deploymentType")).optional(),
      buildOnPush: unknownOr(z.boolean()).optional(),
      customUrl: unknownOr(httpUrl("sourceConfig.customUrl").nullable()).optional(),
      resourceSpec: unknownOr(z.record(z.string(), z.unknown()).nullable()).optional(),
    }),
  ).default({}),
  sourceRevisionConfig: unknownOr(
    z.object({
      repoRef: unknownOr(nonEmpty("sourceRevisionConfig.repoRef")).optional(),
      graphConfigPath: unknownOr(nonEmpty("sourceRevisionConfig.graphConfigPath")).optional(),
      imageUri: unknownOr(nonEmpty("sourceRevisionConfig.imageUri").nullable()).optional(),
    }),
  ).default({}),
  secrets: unknownOr(z.array(unknownOr(secretSchema)).max(100, "at most 100 secrets")).optional(),
  waitForDeployed: unknownOr(z.boolean()).optional(),
  deployTimeoutSeconds: unknownOr(z.number().positive("deployTimeoutSeconds must be a positive number of seconds").max(86400, "deployTimeoutSeconds is at most 86400 (one day)")).optional(),
  deleteTimeoutSeconds: unknownOr(z.number().positive("deleteTimeoutSeconds must be a positive number of seconds").max(86400, "deleteTimeoutSeconds is at most 86400 (one day)")).optional(),
  adoptExistingId: unknownOr(
    nonEmpty("adoptExistingId").regex(/^[A-Za-z0-9_-]+$/, "adoptExistingId must be a deployment id: letters, digits, '_' and '-'"),
  ).optional(),
});

/** Validated inputs, all values known (as create and update receive them). */
export interface DeploymentInputs {
  name: string;
  source: string;
  sourceConfig: {
    integrationId?: string;
    repoUrl?: string;
    deploymentType?: string;
    buildOnPush?: boolean;
    customUrl?: string | null;
    resourceSpec?: Record<string, unknown> | null;
  };
  sourceRevisionConfig: { repoRef?: string; graphConfigPath?: string; imageUri?: string | null };
  secrets?: SecretInput[];
  waitForDeployed?: boolean;
  deployTimeoutSeconds?: number;
  deleteTimeoutSeconds?: number;
  adoptExistingId?: string;
}

/** One `check` failure: the property path and a reason saying what to set. */
export interface CheckFailure {
  property: string;
  reason: string;
}

/**
 * Validates raw inputs without any network call. Unknown values pass.
 * Duplicate secret names are refused here too.
 */
export function validateDeploymentInputs(raw: Record<string, unknown>): CheckFailure[] {
  const { __provider: _provider, ...inputs } = raw;
  const parsed = DeploymentInputsSchema.safeParse(inputs);
  const failures: CheckFailure[] = parsed.success ? [] : describeIssues(parsed.error.issues, inputs);
  const secrets = inputs["secrets"];
  if (Array.isArray(secrets)) {
    const seen = new Set<string>();
    secrets.forEach((secret: unknown, index) => {
      const name = secret !== null && typeof secret === "object" ? (secret as Record<string, unknown>)["name"] : undefined;
      if (typeof name === "string" && name !== UNKNOWN) {
        if (seen.has(name)) failures.push({ property: `secrets.${index}.name`, reason: `secret ${name} is listed twice` });
        seen.add(name);
      }
    });
  }
  return failures;
}

/**
 * Turns zod issues into one failure per property. Every field is a union of
 * "unknown during preview" and its real schema, so union issues are unwrapped
 * to the real schema's complaint, with its full path. Values are looked up in
 * the inputs to tell "missing" from "wrong type"; they are never echoed.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], inputs: unknown): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const visit = (issue: z.core.$ZodIssue, prefix: readonly PropertyKey[]) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === "invalid_union") {
      const branches = issue.errors.filter((branch) => !branch.some((inner) => inner.code === "invalid_value" && inner.values.includes(UNKNOWN)));
      for (const inner of branches.flat()) visit(inner, path);
      if (branches.length > 0) return;
    }
    const property = path.map(String).join(".") || "(inputs)";
    if (failures.some((failure) => failure.property === property)) return;
    const value = valueAt(inputs, property);
    let reason = issue.message;
    if (issue.code === "invalid_type") reason = value === undefined ? `${property} is required` : `${property} must be ${article(issue.expected)}`;
    else if (issue.code === "unrecognized_keys") reason = `unknown field(s): ${issue.keys.join(", ")}`;
    failures.push({ property, reason });
  };
  for (const issue of issues) visit(issue, []);
  return failures;
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

/** Maps inputs to the body of `POST /v2/deployments`. */
export function toCreateRequest(inputs: DeploymentInputs): CreateDeploymentRequest {
  return {
    name: inputs.name,
    source: inputs.source,
    source_config: toWireSourceConfig(inputs.sourceConfig),
    source_revision_config: toWireRevisionConfig(inputs.sourceRevisionConfig),
    ...(inputs.secrets !== undefined ? { secrets: inputs.secrets.map(({ name, value }) => ({ name, value })) } : {}),
  };
}

/** Maps `sourceConfig` (or part of it) to the wire `source_config`. */
export function toWireSourceConfig(config: Partial<DeploymentInputs["sourceConfig"]>): SourceConfigInput {
  const wire: SourceConfigInput = {};
  if (config.integrationId !== undefined) wire.integration_id = config.integrationId;
  if (config.repoUrl !== undefined) wire.repo_url = config.repoUrl;
  if (config.deploymentType !== undefined) wire.deployment_type = config.deploymentType;
  if (config.buildOnPush !== undefined) wire.build_on_push = config.buildOnPush;
  if (config.customUrl !== undefined) wire.custom_url = config.customUrl;
  if (config.resourceSpec !== undefined) wire.resource_spec = config.resourceSpec;
  return wire;
}

/** Maps `sourceRevisionConfig` to the wire `source_revision_config`. */
export function toWireRevisionConfig(config: DeploymentInputs["sourceRevisionConfig"]): SourceRevisionConfigInput {
  const wire: SourceRevisionConfigInput = {};
  if (config.repoRef !== undefined) wire.repo_ref = config.repoRef;
  if (config.graphConfigPath !== undefined) wire.graph_config_path = config.graphConfigPath;
  if (config.imageUri !== undefined) wire.image_uri = config.imageUri;
  return wire;
}

/** Reads a dotted path from a JSON-like object. */
export function valueAt(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
