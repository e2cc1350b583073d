/**
 * The field tables are the single declaration of each input: the SDK's Args
 * interfaces must have exactly their fields (checked by the compiler: this
 * file does not type-check when they drift), and the reference tables in
 * docs/resources.md must be the tables' rendering.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import { DEPLOYMENT_FIELDS, type DeploymentInputs } from "../../provider/deployments/deployment/fields";
import { DESTINATION_FIELDS, type DestinationInputs } from "../../provider/exports/destination/fields";
import { BULK_EXPORT_FIELDS, type BulkExportInputs } from "../../provider/exports/bulkExport/fields";
import type { BulkExportArgs } from "../../sdk/dynamic/bulkExport";
import { type FieldTable, referenceTable } from "../../provider/engine/fields/fields";
import type { BulkExportDestinationArgs, BulkExportDestinationConfigArgs, BulkExportDestinationCredentialsArgs } from "../../sdk/dynamic/bulkExportDestination";
import type { DeploymentArgs, DeploymentSourceConfigArgs, DeploymentSourceRevisionConfigArgs } from "../../sdk/dynamic/deployment";

/** `true` only when A and B are the same type. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Keys<T> = keyof NonNullable<T>;
/** `T` with the fields that check defaults (`K`) optional, as users may leave them unset. */
type Defaulted<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

// Compile-time ties between what users write (SDK Args) and what the provider reads.
const deploymentKeys: Equal<keyof DeploymentArgs, keyof DeploymentInputs> = true;
const sourceConfigKeys: Equal<keyof DeploymentSourceConfigArgs, Keys<DeploymentInputs["sourceConfig"]>> = true;
const revisionConfigKeys: Equal<keyof DeploymentSourceRevisionConfigArgs, Keys<DeploymentInputs["sourceRevisionConfig"]>> = true;
const deploymentValues: pulumi.Unwrap<DeploymentArgs> extends Defaulted<DeploymentInputs, "sourceConfig" | "sourceRevisionConfig"> ? true : false = true;
const destinationKeys: Equal<keyof BulkExportDestinationArgs, keyof DestinationInputs> = true;
const destinationConfigKeys: Equal<keyof BulkExportDestinationConfigArgs, Keys<DestinationInputs["config"]>> = true;
const credentialKeys: Equal<keyof BulkExportDestinationCredentialsArgs, Keys<DestinationInputs["credentials"]>> = true;
const bulkExportKeys: Equal<keyof BulkExportArgs, keyof BulkExportInputs> = true;
const bulkExportValues: pulumi.Unwrap<BulkExportArgs> extends Defaulted<BulkExportInputs, "format" | "formatVersion" | "compression"> ? true : false = true;
const destinationValues: pulumi.Unwrap<BulkExportDestinationArgs> extends Defaulted<DestinationInputs, "destinationType"> ? true : false = true;

/** Each table field's dotted path, as the keys of the SDK Args produce them. */
const DEPLOYMENT_PATHS = [
  "workspaceId",
  "name",
  "displayName",
  "source",
  ...(
    [
      "integrationId",
      "repoUrl",
      "deploymentType",
      "listenerId",
      "listenerConfig",
      "templateId",
      "buildOnPush",
      "customUrl",
      "resourceSpec",
      "installCommand",
      "buildCommand",
    ] satisfies Array<keyof DeploymentSourceConfigArgs>
  ).map((key) => `sourceConfig.${key}`),
  ...(["repoRef", "graphConfigPath", "sourceTarballPath", "imageUri"] satisfies Array<keyof DeploymentSourceRevisionConfigArgs>).map(
    (key) => `sourceRevisionConfig.${key}`,
  ),
  ...([
    "secrets",
    "environmentVariables",
    "secretReferences",
    "sourceArchive",
    "waitForDeployed",
    "deployTimeoutSeconds",
    "deleteTimeoutSeconds",
    "adoptExistingId",
  ] satisfies Array<keyof DeploymentArgs>),
];
const DESTINATION_PATHS = [
  ...(["displayName", "destinationType"] satisfies Array<keyof BulkExportDestinationArgs>),
  ...(
    [
      "bucketName",
      "prefix",
      "region",
      "endpointUrl",
      "includeBucketInPrefix",
      "addressingStyle",
      "payloadSigningEnabled",
      "usEast1RegionalEndpoint",
      "useAccelerateEndpoint",
      "s3AdditionalKwargs",
    ] satisfies Array<keyof BulkExportDestinationConfigArgs>
  ).map((key) => `config.${key}`),
  "awsRoleArn",
  ...(["accessKeyId", "secretAccessKey", "sessionToken"] satisfies Array<keyof BulkExportDestinationCredentialsArgs>).map((key) => `credentials.${key}`),
  "adoptExistingId",
];

const BULK_EXPORT_PATHS: string[] = [
  "destinationId",
  "projectId",
  "startTime",
  "endTime",
  "intervalHours",
  "filter",
  "exportFields",
  "format",
  "formatVersion",
  "compression",
  "waitForCompletion",
  "completionTimeoutSeconds",
] satisfies Array<keyof BulkExportArgs>;

function markedTable(resource: string): string {
  const docs = readFileSync(join(__dirname, "..", "..", "docs", "resources.md"), "utf8");
  const open = `<!-- fields:${resource} -->\n`;
  const start = docs.indexOf(open);
  const end = docs.indexOf(`\n<!-- /fields:${resource} -->`);
  return start < 0 || end < start ? "" : docs.slice(start + open.length, end);
}

describe.each([
  ["Deployment", DEPLOYMENT_FIELDS, DEPLOYMENT_PATHS],
  ["BulkExportDestination", DESTINATION_FIELDS, DESTINATION_PATHS],
  ["BulkExport", BULK_EXPORT_FIELDS, BULK_EXPORT_PATHS],
] as Array<[string, FieldTable, string[]]>)("the %s field table", (resource, table, sdkPaths) => {
  it("declares every SDK input once, and nothing else", () => {
    expect([
      deploymentKeys,
      sourceConfigKeys,
      revisionConfigKeys,
      deploymentValues,
      destinationKeys,
      destinationConfigKeys,
      credentialKeys,
      destinationValues,
      bulkExportKeys,
      bulkExportValues,
    ]).not.toContain(false);
    const paths = table.map((field) => field.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...sdkPaths].sort());
  });

  it("is what docs/resources.md shows (regenerate with npm run docs:reference)", () => {
    expect(markedTable(resource)).toBe(referenceTable(table));
  });

  it("documents each field and sends each non-provider field somewhere on the wire", () => {
    for (const field of table) {
      expect(field.doc.length).toBeGreaterThan(10);
      // The workspace travels as the X-Tenant-Id header, not in a body; a field the service keeps with another's names that one's key.
      if (field.effect !== "local" && field.effect !== "createOnly" && field.path !== "workspaceId")
        expect(field.wire ?? field.sharesWire).toEqual(expect.stringMatching(/^[a-z_.0-9]+$/));
    }
  });
});
