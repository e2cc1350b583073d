/**
 * The provider's Python SDK as users install it: the wheel the release
 * script builds (`node scripts/release.mjs --only python`), built once per
 * test process from dist/ as the e2e setup left it.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { e2eRoot } from "./e2eRoot";

const root = join(__dirname, "..", "..");
let built: string | undefined;

/** The path of the provider's wheel (`pulumi_langsmith-<version>-py3-none-any.whl`). */
export function providerWheel(): string {
  if (built !== undefined) return built;
  const out = mkdtempSync(join(e2eRoot(), "python-release-"));
  execFileSync("node", [join(root, "scripts", "release.mjs"), "--no-build", "--only", "python", "--out", out], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  const wheel = readdirSync(out).find((name) => name.endsWith("-py3-none-any.whl"));
  if (wheel === undefined) throw new Error(`the release script wrote no wheel into ${out}`);
  built = join(out, wheel);
  return built;
}
