import { z } from "zod";
import {
  type CreateDeploymentRequest,
  DEPLOYMENT_SOURCES,
  DEPLOYMENT_TYPES,
  type DeploymentSource,
  type DeploymentType,
  type SecretInput,
  type SecretReferenceInput,
  type SourceConfigInput,
  type SourceRevisionConfigInput,
} from "./client/schemas/deployments";
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
  { path: "sourceConfig.listenerId", effect: "replace" },
  { path: "sourceConfig.listenerConfig", effect: "replace" },
  { path: "sourceConfig.buildOnPush", effect: "patch" },
  { path: "sourceConfig.customUrl", effect: "patch" },
  { path: "sourceConfig.resourceSpec", effect: "patch" },
  // Build settings: sent in source_config with the current revision config, so the change is built.
  { path: "sourceConfig.installCommand", effect: "revision" },
  { path: "sourceConfig.buildCommand", effect: "revision" },
  { path: "sourceRevisionConfig.repoRef", effect: "revision" },
  { path: "sourceRevisionConfig.graphConfigPath", effect: "revision" },
  { path: "sourceRevisionConfig.imageUri", effect: "revision" },
  { path: "secrets", effect: "revision" },
  { path: "secretReferences", effect: "revision" },
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

/** A UUID, as the contract requires of integration and listener ids. */
const uuid = (what: string) => z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, `${what} must be a UUID, e.g. 5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01`);

/** Environment variable names, as secrets and secret references use them. */
const envName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "secret names are environment variable names: letters, digits and _, not starting with a digit")
  .max(256, "secret names are at most 256 characters");

const secretReferenceSchema = z.object({
  name: unknownOr(envName),
  secretName: unknownOr(nonEmpty("secretReferences.secretName").max(253, "secretName is at most 253 characters (a Kubernetes secret name)")),
  secretKey: unknownOr(nonEmpty("secretReferences.secretKey").max(253, "secretKey is at most 253 characters")),
});

const secretSchema = z.object({
  name: unknownOr(envName),
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
  source: unknownOr(z.enum(DEPLOYMENT_SOURCES, { error: `source must be one of ${DEPLOYMENT_SOURCES.join(", ")}` })),
  sourceConfig: unknownOr(
    z.object({
      integrationId: unknownOr(uuid("sourceConfig.integrationId")).optional(),
      repoUrl: unknownOr(httpUrl("sourceConfig.repoUrl")).optional(),
      deploymentType: unknownOr(z.enum(DEPLOYMENT_TYPES, { error: `sourceConfig.deploymentType must be one of ${DEPLOYMENT_TYPES.join(", ")}` })).optional(),
      buildOnPush: unknownOr(z.boolean()).optional(),
      customUrl: unknownOr(httpUrl("sourceConfig.customUrl").nullable()).optional(),
      resourceSpec: unknownOr(z.record(z.string(), z.unknown()).nullable()).optional(),
      listenerId: unknownOr(uuid("sourceConfig.listenerId")).optional(),
      listenerConfig: unknownOr(z.object({ k8sNamespace: unknownOr(nonEmpty("sourceConfig.listenerConfig.k8sNamespace").max(63, "k8sNamespace is at most 63 characters")).optional() })).optional(),
      installCommand: unknownOr(nonEmpty("sourceConfig.installCommand")).optional(),
      buildCommand: unknownOr(nonEmpty("sourceConfig.buildCommand")).optional(),
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
  secretReferences: unknownOr(z.array(unknownOr(secretReferenceSchema)).max(100, "at most 100 secret references")).optional(),
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
  source: DeploymentSource;
  sourceConfig: {
    integrationId?: string;
    repoUrl?: string;
    deploymentType?: DeploymentType;
    buildOnPush?: boolean;
    customUrl?: string | null;
    resourceSpec?: Record<string, unknown> | null;
    listenerId?: string;
    listenerConfig?: { k8sNamespace?: string };
    installCommand?: string;
    buildCommand?: string;
  };
  sourceRevisionConfig: { repoRef?: string; graphConfigPath?: string; imageUri?: string | null };
  secrets?: SecretInput[];
  secretReferences?: SecretReferenceInputs[];
  waitForDeployed?: boolean;
  deployTimeoutSeconds?: number;
  deleteTimeoutSeconds?: number;
  adoptExistingId?: string;
}

/** A secret reference input: environment variable `name` from key `secretKey` of the Kubernetes secret `secretName`. */
export interface SecretReferenceInputs {
  name: string;
  secretName: string;
  secretKey: string;
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
  // One environment variable comes from one place: a secret or a secret reference, listed once.
  const seen = new Set<string>();
  for (const list of ["secrets", "secretReferences"] as const) {
    const entries = inputs[list];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry: unknown, index) => {
      const name = entry !== null && typeof entry === "object" ? (entry as Record<string, unknown>)["name"] : undefined;
      if (typeof name === "string" && name !== UNKNOWN) {
        if (seen.has(name)) failures.push({ property: `${list}.${index}.name`, reason: `environment variable ${name} is listed twice (across secrets and secretReferences a name may appear once)` });
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
    if (value === undefined && issue.code !== "unrecognized_keys") reason = `${property} is required`;
    else if (issue.code === "invalid_type") reason = `${property} must be ${article(issue.expected)}`;
    else if (issue.code === "unrecognized_keys") reason = `unknown field(s): ${issue.keys.join(", ")}`;
    failures.push({ property, reason });
  };
  for (const issue of issues) visit(issue, []);
  return failures;
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

/** Maps inputs to the body of `POST /v2/deployments` (`secrets` is required on the wire: `[]` for none). */
export function toCreateRequest(inputs: DeploymentInputs): CreateDeploymentRequest {
  return {
    name: inputs.name,
    source: inputs.source,
    source_config: toWireSourceConfig(inputs.sourceConfig),
    source_revision_config: toWireRevisionConfig(inputs.sourceRevisionConfig),
    secrets: toWireSecrets(inputs.secrets),
    ...(inputs.secretReferences !== undefined ? { secret_references: toWireSecretReferences(inputs.secretReferences) } : {}),
  };
}

/** Maps `secrets` to the wire (`[]` when unset). */
export function toWireSecrets(secrets: readonly SecretInput[] | undefined): SecretInput[] {
  return (secrets ?? []).map(({ name, value }) => ({ name, value }));
}

/** Maps `secretReferences` to the wire `secret_references` (`[]` when unset). */
export function toWireSecretReferences(references: readonly SecretReferenceInputs[] | undefined): SecretReferenceInput[] {
  return (references ?? []).map(({ name, secretName, secretKey }) => ({ name, secret_name: secretName, secret_key: secretKey }));
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
  if (config.listenerId !== undefined) wire.listener_id = config.listenerId;
  if (config.listenerConfig !== undefined) wire.listener_config = config.listenerConfig === null ? null : { k8s_namespace: config.listenerConfig.k8sNamespace ?? null };
  if (config.installCommand !== undefined) wire.install_command = config.installCommand;
  if (config.buildCommand !== undefined) wire.build_command = config.buildCommand;
  return wire;
}

/** Maps `sourceRevisionConfig` to the wire `source_revision_config` (the config path is `langgraph_config_path` on the wire). */
export function toWireRevisionConfig(config: DeploymentInputs["sourceRevisionConfig"]): SourceRevisionConfigInput {
  const wire: SourceRevisionConfigInput = {};
  if (config.repoRef !== undefined) wire.repo_ref = config.repoRef;
  if (config.graphConfigPath !== undefined) wire.langgraph_config_path = config.graphConfigPath;
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
