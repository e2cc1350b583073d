export {
  Deployment,
  type DeploymentArgs,
  type DeploymentSecretArgs,
  type DeploymentSourceConfigArgs,
  type DeploymentSourceRevisionConfigArgs,
} from "./deployment";
export { BulkExportDestination, type BulkExportDestinationArgs, type BulkExportDestinationConfigArgs, type BulkExportDestinationCredentialsArgs } from "./bulkExportDestination";
export { NoopResource, type NoopResourceArgs } from "./noop";
export { providerShim, type ProviderModuleName } from "./providerShim";
