/** zod schemas of every request body the emulator accepts, one module per API area. */
export * from "./bulkExports";
export * from "./deployments";
export * from "./destinations";
export * from "./oauth";
