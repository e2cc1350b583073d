import { createHash } from "node:crypto";
import { chmodSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { assetTree } from "../../provider/deployments/source/assetTree";
import { CONTENT_HASH_PREFIX, hashSourceFiles } from "../../provider/deployments/source/contentHash";
import { directoryTree } from "../../provider/deployments/source/diskTree";
import { listSourceFiles } from "../../provider/deployments/source/fileList";
import { configJson, tempDirectory, type TempDirectory, writeFiles } from "../helpers/sourceTrees";

let dir: TempDirectory;
beforeEach(() => {
  dir = tempDirectory();
  writeFiles(dir.path, { "langgraph.json": configJson(), "agent.py": "graph = 1\n", "run.sh": "#!/bin/sh\n", "pkg/util.py": "x = 2\n" });
  chmodSync(join(dir.path, "run.sh"), 0o755);
  chmodSync(join(dir.path, "agent.py"), 0o644);
});
afterEach(() => dir.remove());

const hashOf = async (root: string) => hashSourceFiles(await listSourceFiles(directoryTree(root)));

describe("hashSourceFiles", () => {
  it("is the SHA-256 of the manifest of modes, content hashes and paths, with the file count and total size", async () => {
    const sha = (text: string) => createHash("sha256").update(text).digest("hex");
    const manifest =
      CONTENT_HASH_PREFIX +
      `0644 ${sha("graph = 1\n")} agent.py\0` +
      `0644 ${sha(configJson())} langgraph.json\0` +
      `0644 ${sha("x = 2\n")} pkg/util.py\0` +
      `0755 ${sha("#!/bin/sh\n")} run.sh\0`;
    const hash = await hashOf(dir.path);
    expect(hash).toEqual({ sha256: sha(manifest), fileCount: 4, totalBytes: 10 + configJson().length + 6 + 10 });
  });

  it("does not change with modification times or permission bits other than the executable one", async () => {
    const before = await hashOf(dir.path);
    utimesSync(join(dir.path, "agent.py"), new Date("2001-02-03T04:05:06Z"), new Date("2001-02-03T04:05:06Z"));
    chmodSync(join(dir.path, "agent.py"), 0o600);
    chmodSync(join(dir.path, "run.sh"), 0o700);
    chmodSync(join(dir.path, "pkg/util.py"), 0o664);
    expect(await hashOf(dir.path)).toEqual(before);
  });

  it("changes with one byte of content, the executable bit, or a file's name", async () => {
    const before = (await hashOf(dir.path)).sha256;
    writeFiles(dir.path, { "pkg/util.py": "x = 3\n" });
    const edited = (await hashOf(dir.path)).sha256;
    expect(edited).not.toBe(before);
    chmodSync(join(dir.path, "agent.py"), 0o744);
    const executable = (await hashOf(dir.path)).sha256;
    expect(executable).not.toBe(edited);
    writeFiles(dir.path, { "pkg/util2.py": "x = 3\n" });
    expect((await hashOf(dir.path)).sha256).not.toBe(executable);
  });

  it("is the same for a directory and a map of the same files", async () => {
    const tree = assetTree({
      "langgraph.json": { text: configJson() },
      "agent.py": { text: "graph = 1\n" },
      "pkg/util.py": { path: join(dir.path, "pkg", "util.py") },
      "run.sh": { path: join(dir.path, "run.sh") },
    });
    expect(await hashSourceFiles(await listSourceFiles(tree))).toEqual(await hashOf(dir.path));
  });
});
