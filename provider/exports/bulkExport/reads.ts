/**
 * How the engine's Read reaches an export (refresh and import alike): the
 * export and its runs (the runs' progress is recorded beside it), and the
 * export's own output layout after.
 */
import type { BulkExport, BulkExportRun } from "../../client";
import { found } from "../../client/errors";
import { importFields } from "../../engine/fields/fields";
import type { StateOf } from "../../engine/kind/declaration";
import type { ReadHooks } from "../../engine/kind/hooks";
import { bulkExportCalls } from "./endpoints";
import { BULK_EXPORT_FIELDS, type BulkExportInputs } from "./fields";
import { outputsFrom, parseInputs, refreshedOutputs } from "./state";

/** An export as its Read answers it: the service's export and its runs. */
export type ExportWithRuns = BulkExport & { readonly runs: readonly BulkExportRun[] };

/** The export's hooks around the engine's Read. */
export const BULK_EXPORT_READ: ReadHooks<ExportWithRuns, StateOf<BulkExportInputs>> = {
  /** The export, then its runs; a 404 on either says it is gone. */
  async fetch({ client, id, name }) {
    const bulkExport = await found(bulkExportCalls.get(client, id, { name }));
    if (bulkExport === undefined) return undefined;
    const runs = await found(bulkExportCalls.runs(client, id, { name }));
    return runs === undefined ? undefined : { ...bulkExport, runs };
  },
  refreshed: ({ props }, { runs, ...bulkExport }) => ({ ...refreshedOutputs(props, bulkExport, runs) }),
  /** The inputs that reproduce it (values equal to the defaults left out) and the outputs a create would have recorded. */
  async imported(_request, { runs, ...bulkExport }) {
    const inputs = importFields(BULK_EXPORT_FIELDS, bulkExport);
    return {
      id: bulkExport.id,
      inputs,
      outputs: outputsFrom(parseInputs(inputs), bulkExport, runs, `imported export ${bulkExport.id} (${bulkExport.status})`),
    };
  },
};
