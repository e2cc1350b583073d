/**
 * A {@link SourceTree} over a map of files, the shape of a Pulumi
 * `AssetArchive` of assets: each name (a POSIX path) holds a text or a file
 * on disk. A name with a `..` segment or a leading `/` is skipped, as the
 * archive would skip it; a file asset that is a symlink is a symlink.
 */
import { createReadStream } from "node:fs";
import { lstat, readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { joinTreePath, type SourceEntry, type SourceEntryKind, type SourceFileStat, type SourceTree, treeDirname } from "./sourceTree";

/** One file of the map: its content as text (mode 0644), or a file on disk (its mode's executable bit kept). */
export type SourceAsset = { readonly text: string } | { readonly path: string };

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
  const files = new Map<string, SourceAsset>();
  const children = new Map<string, Set<string>>([["", new Set()]]);
  for (const [rawName, asset] of Object.entries(assets)) {
    const name = assetName(rawName);
    if (name === undefined) continue;
    files.set(name, asset);
    let path = name;
    while (path !== "") {
      const parent = treeDirname(path);
      const siblings = children.get(parent) ?? new Set<string>();
      siblings.add(path.slice(parent === "" ? 0 : parent.length + 1));
      children.set(parent, siblings);
      path = parent;
    }
  }
  const assetOf = (path: string): SourceAsset => {
    const asset = files.get(path);
    if (asset === undefined || children.has(path)) throw new Error(`${description} has no file ${path}`);
    return asset;
  };
  const kindOf = async (path: string): Promise<SourceEntryKind> => {
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
      const names = [...(children.get(path) ?? [])];
      const entries = await Promise.all(names.map(async (name) => ({ name, kind: await kindOf(joinTreePath(path, name)) })));
      return entries.flatMap((entry) => (entry.kind === "missing" ? [] : [{ name: entry.name, kind: entry.kind }]));
    },
    kindOf,
    async stat(path: string): Promise<SourceFileStat> {
      const asset = assetOf(path);
      if ("text" in asset) return { sizeBytes: Buffer.byteLength(asset.text), executable: false };
      const stats = await lstat(asset.path);
      return { sizeBytes: stats.size, executable: (stats.mode & EXECUTABLE_BITS) !== 0 };
    },
    async read(path: string): Promise<Buffer> {
      const asset = assetOf(path);
      return "text" in asset ? Buffer.from(asset.text) : readFile(asset.path);
    },
    open(path: string): Readable {
      const asset = assetOf(path);
      return "text" in asset ? Readable.from([Buffer.from(asset.text)]) : createReadStream(asset.path);
    },
  };
}
