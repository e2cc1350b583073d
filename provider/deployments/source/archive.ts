/**
 * The archive of a source tree: a deterministic `.tar.gz` of its file list
 * (see {@link listSourceFiles}): entries in the list's order, modes 0644 or
 * 0755, times, owners and groups 0; gzip at level 6 with no name, time 0
 * and the Unix OS byte. The same files give the same bytes (with the same zlib). The
 * limits are langgraph-cli 0.4.40's: over 200 MiB compressed is refused
 * before any upload, over 50 MiB is worth a warning.
 */
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { pipeline, Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline as pipelineAsync } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { archiveMode, ContentHashBuilder, type SourceContentHash } from "./contentHash";
import { SourceArchiveTooLargeError, SourceChangedWhilePackingError, unreadable } from "./errors";
import type { SourceFileList } from "./fileList";
import { fileHeader, TAR_END, tarPadding } from "./tarHeaders";

/** The largest compressed archive the service takes, in bytes (200 MiB; the upload's `X-Goog-Content-Length-Range`). */
export const MAX_ARCHIVE_BYTES = 200 * 1024 * 1024;

/** The compressed size above which packing warns, in bytes (50 MiB). */
export const WARN_ARCHIVE_BYTES = 50 * 1024 * 1024;

/**
 * zlib's default level: about three times faster than level 9 (what
 * langgraph-cli's tarfile uses) on source text, for archives about 5 % larger.
 */
const GZIP_LEVEL = 6;

/** The gzip header's OS byte: Unix, whatever the machine (Node writes its own platform's). */
const GZIP_OS_UNIX = 3;
/** Where the OS byte is in a gzip header. */
const GZIP_OS_OFFSET = 9;

const mib = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MiB`;

/** The uncompressed tar of `list`, file by file; `onFile` gets each file's content SHA-256 and size as read. */
async function* tarChunks(list: SourceFileList, onFile: (index: number, sha256: string, sizeBytes: number) => void): AsyncGenerator<Buffer> {
  for (const [index, file] of list.files.entries()) {
    yield fileHeader(file.archivePath, file.sizeBytes, archiveMode(file.executable));
    const hash = createHash("sha256");
    let read = 0;
    const content = list.tree.open(file.treePath)[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<unknown>;
      try {
        next = await content.next();
      } catch (error) {
        throw unreadable(error, file.treePath, list.tree.description);
      }
      if (next.done === true) break;
      const bytes = next.value as Buffer;
      read += bytes.length;
      if (read > file.sizeBytes) {
        await content.return?.();
        break;
      }
      hash.update(bytes);
      yield bytes;
    }
    if (read !== file.sizeBytes) {
      throw new SourceChangedWhilePackingError(
        `packing ${file.treePath} of ${list.tree.description}: its size changed from ${file.sizeBytes} bytes while it was packed; run again once nothing writes to the source tree`,
      );
    }
    onFile(index, hash.digest("hex"), read);
    yield tarPadding(file.sizeBytes);
  }
  yield TAR_END;
}

/** Sets the gzip header's OS byte, so the bytes do not depend on the platform. */
function fixGzipOsByte(): Transform {
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (offset <= GZIP_OS_OFFSET && offset + chunk.length > GZIP_OS_OFFSET) {
        chunk = Buffer.from(chunk);
        chunk[GZIP_OS_OFFSET - offset] = GZIP_OS_UNIX;
      }
      offset += chunk.length;
      callback(null, chunk);
    },
  });
}

/**
 * The `.tar.gz` bytes of `list` as a stream; `onHash` gets the content hash
 * of what was packed (computed from the bytes read, so it matches the
 * archive even if a file changed after listing) once the last file is in.
 */
export function sourceArchiveStream(list: SourceFileList, onHash?: (hash: SourceContentHash) => void): Readable {
  const builder = new ContentHashBuilder();
  const tar = Readable.from(
    tarChunks(list, (index, sha256, sizeBytes) => {
      const file = list.files[index];
      if (file !== undefined) builder.add(file.archivePath, file.executable, sha256, sizeBytes);
      if (index === list.files.length - 1) onHash?.(builder.finish());
    }),
  );
  // One pipeline: an error anywhere, or the reader destroying the result, closes every stage (and the file being read).
  return pipeline(tar, createGzip({ level: GZIP_LEVEL }), fixGzipOsByte(), () => undefined);
}

/** Limits of {@link writeSourceArchive}, in compressed bytes. */
export interface ArchiveLimits {
  /** Refuse above this. Default {@link MAX_ARCHIVE_BYTES} (200 MiB). */
  readonly maxBytes?: number;
  /** Warn above this. Default {@link WARN_ARCHIVE_BYTES} (50 MiB). */
  readonly warnBytes?: number;
}

/** A written archive. */
export interface WrittenArchive {
  /** Its size in bytes (compressed). */
  readonly compressedBytes: number;
  /** The content hash of the files packed. */
  readonly contentHash: SourceContentHash;
  /** Set when the archive is over the warning size: a sentence naming the size and the fix. */
  readonly warning?: string;
}

/**
 * Writes the archive of `list` to the file `destination` (made or replaced),
 * refusing it as soon as it grows past `limits.maxBytes`; the file is then
 * removed.
 *
 * @throws {SourceArchiveTooLargeError} the compressed archive is over the limit.
 * @throws {SourceChangedWhilePackingError} a file's size changed after listing.
 * @throws {SourceFileUnreadableError} a file is gone or cannot be read.
 */
export async function writeSourceArchive(list: SourceFileList, destination: string, limits: ArchiveLimits = {}): Promise<WrittenArchive> {
  const maxBytes = limits.maxBytes ?? MAX_ARCHIVE_BYTES;
  const warnBytes = limits.warnBytes ?? WARN_ARCHIVE_BYTES;
  let compressedBytes = 0;
  let contentHash: SourceContentHash = new ContentHashBuilder().finish();
  const fix = `add large files (model weights, data sets) to the .dockerignore or .gitignore of ${list.tree.description}`;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      compressedBytes += chunk.length;
      if (compressedBytes > maxBytes) {
        const files = `${list.files.length} files, ${mib(list.totalBytes)} uncompressed`;
        callback(new SourceArchiveTooLargeError(`packing ${list.tree.description}: the archive is over the ${mib(maxBytes)} limit (${files}); ${fix}`));
        return;
      }
      callback(null, chunk);
    },
  });
  try {
    await pipelineAsync(
      sourceArchiveStream(list, (hash) => (contentHash = hash)),
      counter,
      createWriteStream(destination),
    );
  } catch (error) {
    await rm(destination, { force: true });
    throw error;
  }
  const warning =
    compressedBytes > warnBytes
      ? `the source archive of ${list.tree.description} is ${mib(compressedBytes)} compressed (over ${mib(warnBytes)}); ${fix}`
      : undefined;
  return { compressedBytes, contentHash, ...(warning === undefined ? {} : { warning }) };
}
