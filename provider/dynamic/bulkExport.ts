/**
 * The BulkExport dynamic provider: the module the dynamic classes' shim loads as
 * `pulumi-langsmith/provider/bulkExport` (sdk/dynamic/providerShim.ts); state
 * written since 0.1.0 names that path, so it must keep exporting `provider`.
 */
import { resource } from "../exports/bulkExport/resource";
import { dynamicProvider } from "../engine/dynamic";

/** The BulkExport dynamic provider. */
export const provider = dynamicProvider(resource);
