import { chmodSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { assetTree } from "../../provider/deployments/source/assetTree";
import { directoryTree } from "../../provider/deployments/source/diskTree";
import {
  IgnorePatternError,
  SourceConfigInvalidError,
  SourceConfigMissingError,
  SourceDependencyMissingError,
  SourceDependencyOutsideError,
} from "../../provider/deployments/source/errors";
import { listSourceFiles } from "../../provider/deployments/source/fileList";
import { configJson, tempDirectory, type TempDirectory, writeFiles } from "../helpers/sourceTrees";

let dir: TempDirectory;
beforeEach(() => {
  dir = tempDirectory();
});
afterEach(() => dir.remove());

async function archivePaths(root: string, configPath?: string): Promise<string[]> {
  return (await listSourceFiles(directoryTree(root), configPath)).files.map((file) => file.archivePath);
}

describe("listSourceFiles", () => {
  it("honours .gitignore and .dockerignore of the packed directory, in nested directories, with negation", async () => {
    writeFiles(dir.path, {
      "langgraph.json": configJson(),
      "agent.py": "graph = 1\n",
      ".gitignore": "*.log\n!keep.log\n/secret.env\n",
      ".dockerignore": "data/\ntests/**/fixtures\n",
      "app.log": "x",
      "keep.log": "x",
      "sub/deep/trace.log": "x",
      "sub/deep/keep.log": "x",
      "secret.env": "x",
      "sub/secret.env": "kept: the pattern is anchored to the root",
      "data/big.bin": "x",
      "sub/data/more.bin": "x",
      "tests/unit/fixtures/f.json": "x",
      "tests/unit/test_a.py": "x",
    });
    expect(await archivePaths(dir.path)).toEqual([
      ".dockerignore",
      ".gitignore",
      "agent.py",
      "keep.log",
      "langgraph.json",
      "sub/deep/keep.log",
      "sub/secret.env",
      "tests/unit/test_a.py",
    ]);
  });

  it("reads only the top-level ignore files: a nested .gitignore is a file like any other", async () => {
    writeFiles(dir.path, { "langgraph.json": configJson(), "sub/.gitignore": "*.txt\n", "sub/a.txt": "x" });
    expect(await archivePaths(dir.path)).toEqual(["langgraph.json", "sub/.gitignore", "sub/a.txt"]);
  });

  it("applies .gitignore after .dockerignore, so its negation wins", async () => {
    writeFiles(dir.path, { "langgraph.json": configJson(), ".dockerignore": "*.md\n", ".gitignore": "!README.md\n", "README.md": "x", "NOTES.md": "x" });
    expect(await archivePaths(dir.path)).toEqual([".dockerignore", ".gitignore", "README.md", "langgraph.json"]);
  });

  it("always leaves out __pycache__, .git, .venv, venv, node_modules, .tox and .mypy_cache, at any depth", async () => {
    const excluded = ["__pycache__", ".git", ".venv", "venv", "node_modules", ".tox", ".mypy_cache"];
    writeFiles(dir.path, {
      "langgraph.json": configJson(),
      ...Object.fromEntries(
        excluded.flatMap((name) => [
          [`${name}/x.py`, "x"],
          [`pkg/${name}/y.py`, "y"],
        ]),
      ),
      "pkg/venv.py": "a file named like one is kept",
    });
    expect(await archivePaths(dir.path)).toEqual(["langgraph.json", "pkg/venv.py"]);
    // They are the first patterns, so an ignore file's negation takes one back, as in langgraph-cli.
    writeFiles(dir.path, { ".dockerignore": "!.venv/\n" });
    expect(await archivePaths(dir.path)).toEqual([".dockerignore", ".venv/x.py", "langgraph.json", "pkg/.venv/y.py", "pkg/venv.py"]);
  });

  it("skips symlinks to files and to directories", async () => {
    writeFiles(dir.path, { "langgraph.json": configJson(), "real/a.py": "x", "outside/b.py": "y" });
    symlinkSync(join(dir.path, "real", "a.py"), join(dir.path, "link.py"));
    symlinkSync(join(dir.path, "outside"), join(dir.path, "real", "linked-dir"));
    symlinkSync(join(dir.path, "nowhere"), join(dir.path, "dangling"));
    expect(await archivePaths(join(dir.path), "langgraph.json")).toEqual(["langgraph.json", "outside/b.py", "real/a.py"]);
  });

  it("packs a dependency in a sibling directory under the common ancestor (the monorepo case)", async () => {
    writeFiles(dir.path, {
      "apps/agent/langgraph.json": configJson([".", "../../libs/shared", "langchain-openai"]),
      "apps/agent/agent.py": "x",
      "apps/agent/.gitignore": "*.tmp\n",
      "apps/agent/scratch.tmp": "x",
      "apps/other/skip.py": "not a dependency",
      "libs/shared/pyproject.toml": "x",
      "libs/shared/.gitignore": "build/\n",
      "libs/shared/build/out.py": "x",
      "libs/shared/scratch.tmp": "the agent's rules do not apply here",
      "libs/unused/x.py": "x",
    });
    const list = await listSourceFiles(directoryTree(dir.path), "apps/agent/langgraph.json");
    expect(list.layout.archiveRoot).toBe("");
    expect(list.layout.configArchivePath).toBe("apps/agent/langgraph.json");
    expect(list.files.map((file) => file.archivePath)).toEqual([
      "apps/agent/.gitignore",
      "apps/agent/agent.py",
      "apps/agent/langgraph.json",
      "libs/shared/.gitignore",
      "libs/shared/pyproject.toml",
      "libs/shared/scratch.tmp",
    ]);
  });

  it("makes the archive's root the deepest common ancestor, not the tree's root", async () => {
    writeFiles(dir.path, { "mono/agent/langgraph.json": configJson([".", "../lib"]), "mono/lib/x.py": "x", "unrelated.txt": "x" });
    const list = await listSourceFiles(directoryTree(dir.path), "mono/agent/langgraph.json");
    expect(list.layout.archiveRoot).toBe("mono");
    expect(list.files.map((file) => file.archivePath)).toEqual(["agent/langgraph.json", "lib/x.py"]);
    expect(list.files.map((file) => file.treePath)).toEqual(["mono/agent/langgraph.json", "mono/lib/x.py"]);
  });

  it("keeps a dependency inside the config's directory in that directory's walk", async () => {
    writeFiles(dir.path, { "langgraph.json": configJson([".", "./src/pkg"]), "src/pkg/__init__.py": "" });
    expect(await archivePaths(dir.path)).toEqual(["langgraph.json", "src/pkg/__init__.py"]);
  });

  it("refuses a dependency outside the tree, naming it and the fix", async () => {
    writeFiles(dir.path, { "agent/langgraph.json": configJson([".", "../../shared"]) });
    const listing = listSourceFiles(directoryTree(join(dir.path, "agent"), "./agent"));
    await expect(listing).rejects.toThrow(SourceDependencyOutsideError);
    await expect(listSourceFiles(directoryTree(join(dir.path, "agent"), "./agent"))).rejects.toThrow(
      /local dependency "\.\.\/\.\.\/shared" of langgraph\.json lies outside \.\/agent.*set sourceRevisionConfig\.graphConfigPath/,
    );
  });

  it("refuses a dependency that is missing, a file or a symlink", async () => {
    writeFiles(dir.path, { "langgraph.json": configJson([".", "./missing"]), "file.py": "x", "target/x.py": "x" });
    await expect(listSourceFiles(directoryTree(dir.path))).rejects.toThrow(/local dependency "\.\/missing" of langgraph\.json names nothing in/);
    writeFiles(dir.path, { "langgraph.json": configJson(["./file.py"]) });
    await expect(listSourceFiles(directoryTree(dir.path))).rejects.toThrow(SourceDependencyMissingError);
    symlinkSync(join(dir.path, "target"), join(dir.path, "linked"));
    writeFiles(dir.path, { "langgraph.json": configJson(["./linked"]) });
    await expect(listSourceFiles(directoryTree(dir.path))).rejects.toThrow(/reached through a symlink/);
  });

  it("refuses a tree without its config file, or whose ignore rules leave it out", async () => {
    writeFiles(dir.path, { "agent.py": "x" });
    await expect(listSourceFiles(directoryTree(dir.path, "./agent"))).rejects.toThrow(SourceConfigMissingError);
    await expect(listSourceFiles(directoryTree(dir.path, "./agent"))).rejects.toThrow(
      "config file langgraph.json is not in ./agent; add it there, or set sourceRevisionConfig.graphConfigPath to its path relative to that directory",
    );
    writeFiles(dir.path, { "langgraph.json": configJson(), ".dockerignore": "*.json\n" });
    await expect(listSourceFiles(directoryTree(dir.path, "./agent"))).rejects.toThrow(/left out by the \.gitignore or \.dockerignore.*"!langgraph\.json"/);
  });

  it("refuses a config that is not a JSON object, and an unreadable ignore line", async () => {
    writeFiles(dir.path, { "langgraph.json": "[1]" });
    await expect(listSourceFiles(directoryTree(dir.path))).rejects.toThrow(SourceConfigInvalidError);
    writeFiles(dir.path, { "langgraph.json": configJson(), ".gitignore": "ok\nbad\\\n" });
    await expect(listSourceFiles(directoryTree(dir.path))).rejects.toThrow(IgnorePatternError);
    await expect(listSourceFiles(directoryTree(dir.path))).rejects.toThrow(/\.gitignore line 2/);
  });

  it("lists a map of assets by the same rules, skipping names with `..` or a leading slash", async () => {
    writeFiles(dir.path, { "on-disk.py": "x" });
    const tree = assetTree({
      "langgraph.json": { text: configJson() },
      ".gitignore": { text: "*.log\n" },
      "a.log": { text: "x" },
      "./src/main.py": { text: "x" },
      "../escape.py": { text: "x" },
      "src/../../escape2.py": { text: "x" },
      "/abs.py": { text: "x" },
      "node_modules/x.js": { text: "x" },
      "disk.py": { path: join(dir.path, "on-disk.py") },
    });
    expect((await listSourceFiles(tree)).files.map((file) => file.archivePath)).toEqual([".gitignore", "disk.py", "langgraph.json", "src/main.py"]);
  });

  it("sorts by UTF-8 bytes and records sizes and executable bits", async () => {
    writeFiles(dir.path, { "langgraph.json": configJson(), "Z.py": "12345", "a.py": "", "é.py": "x" });
    chmodSync(join(dir.path, "a.py"), 0o744);
    const list = await listSourceFiles(directoryTree(dir.path));
    expect(list.files.map((file) => file.archivePath)).toEqual(["Z.py", "a.py", "langgraph.json", "é.py"]);
    expect(list.files[0]?.sizeBytes).toBe(5);
    expect(list.files.map((file) => file.executable)).toEqual([false, true, false, false]);
    expect(list.totalBytes).toBe(5 + 0 + configJson().length + 1);
  });
});
