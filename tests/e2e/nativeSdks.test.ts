// SDKs of the native provider, generated from its schema with the Pulumi
// CLI's own code generators (scripts/gen-sdks.mjs): the Go SDK builds with
// `go build` against the tagged Go SDK, the Python SDK compiles, the .NET
// SDK parses as C# with no syntax error (tree-sitter's C# grammar: there is
// no dotnet here to build it), and the Node.js SDK that pulumi-langsmith
// ships as its default export (sdk/native) is exactly what the generator
// makes from today's schema. Programs on that
// Node.js SDK run in nativeProvider.test.ts and nativeMigration.test.ts.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Language, Parser } from "web-tree-sitter";
import { generateSdks } from "../helpers/nativePlugin";
import { toolPaths } from "../helpers/tools";

describe("native provider SDKs generated from the schema", () => {
  let workDir: string;
  let sdkDir: string;

  beforeAll(() => {
    const tools = toolPaths();
    if (tools.sdkgenBin === undefined || tools.sdkgenDotnetBin === undefined)
      throw new Error("the SDK generators are not recorded by the tools bootstrap: run npm run tools");
    workDir = mkdtempSync(join(tmpdir(), "pulumi-langsmith-sdks-"));
    sdkDir = generateSdks(workDir, ["python", "go", "dotnet"]);
  }, 300_000);

  afterAll(() => {
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it("the Go SDK builds against the tagged Go SDK, the Python SDK compiles", () => {
    const goDir = join(sdkDir, "go");
    writeFileSync(
      join(goDir, "go.mod"),
      "module github.com/pulumi-langsmith/pulumi-langsmith/sdk/go\n\ngo 1.24\n\nrequire github.com/pulumi/pulumi/sdk/v3 v3.248.0\n",
    );
    const goEnv = { ...process.env, PATH: `${process.env["PATH"] ?? ""}:/usr/local/go/bin`, GOFLAGS: "-mod=mod" };
    execFileSync("go", ["mod", "tidy"], { cwd: goDir, env: goEnv, stdio: "pipe" });
    execFileSync("go", ["build", "./..."], { cwd: goDir, env: goEnv, stdio: "pipe" });
    expect(existsSync(join(goDir, "langsmith", "deployment.go"))).toBe(true);

    execFileSync("python3", ["-m", "compileall", "-q", "pulumi_langsmith"], { cwd: join(sdkDir, "python"), stdio: "pipe" });
    expect(existsSync(join(sdkDir, "python", "pulumi_langsmith", "deployment.py"))).toBe(true);
  }, 600_000);

  it("the .NET SDK parses as C# with no syntax error", async () => {
    const grammar = toolPaths().csharpGrammarWasm;
    if (grammar === undefined) throw new Error("the C# grammar is not recorded by the tools bootstrap: run npm run tools");
    await Parser.init();
    const parser = new Parser();
    parser.setLanguage(await Language.load(new Uint8Array(readFileSync(grammar))));
    const dotnetDir = join(sdkDir, "dotnet");
    const sources = filesUnder(dotnetDir).filter((file) => file.endsWith(".cs"));
    const withErrors = sources.filter((file) => parser.parse(readFileSync(file, "utf8"))?.rootNode.hasError !== false);
    expect(withErrors).toEqual([]);
    expect(sources.length).toBeGreaterThan(10);
    expect(readFileSync(join(dotnetDir, "Deployment.cs"), "utf8")).toMatch(/public partial class Deployment : global::Pulumi\.CustomResource/);
    expect(filesUnder(dotnetDir).some((file) => file.endsWith(".csproj"))).toBe(true);
    // The check can fail: a truncated file does not parse.
    const deployment = readFileSync(join(dotnetDir, "Deployment.cs"), "utf8");
    expect(parser.parse(deployment.slice(0, Math.floor(deployment.length / 2)))?.rootNode.hasError).toBe(true);
  });

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

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
