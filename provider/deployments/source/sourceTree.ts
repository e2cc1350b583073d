/**
 * What the packing rules read of a source tree, whatever holds it: a
 * directory on disk (what a Pulumi `FileArchive` or a path in YAML names)
 * or a map of files (an `AssetArchive`). Paths are POSIX and relative to the
 * tree's root; `""` is the root itself.
 */
import type { Readable } from "node:stream";

/** What a path of the tree is. A symlink is never followed. */
export type SourceEntryKind = "file" | "directory" | "symlink" | "other" | "missing";

/** One entry of a directory's listing. */
export interface SourceEntry {
  /** The entry's name (one path segment). */
  readonly name: string;
  /** What it is (a symlink is not followed). */
  readonly kind: Exclude<SourceEntryKind, "missing">;
}

/** What the archive keeps of a regular file. */
export interface SourceFileStat {
  /** Size in bytes. */
  readonly sizeBytes: number;
  /** Whether any executable bit is set (the archive's mode is then 0755, else 0644). */
  readonly executable: boolean;
}

/** A tree of source files. */
export interface SourceTree {
  /** How messages name the tree, e.g. the directory's path as the program gave it. */
  readonly description: string;
  /** The entries of directory `path`, in no particular order. */
  list(path: string): Promise<SourceEntry[]>;
  /** What `path` is; a symlink anywhere along it makes it `symlink`. */
  kindOf(path: string): Promise<SourceEntryKind>;
  /** Size and executable bit of regular file `path`. */
  stat(path: string): Promise<SourceFileStat>;
  /** The bytes of regular file `path` (the config and ignore files: small ones). */
  read(path: string): Promise<Buffer>;
  /** The bytes of regular file `path` as a stream. */
  open(path: string): Readable;
}

/** `path` joined under `directory` (both relative, POSIX; `""` is the root). */
export function joinTreePath(directory: string, path: string): string {
  if (directory === "") return path;
  if (path === "") return directory;
  return `${directory}/${path}`;
}

/**
 * `path` (POSIX, relative) with `.` segments and empty segments removed and
 * `..` applied; `undefined` when it climbs above the root or is absolute.
 */
export function normalizeTreePath(path: string): string | undefined {
  if (path.startsWith("/")) return undefined;
  const out: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(segment);
  }
  return out.join("/");
}

/** The directory part of a relative POSIX path (`""` for a name at the root). */
export function treeDirname(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}
