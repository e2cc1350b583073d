/**
 * The native provider for e2e tests: its plugin archive built from this
 * checkout and installed into a project's PULUMI_HOME the way users install
 * it (`pulumi plugin install --file`), and its SDKs generated from the schema.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { PulumiProject } from "./pulumiProject";
import { toolPaths } from "./tools";

/** The repository root: the nearest directory above this file holding pulumi-langsmith's package.json (also when compiled into dist-bench/). */
export function repositoryRoot(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "pulumi-langsmith") return dir;
  }
  throw new Error(`no pulumi-langsmith package.json above ${__dirname}`);
}

const root = repositoryRoot();

/** The package version, which is the plugin's. */
export function pluginVersion(): string {
  return (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;
}

/** The package manifest's `pulumi.server`: the address the schema gives as pluginDownloadURL. */
export function pluginDownloadUrl(): string {
  return (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { pulumi: { server: string } }).pulumi.server;
}

/** Builds the plugin archives for `platforms` (e.g. `["linux-amd64"]`) into `outDir`; returns their paths, this machine's last. */
export function buildPluginArchives(outDir: string, platforms: readonly string[]): string[] {
  return execFileSync("node", [join(root, "scripts", "build-plugin.mjs"), "--out", outDir, "--platform", platforms.join(",")], { encoding: "utf8" })
    .trim()
    .split("\n");
}

/** Builds this machine's plugin archive (scripts/build-plugin.mjs, which needs a build) into `<dir>/.plugin` and returns its path. */
export function buildPluginArchive(dir: string): string {
  return execFileSync("node", [join(root, "scripts", "build-plugin.mjs"), "--out", join(dir, ".plugin")], { encoding: "utf8" })
    .trim()
    .split("\n")
    .pop() as string;
}

/**
 * The YAML package declaration a release carries (`langsmith-<version>.yaml`):
 * what `pulumi package add` writes for a YAML project, read by the YAML
 * language host from anywhere under the project directory.
 */
export function yamlPackageDeclaration(): string {
  return execFileSync("node", [join(root, "scripts", "release.mjs"), "--print-yaml-declaration"], { encoding: "utf8" });
}

/** Builds the plugin archive into the project directory and installs it with `pulumi plugin install --file`. */
export async function installNativePlugin(project: PulumiProject): Promise<void> {
  await project.runOk(["plugin", "install", "resource", "langsmith", pluginVersion(), "--file", buildPluginArchive(project.dir)]);
}

/** Builds the plugin archive and unpacks it into `<project>/<relativeDir>`, the way a repository vendors it. */
export function unpackNativePlugin(project: PulumiProject, relativeDir: string): void {
  const target = join(project.dir, relativeDir);
  mkdirSync(target, { recursive: true });
  execFileSync("tar", ["-xzf", buildPluginArchive(project.dir), "-C", target]);
}

/** Generates the SDKs into `<dir>/.sdk` (scripts/gen-sdks.mjs, which needs a build) and returns that directory. */
export function generateSdks(dir: string, languages: readonly string[] = ["nodejs", "python", "go"]): string {
  const out = join(dir, ".sdk");
  execFileSync("node", [join(root, "scripts", "gen-sdks.mjs"), "--out", out, "--language", languages.join(",")], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, SDKGEN_BIN: toolPaths().sdkgenBin ?? "", SDKGEN_DOTNET_BIN: toolPaths().sdkgenDotnetBin ?? "" },
  });
  return out;
}
