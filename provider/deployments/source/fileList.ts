/**
 * The files of a source tree that go into its archive, by langgraph-cli
 * 0.4.40's rules: each packed directory (see {@link readSourceLayout}) is
 * walked with its own ignore rules (the always-excluded directories, then
 * its top-level `.dockerignore`, then its `.gitignore`; the last matching
 * pattern decides); an ignored directory is not entered; symlinks (to files
 * or directories) and anything but regular files and directories are
 * skipped; the config file must be among the files.
 */
import { SourceConfigMissingError, unreadable } from "./errors";
import { compileIgnorePattern, ignoreFileLines, type IgnorePattern, IgnoreRules } from "./ignorePatterns";
import { archivePathOf, DEFAULT_CONFIG_PATH, type SourceLayout } from "./layout";
import { readSourceLayout } from "./sourceConfig";
import { joinTreePath, type SourceTree } from "./sourceTree";
import { configIgnoredReason } from "./treeReasons";

/** Directories never packed, whatever the ignore files say (they come first, so a `!` pattern of an ignore file can take one back, as in the CLI). */
export const ALWAYS_EXCLUDED_PATTERNS: readonly string[] = ["__pycache__/", ".git/", ".venv/", "venv/", "node_modules/", ".tox/", ".mypy_cache/"];

/** The ignore files read at the top of each packed directory, in the order their patterns apply. */
export const IGNORE_FILE_NAMES: readonly string[] = [".dockerignore", ".gitignore"];

/** How many files are stat'ed at once. */
const STAT_CONCURRENCY = 64;

/** One file of the archive. */
export interface SourceFile {
  /** Its path in the archive (POSIX, relative to the archive's root). */
  readonly archivePath: string;
  /** Its path in the tree. */
  readonly treePath: string;
  /** Size in bytes when listed. */
  readonly sizeBytes: number;
  /** Whether any executable bit is set: the archive's mode is 0755, else 0644. */
  readonly executable: boolean;
}

/** What the archive of a tree holds. */
export interface SourceFileList {
  /** The tree the files are read from. */
  readonly tree: SourceTree;
  /** The directories packed, the archive's root and the config's path in it. */
  readonly layout: SourceLayout;
  /** The files, sorted by the UTF-8 bytes of their archive paths. */
  readonly files: readonly SourceFile[];
  /** The files' sizes added up, in bytes (uncompressed). */
  readonly totalBytes: number;
}

/** The ignore rules of packed directory `directory`. */
export async function ignoreRulesOf(tree: SourceTree, directory: string): Promise<IgnoreRules> {
  const patterns: IgnorePattern[] = ALWAYS_EXCLUDED_PATTERNS.map((line) => compileIgnorePattern(line, "always excluded") as IgnorePattern);
  for (const name of IGNORE_FILE_NAMES) {
    const path = joinTreePath(directory, name);
    if ((await tree.kindOf(path)) !== "file") continue;
    const text = await tree.read(path).catch((error: unknown) => {
      throw unreadable(error, path, tree.description);
    });
    ignoreFileLines(text.toString("utf8")).forEach((line, index) => {
      const pattern = compileIgnorePattern(line, `${path} line ${index + 1} in ${tree.description}`);
      if (pattern !== undefined) patterns.push(pattern);
    });
  }
  return new IgnoreRules(patterns);
}

/** The regular files under `directory` that its rules keep, as paths relative to it. */
async function walk(tree: SourceTree, directory: string, rules: IgnoreRules): Promise<string[]> {
  const kept: string[] = [];
  const pending = [""];
  for (let relative = pending.pop(); relative !== undefined; relative = pending.pop()) {
    const listed = joinTreePath(directory, relative);
    const entries = await tree.list(listed).catch((error: unknown) => {
      throw unreadable(error, listed, tree.description);
    });
    for (const entry of entries) {
      const path = joinTreePath(relative, entry.name);
      if (entry.kind === "directory" && !rules.ignores(`${path}/`)) pending.push(path);
      else if (entry.kind === "file" && !rules.ignores(path)) kept.push(path);
    }
  }
  return kept;
}

async function statAll(tree: SourceTree, located: readonly { archivePath: string; treePath: string }[]): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for (let start = 0; start < located.length; start += STAT_CONCURRENCY) {
    const batch = located.slice(start, start + STAT_CONCURRENCY);
    const stats = await Promise.all(
      batch.map((file) =>
        tree.stat(file.treePath).catch((error: unknown) => {
          throw unreadable(error, file.treePath, tree.description);
        }),
      ),
    );
    batch.forEach((file, i) => files.push({ ...file, ...(stats[i] as { sizeBytes: number; executable: boolean }) }));
  }
  return files;
}

/** Orders paths by their UTF-8 bytes (the same order on every platform). */
export function compareArchivePaths(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/**
 * Lists what the archive of `tree` holds, its config file at `configPath`
 * (relative to the tree's root; default `langgraph.json`).
 *
 * @throws the errors of {@link readSourceLayout}; {@link IgnorePatternError} for an unreadable ignore line;
 *   {@link SourceConfigMissingError} when the ignore rules leave the config file out;
 *   {@link SourceFileUnreadableError} for a directory or file that cannot be read.
 */
export async function listSourceFiles(tree: SourceTree, configPath: string = DEFAULT_CONFIG_PATH): Promise<SourceFileList> {
  const layout = await readSourceLayout(tree, configPath);
  const located = new Map<string, { archivePath: string; treePath: string }>();
  for (const directory of layout.packedDirectories) {
    const rules = await ignoreRulesOf(tree, directory);
    for (const relative of await walk(tree, directory, rules)) {
      const treePath = joinTreePath(directory, relative);
      const archivePath = archivePathOf(treePath, layout.archiveRoot);
      if (!located.has(archivePath)) located.set(archivePath, { archivePath, treePath });
    }
  }
  if (!located.has(layout.configArchivePath)) throw new SourceConfigMissingError(configIgnoredReason(layout.configPath, tree.description));
  const files = (await statAll(tree, [...located.values()])).sort((a, b) => compareArchivePaths(a.archivePath, b.archivePath));
  return { tree, layout, files, totalBytes: files.reduce((sum, file) => sum + file.sizeBytes, 0) };
}
