/**
 * Configures the provider in this process as the engine's `Configure` does
 * (the in-process integration tests call the resources' operations directly).
 */
import { configureProvider } from "../../provider/engine/context/context";

/** Configures the provider with these `langsmith:*` stack config values (none: the environment alone). Starts a new operation: pages read before are dropped. */
export function configureWith(values: Readonly<Record<string, string>> = {}): void {
  configureProvider({ config: { get: (key: string) => values[key], require: (key: string) => values[key] ?? "" } } as Parameters<typeof configureProvider>[0]);
}
