/**
 * The BulkExport's declaration: its field table, its outputs and the hooks
 * where the generic path is not enough: a one-off export may be waited for,
 * its runs followed; a refresh reads the runs beside the export; the service
 * can only cancel an export, so every change replaces it and a delete
 * cancels it (or drops one that has ended).
 */
import { declareKind } from "../../engine/kind";
import { checkBulkExport } from "./check";
import { BULK_EXPORT_DIFF } from "./diff";
import { BULK_EXPORT_READ } from "./reads";
import { BULK_EXPORT_FIELDS } from "./fields";
import { BULK_EXPORT_CREATE, BULK_EXPORT_UPDATE, deleteBulkExport, labelOf } from "./operations";
import { BULK_EXPORT_OUTPUT_SPECS } from "./outputs";
import { migrateBulkExportOutputs } from "./state";
import { zBulkExport, zBulkExportCreate, zBulkExportUpdate } from "../../client/wire/bulkExports.requests";
import { bulkExportCalls } from "./endpoints";

/** The BulkExport. */
export const resource = declareKind({
  contractBodies: { requests: [zBulkExportCreate, zBulkExportUpdate], responses: [zBulkExport], outputWires: ["status", "finished_at"] },
  token: "langsmith:index:BulkExport",
  listing: {
    // The export an interval export's run was made from: the service's, not an input (a create cannot name it).
    listedOnly: {
      sourceBulkExportId: {
        wire: "source_bulk_export_id",
        type: "string",
        doc: "The interval export this export was made from, when the service made it as one of that export's runs.",
      },
    },
  },
  kind: "bulk export",
  scope: "workspace",
  description:
    "A bulk export of a tracing project's runs into a destination: once for a time window (`endTime`) or every `intervalHours`. The service can only cancel an export: every change replaces it (the new one is created, then the old one cancelled), and delete cancels it.",
  fields: BULK_EXPORT_FIELDS,
  inputsNotInOutputs: [],
  recordedOutputs: BULK_EXPORT_OUTPUT_SPECS,
  importForms: ["<id>"],
  // An export has no name: messages name it by its project and destination.
  displayName: (props) => (typeof props.projectId === "string" && typeof props.destinationId === "string" ? labelOf(props) : undefined),
  hooks: {
    migrate: migrateBulkExportOutputs,
    check(_olds, news) {
      return checkBulkExport(news);
    },
    diff: BULK_EXPORT_DIFF,
    create: BULK_EXPORT_CREATE,
    read: BULK_EXPORT_READ,
    update: BULK_EXPORT_UPDATE,
    delete: deleteBulkExport,
    /** The exports of the stack's workspace (imported by id there), but cancelled ones: nothing is left to manage of them. */
    async list(context) {
      const exports = await bulkExportCalls.list(await context.client());
      return exports
        .filter((bulkExport) => bulkExport.status !== "Cancelled")
        .map((bulkExport) => ({ importId: bulkExport.id, id: bulkExport.id, wire: bulkExport }));
    },
  },
});
