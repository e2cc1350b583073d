/**
 * Shipping a Deployment's `sourceArchive`, as `langgraph deploy` does: pack
 * the tree with the CLI's rules into a temporary `.tar.gz` (refused over
 * 200 MiB before any request, a warning over 50 MiB), ask the service for a
 * signed upload URL, PUT the archive there (retried on transient failures),
 * and answer what the revision's PATCH names: the upload's object path and
 * the config file's path in the archive.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LangSmithClient } from "../../client";
import type { OperationContext } from "../../engine/context/operation";
import { logProgress, warnProgress } from "../../engine/context/progress";
import { archiveTree, isArchiveValue } from "../source/archiveInput";
import { writeSourceArchive } from "../source/archive";
import { listSourceFiles } from "../source/fileList";
import { uploadToSignedUrl } from "../source/signedUpload";
import { deploymentCalls } from "./endpoints";
import { configPathOf, CONTENT_HASH_VERSION, describeContent, plainSize } from "./sourceContent";

const KIND = "deployment";

/** A source tree packed for one upload. */
export interface PackedSource {
  /** The temporary directory holding {@link file} (removed by {@link releasePackedSource}). */
  readonly directory: string;
  /** The `.tar.gz`. */
  readonly file: string;
  /** Its size in bytes. */
  readonly compressedBytes: number;
  /** The content hash of what was packed (`langsmith-source-v1:<hex>`). */
  readonly contentHash: string;
  /** Files packed. */
  readonly fileCount: number;
  /** Their sizes added up, in bytes (uncompressed). */
  readonly sizeBytes: number;
  /** The config file's path in the archive (the revision's `langgraph_config_path`). */
  readonly configArchivePath: string;
}

/** What a revision of an uploaded source records. */
export interface ShippedSource {
  readonly contentHash: string;
  readonly fileCount: number;
  readonly sizeBytes: number;
  /** Where the service keeps the archive (its `object_path`; the revision's `source_tarball_path`). */
  readonly objectPath: string;
}

/**
 * Packs the `sourceArchive` of the raw inputs, or answers `undefined` when
 * they have none (a `sourceTarballPath` deployment, or another source).
 *
 * @throws the packing errors of `source/` (the archive over 200 MiB, a file unreadable or changed while packing).
 */
export async function packSource(context: OperationContext, name: string, raw: Record<string, unknown>): Promise<PackedSource | undefined> {
  const archive = raw["sourceArchive"];
  if (!isArchiveValue(archive)) return undefined;
  const list = await listSourceFiles(await archiveTree(archive, process.cwd()), configPathOf(raw));
  const directory = await mkdtemp(join(tmpdir(), "pulumi-langsmith-source-"));
  try {
    const file = join(directory, "source.tar.gz");
    const written = await writeSourceArchive(list, file);
    if (written.warning !== undefined) warnProgress(context, KIND, name, written.warning);
    const packed: PackedSource = {
      directory,
      file,
      compressedBytes: written.compressedBytes,
      contentHash: `${CONTENT_HASH_VERSION}:${written.contentHash.sha256}`,
      fileCount: written.contentHash.fileCount,
      sizeBytes: written.contentHash.totalBytes,
      configArchivePath: list.layout.configArchivePath,
    };
    logProgress(context, KIND, name, `packed ${describeContent(packed)} into ${plainSize(packed.compressedBytes)}`);
    return packed;
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
}

/** Removes a packed archive's temporary directory (whatever happened to the upload). */
export async function releasePackedSource(packed: PackedSource | undefined): Promise<void> {
  if (packed !== undefined) await rm(packed.directory, { recursive: true, force: true });
}

/**
 * Uploads `packed` for deployment `id`: a signed URL from the service, then
 * the PUT with the headers it names, retried on transient failures.
 *
 * @throws {SourceUploadError} the storage refused the upload, or every attempt failed (the URL is never in the message).
 */
export async function uploadSource(context: OperationContext, client: LangSmithClient, id: string, name: string, packed: PackedSource): Promise<ShippedSource> {
  const target = await deploymentCalls.uploadUrl(client, id, { name });
  logProgress(context, KIND, name, `uploading the source (${plainSize(packed.compressedBytes)})`);
  await uploadToSignedUrl(target.upload_url, target.upload_headers, packed.file, packed.compressedBytes, `uploading the source of deployment "${name}"`, {
    signal: context.signal,
    onRetry: (attempt, reason) => logProgress(context, KIND, name, `the upload failed (${reason}); attempt ${attempt}`),
  });
  return { contentHash: packed.contentHash, fileCount: packed.fileCount, sizeBytes: packed.sizeBytes, objectPath: target.object_path };
}
