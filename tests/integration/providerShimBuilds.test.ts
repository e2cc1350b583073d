import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import type { ProviderModuleName } from "../../sdk/dynamic/providerShim";

// DESIGN rule 1: the `__provider` text stored in state must be byte-identical
// across releases, or every upgrade would show a diff (and old state would
// carry code that differs from the new). Build the package twice, as two
// releases with different versions, and compare what Pulumi serializes.
const repoRoot = join(__dirname, "..", "..");

function buildRelease(version: string): string {
  const dir = mkdtempSync(join(tmpdir(), `pulumi-langsmith-build-${version}-`));
  for (const entry of ["provider", "sdk", "tsconfig.json", "tsconfig.build.json"]) {
    cpSync(join(repoRoot, entry), join(dir, entry), { recursive: true });
  }
  const pkg = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string };
  writeFileSync(join(dir, "package.json"), JSON.stringify({ ...pkg, version }, null, 2));
  symlinkSync(join(repoRoot, "node_modules"), join(dir, "node_modules"));
  execFileSync(join(repoRoot, "node_modules", ".bin", "tsc"), ["-p", "tsconfig.build.json"], { cwd: dir, stdio: "pipe" });
  return dir;
}

async function serializedProvider(buildDir: string, moduleName: ProviderModuleName): Promise<string> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { providerShim } = require(join(buildDir, "dist", "sdk", "dynamic", "providerShim.js")) as typeof import("../../sdk/dynamic/providerShim");
  const shim = providerShim(moduleName);
  return (await pulumi.runtime.serializeFunction(() => shim, { isFactoryFunction: true, allowSecrets: false })).text;
}

describe("serialized provider across releases", () => {
  const builds: string[] = [];
  afterAll(() => {
    for (const dir of builds) rmSync(dir, { recursive: true, force: true });
  });

  it("is byte-identical between builds with different versions, for every resource", async () => {
    const first = buildRelease("0.1.0");
    const second = buildRelease("7.3.1");
    builds.push(first, second);
    expect(readFileSync(join(second, "package.json"), "utf8")).toContain('"version": "7.3.1"');
    for (const moduleName of ["deployment", "destination", "noop"] as const) {
      const a = await serializedProvider(first, moduleName);
      const b = await serializedProvider(second, moduleName);
      expect(a.length).toBeGreaterThan(0);
      expect(b).toBe(a);
      expect(a).not.toMatch(/0\.1\.0|7\.3\.1|pulumi-langsmith-build/);
    }
  });
});
