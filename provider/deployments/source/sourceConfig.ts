/** Reads a source tree's config file (`langgraph.json` unless named) as far as packing needs it: that it is there, and its local dependencies. */
import { SourceConfigInvalidError, SourceConfigMissingError, SourceDependencyMissingError, SourceDependencyOutsideError, unreadable } from "./errors";
import type { SourceTreeFacts } from "./checks";
import { localDependencies, planSourceLayout, resolveDependencies, type SourceLayout } from "./layout";
import { normalizeTreePath, type SourceTree } from "./sourceTree";
import { configMissingReason, dependencyNotDirectoryReason, dependencyOutsideReason } from "./treeReasons";

/** The text of file `path` of the tree. */
async function readText(tree: SourceTree, path: string): Promise<string> {
  try {
    return (await tree.read(path)).toString("utf8");
  } catch (error) {
    throw unreadable(error, path, tree.description);
  }
}

/** The config's `dependencies` (every entry, local or not), or why the config cannot say. */
function dependenciesOf(text: string, configPath: string, tree: SourceTree): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new SourceConfigInvalidError(`reading config file ${configPath} of ${tree.description}: not valid JSON (${why}); fix the file`);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new SourceConfigInvalidError(`reading config file ${configPath} of ${tree.description}: not a JSON object; fix the file`);
  }
  const dependencies = (parsed as Record<string, unknown>)["dependencies"] ?? [];
  if (!Array.isArray(dependencies)) {
    throw new SourceConfigInvalidError(`reading config file ${configPath} of ${tree.description}: "dependencies" is not a list; make it a list of strings`);
  }
  return dependencies;
}

/**
 * Reads the config file at `configPath` (relative to the tree's root) and
 * plans what is packed.
 *
 * @throws {SourceConfigMissingError} no regular file at `configPath` (a symlink does not count).
 * @throws {SourceConfigInvalidError} the file is not a JSON object, or its `dependencies` is not a list.
 * @throws {SourceDependencyOutsideError} a local dependency resolves above the tree's root.
 * @throws {SourceDependencyMissingError} a local dependency is not a directory of the tree.
 */
export async function readSourceLayout(tree: SourceTree, configPath: string): Promise<SourceLayout> {
  const normalized = normalizeTreePath(configPath);
  if (normalized === undefined || normalized === "" || (await tree.kindOf(normalized)) !== "file") {
    throw new SourceConfigMissingError(configMissingReason(configPath, tree.description));
  }
  const dependencies = localDependencies(dependenciesOf(await readText(tree, normalized), normalized, tree));
  const { resolved, outside } = resolveDependencies(normalized, dependencies);
  const first = outside[0];
  if (first !== undefined) throw new SourceDependencyOutsideError(dependencyOutsideReason(normalized, first.dependency, tree.description));
  for (const [index, directory] of resolved.entries()) {
    const kind = await tree.kindOf(directory);
    if (kind !== "directory")
      throw new SourceDependencyMissingError(dependencyNotDirectoryReason(normalized, dependencies[index] as string, kind, tree.description));
  }
  return planSourceLayout(normalized, resolved);
}

/**
 * What Check needs of a tree (see {@link checkSourceTree}): whether the
 * config file is at `configPath`, and its local dependencies.
 *
 * @throws {SourceConfigInvalidError} the config file is not a JSON object, or its `dependencies` is not a list.
 */
export async function readSourceTreeFacts(tree: SourceTree, configPath: string): Promise<SourceTreeFacts> {
  const normalized = normalizeTreePath(configPath);
  const configFound = normalized !== undefined && normalized !== "" && (await tree.kindOf(normalized)) === "file";
  const dependencies = configFound ? localDependencies(dependenciesOf(await readText(tree, normalized), normalized, tree)) : [];
  return { configPath: normalized ?? configPath, configFound, localDependencies: dependencies, description: tree.description };
}
