import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** File in which the e2e global setup records the program root it prepared. */
export const e2eRootPointer = join(__dirname, "..", ".tmp", "e2e-root.txt");

/**
 * The directory prepared by tests/e2e/globalSetup.ts: its `node_modules`
 * holds this package installed from its `npm pack` tarball, `@pulumi/pulumi`
 * and TypeScript. Test programs live in subdirectories so Node finds them.
 */
export function e2eRoot(): string {
  const fromEnv = process.env["PULUMI_LANGSMITH_E2E_ROOT"];
  if (fromEnv) return fromEnv;
  if (existsSync(e2eRootPointer)) {
    const dir = readFileSync(e2eRootPointer, "utf8").trim();
    if (existsSync(join(dir, "node_modules", "pulumi-langsmith"))) return dir;
  }
  throw new Error("the e2e program root is missing: run the tests through jest so tests/e2e/globalSetup.ts prepares it");
}
