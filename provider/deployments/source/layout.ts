/**
 * Which directories of a source tree are packed, and where each lands in the
 * archive, as langgraph-cli 0.4.40 decides it: the config file's directory,
 * plus each local dependency (a `.`-prefixed entry of the config's
 * `dependencies`, relative to the config's directory) that is not inside it,
 * all under their common ancestor, which becomes the archive's root.
 * Pure: paths in, paths out (all POSIX, relative to the tree's root).
 */
import { normalizeTreePath, treeDirname } from "./sourceTree";

/** The config file a source tree is built from when `graphConfigPath` names none. */
export const DEFAULT_CONFIG_PATH = "langgraph.json";

/** Where the packed directories are, relative to the tree's root (`""` is the root). */
export interface SourceLayout {
  /** The config file's path in the tree, normalized. */
  readonly configPath: string;
  /** The directories walked, the config's first, then the dependencies outside it, each once. */
  readonly packedDirectories: readonly string[];
  /** Their common ancestor: the archive's root. */
  readonly archiveRoot: string;
  /** The config file's path in the archive (what the revision's `langgraph_config_path` names). */
  readonly configArchivePath: string;
}

/** A local dependency that resolves above the tree's root. */
export interface OutsideDependency {
  /** The entry as the config writes it, e.g. `../../shared`. */
  readonly dependency: string;
}

/** The entries of a parsed config's `dependencies` that name local directories (those starting with `.`). */
export function localDependencies(dependencies: readonly unknown[]): string[] {
  return dependencies.filter((entry): entry is string => typeof entry === "string" && entry.startsWith("."));
}

/** Whether `path` is `ancestor` or under it (`""`, the root, is everyone's ancestor). */
export function isWithin(path: string, ancestor: string): boolean {
  return ancestor === "" || path === ancestor || path.startsWith(`${ancestor}/`);
}

function commonAncestor(a: string, b: string): string {
  const left = a === "" ? [] : a.split("/");
  const right = b === "" ? [] : b.split("/");
  const common: string[] = [];
  for (let i = 0; i < Math.min(left.length, right.length) && left[i] === right[i]; i += 1) common.push(left[i] as string);
  return common.join("/");
}

/** Each local dependency's directory in the tree, or the ones that climb above its root. */
export function resolveDependencies(configPath: string, dependencies: readonly string[]): { resolved: string[]; outside: OutsideDependency[] } {
  const configDirectory = treeDirname(configPath);
  const resolved: string[] = [];
  const outside: OutsideDependency[] = [];
  for (const dependency of dependencies) {
    const path = normalizeTreePath(configDirectory === "" ? dependency : `${configDirectory}/${dependency}`);
    if (path === undefined) outside.push({ dependency });
    else resolved.push(path);
  }
  return { resolved, outside };
}

/**
 * The layout of a tree whose config is `configPath` (normalized, inside the
 * tree) and whose local dependencies resolved to `dependencyDirectories`
 * (see {@link resolveDependencies}).
 */
export function planSourceLayout(configPath: string, dependencyDirectories: readonly string[]): SourceLayout {
  const configDirectory = treeDirname(configPath);
  const packedDirectories = [configDirectory];
  for (const directory of dependencyDirectories) {
    if (isWithin(directory, configDirectory) || packedDirectories.includes(directory)) continue;
    packedDirectories.push(directory);
  }
  const archiveRoot = packedDirectories.reduce(commonAncestor);
  return { configPath, packedDirectories, archiveRoot, configArchivePath: archivePathOf(configPath, archiveRoot) };
}

/** `path` (inside `archiveRoot`) relative to it. */
export function archivePathOf(path: string, archiveRoot: string): string {
  return archiveRoot === "" ? path : path.slice(archiveRoot.length + 1);
}
