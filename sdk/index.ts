export {
  Deployment,
  type DeploymentArgs,
  type DeploymentSecretArgs,
  type DeploymentSourceConfigArgs,
  type DeploymentSourceRevisionConfigArgs,
} from "./deployment";
export { NoopResource, type NoopResourceArgs } from "./noop";
export { providerShim, type ProviderModuleName } from "./providerShim";
