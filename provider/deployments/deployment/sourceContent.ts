/**
 * What Check reads of a Deployment's `sourceArchive` (native provider only):
 * the tree's layout rules (the config file is there, its local dependencies
 * are inside the tree) and its content hash, file count and size, recorded
 * in the checked inputs under {@link SOURCE_CONTENT_KEY} so that Diff
 * compares content, not paths. When the engine's hash of the archive is the
 * one recorded at the previous check (same files, same bytes), nothing is
 * read again: an unchanged tree costs no file read and no request.
 */
import { LangSmithError } from "../../client/errors";
import type { CheckFailure } from "../../engine/fields/fieldSpec";
import { getPath, isRecord } from "../../engine/fields/paths";
import type { CheckNote, CheckResult, LocalCheck, Properties } from "../../engine/resource";
import { archiveHashOf, archiveTree, isArchiveValue } from "../source/archiveInput";
import { checkSourceTree } from "../source/checks";
import { hashSourceFiles } from "../source/contentHash";
import { listSourceFiles } from "../source/fileList";
import { DEFAULT_CONFIG_PATH } from "../source/layout";
import { readSourceTreeFacts } from "../source/sourceConfig";

/** The checked inputs' key of what Check read of the source tree (a provider-internal input, never an output). */
export const SOURCE_CONTENT_KEY = "__sourceContent";

/** The prefix of a content hash: the version of its definition (`source/contentHash.ts`). */
export const CONTENT_HASH_VERSION = "langsmith-source-v1";

/** What Check read of the source tree. */
export interface SourceContent {
  /** `langsmith-source-v1:<sha256 hex>`: the hash of the packed files' paths, modes and contents. */
  readonly contentHash: string;
  /** Files packed. */
  readonly fileCount: number;
  /** Their sizes added up, in bytes (uncompressed). */
  readonly sizeBytes: number;
  /** The config file's path in the tree it was read with. */
  readonly configPath: string;
  /** The config file's path in the archive (the revision's `langgraph_config_path`: it differs where local dependencies lie beside the config's directory). */
  readonly configArchivePath: string;
  /** The engine's hash of the archive it was read from, when the engine sent one. */
  readonly archiveHash?: string;
}

/** The recorded {@link SourceContent} of checked inputs, when they hold one. */
export function sourceContentOf(inputs: Properties): SourceContent | undefined {
  const value = inputs[SOURCE_CONTENT_KEY];
  if (!isRecord(value)) return undefined;
  const { contentHash, fileCount, sizeBytes, configPath, configArchivePath, archiveHash } = value;
  if (typeof contentHash !== "string" || typeof fileCount !== "number" || typeof sizeBytes !== "number") return undefined;
  if (typeof configPath !== "string" || typeof configArchivePath !== "string") return undefined;
  return { contentHash, fileCount, sizeBytes, configPath, configArchivePath, ...(typeof archiveHash === "string" ? { archiveHash } : {}) };
}

/** A size in plain words: `812 B`, `12.3 KiB`, `48.1 MiB`. */
export function plainSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1_048_576) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1_048_576).toFixed(1)} MiB`;
}

/** `14 files, 12.3 KiB`. */
export function describeContent(content: Pick<SourceContent, "fileCount" | "sizeBytes">): string {
  return `${content.fileCount} file${content.fileCount === 1 ? "" : "s"}, ${plainSize(content.sizeBytes)}`;
}

/** The config file's path the inputs name (default `langgraph.json`). */
export function configPathOf(inputs: Properties): string {
  const path = getPath(inputs, "sourceRevisionConfig.graphConfigPath");
  return typeof path === "string" ? path : DEFAULT_CONFIG_PATH;
}

/** Reads the tree of `archive`: its failures (layout rules), or its content. */
async function readContent(archive: Parameters<typeof archiveTree>[0], configPath: string): Promise<{ failures: CheckFailure[] } | { content: SourceContent }> {
  const tree = await archiveTree(archive, process.cwd());
  const failures = checkSourceTree("sourceArchive", await readSourceTreeFacts(tree, configPath));
  if (failures.length > 0) return { failures };
  const list = await listSourceFiles(tree, configPath);
  const hash = await hashSourceFiles(list);
  const archiveHash = archiveHashOf(archive);
  return {
    content: {
      contentHash: `${CONTENT_HASH_VERSION}:${hash.sha256}`,
      fileCount: hash.fileCount,
      sizeBytes: hash.totalBytes,
      configPath,
      configArchivePath: list.layout.configArchivePath,
      ...(archiveHash === undefined ? {} : { archiveHash }),
    },
  };
}

/**
 * The Deployment's {@link LocalCheck}: reads `sourceArchive` (see the
 * module's description). A tree that breaks a packing rule (no config file,
 * a dependency outside it, an unreadable ignore pattern, a remote archive)
 * is a failure on `sourceArchive` naming the path and the fix.
 */
export const DEPLOYMENT_SOURCE_CHECK: LocalCheck = {
  inputs: ["sourceArchive"],
  async run(olds: Properties, checked: CheckResult): Promise<CheckResult> {
    const archive = checked.inputs["sourceArchive"];
    if (!isArchiveValue(archive)) return checked;
    const configPath = configPathOf(checked.inputs);
    const previous = sourceContentOf(olds);
    const engineHash = archiveHashOf(archive);
    if (previous !== undefined && engineHash !== undefined && previous.archiveHash === engineHash && previous.configPath === configPath) {
      return { ...checked, inputs: { ...checked.inputs, [SOURCE_CONTENT_KEY]: previous } };
    }
    let read: Awaited<ReturnType<typeof readContent>>;
    try {
      read = await readContent(archive, configPath);
    } catch (error) {
      if (!(error instanceof LangSmithError)) throw error;
      return { ...checked, failures: [...checked.failures, { property: "sourceArchive", reason: error.message }] };
    }
    if ("failures" in read) return { ...checked, failures: [...checked.failures, ...read.failures] };
    const { content } = read;
    const notes: CheckNote[] = [...(checked.notes ?? [])];
    if (previous !== undefined && previous.contentHash !== content.contentHash) {
      notes.push({
        severity: "info",
        message: `source content changed: ${describeContent(content)} (was ${describeContent(previous)}); an update uploads it as one new revision`,
      });
    }
    return { ...checked, inputs: { ...checked.inputs, [SOURCE_CONTENT_KEY]: content }, notes };
  },
};
