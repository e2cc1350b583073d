/**
 * The Deployment dynamic provider: the module the dynamic classes' shim loads as
 * `pulumi-langsmith/provider/deployment` (sdk/dynamic/providerShim.ts); state
 * written since 0.1.0 names that path, so it must keep exporting `provider`.
 */
import { resource } from "../deployments/deployment/resource";
import { dynamicProvider } from "../engine/dynamic";

/** The Deployment dynamic provider. */
export const provider = dynamicProvider(resource);
