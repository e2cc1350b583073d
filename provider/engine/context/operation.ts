/**
 * What one operation (one engine call: a create, a read, an update, a
 * delete, an import or an invoke) depends on, handed to it as its first
 * argument: the settings, the HTTP client, the cancellation signal, the
 * `customTimeouts` deadline, where its progress lines go, and the list reads
 * it shares with the other calls of the same engine operation. Made by a
 * {@link ProviderSession} (`session.ts`) per call; nothing below reads
 * configuration or call state from anywhere else.
 */
import type { LangSmithClient } from "../../client";
import type { ListReads } from "../reads/listReader";
import type { ProviderSettings } from "./settings";

/**
 * Severity of a line: `status` is live progress (the native provider shows it
 * on the resource's row and does not keep it), `info` a line worth keeping
 * (shown under Diagnostics), `warning` a warning.
 */
export type LogSeverity = "status" | "info" | "warning";

/** The context of one operation. */
export interface OperationContext {
  /** The stack's settings (its `langsmith:*` config over the environment), resolved for this call. */
  readonly settings: ProviderSettings;
  /**
   * The HTTP client for `settings` (default: the stack's), the same object for
   * the same settings within an engine operation; loaded on first use, so a
   * preview (check and diff only) never loads the HTTP stack.
   */
  client(settings?: ProviderSettings): Promise<LangSmithClient>;
  /** Aborted when the engine cancels the operation (Ctrl-C, `Cancel`); waits and requests in flight end with `AbortedError`. */
  readonly signal: AbortSignal;
  /** The resource's `customTimeouts` for this call, in seconds; absent when none was set (or on the dynamic path, which never gets one). */
  readonly timeoutSeconds?: number;
  /** The resource's URN (native provider only), for messages that tell the user which Pulumi command to run. */
  readonly urn?: string;
  /** Sends a line to the engine, attributed to the resource being served. */
  log(severity: LogSeverity, message: string): void;
  /** The list pages and read batches of the engine operation (refresh reads through the kinds' lists). */
  readonly lists: ListReads;
}

/**
 * The wait deadline of an operation, in seconds: the engine's
 * `customTimeouts` when given, else `fallbackSeconds` (the resource's timeout
 * input or the provider setting).
 */
export function waitTimeoutSeconds(context: OperationContext, fallbackSeconds: number): number {
  const fromEngine = context.timeoutSeconds;
  return fromEngine !== undefined && fromEngine > 0 ? fromEngine : fallbackSeconds;
}
