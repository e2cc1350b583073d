/**
 * The native provider for e2e tests: its plugin archive built from this
 * checkout and installed into a project's PULUMI_HOME the way users install
 * it (`pulumi plugin install --file`), and its generated Node.js SDK compiled
 * into a project's `node_modules`.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { e2eRoot } from "./e2eRoot";
import type { PulumiProject } from "./pulumiProject";
import { toolPaths } from "./tools";

const root = join(__dirname, "..", "..");

/** The package version, which is the plugin's. */
export function pluginVersion(): string {
  return (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;
}

/** Builds the plugin archive into the project directory and installs it with `pulumi plugin install --file`. */
export async function installNativePlugin(project: PulumiProject): Promise<void> {
  const out = join(project.dir, ".plugin");
  const archive = execFileSync("node", [join(root, "scripts", "build-plugin.mjs"), "--out", out], { encoding: "utf8" }).trim().split("\n").pop() as string;
  await project.runOk(["plugin", "install", "resource", "langsmith", pluginVersion(), "--file", archive]);
}

/**
 * Generates the SDKs into `<project>/.sdk` (scripts/gen-sdks.mjs) and returns
 * that directory.
 */
export function generateSdks(project: PulumiProject, languages: readonly string[] = ["nodejs", "python", "go"]): string {
  const out = join(project.dir, ".sdk");
  execFileSync("node", [join(root, "scripts", "gen-sdks.mjs"), "--out", out, "--language", languages.join(",")], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, SDKGEN_BIN: toolPaths().sdkgenBin ?? "" },
  });
  return out;
}

/** Compiles the generated Node.js SDK (in `sdkDir/nodejs`) and installs it as `@pulumi-langsmith/native` in the project. */
export function installNativeNodeSdk(project: PulumiProject, sdkDir: string): void {
  const nodeSdk = join(sdkDir, "nodejs");
  execFileSync("node", [join(e2eRoot(), "node_modules", "typescript", "bin", "tsc"), "-p", join(nodeSdk, "tsconfig.json")], { cwd: nodeSdk, stdio: "pipe" });
  const installed = join(project.dir, "node_modules", "@pulumi-langsmith", "native");
  mkdirSync(installed, { recursive: true });
  cpSync(join(nodeSdk, "bin"), installed, { recursive: true });
  cpSync(join(nodeSdk, "package.json"), join(installed, "package.json"));
}
