import type { OperationContext } from "./operation";

/**
 * Logs a progress line from the provider process: live status on the
 * resource's row with the native provider (the engine does not keep it; what
 * the operation did is logged once at its end), an info line with the
 * dynamic provider, whose lines reach the engine without a resource name, so
 * every line starts with the resource's kind and name, e.g.
 * `deployment "agent": revision 3f2c… BUILDING (1m20s)`.
 */
export function logProgress(context: OperationContext, kind: string, name: string, message: string): void {
  context.log("status", `${kind} "${name}": ${message}`);
}

/**
 * Logs a warning from the provider process, prefixed like {@link logProgress}
 * (the engine shows a dynamic provider's as `warning: [runtime] <kind> "<name>": …`).
 */
export function warnProgress(context: OperationContext, kind: string, name: string, message: string): void {
  context.log("warning", `${kind} "${name}": ${message}`);
}

/** Formats a duration in milliseconds as `45s` or `1m20s`. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes}m${String(seconds % 60).padStart(2, "0")}s` : `${seconds}s`;
}

/** Shortens an id for messages: the first 8 characters and an ellipsis. */
export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}
