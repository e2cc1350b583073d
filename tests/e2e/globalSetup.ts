import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { e2eRootPointer } from "../helpers/e2eRoot";

const repoRoot = join(__dirname, "..", "..");

/** `<name>@<version>` of a package as this checkout has it installed. */
function installedSpec(name: string): string {
  const manifest = JSON.parse(readFileSync(join(repoRoot, "node_modules", name, "package.json"), "utf8")) as { version: string };
  return `${name}@${manifest.version}`;
}

/**
 * Set by scripts/test.sh (`npm test`), which builds just before jest starts:
 * the build is then not run a second time here. Any other value builds.
 */
export const BUILT_BY_TEST_SCRIPT = "PULUMI_LANGSMITH_BUILT";

/**
 * Builds the package (unless {@link BUILT_BY_TEST_SCRIPT} is `1`), packs it
 * as users get it (`npm pack`), and installs the tarball with `@pulumi/pulumi`
 * and TypeScript into a fresh directory outside
 * the repository, so a dependency missing from package.json cannot be found
 * in the repository's own node_modules by accident. The programs use the
 * dynamic classes too, so axios and zod (their optional peer dependencies)
 * are installed as their users install them.
 */
export default async function globalSetup(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), "pulumi-langsmith-e2e-"));
  const quiet = { cwd: repoRoot, stdio: ["ignore", "pipe", "inherit"] as ("ignore" | "pipe" | "inherit")[] };
  if (process.env[BUILT_BY_TEST_SCRIPT] !== "1") execFileSync("npm", ["run", "--silent", "build"], quiet);
  execFileSync("npm", ["pack", "--silent", "--pack-destination", root], quiet);
  const tarball = readdirSync(root).find((name) => name.endsWith(".tgz"));
  if (!tarball) throw new Error(`npm pack wrote no tarball into ${root}`);
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "e2e-programs", private: true }));
  execFileSync(
    "npm",
    [
      "install",
      "--silent",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      `./${tarball}`,
      "@pulumi/pulumi@3.248.0",
      installedSpec("axios"),
      installedSpec("zod"),
      "typescript@5.9.3",
      "ts-node@10.9.2",
    ],
    { ...quiet, cwd: root },
  );
  mkdirSync(dirname(e2eRootPointer), { recursive: true });
  writeFileSync(e2eRootPointer, root);
  process.env["PULUMI_LANGSMITH_E2E_ROOT"] = root;
}
