import type * as pulumi from "@pulumi/pulumi";
import type { LangSmithClient } from "../../client";
import { callSignal } from "./callContext";
import { forgetAllSnapshots } from "../reads/listSnapshots";
import { type ConfigGetter, type ProviderSettings, resolveSettings } from "./settings";

/**
 * The provider process's view of the stack configuration.
 *
 * Pulumi calls `configure` once per provider in the dynamic-provider process
 * with the whole stack config (secrets decrypted). It is kept here, in memory
 * of that process only, and read again at every call together with the
 * environment, so nothing secret is ever captured in serialized code.
 */
let stackConfig: ConfigGetter = () => undefined;

/**
 * Records the stack configuration and validates its formats, so that a
 * malformed URL or region fails `pulumi preview` right away.
 *
 * @throws ConfigurationError naming the key.
 */
export function configureProvider(request: pulumi.dynamic.ConfigureRequest): void {
  configureFromGetter((key) => request.config.get(key));
}

/**
 * Records the stack configuration given as a getter of `langsmith:*` keys
 * (the native provider's `Configure` variables), validating it first.
 *
 * @throws ConfigurationError naming the key.
 */
export function configureFromGetter(get: ConfigGetter): void {
  resolveSettings(get);
  stackConfig = get;
  clients.clear();
  // The engine configures the provider as an operation starts: nothing read of the lists before it may serve this one.
  forgetAllSnapshots();
}

/** Settings from the recorded stack config and the current environment. */
export function currentSettings(): ProviderSettings {
  return resolveSettings(stackConfig);
}

/** Most clients kept at once (one per workspace and credentials a stack uses); past it, all are dropped and made again. */
const MAX_CLIENTS = 16;

/**
 * The clients made in this operation, by their options (URLs, credentials,
 * workspace, timeouts), in this process's memory only. A refresh of 1,000
 * resources asked for a client 1,000 times; each one built an axios instance
 * and its API groups. Dropped when the provider is configured (the start of
 * an operation).
 */
const clients = new Map<string, LangSmithClient>();

/**
 * A client for the current settings, the same object for the same settings
 * within an operation. The HTTP stack is loaded on first use, so previews,
 * which only run `check` and `diff`, never load it.
 */
export async function currentClient(settings: ProviderSettings = currentSettings()): Promise<LangSmithClient> {
  const { createClient } = await import("../../client/factory");
  const key = JSON.stringify(settings.client);
  let client = clients.get(key);
  if (client === undefined) {
    if (clients.size >= MAX_CLIENTS) clients.clear();
    // Cancelling the engine's call (Ctrl-C, Cancel) also ends the requests it has in flight: the signal is read per request.
    client = createClient({ ...settings.client, operationSignal: callSignal });
    clients.set(key, client);
  }
  return client;
}
