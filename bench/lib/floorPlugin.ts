/**
 * The floor plugin (bench/floorPlugin/) for benchmarks and its test: its
 * archive built once per directory by scripts/build-floor-plugin.mjs (which
 * needs `npm run build`), installed into a project's own PULUMI_HOME the way
 * the real plugin is (`pulumi plugin install --file`, same name and version),
 * or started directly to talk gRPC to it.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { pluginVersion, repositoryRoot } from "../../tests/helpers/nativePlugin";
import type { PulumiProject } from "../../tests/helpers/pulumiProject";

const root = repositoryRoot();

/**
 * A fragment of the floor plugin's command line (its entry point): selects
 * its process for the RSS sampler, as `provider/native/main.js` selects the real plugin's.
 */
export const FLOOR_PROCESS_MATCH = "floorPlugin/main.js";

const built = new Map<string, string>();

/** Builds the floor plugin's archive for this machine into `outDir` (once per directory per process); returns its path. */
export function buildFloorPluginArchive(outDir: string): string {
  const cached = built.get(outDir);
  if (cached !== undefined && existsSync(cached)) return cached;
  mkdirSync(outDir, { recursive: true });
  const archive = execFileSync("node", [join(root, "scripts", "build-floor-plugin.mjs"), "--out", outDir], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  })
    .trim()
    .split("\n")
    .pop() as string;
  built.set(outDir, archive);
  return archive;
}

/**
 * Installs the floor plugin as `langsmith` (the package version) into the
 * project's PULUMI_HOME; the archive is built into `archiveDir`
 * (default: `<project>/.floor-plugin`).
 */
export async function installFloorPlugin(project: PulumiProject, archiveDir: string = join(project.dir, ".floor-plugin")): Promise<void> {
  await project.runOk(["plugin", "install", "resource", "langsmith", pluginVersion(), "--file", buildFloorPluginArchive(archiveDir)]);
}

/** A plugin process started directly, and the port it serves gRPC on. */
export interface StartedPlugin {
  readonly child: ChildProcess;
  readonly port: number;
}

/**
 * Starts an unpacked plugin's launcher (`<dir>/pulumi-resource-langsmith`)
 * with no engine address, and resolves with the port it prints, as the
 * engine reads it; rejects if it exits first or prints nothing in `timeoutMs`
 * (default 30 000 ms).
 */
export function startPluginProcess(dir: string, timeoutMs = 30_000): Promise<StartedPlugin> {
  const child = spawn(join(dir, "pulumi-resource-langsmith"), [], { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the plugin in ${dir} printed no port in ${timeoutMs} ms: ${stderr}`));
    }, timeoutMs);
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split("\n");
      if (line.length > 1) {
        clearTimeout(timer);
        resolve({ child, port: Number(line[0]) });
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the plugin in ${dir} exited with ${code} before printing its port: ${stderr}`));
    });
  });
}
