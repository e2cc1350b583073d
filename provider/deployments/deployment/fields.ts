/**
 * The Deployment's inputs: one row per field with its validator, wire key,
 * effect of a change, secrecy, default and docs (docs/resources.md explains
 * the semantics). Check, diff, the wire mapping, refresh and the
 * reference table in docs/resources.md derive from {@link DEPLOYMENT_FIELDS}.
 */
import { z } from "zod";
import {
  DEPLOYMENT_SOURCES,
  DEPLOYMENT_TYPES,
  type SecretInput,
} from "../../client/contractTypes/controlPlane";
import { emptyAsUnset, type FieldTable, type InputsOf, unknownOr } from "../../engine/fields/fields";
import { workspaceIdField } from "../../engine/kind/declaration";
import { httpUrl, nonEmpty, uuid, waitSeconds as seconds } from "../../engine/fields/validators";

/** Deployment names: what the service accepts in a name and a URL path segment. */
const NAME_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]*$/;
/** Longest deployment name accepted, in characters. */
export const MAX_NAME_LENGTH = 63;

/** Environment variable names, as secrets and secret references use them. */
const envName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "secret names are environment variable names: letters, digits and _, not starting with a digit")
  .max(256, "secret names are at most 256 characters");

const secretSchema = z.object({
  name: unknownOr(envName).describe("The environment variable's name."),
  value: unknownOr(z.string().max(65536, "secret values are at most 64 KiB")).describe("Its value (at most 64 KiB)."),
});
const secretReferenceSchema = z.object({
  name: unknownOr(envName).describe("The environment variable's name."),
  secretName: unknownOr(nonEmpty("secretReferences.secretName").max(253, "secretName is at most 253 characters (a Kubernetes secret name)")).describe("The Kubernetes secret holding the value."),
  secretKey: unknownOr(nonEmpty("secretReferences.secretKey").max(253, "secretKey is at most 253 characters")).describe("The key of the value in that secret."),
});

/** A secret reference input: environment variable `name` from key `secretKey` of the Kubernetes secret `secretName`. */
export interface SecretReferenceInputs {
  name: string;
  secretName: string;
  secretKey: string;
}

const listenerConfigToWire = (value: unknown): unknown => ({ k8s_namespace: (value as { k8sNamespace?: string }).k8sNamespace ?? null });
const listenerConfigFromWire = (value: unknown): unknown => {
  if (value === null || typeof value !== "object") return undefined;
  const namespace = (value as Record<string, unknown>)["k8s_namespace"];
  return typeof namespace === "string" ? { k8sNamespace: namespace } : {};
};
const nullWhenUnset = (value: unknown): unknown => value ?? null;

/** Every input field of the Deployment. Order: the order of check failures and of the reference table. */
export const DEPLOYMENT_FIELDS = [
  workspaceIdField("deployment"),
  {
    path: "name",
    wire: "name",
    refresh: "always",
    schema: nonEmpty("name")
      .max(MAX_NAME_LENGTH, `name is longer than ${MAX_NAME_LENGTH} characters`)
      .regex(NAME_PATTERN, "name may contain letters, digits, '.', '_' and '-', and must start with a letter or digit"),
    required: true,
    effect: "replace",
    effectDoc: "replace (the new deployment is created first)",
    secret: false,
    type: `string: letters, digits, \`.\`, \`_\`, \`-\`; at most ${MAX_NAME_LENGTH}`,
    doc: "Deployment name, unique in the workspace.",
    // One deployment per variant in the same workspace: names are unique there.
    example: [
      { variant: "github", value: "support-agent", changed: "support-agent-v2", other: "support-agent-b" },
      { variant: "docker", value: "support-agent-image", changed: "support-agent-image-v2", other: "support-agent-image-b" },
      { variant: "template", value: "support-agent-template", changed: "support-agent-template-v2", other: "support-agent-template-b" },
    ],
  },
  {
    path: "displayName",
    wire: "display_name",
    // The create request has no display name: a create that sets one patches it right after.
    createWire: null,
    fromWire: emptyAsUnset,
    schema: z.string().trim().min(1).max(255),
    required: false,
    effect: "inPlace",
    secret: false,
    type: "string",
    doc: "Name shown in LangSmith instead of `name`; the service cannot clear one, so leaving it out after setting it keeps the last one.",
    example: { value: "Support agent", changed: "Support agent (v2)" },
  },
  {
    path: "source",
    wire: "source",
    refresh: "always",
    schema: z.enum(DEPLOYMENT_SOURCES, { error: `source must be one of ${DEPLOYMENT_SOURCES.join(", ")}` }),
    required: true,
    effect: "replace",
    secret: false,
    type: DEPLOYMENT_SOURCES.map((s) => `\`${s}\``).join(" | "),
    doc: "Where the code comes from: a GitHub repository, a container image, an uploaded source tarball, or a LangChain template (`internal_template`, with `sourceConfig.templateId`).",
    example: [
      { variant: "github", value: "github", why: "the source decides which other fields the deployment needs: each source is its own variant" },
      { variant: "docker", value: "external_docker", why: "the source decides which other fields the deployment needs: each source is its own variant" },
      { variant: "template", value: "internal_template", why: "the source decides which other fields the deployment needs: each source is its own variant" },
    ],
  },
  {
    path: "sourceConfig.integrationId",
    requiredWhen: { path: "source", in: ["github"] },
    wire: "source_config.integration_id",
    schema: uuid("sourceConfig.integrationId"),
    required: false,
    effect: "replace",
    secret: false,
    type: "UUID",
    doc: "Id of the workspace's GitHub integration (`github` sources).",
    example: { variant: "github", value: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", changed: "0d6e2f4a-9b3c-4e1d-8a7f-2c5b9e0d1f36" },
  },
  {
    path: "sourceConfig.repoUrl",
    requiredWhen: { path: "source", in: ["github"] },
    wire: "source_config.repo_url",
    schema: httpUrl("sourceConfig.repoUrl"),
    required: false,
    effect: "replace",
    secret: false,
    type: "http(s) URL without credentials",
    doc: "Repository URL, e.g. `https://github.com/acme/agent`.",
    example: { variant: "github", value: "https://github.com/acme/support-agent", changed: "https://github.com/acme/support-agent-v2" },
  },
  {
    path: "sourceConfig.deploymentType",
    requiredWhen: { path: "source", in: ["github"] },
    wire: "source_config.deployment_type",
    schema: z.enum(DEPLOYMENT_TYPES, { error: `sourceConfig.deploymentType must be one of ${DEPLOYMENT_TYPES.join(", ")}` }),
    // Left out, the service makes a `dev` deployment: an imported `dev` is no change (and no replacement).
    unsetMeans: "dev",
    required: false,
    effect: "replace",
    secret: false,
    type: DEPLOYMENT_TYPES.map((s) => `\`${s}\``).join(" | "),
    defaultDoc: "the service's (`dev`)",
    doc: "Deployment type.",
    example: { value: "dev", changed: "prod" },
  },
  {
    path: "sourceConfig.templateId",
    requiredWhen: { path: "source", in: ["internal_template"] },
    wire: "source_config.template_id",
    schema: nonEmpty("sourceConfig.templateId"),
    required: false,
    effect: "replace",
    secret: false,
    type: "string",
    doc: "The LangChain template the deployment is made from (`internal_template` sources), e.g. `react-agent`.",
    example: { variant: "template", value: "react-agent", changed: "memory-agent" },
  },
  {
    path: "sourceConfig.listenerId",
    wire: "source_config.listener_id",
    schema: uuid("sourceConfig.listenerId"),
    required: false,
    effect: "replace",
    secret: false,
    type: "UUID",
    doc: "Listener of a self-hosted data plane that runs the deployment.",
    // A self-hosted data plane runs images built elsewhere: the listener fields belong to the image variant.
    example: { variant: "docker", value: "3b6f1e2a-8c4d-4a9e-b7f2-5d1c0e9a8b74", changed: "9e4c7a21-5f3b-4d8e-a6c1-0b2d8f7e3a95" },
  },
  {
    path: "sourceConfig.listenerConfig",
    wire: "source_config.listener_config",
    toWire: listenerConfigToWire,
    fromWire: listenerConfigFromWire,
    schema: z.object({
      k8sNamespace: unknownOr(nonEmpty("sourceConfig.listenerConfig.k8sNamespace").max(63, "k8sNamespace is at most 63 characters")).optional().describe("The Kubernetes namespace the listener deploys into."),
    }),
    required: false,
    effect: "replace",
    secret: false,
    type: "`{ k8sNamespace?: string }`",
    doc: "Listener settings: the Kubernetes namespace to deploy into.",
    example: { variant: "docker", value: { k8sNamespace: "langsmith-agents" }, changed: { k8sNamespace: "langsmith-agents-v2" } },
  },
  {
    path: "sourceConfig.buildOnPush",
    wire: "source_config.build_on_push",
    schema: z.boolean(),
    // Left out, the service does not build on push (and an external_docker source has no pushes): an imported `false` is no change.
    unsetMeans: false,
    required: false,
    effect: "inPlace",
    effectDoc: "PATCH in place, no new revision, no wait",
    secret: false,
    type: "boolean",
    defaultDoc: "the service's (`false`)",
    doc: "Whether pushes to the branch trigger builds.",
    example: { variant: "github", value: true, changed: false },
  },
  {
    path: "sourceConfig.customUrl",
    wire: "source_config.custom_url",
    fromWire: nullWhenUnset,
    schema: httpUrl("sourceConfig.customUrl").nullable(),
    required: false,
    effect: "inPlace",
    effectDoc: "PATCH in place",
    secret: false,
    type: "http(s) URL | null",
    doc: "Custom URL of the deployment, or null for none.",
    example: [
      { variant: "github", value: "https://agent.example.com", changed: "https://agent-v2.example.com" },
      { variant: "docker", value: "https://agent-image.example.com", changed: "https://agent-image-v2.example.com" },
      { variant: "template", value: "https://agent-template.example.com", changed: "https://agent-template-v2.example.com" },
    ],
  },
  {
    path: "sourceConfig.resourceSpec",
    wire: "source_config.resource_spec",
    fromWire: nullWhenUnset,
    // The service answers every key of its ResourceSpec, defaults included: only the program's keys are drift.
    serviceFillsKeys: true,
    schema: z.record(z.string(), z.unknown()).nullable(),
    required: false,
    effect: "inPlace",
    effectDoc: "PATCH in place",
    secret: false,
    type: "object | null (the contract's `ResourceSpec`)",
    doc: "CPU, memory and replicas as the service defines them.",
    // The contract's ResourceSpec, keys as on the wire (the map is sent as it is).
    example: { value: { min_scale: 1, max_scale: 2 }, changed: { min_scale: 1, max_scale: 3, cpu: 1 } },
  },
  {
    path: "sourceConfig.installCommand",
    wire: "source_config.install_command",
    schema: nonEmpty("sourceConfig.installCommand"),
    required: false,
    effect: "revision",
    effectDoc: "PATCH with the current revision config: one new revision (a rebuild), wait",
    secret: false,
    type: "string",
    defaultDoc: "the service's",
    doc: "Command that installs dependencies during the build.",
    example: { variant: "github", value: "npm ci", changed: "npm ci --omit=dev" },
  },
  {
    path: "sourceConfig.buildCommand",
    wire: "source_config.build_command",
    schema: nonEmpty("sourceConfig.buildCommand"),
    required: false,
    effect: "revision",
    effectDoc: "one new revision (a rebuild), wait",
    secret: false,
    type: "string",
    defaultDoc: "the service's",
    doc: "Command that builds the application.",
    example: { variant: "github", value: "npm run build", changed: "npm run build:prod" },
  },
  {
    path: "sourceRevisionConfig.repoRef",
    requiredWhen: { path: "source", in: ["github"] },
    wire: "source_revision_config.repo_ref",
    schema: nonEmpty("sourceRevisionConfig.repoRef"),
    required: false,
    effect: "revision",
    secret: false,
    type: "string",
    doc: "Branch, tag or commit to build, e.g. `main`.",
    example: { variant: "github", value: "main", changed: "release" },
  },
  {
    path: "sourceRevisionConfig.graphConfigPath",
    requiredWhen: { path: "source", in: ["github"] },
    wire: "source_revision_config.langgraph_config_path",
    schema: nonEmpty("sourceRevisionConfig.graphConfigPath"),
    required: false,
    effect: "revision",
    effectDoc: "one new revision, wait",
    secret: false,
    type: "string (sent as `langgraph_config_path`)",
    doc: "Path of the graph configuration file in the repository, e.g. `langgraph.json`.",
    example: { variant: "github", value: "langgraph.json", changed: "agents/langgraph.json" },
  },
  {
    path: "sourceRevisionConfig.imageUri",
    requiredWhen: { path: "source", in: ["external_docker", "internal_docker"] },
    wire: "source_revision_config.image_uri",
    fromWire: nullWhenUnset,
    schema: nonEmpty("sourceRevisionConfig.imageUri").nullable(),
    required: false,
    effect: "revision",
    effectDoc: "one new revision, wait",
    secret: false,
    type: "string | null",
    doc: "Container image to deploy instead of building, or null.",
    example: { variant: "docker", value: "docker.io/acme/support-agent:1.0.0", changed: "docker.io/acme/support-agent:1.1.0" },
  },
  {
    path: "secrets",
    wire: "secrets",
    clearWith: [],
    toWire: (value) => (value as SecretInput[]).map(({ name, value: secret }) => ({ name, value: secret })),
    refresh: "never",
    schema: z.array(unknownOr(secretSchema)).max(100, "at most 100 secrets"),
    required: false,
    effect: "revision",
    effectDoc: "one new revision (with the current revision config), wait",
    secret: true,
    type: "`{ name, value }[]`",
    defaultDoc: "none",
    doc: "Environment variables of the deployment. Recorded in outputs only as salted fingerprints.",
    example: {
      value: [{ name: "OPENAI_API_KEY", value: "sk-{canary}" }],
      changed: [
        { name: "OPENAI_API_KEY", value: "sk-{canary}-rotated" },
        { name: "ANTHROPIC_API_KEY", value: "sk-ant-{canary}" },
      ],
    },
  },
  {
    path: "secretReferences",
    wire: "secret_references",
    clearWith: [],
    toWire: (value) => (value as SecretReferenceInputs[]).map(({ name, secretName, secretKey }) => ({ name, secret_name: secretName, secret_key: secretKey })),
    fromWire: (value) =>
      Array.isArray(value)
        ? (value as Array<{ name: string; secret_name: string; secret_key: string }>).map(({ name, secret_name, secret_key }) => ({ name, secretName: secret_name, secretKey: secret_key }))
        : [],
    schema: z.array(unknownOr(secretReferenceSchema)).max(100, "at most 100 secret references"),
    required: false,
    effect: "revision",
    effectDoc: "one new revision, wait",
    secret: false,
    type: "`{ name, secretName, secretKey }[]`",
    defaultDoc: "none",
    doc: "Environment variables read from Kubernetes secrets of a self-hosted data plane (references only, not secret).",
    example: {
      variant: "docker",
      value: [{ name: "DATABASE_URL", secretName: "support-agent-db", secretKey: "url" }],
      changed: [{ name: "DATABASE_URL", secretName: "support-agent-db-v2", secretKey: "url" }],
    },
  },
  {
    path: "waitForDeployed",
    schema: z.boolean(),
    required: false,
    unsetMeans: true,
    effect: "local",
    secret: false,
    type: "boolean",
    defaultDoc: "`true`",
    doc: "Wait for each new revision to be `DEPLOYED`.",
    example: { value: true, changed: false },
  },
  {
    path: "deployTimeoutSeconds",
    schema: seconds("deployTimeoutSeconds"),
    required: false,
    effect: "local",
    secret: false,
    type: "number (s)",
    defaultDoc: "`langsmith:deployTimeoutSeconds`, else 1800",
    doc: "Deadline of the wait for `DEPLOYED`.",
    example: { value: 600, changed: 900 },
  },
  {
    path: "deleteTimeoutSeconds",
    schema: seconds("deleteTimeoutSeconds"),
    required: false,
    effect: "local",
    secret: false,
    type: "number (s)",
    defaultDoc: "`langsmith:deleteTimeoutSeconds`, else 900",
    doc: "Deadline of the wait for a deletion to finish.",
    example: { value: 300, changed: 600 },
  },
  {
    path: "adoptExistingId",
    schema: nonEmpty("adoptExistingId").regex(/^[A-Za-z0-9_-]+$/, "adoptExistingId must be a deployment id: letters, digits, '_' and '-'"),
    required: false,
    effect: "createOnly",
    secret: false,
    type: "deployment id",
    doc: "Take over this existing deployment instead of creating one (the import path of dynamic providers).",
    example: { notSet: "it must name a deployment that already exists, which a generated program cannot know" },
  },
] as const satisfies FieldTable;

/** Validated inputs, all values known (as create and update receive them): inferred from the table; the two config objects default to `{}`. */
export type DeploymentInputs = InputsOf<typeof DEPLOYMENT_FIELDS> & {
  sourceConfig: NonNullable<InputsOf<typeof DEPLOYMENT_FIELDS>["sourceConfig"]>;
  sourceRevisionConfig: NonNullable<InputsOf<typeof DEPLOYMENT_FIELDS>["sourceRevisionConfig"]>;
};
