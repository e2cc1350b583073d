// SDKs of the native provider, generated from its schema with the Pulumi
// CLI's own code generators (scripts/gen-sdks.mjs): the Go SDK builds with
// `go build` against the tagged Go SDK, the Python SDK compiles, and the
// Node.js SDK that pulumi-langsmith ships as its default export (sdk/native)
// is exactly what the generator makes from today's schema. Programs on that
// Node.js SDK run in nativeProvider.test.ts and nativeMigration.test.ts.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateSdks } from "../helpers/nativePlugin";
import { toolPaths } from "../helpers/tools";

describe("native provider SDKs generated from the schema", () => {
  let workDir: string;
  let sdkDir: string;

  beforeAll(() => {
    if (toolPaths().sdkgenBin === undefined) throw new Error("the SDK generator is not recorded by the tools bootstrap: run npm run tools");
    workDir = mkdtempSync(join(tmpdir(), "pulumi-langsmith-sdks-"));
    sdkDir = generateSdks(workDir, ["python", "go"]);
  }, 300_000);

  afterAll(() => {
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it("the Go SDK builds against the tagged Go SDK, the Python SDK compiles", () => {
    const goDir = join(sdkDir, "go");
    writeFileSync(join(goDir, "go.mod"), "module github.com/pulumi-langsmith/pulumi-langsmith/sdk/go\n\ngo 1.24\n\nrequire github.com/pulumi/pulumi/sdk/v3 v3.248.0\n");
    const goEnv = { ...process.env, PATH: `${process.env["PATH"] ?? ""}:/usr/local/go/bin`, GOFLAGS: "-mod=mod" };
    execFileSync("go", ["mod", "tidy"], { cwd: goDir, env: goEnv, stdio: "pipe" });
    execFileSync("go", ["build", "./..."], { cwd: goDir, env: goEnv, stdio: "pipe" });
    expect(existsSync(join(goDir, "langsmith", "deployment.go"))).toBe(true);

    execFileSync("python3", ["-m", "compileall", "-q", "pulumi_langsmith"], { cwd: join(sdkDir, "python"), stdio: "pipe" });
    expect(existsSync(join(sdkDir, "python", "pulumi_langsmith", "deployment.py"))).toBe(true);
  }, 600_000);

  it("the Node.js SDK shipped as pulumi-langsmith's default export is what the generator makes from today's schema", () => {
    const root = join(__dirname, "..", "..");
    const check = spawnSync("node", [join(root, "scripts", "embed-native-sdk.mjs"), "--check"], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, SDKGEN_BIN: toolPaths().sdkgenBin ?? "" },
    });
    expect({ code: check.status, stderr: check.stderr }).toEqual({ code: 0, stderr: expect.not.stringContaining("out of date") });
    expect(check.stdout).toMatch(/sdk\/native matches the schema \(\d+ files\)/);
  });
});
