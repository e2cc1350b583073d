/**
 * The Deployment's grouped inputs: where its code comes from and how it runs
 * (`sourceConfig.*`: the GitHub integration and repository, the deployment
 * type, listener, resources and build commands) and what one revision builds
 * (`sourceRevisionConfig.*`: the branch, the image, the path of
 * `langgraph.json`). Rows of {@link DEPLOYMENT_FIELDS} (fields.ts), kept apart.
 */
import { z } from "zod";
import { DEPLOYMENT_TYPES } from "../../client/contractTypes/controlPlane";
import { type FieldTable, unknownOr } from "../../engine/fields/fields";
import { httpUrl, nonEmpty, uuid } from "../../engine/fields/validators";

const listenerConfigToWire = (value: unknown): unknown => ({ k8s_namespace: (value as { k8sNamespace?: string }).k8sNamespace ?? null });
const listenerConfigFromWire = (value: unknown): unknown => {
  if (value === null || typeof value !== "object") return undefined;
  const namespace = (value as Record<string, unknown>)["k8s_namespace"];
  return typeof namespace === "string" ? { k8sNamespace: namespace } : {};
};
const nullWhenUnset = (value: unknown): unknown => value ?? null;

/** The `sourceConfig.*` rows of the Deployment's field table. */
export const SOURCE_CONFIG_FIELDS = [
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
      k8sNamespace: unknownOr(nonEmpty("sourceConfig.listenerConfig.k8sNamespace").max(63, "k8sNamespace is at most 63 characters"))
        .optional()
        .describe("The Kubernetes namespace the listener deploys into."),
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
] as const satisfies FieldTable;

/** The `sourceRevisionConfig.*` rows of the Deployment's field table: a change makes one new revision. */
export const SOURCE_REVISION_FIELDS = [
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
    doc: "Path of the graph configuration file in the repository, or in `sourceArchive` (where it defaults to `langgraph.json`), e.g. `agents/langgraph.json`.",
    example: { variant: "github", value: "langgraph.json", changed: "agents/langgraph.json" },
  },
  {
    path: "sourceRevisionConfig.sourceTarballPath",
    wire: "source_revision_config.source_tarball_path",
    schema: nonEmpty("sourceRevisionConfig.sourceTarballPath"),
    required: false,
    effect: "revision",
    effectDoc: "one new revision, wait",
    secret: false,
    type: "string",
    doc: "Where the service keeps a source archive uploaded by other means (an upload URL's `object_path`), for `internal_source` deployments; the alternative to `sourceArchive`, which the provider uploads itself.",
    example: { notSet: "it must name an archive already uploaded to the service, which a generated program cannot make" },
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
] as const satisfies FieldTable;
