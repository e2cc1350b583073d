import * as pulumi from "@pulumi/pulumi";

/**
 * Logs a progress line from the provider process. The engine shows such lines
 * without a resource name, so every line starts with the resource's kind and
 * name, e.g. `deployment "agent": revision 3f2c… BUILDING (1m20s)`.
 */
export function logProgress(kind: string, name: string, message: string): void {
  void pulumi.log.info(`${kind} "${name}": ${message}`);
}

/**
 * Logs a warning from the provider process, prefixed like {@link logProgress}
 * (the engine shows it as `warning: [runtime] <kind> "<name>": …`).
 */
export function warnProgress(kind: string, name: string, message: string): void {
  void pulumi.log.warn(`${kind} "${name}": ${message}`);
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
