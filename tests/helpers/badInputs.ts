/**
 * The bad-input catalogue of issue 8, shared by the unit test that runs every
 * case against `check`, `configure` and the invokes, and the e2e test that
 * runs a subset through `pulumi preview`.
 */

/** A value that must never be echoed in a message (it sits where a credential would leak). */
export const BAD_INPUT_CANARY = "canary-bad-input-credential-5e02";

/** One invalid resource: its inputs and the property the failure must name. */
export interface ResourceCase {
  what: string;
  inputs: Record<string, unknown>;
  property: string;
  /** Expected reason text, when more than "names the property" matters. */
  reason?: RegExp;
}

/** One invalid provider configuration: stack config values and the text the error must contain. */
export interface ConfigCase {
  what: string;
  config: Record<string, string>;
  property: string;
}

/** One invalid invoke call and the text the error must contain. */
export interface InvokeCase {
  what: string;
  invoke: { name: "getDeployment" | "getDeploymentRevisions"; args: Record<string, unknown> };
  property: string;
}

/** Valid Deployment inputs that each case breaks in one place. */
export function validDeployment(): Record<string, unknown> {
  return {
    name: "agent",
    source: "github",
    sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev" },
    sourceRevisionConfig: { repoRef: "main", graphConfigPath: "langgraph.json" },
    secrets: [{ name: "API_TOKEN", value: "value" }],
  };
}

/** Valid BulkExportDestination inputs that each case breaks in one place. */
export function validDestination(): Record<string, unknown> {
  return {
    displayName: "trace exports",
    config: { bucketName: "exports", prefix: "langsmith", region: "us-east-1" },
    credentials: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "secret" },
  };
}

const deployment = (patch: Record<string, unknown>): Record<string, unknown> => ({ ...validDeployment(), ...patch });
const sourceConfig = (patch: Record<string, unknown>) =>
  deployment({ sourceConfig: { ...(validDeployment()["sourceConfig"] as Record<string, unknown>), ...patch } });
const revisionConfig = (patch: Record<string, unknown>) =>
  deployment({ sourceRevisionConfig: { ...(validDeployment()["sourceRevisionConfig"] as Record<string, unknown>), ...patch } });
const withoutKey = (inputs: Record<string, unknown>, key: string) => {
  const copy = { ...inputs };
  delete copy[key];
  return copy;
};

/** Invalid Deployment inputs. */
export const DEPLOYMENT_CASES: readonly ResourceCase[] = [
  { what: "name missing", inputs: withoutKey(validDeployment(), "name"), property: "name", reason: /name is required/ },
  { what: "name wrong type (number)", inputs: deployment({ name: 42 }), property: "name", reason: /must be a string/ },
  { what: "name empty", inputs: deployment({ name: "" }), property: "name" },
  { what: "name oversized (64 characters)", inputs: deployment({ name: "a".repeat(64) }), property: "name", reason: /longer than 63/ },
  { what: "name with unicode", inputs: deployment({ name: "agënt" }), property: "name" },
  { what: "name with '/'", inputs: deployment({ name: "team/agent" }), property: "name" },
  { what: "name '..'", inputs: deployment({ name: ".." }), property: "name" },
  { what: "name with '?'", inputs: deployment({ name: "agent?x=1" }), property: "name" },
  { what: "name with '%'", inputs: deployment({ name: "agent%2F" }), property: "name" },
  { what: "source missing", inputs: withoutKey(validDeployment(), "source"), property: "source", reason: /source is required/ },
  { what: "sourceConfig wrong type (string)", inputs: deployment({ sourceConfig: "github" }), property: "sourceConfig" },
  { what: "sourceConfig.repoUrl not a URL", inputs: sourceConfig({ repoUrl: "acme/agent" }), property: "sourceConfig.repoUrl" },
  {
    what: "sourceConfig.repoUrl with credentials",
    inputs: sourceConfig({ repoUrl: `https://x-access-token:${BAD_INPUT_CANARY}@github.com/acme/agent` }),
    property: "sourceConfig.repoUrl",
  },
  { what: "sourceConfig.repoUrl with a non-http scheme", inputs: sourceConfig({ repoUrl: "file:///etc/passwd" }), property: "sourceConfig.repoUrl" },
  { what: "sourceConfig.customUrl not a URL", inputs: sourceConfig({ customUrl: "agent.example" }), property: "sourceConfig.customUrl" },
  { what: "sourceConfig.buildOnPush wrong type", inputs: sourceConfig({ buildOnPush: "yes" }), property: "sourceConfig.buildOnPush" },
  { what: "sourceRevisionConfig.repoRef empty", inputs: revisionConfig({ repoRef: "" }), property: "sourceRevisionConfig.repoRef" },
  {
    what: "sourceRevisionConfig.graphConfigPath oversized",
    inputs: revisionConfig({ graphConfigPath: "x".repeat(3000) }),
    property: "sourceRevisionConfig.graphConfigPath",
  },
  { what: "secrets wrong type (object)", inputs: deployment({ secrets: { API_TOKEN: "value" } }), property: "secrets" },
  { what: "secret name starting with a digit", inputs: deployment({ secrets: [{ name: "1TOKEN", value: "v" }] }), property: "secrets[0].name" },
  { what: "secret name with unicode", inputs: deployment({ secrets: [{ name: "TÖKEN", value: "v" }] }), property: "secrets[0].name" },
  {
    what: "secret name listed twice",
    inputs: deployment({
      secrets: [
        { name: "A", value: "1" },
        { name: "A", value: "2" },
      ],
    }),
    property: "secrets[1].name",
  },
  { what: "secret value wrong type", inputs: deployment({ secrets: [{ name: "A", value: 1 }] }), property: "secrets[0].value" },
  { what: "secret value oversized (over 64 KiB)", inputs: deployment({ secrets: [{ name: "A", value: "v".repeat(65537) }] }), property: "secrets[0].value" },
  { what: "deployTimeoutSeconds negative", inputs: deployment({ deployTimeoutSeconds: -1 }), property: "deployTimeoutSeconds" },
  { what: "deployTimeoutSeconds wrong type", inputs: deployment({ deployTimeoutSeconds: "30" }), property: "deployTimeoutSeconds" },
  { what: "waitForDeployed wrong type", inputs: deployment({ waitForDeployed: "no" }), property: "waitForDeployed" },
  { what: "adoptExistingId with '/'", inputs: deployment({ adoptExistingId: "a/b" }), property: "adoptExistingId" },
  { what: "adoptExistingId '..'", inputs: deployment({ adoptExistingId: ".." }), property: "adoptExistingId" },
  { what: "adoptExistingId with '?'", inputs: deployment({ adoptExistingId: "id?x=1" }), property: "adoptExistingId" },
  { what: "adoptExistingId with '%'", inputs: deployment({ adoptExistingId: "%2e%2e" }), property: "adoptExistingId" },
  { what: "adoptExistingId empty", inputs: deployment({ adoptExistingId: "" }), property: "adoptExistingId" },
];

const destination = (patch: Record<string, unknown>): Record<string, unknown> => ({ ...validDestination(), ...patch });
const destinationConfig = (patch: Record<string, unknown>) =>
  destination({ config: { ...(validDestination()["config"] as Record<string, unknown>), ...patch } });

/** Invalid BulkExportDestination inputs. */
export const DESTINATION_CASES: readonly ResourceCase[] = [
  { what: "config missing", inputs: withoutKey(validDestination(), "config"), property: "config" },
  { what: "config.bucketName missing", inputs: destination({ config: { prefix: "p", region: "us-east-1" } }), property: "config.bucketName" },
  { what: "config.bucketName wrong type", inputs: destinationConfig({ bucketName: 7 }), property: "config.bucketName" },
  { what: "neither config.region nor config.endpointUrl", inputs: destination({ config: { bucketName: "b", prefix: "p" } }), property: "config.region" },
  { what: "config.endpointUrl not a URL", inputs: destinationConfig({ endpointUrl: "minio.local:9000" }), property: "config.endpointUrl" },
  {
    what: "config.endpointUrl with credentials",
    inputs: destinationConfig({ endpointUrl: `https://AKIAEXAMPLE:${BAD_INPUT_CANARY}@s3.example.com` }),
    property: "config.endpointUrl",
  },
  { what: "config.endpointUrl with a query", inputs: destinationConfig({ endpointUrl: "https://s3.example.com/?x=1" }), property: "config.endpointUrl" },
  { what: "config.endpointUrl with a non-http scheme", inputs: destinationConfig({ endpointUrl: "s3://exports" }), property: "config.endpointUrl" },
  { what: "config.addressingStyle unknown", inputs: destinationConfig({ addressingStyle: "sideways" }), property: "config.addressingStyle" },
  { what: "config.includeBucketInPrefix wrong type", inputs: destinationConfig({ includeBucketInPrefix: "yes" }), property: "config.includeBucketInPrefix" },
  { what: "config field misspelled", inputs: destinationConfig({ bucket: "exports" }), property: "config.bucket" },
  { what: "destinationType unknown", inputs: destination({ destinationType: "gcs" }), property: "destinationType" },
  { what: "credentials wrong type (string)", inputs: destination({ credentials: "AKIAEXAMPLE:secret" }), property: "credentials" },
  {
    what: "credentials.accessKeyId without the secret",
    inputs: destination({ credentials: { accessKeyId: "AKIAEXAMPLE" } }),
    property: "credentials.secretAccessKey",
  },
  {
    what: "credentials.secretAccessKey without the key id",
    inputs: destination({ credentials: { secretAccessKey: BAD_INPUT_CANARY } }),
    property: "credentials.accessKeyId",
  },
  { what: "credentials.sessionToken alone", inputs: destination({ credentials: { sessionToken: BAD_INPUT_CANARY } }), property: "credentials.sessionToken" },
  {
    what: "awsRoleArn together with credentials (conflicting credentials)",
    inputs: destination({ awsRoleArn: "arn:aws:iam::123456789012:role/exports" }),
    property: "awsRoleArn",
  },
  { what: "displayName empty", inputs: destination({ displayName: "" }), property: "displayName" },
  { what: "displayName with unicode", inputs: destination({ displayName: "exports ✓" }), property: "displayName" },
  { what: "displayName oversized", inputs: destination({ displayName: "x".repeat(2000) }), property: "displayName" },
  { what: "displayName with '/'", inputs: destination({ displayName: "team/exports" }), property: "displayName" },
  { what: "adoptExistingId with '/'", inputs: destination({ adoptExistingId: "a/b" }), property: "adoptExistingId" },
  { what: "adoptExistingId '..'", inputs: destination({ adoptExistingId: ".." }), property: "adoptExistingId" },
  { what: "adoptExistingId with '?'", inputs: destination({ adoptExistingId: "id?x=1" }), property: "adoptExistingId" },
  { what: "adoptExistingId with '%'", inputs: destination({ adoptExistingId: "50%" }), property: "adoptExistingId" },
];

/** Invalid provider configurations (stack config). */
export const CONFIG_CASES: readonly ConfigCase[] = [
  {
    what: "controlPlaneUrl with credentials",
    config: { "langsmith:controlPlaneUrl": `https://user:${BAD_INPUT_CANARY}@cp.example.com` },
    property: "configuration: controlPlaneUrl must not contain credentials",
  },
  {
    what: "controlPlaneUrl with a query",
    config: { "langsmith:controlPlaneUrl": "https://cp.example.com/?x=1" },
    property: "configuration: controlPlaneUrl must not contain a query",
  },
  {
    what: "controlPlaneUrl with a fragment",
    config: { "langsmith:controlPlaneUrl": "https://cp.example.com/#top" },
    property: "configuration: controlPlaneUrl must not contain a fragment",
  },
  { what: "apiUrl with a non-http scheme", config: { "langsmith:apiUrl": "ftp://api.example.com" }, property: "configuration: apiUrl must use http or https" },
  { what: "apiUrl not a URL", config: { "langsmith:apiUrl": "api.example.com" }, property: "configuration: apiUrl is not a valid URL" },
  {
    what: "selfHostedUrl with credentials",
    config: { "langsmith:selfHostedUrl": `https://admin:${BAD_INPUT_CANARY}@ls.example.com` },
    property: "configuration: selfHostedUrl must not contain credentials",
  },
  { what: "region unknown", config: { "langsmith:region": "mars" }, property: "configuration: region must be one of" },
  {
    what: "region together with selfHostedUrl",
    config: { "langsmith:region": "eu", "langsmith:selfHostedUrl": "https://ls.example.com" },
    property: "region (cloud) or selfHostedUrl",
  },
  { what: "deployTimeoutSeconds not a number", config: { "langsmith:deployTimeoutSeconds": "soon" }, property: "langsmith:deployTimeoutSeconds" },
  { what: "maxRetries out of range", config: { "langsmith:maxRetries": "11" }, property: "langsmith:maxRetries" },
  { what: "requestTimeoutSeconds negative", config: { "langsmith:requestTimeoutSeconds": "-1" }, property: "langsmith:requestTimeoutSeconds" },
  { what: "apiKey with a line break", config: { "langsmith:apiKey": `lsv2_pt_${BAD_INPUT_CANARY}\nX-Other: 1` }, property: "apiKey" },
];

/** Invalid invoke arguments. */
export const INVOKE_CASES: readonly InvokeCase[] = [
  { what: "getDeployment id with '/'", invoke: { name: "getDeployment", args: { id: "a/b" } }, property: "deployment id" },
  { what: "getDeployment id '..'", invoke: { name: "getDeployment", args: { id: ".." } }, property: "deployment id" },
  { what: "getDeployment id with '?'", invoke: { name: "getDeployment", args: { id: "x?limit=100" } }, property: "deployment id" },
  { what: "getDeployment id with '%'", invoke: { name: "getDeployment", args: { id: "%2e%2e" } }, property: "deployment id" },
  { what: "getDeployment name empty", invoke: { name: "getDeployment", args: { name: "" } }, property: "name" },
  { what: "getDeploymentRevisions deploymentId '..'", invoke: { name: "getDeploymentRevisions", args: { deploymentId: ".." } }, property: "deployment id" },
  { what: "getDeploymentRevisions deploymentId empty", invoke: { name: "getDeploymentRevisions", args: { deploymentId: "" } }, property: "deployment id" },
  { what: "getDeploymentRevisions limit 0", invoke: { name: "getDeploymentRevisions", args: { deploymentId: "d1", limit: 0 } }, property: "limit" },
  { what: "getDeploymentRevisions limit over 100", invoke: { name: "getDeploymentRevisions", args: { deploymentId: "d1", limit: 101 } }, property: "limit" },
];
