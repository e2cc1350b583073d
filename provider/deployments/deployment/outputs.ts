/**
 * The Deployment's output-only properties and the version of its output
 * layout. No runtime imports beyond the output helpers: the dynamic class
 * registers its outputs from this list in the program process.
 */
import {
  CREATED_AT_OUTPUT,
  LAST_OPERATION_OUTPUT,
  OUTPUT_TYPES,
  type OutputSpec,
  stateVersionOutput,
  tenantIdOutput,
  UPDATED_AT_OUTPUT,
} from "../../engine/state/outputs";

/**
 * Version of the output layout written by this release. 1: release 0.1.0
 * (secrets echoed in plain text, as Pulumi secrets); 2: secrets recorded only
 * as `secretsFingerprint`.
 */
export const DEPLOYMENT_STATE_VERSION = 2;

/** The outputs of a source the provider shipped (`sourceArchive`), by what they hold. */
export const SOURCE_OUTPUTS = {
  contentHash: "sourceContentHash",
  fileCount: "sourceFileCount",
  sizeBytes: "sourceSizeBytes",
  objectPath: "sourceObjectPath",
} as const;

/** The Deployment's output-only properties, as the schema and previews show them. */
export const DEPLOYMENT_OUTPUT_SPECS: readonly OutputSpec[] = [
  {
    name: "secretsFingerprint",
    type: OUTPUT_TYPES.anyMap,
    doc: "Salted fingerprints of the secrets' values (never the values).",
    secret: true,
    changesOnUpdate: true,
  },
  { name: "latestRevisionId", type: OUTPUT_TYPES.string, doc: "Id of the newest revision.", changesOnUpdate: true },
  { name: "latestRevisionStatus", type: OUTPUT_TYPES.string, doc: "Status of the newest revision, e.g. `DEPLOYED`.", changesOnUpdate: true },
  { name: "status", type: OUTPUT_TYPES.string, doc: "Status of the deployment, e.g. `READY`.", changesOnUpdate: true },
  tenantIdOutput("Workspace the deployment lives in."),
  CREATED_AT_OUTPUT,
  UPDATED_AT_OUTPUT,
  {
    name: "revisionTimings",
    type: OUTPUT_TYPES.anyList,
    doc: "How long the newest revisions took to reach `DEPLOYED`, as the provider's waits observed them (durations only); the next wait predicts from them.",
    changesOnUpdate: true,
  },
  {
    name: SOURCE_OUTPUTS.contentHash,
    type: OUTPUT_TYPES.string,
    doc: "Content hash of the source last shipped from `sourceArchive` (`langsmith-source-v1:<sha256>` of its files' paths, modes and contents: not of the gzip bytes); what a change of the directory is compared with. Absent without `sourceArchive`.",
    changesOnUpdate: false,
  },
  { name: SOURCE_OUTPUTS.fileCount, type: OUTPUT_TYPES.number, doc: "Files in the source last shipped from `sourceArchive`.", changesOnUpdate: false },
  {
    name: SOURCE_OUTPUTS.sizeBytes,
    type: OUTPUT_TYPES.number,
    doc: "Size of the source last shipped from `sourceArchive`, in bytes (uncompressed).",
    changesOnUpdate: false,
  },
  {
    name: SOURCE_OUTPUTS.objectPath,
    type: OUTPUT_TYPES.string,
    doc: "Where the service keeps the source last shipped from `sourceArchive` (the upload's `object_path`, the revision's `source_tarball_path`). Never the signed upload URL.",
    changesOnUpdate: false,
  },
  LAST_OPERATION_OUTPUT,
  stateVersionOutput(DEPLOYMENT_STATE_VERSION),
];
