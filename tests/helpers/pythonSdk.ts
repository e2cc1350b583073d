/**
 * The provider's Python SDK as users install it: the wheel the release
 * script builds (`node scripts/release.mjs --only python`), built once per
 * test process from dist/ as the e2e setup left it; and the virtual
 * environments Python programs and snippets run in.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { e2eRoot } from "./e2eRoot";
import { toolPaths } from "./tools";

const root = join(__dirname, "..", "..");
let built: string | undefined;

/** The path of the provider's wheel (`pulumi_langsmith-<version>-py3-none-any.whl`). */
export function providerWheel(): string {
  if (built !== undefined) return built;
  const out = mkdtempSync(join(e2eRoot(), "python-release-"));
  execFileSync("node", [join(root, "scripts", "release.mjs"), "--no-build", "--only", "python", "--out", out], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const wheel = readdirSync(out).find((name) => name.endsWith("-py3-none-any.whl"));
  if (wheel === undefined) throw new Error(`the release script wrote no wheel into ${out}`);
  built = join(out, wheel);
  return built;
}

/**
 * A virtual environment for Python programs and snippets: a new one that sees the packages of
 * the tools' Python environment (Pulumi's SDK, through a .pth file), with
 * `wheels` installed from their files alone (no index).
 */
export function createPythonVenv(venv: string, wheels: readonly string[]): void {
  const { pythonEnvDir } = toolPaths();
  if (pythonEnvDir === undefined) throw new Error("the tests' Python environment is not recorded by the tools bootstrap: run npm run tools");
  const quiet = { stdio: ["ignore", "pipe", "pipe"] as ("ignore" | "pipe")[], encoding: "utf8" as const };
  execFileSync("/usr/bin/python3", ["-m", "venv", venv], quiet);
  const sitePackages = (python: string): string => execFileSync(python, ["-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], quiet).trim();
  writeFileSync(join(sitePackages(join(venv, "bin", "python")), "pulumi-tools.pth"), `${sitePackages(join(pythonEnvDir, "bin", "python"))}\n`);
  if (wheels.length > 0)
    execFileSync(join(venv, "bin", "python"), ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-index", ...wheels], quiet);
}
