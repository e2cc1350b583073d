/**
 * The BulkExport's output-only properties and the version of its output
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

/** Version of the output layout written by this release (the resource's first). */
export const BULK_EXPORT_STATE_VERSION = 1;

/** The BulkExport's output-only properties, as the schema and previews show them. */
export const BULK_EXPORT_OUTPUT_SPECS: readonly OutputSpec[] = [
  {
    name: "status",
    type: OUTPUT_TYPES.string,
    doc: "`Created`, `Running`, `IntervalScheduled`, `Completed`, `Failed`, `TimedOut` or `Cancelled`.",
    changesOnUpdate: true,
  },
  tenantIdOutput("Workspace the export belongs to."),
  CREATED_AT_OUTPUT,
  UPDATED_AT_OUTPUT,
  { name: "finishedAt", type: OUTPUT_TYPES.string, doc: "ISO 8601 time the export ended.", changesOnUpdate: true },
  {
    name: "runs",
    type: OUTPUT_TYPES.anyMap,
    doc: "Runs summary: `count`, `lastRunStatus`, `rowsWritten`, `filesWritten`, `lastExportPath`.",
    changesOnUpdate: true,
  },
  LAST_OPERATION_OUTPUT,
  stateVersionOutput(BULK_EXPORT_STATE_VERSION),
];
