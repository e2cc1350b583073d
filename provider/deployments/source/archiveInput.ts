/**
 * A Deployment's `sourceArchive` input as the engine sends it: a Pulumi
 * archive (`FileArchive`, `AssetArchive`, YAML's `fn::fileArchive`) in the
 * engine's signature form, and the {@link SourceTree} it stands for. A
 * `FileArchive` of a directory is that directory; an `AssetArchive` is its
 * map of files, a nested `FileArchive` of a directory mounted at its name.
 * Remote archives and archive files (`.zip`, `.tar.gz`) are refused: the
 * provider packs a tree itself, with the CLI's rules.
 */
import { stat } from "node:fs/promises";
import { isAbsolute, resolve } from "node:path";
import { z } from "zod";
import { isRecord } from "../../engine/fields/paths";
import { UNKNOWN } from "../../engine/fields/values";
import { assetTree, type SourceAsset } from "./assetTree";
import { directoryTree } from "./diskTree";
import { SourceArchiveUnsupportedError } from "./errors";
import type { SourceTree } from "./sourceTree";

/** The engine's signature key of special values. */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
/** The signature of an archive. */
export const ARCHIVE_SIG = "0def7320c3a5731c473e5ecbe6d01bc7";
/** The signature of an asset. */
export const ASSET_SIG = "c44067f5952c0a294b673a41bacd8c17";

/** An archive as the engine sends it: one of `path`, `assets` or `uri`, and the engine's hash of its content when computed. */
export interface ArchiveValue {
  /** The engine's SHA-256 of the archive's content (hex); absent when it did not compute one. */
  readonly hash?: string;
  /** A directory or archive file (`FileArchive`), as the program wrote it. */
  readonly path?: string;
  /** Named assets and archives (`AssetArchive`). */
  readonly assets?: Readonly<Record<string, unknown>>;
  /** A remote archive (`RemoteArchive`). */
  readonly uri?: string;
}

/** Whether `value` is an archive in the engine's signature form. */
export function isArchiveValue(value: unknown): value is ArchiveValue {
  return isRecord(value) && value[SIG_KEY] === ARCHIVE_SIG;
}

/** Whether `value` is an asset in the engine's signature form. */
function isAssetValue(value: unknown): value is { hash?: string; path?: string; text?: string; uri?: string } {
  return isRecord(value) && value[SIG_KEY] === ASSET_SIG;
}

/** The schema type the native provider's schema gives the input. */
export const PULUMI_ARCHIVE_TYPE = "pulumi.json#/Archive";

/**
 * Validator of the `sourceArchive` input: a Pulumi archive (an unknown
 * value during a preview passes). Its `x-pulumi-type` makes the schema's
 * type `Archive`.
 */
export const sourceArchiveSchema: z.ZodType = z
  .custom<ArchiveValue>((value) => value === UNKNOWN || isArchiveValue(value), {
    error: 'sourceArchive must be a Pulumi archive: new pulumi.asset.FileArchive("./agent") (fn::fileArchive in YAML), or an AssetArchive',
  })
  .meta({ "x-pulumi-type": PULUMI_ARCHIVE_TYPE });

/** The engine's hash of the archive, when it sent one. */
export function archiveHashOf(value: unknown): string | undefined {
  return isArchiveValue(value) && typeof value.hash === "string" && value.hash !== "" ? value.hash : undefined;
}

/** What the archive is, in a message: `directory ./agent`, `an AssetArchive of 3 entries`. */
export function describeArchive(value: ArchiveValue): string {
  if (typeof value.path === "string") return `directory ${value.path}`;
  if (value.assets !== undefined) return `the AssetArchive (${Object.keys(value.assets).length} entries)`;
  return "the remote archive";
}

const UNSUPPORTED_FIX = 'give the directory itself: new pulumi.asset.FileArchive("./agent")';

/** The directory a `FileArchive` names, resolved against `cwd`; refused when it is not a directory. */
async function directoryOf(path: string, cwd: string, what: string): Promise<string> {
  const absolute = isAbsolute(path) ? path : resolve(cwd, path);
  const stats = await stat(absolute).catch(() => undefined);
  if (stats === undefined)
    throw new SourceArchiveUnsupportedError(`reading ${what}: ${path} does not exist; ${UNSUPPORTED_FIX} with the path of the agent's directory`);
  if (!stats.isDirectory()) {
    throw new SourceArchiveUnsupportedError(
      `reading ${what}: ${path} is a file, and the provider packs the source itself with the CLI's rules (an archive file is not unpacked); ${UNSUPPORTED_FIX}`,
    );
  }
  return absolute;
}

/**
 * The source tree of an archive; relative paths resolve against `cwd` (the
 * program's directory: Pulumi starts the provider there).
 *
 * @throws {SourceArchiveUnsupportedError} a remote archive or asset, an archive file, or a path that is not there.
 */
export async function archiveTree(value: ArchiveValue, cwd: string): Promise<SourceTree> {
  if (typeof value.path === "string") return directoryTree(await directoryOf(value.path, cwd, "sourceArchive"), value.path);
  if (value.assets !== undefined) return assetTree(await assetsOf(value.assets, cwd, ""), "the source AssetArchive");
  throw new SourceArchiveUnsupportedError(
    `reading sourceArchive: a remote archive (${value.uri === undefined ? "uri" : "RemoteArchive"}) is not fetched by the provider; ${UNSUPPORTED_FIX}`,
  );
}

/** The files of an AssetArchive's entries, nested archives of directories mounted at their names. */
async function assetsOf(assets: Readonly<Record<string, unknown>>, cwd: string, prefix: string): Promise<Record<string, SourceAsset>> {
  const files: Record<string, SourceAsset> = {};
  for (const [name, entry] of Object.entries(assets)) {
    const where = `${prefix}${name}`;
    if (isAssetValue(entry)) {
      if (typeof entry.text === "string") files[where] = { text: entry.text };
      else if (typeof entry.path === "string") files[where] = { path: isAbsolute(entry.path) ? entry.path : resolve(cwd, entry.path) };
      else
        throw new SourceArchiveUnsupportedError(
          `reading sourceArchive: asset ${where} is remote, which the provider does not fetch; make it a FileAsset or StringAsset`,
        );
    } else if (isArchiveValue(entry)) {
      if (typeof entry.path === "string")
        files[where] = { tree: directoryTree(await directoryOf(entry.path, cwd, `sourceArchive entry ${where}`), entry.path) };
      else if (entry.assets !== undefined) Object.assign(files, await assetsOf(entry.assets, cwd, `${where}/`));
      else
        throw new SourceArchiveUnsupportedError(
          `reading sourceArchive: entry ${where} is a remote archive, which the provider does not fetch; ${UNSUPPORTED_FIX}`,
        );
    } else {
      throw new SourceArchiveUnsupportedError(`reading sourceArchive: entry ${where} is neither an asset nor an archive`);
    }
  }
  return files;
}
