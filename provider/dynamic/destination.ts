/**
 * The BulkExportDestination dynamic provider: the module the dynamic classes' shim loads as
 * `pulumi-langsmith/provider/destination` (sdk/dynamic/providerShim.ts); state
 * written since 0.1.0 names that path, so it must keep exporting `provider`.
 */
import { resource } from "../exports/destination/resource";
import { dynamicProvider } from "../engine/dynamic";

/** The BulkExportDestination dynamic provider. */
export const provider = dynamicProvider(resource);
