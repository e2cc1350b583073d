/**
 * The content hash of a source tree: what says whether its code changed.
 * SHA-256 over a manifest of the archive's files, in the order of the file
 * list (UTF-8 bytes of the paths): for each file, its normalized mode
 * (`0644`, or `0755` when any executable bit is set), the SHA-256 of its
 * content (hex) and its archive path, as `<mode> <sha256> <path>\0`, after
 * the line `langsmith-source-v1\0`. Modification times, owners and the
 * other permission bits do not count, nor does gzip: the same files give
 * the same hash on every machine.
 */
import { createHash, type Hash } from "node:crypto";
import type { Readable } from "node:stream";
import { unreadable } from "./errors";
import type { SourceFile, SourceFileList } from "./fileList";

/** The first bytes of every manifest: the version of this definition. */
export const CONTENT_HASH_PREFIX = "langsmith-source-v1\0";

/** How many files are read at once. */
const READ_CONCURRENCY = 16;

/** A source tree's hash and size. */
export interface SourceContentHash {
  /** SHA-256 of the manifest, lowercase hex (64 characters). */
  readonly sha256: string;
  /** Files in the archive. */
  readonly fileCount: number;
  /** Their sizes added up, in bytes (uncompressed). */
  readonly totalBytes: number;
}

/** The archive's mode of a file: 0755 when `executable`, else 0644. */
export function archiveMode(executable: boolean): number {
  return executable ? 0o755 : 0o644;
}

/** Builds the hash from files given in the file list's order. */
export class ContentHashBuilder {
  private readonly manifest: Hash = createHash("sha256").update(CONTENT_HASH_PREFIX);
  private fileCount = 0;
  private totalBytes = 0;

  /** Adds the next file: its archive path, executable bit, content's SHA-256 (hex) and size in bytes. */
  add(archivePath: string, executable: boolean, contentSha256: string, sizeBytes: number): void {
    this.manifest.update(`${archiveMode(executable).toString(8).padStart(4, "0")} ${contentSha256} ${archivePath}\0`);
    this.fileCount += 1;
    this.totalBytes += sizeBytes;
  }

  /** The hash of the files added. */
  finish(): SourceContentHash {
    return { sha256: this.manifest.digest("hex"), fileCount: this.fileCount, totalBytes: this.totalBytes };
  }
}

/** The SHA-256 (hex) and length in bytes of a stream's content. */
export async function sha256OfStream(stream: Readable): Promise<{ sha256: string; sizeBytes: number }> {
  const hash = createHash("sha256");
  let sizeBytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    sizeBytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest("hex"), sizeBytes };
}

/**
 * Hashes the files of `list` (read from its tree).
 *
 * @throws {SourceFileUnreadableError} a file is gone or cannot be read.
 */
export async function hashSourceFiles(list: SourceFileList): Promise<SourceContentHash> {
  const digests: { sha256: string; sizeBytes: number }[] = new Array(list.files.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < list.files.length; index = next++) {
      const file = list.files[index] as SourceFile;
      try {
        digests[index] = await sha256OfStream(list.tree.open(file.treePath));
      } catch (error) {
        throw unreadable(error, file.treePath, list.tree.description);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, list.files.length) }, worker));
  const builder = new ContentHashBuilder();
  list.files.forEach((file, index) => {
    const digest = digests[index] as { sha256: string; sizeBytes: number };
    builder.add(file.archivePath, file.executable, digest.sha256, digest.sizeBytes);
  });
  return builder.finish();
}
