/**
 * The Deployment's inputs: one row per field with its validator, wire key,
 * effect of a change, secrecy, default and docs (docs/resources.md explains
 * the semantics). Check, diff, the wire mapping, refresh and the
 * reference table in docs/resources.md derive from {@link DEPLOYMENT_FIELDS}.
 */
import { z } from "zod";
import { DEPLOYMENT_SOURCES, type SecretInput } from "../../client/contractTypes/controlPlane";
import { emptyAsUnset, type FieldTable, type InputsOf, unknownOr } from "../../engine/fields/fields";
import { workspaceIdField } from "../../engine/kind/declaration";
import { nonEmpty, waitSeconds as seconds } from "../../engine/fields/validators";
import { sourceArchiveSchema } from "../source/archiveInput";
import { SOURCE_CONFIG_FIELDS, SOURCE_REVISION_FIELDS } from "./sourceFields";

/** Deployment names: what the service accepts in a name and a URL path segment. */
const NAME_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]*$/;
/** Longest deployment name accepted, in characters. */
export const MAX_NAME_LENGTH = 63;

/** Environment variable names, as secrets and secret references use them. */
const envName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "secret names are environment variable names: letters, digits and _, not starting with a digit")
  .max(256, "secret names are at most 256 characters");

/** The names of `environmentVariables`: environment variable names. */
const variableName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "environment variable names are letters, digits and _, not starting with a digit")
  .max(256, "environment variable names are at most 256 characters");

const secretSchema = z.object({
  name: unknownOr(envName).describe("The environment variable's name."),
  value: unknownOr(z.string().max(65536, "secret values are at most 64 KiB")).describe("Its value (at most 64 KiB)."),
});
const secretReferenceSchema = z.object({
  name: unknownOr(envName).describe("The environment variable's name."),
  secretName: unknownOr(nonEmpty("secretReferences.secretName").max(253, "secretName is at most 253 characters (a Kubernetes secret name)")).describe(
    "The Kubernetes secret holding the value.",
  ),
  secretKey: unknownOr(nonEmpty("secretReferences.secretKey").max(253, "secretKey is at most 253 characters")).describe("The key of the value in that secret."),
});

/** A secret reference input: environment variable `name` from key `secretKey` of the Kubernetes secret `secretName`. */
export interface SecretReferenceInputs {
  name: string;
  secretName: string;
  secretKey: string;
}

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
  ...SOURCE_CONFIG_FIELDS,
  ...SOURCE_REVISION_FIELDS,
  {
    path: "sourceArchive",
    // No wire key of its own: the provider packs and uploads it, and the revision's PATCH names the upload where `sourceTarballPath` goes.
    sharesWire: "source_revision_config.source_tarball_path",
    refresh: "never",
    schema: sourceArchiveSchema,
    required: false,
    effect: "revision",
    effectDoc: "one upload and one new revision when its content changed (compared by content hash, not by path), wait",
    secret: false,
    type: "Pulumi archive: a `FileArchive` of a directory (`fn::fileArchive` in YAML), or an `AssetArchive`",
    doc:
      "The agent's source directory (`internal_source` only), packed with `langgraph deploy`'s rules (its `.gitignore` and `.dockerignore`, no symlinks) and uploaded by the provider. " +
      "`sourceRevisionConfig.graphConfigPath` names the config in it (default `langgraph.json`). The alternative to `sourceRevisionConfig.sourceTarballPath`.",
    example: { notSet: "an archive needs a LangGraph project on disk; tests/e2e/sourceDeployment.test.ts ships one" },
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
    path: "environmentVariables",
    // No wire key of its own: the service keeps these with the secrets in one list, which wire.ts makes of both.
    sharesWire: "secrets",
    type: "map of strings",
    doc:
      "Environment variables of the deployment that are not secret, by name (e.g. `LOG_LEVEL`): their values show in previews, detailed diffs and the state. " +
      "The service keeps them with `secrets` in one list, so a name may appear in only one of `environmentVariables`, `secrets` and `secretReferences`.",
    schema: z.record(z.string(), unknownOr(z.string().max(65536, "environment variable values are at most 64 KiB"))).superRefine((variables, context) => {
      // Each name checked as one (a record's own key check says only "Invalid key in record").
      for (const name of Object.keys(variables)) {
        const problem = variableName.safeParse(name).error?.issues[0]?.message;
        if (problem !== undefined) context.addIssue({ code: "custom", path: [name], message: `${name}: ${problem}` });
      }
    }),
    required: false,
    effect: "revision",
    effectDoc: "one new revision (with the current revision config), wait",
    secret: false,
    defaultDoc: "none",
    example: { value: { LOG_LEVEL: "info" }, changed: { LOG_LEVEL: "debug", FEATURE_FLAGS: "beta" } },
  },
  {
    path: "secretReferences",
    wire: "secret_references",
    clearWith: [],
    toWire: (value) => (value as SecretReferenceInputs[]).map(({ name, secretName, secretKey }) => ({ name, secret_name: secretName, secret_key: secretKey })),
    fromWire: (value) =>
      Array.isArray(value)
        ? (value as Array<{ name: string; secret_name: string; secret_key: string }>).map(({ name, secret_name, secret_key }) => ({
            name,
            secretName: secret_name,
            secretKey: secret_key,
          }))
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
