import { assertDynamicDependencies } from "./dynamicDependencies";

// Fail at the program's start, with the install command, rather than in the provider process.
assertDynamicDependencies();

export {
  Deployment,
  type DeploymentArgs,
  type DeploymentSecretArgs,
  type DeploymentSourceConfigArgs,
  type DeploymentSourceRevisionConfigArgs,
} from "./deployment";
export {
  BulkExportDestination,
  type BulkExportDestinationArgs,
  type BulkExportDestinationConfigArgs,
  type BulkExportDestinationCredentialsArgs,
} from "./bulkExportDestination";
export {
  type DeploymentInfo,
  getDeployment,
  type GetDeploymentArgs,
  getDeploymentOutput,
  getDeploymentRevisions,
  type GetDeploymentRevisionsArgs,
  getDeploymentRevisionsOutput,
  type RevisionInfo,
} from "./deploymentInvokes";
export {
  getOAuthProviders,
  getOAuthProvidersOutput,
  getOAuthTokenStatus,
  type GetOAuthTokenStatusArgs,
  getOAuthTokenStatusOutput,
  type OAuthProviderInfo,
} from "./oauthInvokes";
export { BulkExport, type BulkExportArgs, type BulkExportRunsSummary } from "./bulkExport";
export {
  type BulkExportInfo,
  type BulkExportRunInfo,
  getBulkExport,
  type GetBulkExportArgs,
  getBulkExportOutput,
  getBulkExportRuns,
  getBulkExportRunsOutput,
} from "./bulkExportInvokes";
export { NoopResource, type NoopResourceArgs } from "./noop";
export { providerShim, type ProviderModuleName } from "./providerShim";
export { assertDynamicDependencies, DYNAMIC_DEPENDENCIES, MissingDynamicDependencyError } from "./dynamicDependencies";
