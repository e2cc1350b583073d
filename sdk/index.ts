export { NoopResource, type NoopResourceArgs } from "./noop";
export { providerShim, type ProviderModuleName } from "./providerShim";
