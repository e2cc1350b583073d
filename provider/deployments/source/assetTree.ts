/**
 * A {@link SourceTree} over a map of files, the shape of a Pulumi
 * `AssetArchive`: each name (a POSIX path) holds a text, a file on disk, or
 * a whole tree mounted there (a nested archive of a directory). A name with
 * a `..` segment or a leading `/` is skipped, as the archive would skip it;
 * a file asset that is a symlink is a symlink.
 */
import { createReadStream } from "node:fs";
import { lstat, readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { joinTreePath, type SourceEntry, type SourceEntryKind, type SourceFileStat, type SourceTree, treeDirname } from "./sourceTree";

/** One entry of the map: a file's content as text (mode 0644), a file on disk (its mode's executable bit kept), or a tree mounted at the name. */
export type SourceAsset = { readonly text: string } | { readonly path: string } | { readonly tree: SourceTree };

/** A file entry of the map (not a mounted tree). */
type FileAsset = Exclude<SourceAsset, { readonly tree: SourceTree }>;

/** Any of the owner, group and other executable bits. */
const EXECUTABLE_BITS = 0o111;

/** The name with `.` and empty segments dropped; `undefined` for one that is absolute or has a `..` segment. */
function assetName(name: string): string | undefined {
  if (name.startsWith("/")) return undefined;
  const segments = name.split("/").filter((segment) => segment !== "" && segment !== ".");
  if (segments.length === 0 || segments.includes("..")) return undefined;
  return segments.join("/");
}

/** `assets` (name → asset) as a source tree; `description` names it in messages. */
export function assetTree(assets: Readonly<Record<string, SourceAsset>>, description = "the asset archive"): SourceTree {
  const files = new Map<string, FileAsset>();
  const mounts = new Map<string, SourceTree>();
  const children = new Map<string, Set<string>>([["", new Set()]]);
  for (const [rawName, asset] of Object.entries(assets)) {
    const name = assetName(rawName);
    if (name === undefined) continue;
    if ("tree" in asset) mounts.set(name, asset.tree);
    else files.set(name, asset);
    let path = name;
    while (path !== "") {
      const parent = treeDirname(path);
      const siblings = children.get(parent) ?? new Set<string>();
      siblings.add(path.slice(parent === "" ? 0 : parent.length + 1));
      children.set(parent, siblings);
      path = parent;
    }
  }
  /** The mounted tree `path` lies in, and the path in it. */
  const mountOf = (path: string): { tree: SourceTree; inner: string } | undefined => {
    for (let at = path; ; at = treeDirname(at)) {
      const tree = mounts.get(at);
      if (tree !== undefined) return { tree, inner: at === path ? "" : path.slice(at.length + 1) };
      if (at === "") return undefined;
    }
  };
  const assetOf = (path: string): FileAsset => {
    const asset = files.get(path);
    if (asset === undefined || children.has(path)) throw new Error(`${description} has no file ${path}`);
    return asset;
  };
  const kindOf = async (path: string): Promise<SourceEntryKind> => {
    const mount = mountOf(path);
    if (mount !== undefined) return mount.tree.kindOf(mount.inner);
    if (children.has(path)) return "directory";
    const asset = files.get(path);
    if (asset === undefined) return "missing";
    if ("text" in asset) return "file";
    try {
      const stats = await lstat(asset.path);
      return stats.isSymbolicLink() ? "symlink" : stats.isFile() ? "file" : "other";
    } catch {
      return "missing";
    }
  };
  return {
    description,
    async list(path: string): Promise<SourceEntry[]> {
      const mount = mountOf(path);
      if (mount !== undefined) return mount.tree.list(mount.inner);
      const names = [...(children.get(path) ?? [])];
      const entries = await Promise.all(names.map(async (name) => ({ name, kind: await kindOf(joinTreePath(path, name)) })));
      return entries.flatMap((entry) => (entry.kind === "missing" ? [] : [{ name: entry.name, kind: entry.kind }]));
    },
    kindOf,
    async stat(path: string): Promise<SourceFileStat> {
      const mount = mountOf(path);
      if (mount !== undefined) return mount.tree.stat(mount.inner);
      const asset = assetOf(path);
      if ("text" in asset) return { sizeBytes: Buffer.byteLength(asset.text), executable: false };
      const stats = await lstat(asset.path);
      return { sizeBytes: stats.size, executable: (stats.mode & EXECUTABLE_BITS) !== 0 };
    },
    async read(path: string): Promise<Buffer> {
      const mount = mountOf(path);
      if (mount !== undefined) return mount.tree.read(mount.inner);
      const asset = assetOf(path);
      return "text" in asset ? Buffer.from(asset.text) : readFile(asset.path);
    },
    open(path: string): Readable {
      const mount = mountOf(path);
      if (mount !== undefined) return mount.tree.open(mount.inner);
      const asset = assetOf(path);
      return "text" in asset ? Readable.from([Buffer.from(asset.text)]) : createReadStream(asset.path);
    },
  };
}
