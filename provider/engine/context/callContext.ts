/**
 * What the engine said about the call being served, for the code deep inside
 * an operation: where progress lines go, the `customTimeouts` deadline, and
 * the signal that ends a wait when the engine cancels. The native provider
 * sets it per gRPC call; the dynamic provider sets none, and the operations
 * fall back to `pulumi.log`, the resource's timeout inputs and no signal.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Severity of a line: `status` is live progress (the native provider shows it
 * on the resource's row and does not keep it), `info` a line worth keeping
 * (shown under Diagnostics), `warning` a warning.
 */
export type LogSeverity = "status" | "info" | "warning";

/** The context of one engine call. */
export interface CallContext {
  /** Sends a line to the engine, attributed to the resource being served. */
  readonly log: (severity: LogSeverity, message: string) => void;
  /** Aborted when the engine cancels the operation (Ctrl-C, `Cancel`). */
  readonly signal?: AbortSignal;
  /** The resource's `customTimeouts` for this operation, in seconds; absent when none was set. */
  readonly timeoutSeconds?: number;
  /** The resource's URN (native provider only), for messages that tell the user which Pulumi command to run. */
  readonly urn?: string;
}

const storage = new AsyncLocalStorage<CallContext>();

/** Runs `fn` with `context` as the current call context (for everything it awaits). */
export function withCallContext<T>(context: CallContext, fn: () => Promise<T>): Promise<T> {
  return storage.run(context, fn);
}

/** The current call's context, or `undefined` outside one (the dynamic provider). */
export function currentCallContext(): CallContext | undefined {
  return storage.getStore();
}

/**
 * The wait deadline of an operation, in seconds: the engine's
 * `customTimeouts` when given, else `fallbackSeconds` (the resource's timeout
 * input or the provider setting).
 */
export function callTimeoutSeconds(fallbackSeconds: number): number {
  const fromEngine = storage.getStore()?.timeoutSeconds;
  return fromEngine !== undefined && fromEngine > 0 ? fromEngine : fallbackSeconds;
}

/** The current call's cancellation signal, when there is one. */
export function callSignal(): AbortSignal | undefined {
  return storage.getStore()?.signal;
}

/** The URN of the resource being served, when the engine said it (native provider). */
export function callUrn(): string | undefined {
  return storage.getStore()?.urn;
}
