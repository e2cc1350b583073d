// Our packing of a source tree against langgraph-cli 0.4.40's own
// (`langgraph_cli.archive.create_archive`, run in the tools' langgraph-cli
// environment): for the same trees, the same files in the archive, the same
// config path in it, and the same content hash computed from the CLI's
// archive as from ours. The trees exercise both ignore files, negation,
// nested directories, the always-excluded directories (one taken back by a
// `!` pattern), symlinks to files and directories, executable bits and the
// monorepo case.
import { execFileSync } from "node:child_process";
import { chmodSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { ContentHashBuilder, hashSourceFiles } from "../../provider/deployments/source/contentHash";
import { directoryTree } from "../../provider/deployments/source/diskTree";
import { compareArchivePaths, listSourceFiles } from "../../provider/deployments/source/fileList";
import { configJson, tempDirectory, type TempDirectory, writeFiles } from "../helpers/sourceTrees";
import { toolPaths } from "../helpers/tools";

/** Prints the CLI's archive of the config at argv[1]: its config path, and each member's name, executable bit and content SHA-256. */
const CLI_ARCHIVE_SCRIPT = `
import hashlib, json, pathlib, sys, tarfile
from langgraph_cli.archive import create_archive
from langgraph_cli.config import validate_config_file
config_path = pathlib.Path(sys.argv[1])
with create_archive(config_path, validate_config_file(config_path)) as (archive, size, config_rel):
    with tarfile.open(archive) as tar:
        members = [
            {"name": m.name, "executable": bool(m.mode & 0o111), "sha256": hashlib.sha256(tar.extractfile(m).read()).hexdigest()}
            for m in tar.getmembers()
        ]
print(json.dumps({"config": config_rel, "members": members}))
`;

interface CliArchive {
  config: string;
  members: { name: string; executable: boolean; sha256: string }[];
}

describe("source packing, against langgraph-cli 0.4.40's", () => {
  let python: string;
  let dir: TempDirectory;
  beforeAll(() => {
    const { pythonLanggraphCliDir } = toolPaths();
    if (pythonLanggraphCliDir === undefined) throw new Error("langgraph-cli's environment is not recorded by the tools bootstrap: run npm run tools");
    python = join(pythonLanggraphCliDir, "bin", "python");
  });
  beforeEach(() => {
    dir = tempDirectory();
  });
  afterEach(() => dir.remove());

  function cliArchive(configPath: string): CliArchive {
    const output = execFileSync(python, ["-c", CLI_ARCHIVE_SCRIPT, configPath], {
      encoding: "utf8",
      env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: dir.path },
    });
    return JSON.parse(output) as CliArchive;
  }

  async function expectSamePacking(configPath: string): Promise<void> {
    const cli = cliArchive(join(dir.path, ...configPath.split("/")));
    const list = await listSourceFiles(directoryTree(dir.path), configPath);
    const members = [...new Map(cli.members.map((member) => [member.name, member])).values()].sort((a, b) => compareArchivePaths(a.name, b.name));
    expect(list.files.map((file) => file.archivePath)).toEqual(members.map((member) => member.name));
    expect(list.layout.configArchivePath).toBe(cli.config);
    const fromCli = new ContentHashBuilder();
    for (const member of members) fromCli.add(member.name, member.executable, member.sha256, 0);
    expect((await hashSourceFiles(list)).sha256).toBe(fromCli.finish().sha256);
  }

  it("packs a single-directory project the same way", async () => {
    writeFiles(dir.path, {
      "langgraph.json": configJson(),
      "agent.py": "graph = 1\n",
      "run.sh": "#!/bin/sh\n",
      ".gitignore": "*.log\n!keep.log\n/secret.env\n",
      ".dockerignore": "data/\ntests/**/fixtures\n!.venv/\n",
      "app.log": "x",
      "keep.log": "x",
      "sub/deep/trace.log": "x",
      "sub/secret.env": "x",
      "secret.env": "x",
      "data/big.bin": "x",
      "tests/unit/fixtures/f.json": "x",
      "tests/unit/test_a.py": "x",
      "node_modules/m/index.js": "x",
      "pkg/__pycache__/c.pyc": "x",
      ".venv/kept.txt": "taken back by !.venv/",
      ".git/HEAD": "x",
      "sub/.gitignore": "*.py\n",
      "sub/nested.py": "a nested .gitignore is not read",
    });
    chmodSync(join(dir.path, "run.sh"), 0o755);
    symlinkSync(join(dir.path, "agent.py"), join(dir.path, "link.py"));
    symlinkSync(join(dir.path, "sub"), join(dir.path, "sublink"));
    await expectSamePacking("langgraph.json");
  });

  it("packs a monorepo's config directory and sibling dependencies under their common ancestor the same way", async () => {
    writeFiles(dir.path, {
      "apps/agent/langgraph.json": configJson([".", "../../libs/shared", "./agentpkg", "langchain-openai"]),
      "apps/agent/agentpkg/agent.py": "x",
      "apps/agent/.gitignore": "*.tmp\n",
      "apps/agent/scratch.tmp": "x",
      "apps/other/skip.py": "x",
      "libs/shared/pyproject.toml": "x",
      "libs/shared/.gitignore": "build\n",
      "libs/shared/build/out.py": "x",
      "libs/shared/scratch.tmp": "the agent's rules do not apply here",
      "libs/shared/pkg/mod.py": "x",
    });
    await expectSamePacking("apps/agent/langgraph.json");
  });
});
