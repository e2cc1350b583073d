/**
 * The BulkExportDestination's output-only properties and the version of its output
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
 * (credentials echoed, as Pulumi secrets); 2: credentials recorded only as
 * `credentialsFingerprint`.
 */
export const DESTINATION_STATE_VERSION = 2;

/** The BulkExportDestination's output-only properties, as the schema and previews show them. */
export const DESTINATION_OUTPUT_SPECS: readonly OutputSpec[] = [
  {
    name: "credentialsFingerprint",
    type: OUTPUT_TYPES.anyMap,
    doc: "Salted fingerprints of the credentials (never the values).",
    secret: true,
    changesOnUpdate: true,
  },
  tenantIdOutput("Workspace the destination lives in."),
  CREATED_AT_OUTPUT,
  UPDATED_AT_OUTPUT,
  { name: "credentialsKeys", type: OUTPUT_TYPES.stringList, doc: "Names (never values) of the credential fields the service holds.", changesOnUpdate: true },
  { name: "credentialsUpdatedAt", type: OUTPUT_TYPES.string, doc: "When the credentials were last set.", changesOnUpdate: true },
  LAST_OPERATION_OUTPUT,
  stateVersionOutput(DESTINATION_STATE_VERSION),
];
