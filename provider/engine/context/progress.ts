import { currentCallContext, type LogSeverity } from "./callContext";

/**
 * Sends a line to the engine: through the native provider's call context
 * (attributed to the resource's URN) when there is one, else with
 * `pulumi.log` (the dynamic provider; loaded only then).
 */
function emit(severity: LogSeverity, line: string): void {
  const context = currentCallContext();
  if (context !== undefined) {
    context.log(severity, line);
    return;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { log } = require("@pulumi/pulumi") as typeof import("@pulumi/pulumi");
  // The dynamic provider has no live status line: progress is logged as info.
  void (severity === "warning" ? log.warn(line) : log.info(line));
}

/**
 * Logs a progress line from the provider process: live status on the
 * resource's row with the native provider (the engine does not keep it; what
 * the operation did is logged once at its end), an info line with the
 * dynamic provider, whose lines reach the engine without a resource name, so
 * every line starts with the resource's kind and name, e.g.
 * `deployment "agent": revision 3f2c… BUILDING (1m20s)`.
 */
export function logProgress(kind: string, name: string, message: string): void {
  emit("status", `${kind} "${name}": ${message}`);
}

/**
 * Logs a warning from the provider process, prefixed like {@link logProgress}
 * (the engine shows a dynamic provider's as `warning: [runtime] <kind> "<name>": …`).
 */
export function warnProgress(kind: string, name: string, message: string): void {
  emit("warning", `${kind} "${name}": ${message}`);
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
