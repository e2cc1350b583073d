/** Errors of packing a deployment's source tree: one class per failure kind, each message naming the path or limit and the fix. */
import { LangSmithError } from "../../client/errors";

/** The config file (`graphConfigPath`, default `langgraph.json`) is not in the source tree, or its ignore rules leave it out. */
export class SourceConfigMissingError extends LangSmithError {}

/** The config file is not a JSON object, or its `dependencies` is not a list. */
export class SourceConfigInvalidError extends LangSmithError {}

/** A local dependency (a `.`-prefixed entry of the config's `dependencies`) resolves outside the source tree. */
export class SourceDependencyOutsideError extends LangSmithError {}

/** A local dependency names nothing in the source tree, or something other than a directory (a file, a symlink). */
export class SourceDependencyMissingError extends LangSmithError {}

/** A line of a `.gitignore` or `.dockerignore` is not a pattern the packing rules can read (e.g. it ends with a lone backslash). */
export class IgnorePatternError extends LangSmithError {}

/** The compressed archive is over its limit (200 MiB unless told otherwise). */
export class SourceArchiveTooLargeError extends LangSmithError {}

/** A file's size changed between listing the tree and packing it. */
export class SourceChangedWhilePackingError extends LangSmithError {}

/** A file or directory of the tree could not be read (gone since it was listed, or not readable). */
export class SourceFileUnreadableError extends LangSmithError {}

/**
 * `error`, thrown while reading `path` of the tree `description`, as a
 * {@link SourceFileUnreadableError} (one of this module's errors is returned as it is).
 */
export function unreadable(error: unknown, path: string, description: string): Error {
  if (error instanceof LangSmithError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const why = typeof code === "string" ? code : error instanceof Error ? error.message : String(error);
  return new SourceFileUnreadableError(
    `reading ${path === "" ? "the root" : path} of ${description}: ${why}; make it readable, or leave it out with .gitignore or .dockerignore, and run again`,
  );
}

/** The source archive is one the provider does not pack: a remote archive or asset, an archive file, or a path that is not there. */
export class SourceArchiveUnsupportedError extends LangSmithError {}

/** The signed upload of the source archive failed (after its retries). */
export class SourceUploadError extends LangSmithError {}
