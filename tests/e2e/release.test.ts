// The release script (scripts/release.mjs) run once, and each artifact used
// the way its users use it: the plugin archive of every platform holds the
// launcher its engine starts; the checksums verify; the npm package is light
// for native programs (no axios, no zod) and names the missing packages when
// the dynamic classes are loaded without them; the Python wheel installs into
// a virtual environment beside Pulumi's Python SDK (with what it requires
// already there: nothing else downloaded) and imports, and alone it names the
// missing Pulumi SDK; a Go program builds against the
// committed Go module through a local replace; the .NET project and the YAML
// declaration carry the same version and download address.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pluginDownloadUrl, pluginVersion } from "../helpers/nativePlugin";
import { createPythonVenv } from "../helpers/pythonSdk";

const root = join(__dirname, "..", "..");
const platforms = ["linux-amd64", "linux-arm64", "darwin-amd64", "darwin-arm64", "windows-amd64", "windows-arm64"];
const goEnv = { ...process.env, PATH: `${process.env["PATH"] ?? ""}:/usr/local/go/bin`, GOFLAGS: "-mod=mod" };

describe("release artifacts", () => {
  let work: string;
  let out: string;
  let listing: string[];
  const version = pluginVersion();

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), "pulumi-langsmith-release-test-"));
    out = join(work, "release");
    // dist/ was built by the e2e global setup; rebuilding it here would race the other tests reading it.
    const printed = execFileSync("node", [join(root, "scripts", "release.mjs"), "--out", out, "--no-build"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    expect(printed.trim().split("\n").pop()).toBe(out);
    listing = readdirSync(out).sort();
  }, 600_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("has every artifact, each named with the one version, and checksums that verify", () => {
    expect(listing).toEqual(
      [
        ...platforms.map((p) => `pulumi-resource-langsmith-v${version}-${p}.tar.gz`),
        `pulumi-langsmith-${version}.tgz`,
        `pulumi-langsmith-emulator-${version}.tgz`,
        `pulumi_langsmith-${version}.tar.gz`,
        `pulumi_langsmith-${version}-py3-none-any.whl`,
        `pulumi-langsmith-dotnet-${version}.tar.gz`,
        `langsmith-${version}.yaml`,
        "schema.json",
        "RELEASE_NOTES.md",
        "SHA256SUMS",
      ].sort(),
    );
    const sums = readFileSync(join(out, "SHA256SUMS"), "utf8").trim().split("\n");
    expect(sums.map((line) => line.split(/\s+/)[1]).sort()).toEqual(listing.filter((name) => name !== "SHA256SUMS"));
    expect(execFileSync("sha256sum", ["-c", "SHA256SUMS"], { cwd: out, encoding: "utf8" })).not.toMatch(/FAILED/);
    // The check can fail: a changed byte is reported.
    writeFileSync(join(out, "schema.json"), `${readFileSync(join(out, "schema.json"), "utf8")} `);
    expect(spawnSync("sha256sum", ["-c", "--quiet", "SHA256SUMS"], { cwd: out, encoding: "utf8" }).stdout).toMatch(/schema\.json: FAILED/);

    const schema = JSON.parse(readFileSync(join(out, "schema.json"), "utf8")) as { version: string; pluginDownloadURL: string };
    expect({ version: schema.version, url: schema.pluginDownloadURL }).toEqual({ version, url: pluginDownloadUrl() });
    expect(readFileSync(join(out, `langsmith-${version}.yaml`), "utf8")).toBe(
      `packageDeclarationVersion: 1\nname: langsmith\nversion: ${version}\ndownloadUrl: ${pluginDownloadUrl()}\n`,
    );
    expect(readFileSync(join(out, "RELEASE_NOTES.md"), "utf8")).toMatch(new RegExp(`^## (Unreleased \\()?${version.replace(/\./g, "\\.")}`));
  });

  it.each(platforms)("the %s plugin archive holds the launcher its engine starts", (platform) => {
    const archive = join(out, `pulumi-resource-langsmith-v${version}-${platform}.tar.gz`);
    const entries = execFileSync("tar", ["-tvzf", archive], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }).split("\n");
    const entry = (name: string) => entries.find((line) => line.endsWith(` ./${name}`));
    expect(entry("dist/provider/native/main.js")).toBeDefined();
    const manifest = JSON.parse(execFileSync("tar", ["-xzOf", archive, "./package.json"], { encoding: "utf8" })) as {
      version: string;
      pulumi: { server: string };
    };
    expect({ version: manifest.version, server: manifest.pulumi.server }).toEqual({ version, server: pluginDownloadUrl() });
    if (platform.startsWith("windows")) {
      expect(entry("pulumi-resource-langsmith")).toBeUndefined();
      const launcher = execFileSync("tar", ["-xzOf", archive, "./pulumi-resource-langsmith.cmd"], { encoding: "utf8" });
      expect(launcher).toMatch(/^@echo off\r\n/);
      expect(launcher).toContain('node --max-semi-space-size=2 "%~dp0dist\\provider\\native\\main.js" %*');
    } else {
      expect(entry("pulumi-resource-langsmith.cmd")).toBeUndefined();
      expect(entry("pulumi-resource-langsmith")).toMatch(/^-rwxr-xr-x/);
    }
  });

  it("the npm package is light for native programs and names what the dynamic classes need", () => {
    const program = join(work, "npm-program");
    mkdirSync(program);
    writeFileSync(join(program, "package.json"), JSON.stringify({ name: "native-program", private: true }));
    execFileSync(
      "npm",
      ["install", "--silent", "--no-audit", "--no-fund", "--prefer-offline", join(out, `pulumi-langsmith-${version}.tgz`), "@pulumi/pulumi@3.248.0"],
      { cwd: program, stdio: "pipe" },
    );
    const installed = readdirSync(join(program, "node_modules"));
    expect(installed).not.toContain("axios");
    expect(installed).not.toContain("zod");
    const manifest = JSON.parse(readFileSync(join(program, "node_modules", "pulumi-langsmith", "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest["dependencies"]).toBeUndefined();
    expect(manifest["pulumi"]).toEqual({ resource: true, name: "langsmith", server: pluginDownloadUrl() });

    const native = spawnSync(process.execPath, ["-e", 'const l = require("pulumi-langsmith"); console.log(typeof l.Deployment, typeof l.Workspace)'], {
      cwd: program,
      encoding: "utf8",
    });
    expect({ code: native.status, out: native.stdout.trim() }).toEqual({ code: 0, out: "function function" });
    const dynamic = spawnSync(process.execPath, ["-e", 'require("pulumi-langsmith/dynamic")'], { cwd: program, encoding: "utf8" });
    expect(dynamic.status).not.toBe(0);
    expect(dynamic.stderr).toContain("loading pulumi-langsmith/dynamic: axios and zod are not installed");
    expect(dynamic.stderr).toContain("npm install axios zod");
  }, 300_000);

  it("the Python wheel installs into a virtual environment and imports beside Pulumi's Python SDK; alone, it names the missing SDK", () => {
    const venv = join(work, "venv");
    execFileSync("/usr/bin/python3", ["-m", "venv", venv], { stdio: "pipe" });
    const python = join(venv, "bin", "python");
    execFileSync(python, ["-m", "pip", "install", "--quiet", "--no-index", "--no-deps", join(out, `pulumi_langsmith-${version}-py3-none-any.whl`)], {
      stdio: "pipe",
    });
    const show = execFileSync(python, ["-m", "pip", "show", "pulumi_langsmith"], { encoding: "utf8" });
    expect(show).toMatch(new RegExp(`^Version: ${version.replace(/\./g, "\\.")}$`, "m"));
    expect(show).toMatch(/^Requires: .*\bpulumi\b/m);
    const plugin = execFileSync(
      python,
      [
        "-c",
        "import importlib.util, json, os; d = os.path.dirname(importlib.util.find_spec('pulumi_langsmith').origin); print(open(os.path.join(d, 'pulumi-plugin.json')).read())",
      ],
      { encoding: "utf8" },
    );
    expect(JSON.parse(plugin)).toEqual({ resource: true, name: "langsmith", version, server: pluginDownloadUrl() });
    execFileSync(python, ["-m", "compileall", "-q", join(venv, "lib")], { stdio: "pipe" });
    const alone = spawnSync(python, ["-c", "import pulumi_langsmith"], { encoding: "utf8" });
    expect(alone.status).not.toBe(0);
    expect(alone.stderr).toMatch(/ModuleNotFoundError: No module named 'pulumi'/);
    // Beside Pulumi's Python SDK, as `pip install pulumi_langsmith` leaves it: it imports, with the version it was built at.
    const withSdk = join(work, "venv-with-sdk");
    createPythonVenv(withSdk, [join(out, `pulumi_langsmith-${version}-py3-none-any.whl`)]);
    const imported = execFileSync(
      join(withSdk, "bin", "python"),
      ["-c", "import pulumi_langsmith as l; print(l.Workspace.__name__, l._utilities.get_version())"],
      { encoding: "utf8" },
    );
    expect(imported.trim()).toBe(`Workspace ${version}`);
    // The sdist carries the same package.
    const sdist = execFileSync("tar", ["-tzf", join(out, `pulumi_langsmith-${version}.tar.gz`)], { encoding: "utf8" });
    expect(sdist).toContain(`pulumi_langsmith-${version}/pulumi_langsmith/deployment.py`);
    expect(sdist).toContain(`pulumi_langsmith-${version}/pulumi_langsmith/pulumi-plugin.json`);
  }, 300_000);

  it("a Go program builds against the committed Go module through a local replace", () => {
    const program = join(work, "go-program");
    mkdirSync(program);
    writeFileSync(
      join(program, "go.mod"),
      `module example.com/langsmith-program\n\ngo 1.25.11\n\nrequire github.com/pulumi-langsmith/pulumi-langsmith/sdk/go v${version}\n\nreplace github.com/pulumi-langsmith/pulumi-langsmith/sdk/go => ${join(root, "sdk", "go")}\n`,
    );
    writeFileSync(
      join(program, "main.go"),
      `package main

import (
	"github.com/pulumi-langsmith/pulumi-langsmith/sdk/go/langsmith"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		ws, err := langsmith.NewWorkspace(ctx, "team", &langsmith.WorkspaceArgs{DisplayName: pulumi.String("Team")})
		if err != nil {
			return err
		}
		ctx.Export("workspaceId", ws.ID())
		return nil
	})
}
`,
    );
    execFileSync("go", ["mod", "tidy"], { cwd: program, env: goEnv, stdio: "pipe" });
    execFileSync("go", ["build", "-o", "program", "."], { cwd: program, env: goEnv, stdio: "pipe" });
    expect(readdirSync(program)).toContain("program");
  }, 600_000);

  it("the .NET project is the generated one, named and versioned for the package", () => {
    const files = execFileSync("tar", ["-tzf", join(out, `pulumi-langsmith-dotnet-${version}.tar.gz`)], { encoding: "utf8" }).split("\n");
    expect(files).toContain("./Deployment.cs");
    const project = files.find((name) => name.endsWith(".csproj"));
    expect(project).toBeDefined();
    const pluginJson = JSON.parse(
      execFileSync("tar", ["-xzOf", join(out, `pulumi-langsmith-dotnet-${version}.tar.gz`), "./pulumi-plugin.json"], { encoding: "utf8" }),
    ) as Record<string, unknown>;
    expect(pluginJson).toMatchObject({ name: "langsmith", version, server: pluginDownloadUrl() });
  });
});
