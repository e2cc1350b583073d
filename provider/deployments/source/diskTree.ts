/** A {@link SourceTree} over a directory on disk; symlinks (to files or directories) are reported as such, never followed. */
import { createReadStream } from "node:fs";
import { lstat, readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { joinTreePath, type SourceEntry, type SourceEntryKind, type SourceFileStat, type SourceTree } from "./sourceTree";

/** Any of the owner, group and other executable bits. */
const EXECUTABLE_BITS = 0o111;

function kindOfStats(stats: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): Exclude<SourceEntryKind, "missing"> {
  if (stats.isSymbolicLink()) return "symlink";
  if (stats.isFile()) return "file";
  if (stats.isDirectory()) return "directory";
  return "other";
}

/** The directory `root` as a source tree; `description` names it in messages (default: `root` itself). */
export function directoryTree(root: string, description: string = root): SourceTree {
  const absolute = (path: string): string => (path === "" ? root : join(root, ...path.split("/")));
  return {
    description,
    async list(path: string): Promise<SourceEntry[]> {
      const entries = await readdir(absolute(path), { withFileTypes: true });
      return entries.map((entry) => ({ name: entry.name, kind: kindOfStats(entry) }));
    },
    async kindOf(path: string): Promise<SourceEntryKind> {
      try {
        // The root is what the program named: followed if it is a symlink; nothing under it is.
        let kind: SourceEntryKind = kindOfStats(await stat(root));
        let walked = "";
        for (const segment of path === "" ? [] : path.split("/")) {
          if (kind !== "directory") return kind === "symlink" ? "symlink" : "missing";
          walked = joinTreePath(walked, segment);
          kind = kindOfStats(await lstat(absolute(walked)));
        }
        return kind;
      } catch {
        return "missing";
      }
    },
    async stat(path: string): Promise<SourceFileStat> {
      const stats = await lstat(absolute(path));
      return { sizeBytes: stats.size, executable: (stats.mode & EXECUTABLE_BITS) !== 0 };
    },
    read: (path: string): Promise<Buffer> => readFile(absolute(path)),
    open: (path: string): Readable => createReadStream(absolute(path)),
  };
}
