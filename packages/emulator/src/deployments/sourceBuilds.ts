/**
 * The build of a revision made from an uploaded archive: before the revision
 * is added, the archive its `source_tarball_path` names is inspected
 * (`sourceArchive.ts`), and what was found becomes the build log the
 * revision writes while `BUILDING`, and its outcome (a missing, corrupt or
 * config-less archive fails the build).
 */
import type { EmulatorContext } from "../core/context";
import { DEFAULT_CONFIG_PATH, inspectArchive } from "./sourceArchive";
import type { BuildLogLine, SourceBuildRecord } from "../core/types";

/** The build settings a revision runs with (`source_config`'s). */
export interface BuildCommands {
  installCommand?: unknown;
  buildCommand?: unknown;
}

function info(message: string): BuildLogLine {
  return { level: "INFO", message };
}

/**
 * What the build of a revision with `revisionConfig` writes and whether it
 * fails; `undefined` when the revision names no uploaded archive (its build
 * is the source's usual one).
 */
export async function sourceBuildOf(
  ctx: EmulatorContext,
  revisionConfig: Record<string, unknown> | undefined,
  commands: BuildCommands,
): Promise<SourceBuildRecord | undefined> {
  const objectPath = revisionConfig?.["source_tarball_path"];
  if (typeof objectPath !== "string" || objectPath === "") return undefined;
  const configPath = typeof revisionConfig?.["langgraph_config_path"] === "string" ? revisionConfig["langgraph_config_path"] : DEFAULT_CONFIG_PATH;
  const archive = ctx.uploads.archive(objectPath);
  if (archive === undefined) {
    return { lines: [], failure: `source archive ${objectPath} was never uploaded (ask for an upload URL, PUT the archive to it, then name its object_path)` };
  }
  const lines: BuildLogLine[] = [info(`Downloading source archive ${objectPath} (${archive.bytes} bytes)`)];
  const found = await inspectArchive(archive.file, configPath);
  if (!found.ok) {
    if (found.files > 0) lines.push(info(`Unpacked ${found.files} files`));
    return { lines, failure: found.reason };
  }
  lines.push(info(`Unpacked ${found.files} files`), info(`Using config ${found.configPath}`));
  if (found.graphs.length > 0) lines.push(info(`Graphs: ${found.graphs.join(", ")}`));
  if (typeof commands.installCommand === "string" && commands.installCommand !== "") lines.push(info(`Running install command: ${commands.installCommand}`));
  if (typeof commands.buildCommand === "string" && commands.buildCommand !== "") lines.push(info(`Running build command: ${commands.buildCommand}`));
  lines.push(info("Building image"));
  return { lines, failure: null };
}
