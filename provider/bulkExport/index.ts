/**
 * The BulkExport dynamic provider, loaded by the shim (sdk/providerShim.ts)
 * as `pulumi-langsmith/provider/bulkExport`: the engine's calls wired to
 * check, diff and the named operations.
 */
import type * as pulumi from "@pulumi/pulumi";
import { configureProvider } from "../shared/context";
import { checkBulkExport } from "./check";
import { diffBulkExport } from "./diff";
import { createBulkExport, deleteBulkExport, readBulkExport, updateBulkExport } from "./operations";
import { migrateBulkExportOutputs } from "./state";

/** The BulkExport dynamic provider. */
export const provider: pulumi.dynamic.ResourceProvider = {
  async configure(request) {
    configureProvider(request);
  },
  async check(_olds, news) {
    const result = checkBulkExport(news);
    return { inputs: result.inputs, failures: result.failures };
  },
  async diff(_id, olds, news) {
    const { changes, replaces, deleteBeforeReplace } = diffBulkExport(migrateBulkExportOutputs(olds), news);
    return { changes, replaces, deleteBeforeReplace };
  },
  create: createBulkExport,
  read: readBulkExport,
  update: updateBulkExport,
  delete: deleteBulkExport,
};
