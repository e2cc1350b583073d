/**
 * The BulkExport: its field table, outputs and operations as one
 * {@link LangSmithResource}, served by the native plugin and, through
 * `provider/dynamic/`, by the dynamic provider.
 */
import type { LangSmithResource } from "../../engine/resource";
import { checkBulkExport } from "./check";
import { diffBulkExport } from "./diff";
import { BULK_EXPORT_FIELDS } from "./fields";
import { createBulkExport, deleteBulkExport, importBulkExport, readBulkExport, updateBulkExport } from "./operations";
import { BULK_EXPORT_OUTPUT_SPECS } from "./outputs";
import { migrateBulkExportOutputs } from "./state";

/** The BulkExport resource. */
export const resource: LangSmithResource = {
  token: "langsmith:index:BulkExport",
  description:
      "A bulk export of a tracing project's runs into a destination: once for a time window (`endTime`) or every `intervalHours`. The service can only cancel an export: every change replaces it (the new one is created, then the old one cancelled), and delete cancels it.",
  fields: BULK_EXPORT_FIELDS,
  inputsNotInOutputs: [],
  outputs: BULK_EXPORT_OUTPUT_SPECS,
  migrate: migrateBulkExportOutputs,
  check(_olds, news) {
    return checkBulkExport(news);
  },
  diff(olds, news) {
    const result = diffBulkExport(olds, news);
    return { changes: result.changes, replaces: result.replaces, updates: result.local, deleteBeforeReplace: result.deleteBeforeReplace, pending: result.resume };
  },
  create: createBulkExport,
  read: readBulkExport,
  update: updateBulkExport,
  delete: deleteBulkExport,
  import: importBulkExport,
};

