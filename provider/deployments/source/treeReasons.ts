/**
 * The words of the source tree's failures, shared by Check (a failure per
 * property) and packing (an error): each names the path and the fix.
 */
import type { SourceEntryKind } from "./sourceTree";

/** The input that names the config file in the tree. */
const CONFIG_INPUT = "sourceRevisionConfig.graphConfigPath";

/** No regular file at `configPath` in the tree `description`. */
export function configMissingReason(configPath: string, description: string): string {
  return `config file ${configPath} is not in ${description}; add it there, or set ${CONFIG_INPUT} to its path relative to that directory`;
}

/** The config file is there, but the ignore rules of its directory leave it out. */
export function configIgnoredReason(configPath: string, description: string): string {
  return `config file ${configPath} of ${description} is left out by the .gitignore or .dockerignore of its directory; remove the pattern that matches it, or add "!${configPath.split("/").pop() ?? configPath}" after it`;
}

/** A local dependency resolves above the tree's root. */
export function dependencyOutsideReason(configPath: string, dependency: string, description: string): string {
  return (
    `local dependency "${dependency}" of ${configPath} lies outside ${description}, and only what is in it is packed; ` +
    `point the source at a directory that holds both (their common parent) and set ${CONFIG_INPUT} to the config's path in it`
  );
}

/** A local dependency is not a directory of the tree. */
export function dependencyNotDirectoryReason(configPath: string, dependency: string, kind: SourceEntryKind, description: string): string {
  const what =
    kind === "missing"
      ? `names nothing in ${description}`
      : kind === "symlink"
        ? `is reached through a symlink, which packing never follows`
        : `is not a directory`;
  return `local dependency "${dependency}" of ${configPath} ${what}; make it the path of a directory of the source tree, relative to the config's directory`;
}
