/**
 * A provider session: what one provider process keeps between the engine's
 * calls. The stack's configuration (recorded by `Configure`, which the engine
 * sends at the start of every operation), the HTTP clients made for it, the
 * operation's list pages and read batches, and the cancellation of the
 * operation in progress. The native plugin holds one per server; the dynamic
 * provider one per process (see `dynamic.ts`). Each call gets an
 * {@link OperationContext} made from it: nothing else holds state.
 */
import type { LangSmithClient } from "../../client";
import type { ListReads } from "../reads/listReader";
import { ListSnapshots } from "../reads/listSnapshots";
import { ReadBatches } from "../reads/readBatch";
import type { LogSeverity, OperationContext } from "./operation";
import { type ConfigGetter, type ProviderSettings, resolveSettings, settingsEnvironmentNames } from "./settings";

/** The environment variables the settings read. */
const SETTINGS_ENVIRONMENT = settingsEnvironmentNames();

/** Most clients kept at once (one per workspace and credentials a stack uses); past it, all are dropped and made again. */
export const MAX_SESSION_CLIENTS = 16;

/** What the engine says about one call. */
export interface CallDetails {
  /** Where the call's lines go. */
  readonly log: (severity: LogSeverity, message: string) => void;
  /** The resource's URN, when the engine said it. */
  readonly urn?: string;
  /** The resource's `customTimeouts` for this call, in seconds (0 or absent: none). */
  readonly timeoutSeconds?: number;
}

/** One provider process's state between calls (see the module's comment). */
export class ProviderSession {
  /** The recorded stack configuration (secrets decrypted), in this process's memory only; read again at every call together with the environment. */
  private config: ConfigGetter = () => undefined;
  /** The settings last resolved, with the config and environment they were resolved from. */
  private resolved: { readonly config: ConfigGetter; readonly environment: string; readonly settings: ProviderSettings } | undefined;
  /**
   * The clients made in this operation, by their options (URLs, credentials,
   * workspace, timeouts): a refresh of 1,000 resources asks for a client 1,000
   * times, and each one builds an axios instance and its API groups. Bounded
   * by {@link MAX_SESSION_CLIENTS}; dropped when the provider is configured.
   */
  private readonly clients = new Map<string, LangSmithClient>();
  /** The client of a settings object already asked for, and its key in {@link clients} (a configure clears that map, which this checks). */
  private readonly clientOfSettings = new WeakMap<ProviderSettings, { readonly key: string; readonly client: LangSmithClient }>();
  /** Aborted by {@link cancel}; a new one for each operation. */
  private cancellation = new AbortController();
  /** The operation's list pages and read batches. */
  private readonly lists: ListReads = { snapshots: new ListSnapshots(), batches: new ReadBatches() };

  /**
   * Records the stack configuration, given as a getter of `langsmith:*` keys,
   * after validating its formats (so a malformed URL or region fails `pulumi
   * preview` at once), and starts a new operation: clients, list pages and the
   * cancellation of the previous one are dropped.
   *
   * @throws ConfigurationError naming the key.
   */
  configure(get: ConfigGetter): void {
    resolveSettings(get);
    this.config = get;
    this.clients.clear();
    this.lists.snapshots.forgetAll();
    if (this.cancellation.signal.aborted) this.cancellation = new AbortController();
  }

  /**
   * Settings from the recorded stack config and the current environment:
   * resolved once, and again only after a configure or a change of one of
   * the environment variables they read (every Read of a refresh asks).
   */
  settings(): ProviderSettings {
    const environment = SETTINGS_ENVIRONMENT.map((name) => process.env[name] ?? "").join("\u0000");
    if (this.resolved === undefined || this.resolved.config !== this.config || this.resolved.environment !== environment) {
      this.resolved = { config: this.config, environment, settings: resolveSettings(this.config) };
    }
    return this.resolved.settings;
  }

  /** The engine cancels: every wait and request in flight ends now (its resource stays resumable). */
  cancel(): void {
    this.cancellation.abort();
  }

  /** The context of one call. */
  operation(call: CallDetails): OperationContext {
    const settings = this.settings();
    return {
      settings,
      client: (chosen = settings) => this.client(chosen),
      signal: this.cancellation.signal,
      log: call.log,
      lists: this.lists,
      ...(call.urn !== undefined ? { urn: call.urn } : {}),
      ...(call.timeoutSeconds !== undefined && call.timeoutSeconds > 0 ? { timeoutSeconds: call.timeoutSeconds } : {}),
    };
  }

  /** A client for `settings`, the same object for the same settings within an operation. */
  private async client(settings: ProviderSettings): Promise<LangSmithClient> {
    // The session's own settings (most calls) find their client without serializing them.
    const same = this.clientOfSettings.get(settings);
    if (same !== undefined && this.clients.get(same.key) === same.client) return same.client;
    const { createClient } = await import("../../client/factory");
    const key = JSON.stringify(settings.client);
    let client = this.clients.get(key);
    if (client === undefined) {
      if (this.clients.size >= MAX_SESSION_CLIENTS) this.clients.clear();
      // Cancelling (Ctrl-C, Cancel) also ends the requests in flight: the signal is read per request.
      client = createClient({ ...settings.client, operationSignal: () => this.cancellation.signal });
      this.clients.set(key, client);
    }
    this.clientOfSettings.set(settings, { key, client });
    return client;
  }
}
