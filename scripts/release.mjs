#!/usr/bin/env node
// Builds every artifact of a release into one directory, from one version:
// package.json's `version` (the only place it is written; the emulator's
// package.json must agree and CHANGELOG.md must have a section for it) and
// package.json's `pulumi.server` (where the engine downloads the plugin:
// the repository's release downloads; the one setting to change for a fork).
//
//   pulumi-resource-langsmith-v<v>-<os>-<arch>.tar.gz   the plugin, linux/darwin/windows x amd64/arm64
//   pulumi-langsmith-<v>.tgz                            npm: the SDK (native classes, and the dynamic ones)
//   pulumi-langsmith-emulator-<v>.tgz                   npm: the emulator
//   pulumi_langsmith-<v>.tar.gz, pulumi_langsmith-<v>-py3-none-any.whl
//                                                       Python sdist and wheel (python3 -m build, no isolation)
//   pulumi-langsmith-dotnet-<v>.tar.gz                  the generated .NET project (a .nupkg too where `dotnet` exists)
//   langsmith-<v>.yaml                                  the YAML package declaration (what `pulumi package add` writes)
//   schema.json                                         the package schema
//   RELEASE_NOTES.md                                    CHANGELOG.md's section for <v>
//   SHA256SUMS                                          sha256 of every file above (`sha256sum -c SHA256SUMS`)
//
// The Go SDK is not an archive: it is the module sdk/go of the repository,
// fetched by `go get github.com/pulumi-langsmith/pulumi-langsmith/sdk/go/langsmith@v<v>`
// once the commit is tagged `sdk/go/v<v>`; this script refuses to run when
// sdk/go (or sdk/native) differs from what the schema generates.
//
// Usage: node scripts/release.mjs [--out <dir>] [--no-build] [--only python]   (default: dist-release/v<version>)
//        node scripts/release.mjs --print-yaml-declaration
//   --no-build     use dist/ as it is (the tests build it once, before any test reads it)
//   --only python  the Python sdist and wheel alone (what the Python e2e tests install)
// Prints one line per artifact (name and size), then the directory as the last line.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const version = pkg.version;
const downloadUrl = pkg.pulumi?.server;

/** The YAML package declaration: the language host reads it from anywhere under a project's directory. */
function yamlDeclaration() {
  return `packageDeclarationVersion: 1\nname: langsmith\nversion: ${version}\ndownloadUrl: ${downloadUrl}\n`;
}

if (process.argv.includes("--print-yaml-declaration")) {
  process.stdout.write(yamlDeclaration());
  process.exit(0);
}

const fail = (message) => {
  console.error(`release: ${message}`);
  process.exit(1);
};
const say = (message) => console.error(`release: ${message}`);
const outArg = process.argv.indexOf("--out");
const outDir = resolve(outArg >= 0 ? process.argv[outArg + 1] : join(root, "dist-release", `v${version}`));
const onlyArg = process.argv.indexOf("--only");
const only = onlyArg >= 0 ? process.argv[onlyArg + 1] : undefined;
if (only !== undefined && only !== "python") fail(`--only takes python, not ${only}`);

// One version: package.json's, which the emulator and the changelog must agree with.
const emulatorVersion = JSON.parse(readFileSync(join(root, "packages/emulator/package.json"), "utf8")).version;
if (emulatorVersion !== version) fail(`packages/emulator/package.json has version ${emulatorVersion}, package.json ${version}: make them equal`);
const notes = changelogSection(readFileSync(join(root, "CHANGELOG.md"), "utf8"), version);
if (notes === undefined) fail(`CHANGELOG.md has no section "## ${version}" (or "## Unreleased (${version})")`);
if (typeof downloadUrl !== "string") fail("package.json has no pulumi.server (the plugin's download address)");

/** The body of the changelog section headed `## <version>` or `## Unreleased (<version>)`, or undefined. */
function changelogSection(text, wanted) {
  const lines = text.split("\n");
  const escaped = wanted.replace(/\./g, "\\.");
  const start = lines.findIndex((line) => new RegExp(`^## (${escaped}\\b|Unreleased \\(${escaped}\\))`).test(line));
  if (start < 0) return undefined;
  const end = lines.findIndex((line, i) => i > start && line.startsWith("## "));
  return `${lines
    .slice(start, end < 0 ? undefined : end)
    .join("\n")
    .trim()}\n`;
}

const run = (command, args, options = {}) => execFileSync(command, args, { cwd: root, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8", ...options });

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const work = mkdtempSync(join(tmpdir(), "pulumi-langsmith-release-"));
try {
  if (process.argv.includes("--no-build")) {
    say(`packing ${version} from dist/ as it is`);
  } else {
    say(`building ${version}`);
    run("npm", ["run", "--silent", "build"]);
  }

  if (only === "python") buildPython();
  else await buildAll();
  finish();
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** Every artifact. */
async function buildAll() {
  say("checking that sdk/native and sdk/go are what the schema generates");
  const check = spawnSync("node", [join(root, "scripts/embed-native-sdk.mjs"), "--check"], { cwd: root, encoding: "utf8" });
  if (check.status !== 0) fail(`the committed SDKs are out of date:\n${check.stderr}`);

  const { packageSchema } = await import(join(root, "dist/provider/native/schema.js"));
  writeFileSync(join(outDir, "schema.json"), `${JSON.stringify(packageSchema(version), null, 2)}\n`);
  writeFileSync(join(outDir, `langsmith-${version}.yaml`), yamlDeclaration());
  writeFileSync(join(outDir, "RELEASE_NOTES.md"), notes);

  say("plugin archives for every platform");
  run("node", [join(root, "scripts/build-plugin.mjs"), "--out", outDir, "--platform", "all"]);

  say("npm tarballs");
  run("npm", ["pack", "--silent", "--pack-destination", outDir]);
  run("npm", ["pack", "--silent", "--pack-destination", outDir, "--workspace", "pulumi-langsmith-emulator"]);

  buildPython();

  say("generating the .NET SDK");
  run("node", [join(root, "scripts/gen-sdks.mjs"), "--out", join(work, "sdk"), "--language", "dotnet"]);
  say(".NET project");
  const dotnetDir = join(work, "sdk", "dotnet");
  run("tar", ["-czf", join(outDir, `pulumi-langsmith-dotnet-${version}.tar.gz`), "--owner=0", "--group=0", "-C", dotnetDir, "."]);
  if (spawnSync("dotnet", ["--version"], { stdio: "ignore" }).status === 0) {
    run("dotnet", ["pack", dotnetDir, "-c", "Release", "-o", outDir, `-p:Version=${version}`]);
  } else {
    say("no dotnet on this machine: the .NET project is shipped as sources, not packed");
  }
}

/** The Python SDK, generated from the schema, as an sdist and a wheel. */
function buildPython() {
  say("generating the Python SDK");
  run("node", [join(root, "scripts/gen-sdks.mjs"), "--out", join(work, "sdk"), "--language", "python"]);
  say("Python sdist and wheel");
  const pythonDir = join(work, "sdk", "python");
  writeFileSync(
    join(pythonDir, "README.md"),
    `# pulumi_langsmith\n\nThe Python SDK of the langsmith Pulumi provider (${version}). The engine installs the plugin \`pulumi-resource-langsmith\` from ${downloadUrl} on first use.\n`,
  );
  const python = pythonWithBuild();
  run(python, ["-m", "build", "--no-isolation", "--sdist", "--wheel", "--outdir", outDir, pythonDir], { stdio: ["ignore", "ignore", "inherit"] });
}

/** SHA256SUMS of what was built, and one line per artifact. */
function finish() {
  const artifacts = readdirSync(outDir)
    .filter((name) => statSync(join(outDir, name)).isFile())
    .sort();
  writeFileSync(
    join(outDir, "SHA256SUMS"),
    artifacts
      .map(
        (name) =>
          `${createHash("sha256")
            .update(readFileSync(join(outDir, name)))
            .digest("hex")}  ${name}\n`,
      )
      .join(""),
  );
  for (const name of [...artifacts, "SHA256SUMS"]) console.log(`${name}\t${statSync(join(outDir, name)).size}`);
  if (only === undefined) console.log(`go module\tgithub.com/pulumi-langsmith/pulumi-langsmith/sdk/go at tag sdk/go/v${version}`);
  console.log(outDir);
}

/** A Python 3 with the `build` module: python3 on PATH, else Debian's own (package python3-build). */
function pythonWithBuild() {
  for (const candidate of ["python3", "/usr/bin/python3"]) {
    if (spawnSync(candidate, ["-c", "import build, wheel, setuptools"], { stdio: "ignore" }).status === 0) return candidate;
  }
  return fail(
    "no Python 3 with the build, wheel and setuptools modules: install Debian's python3-build, python3-wheel and python3-setuptools (npm run tools does)",
  );
}
