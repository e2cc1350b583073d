import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { inspectArchive } from "../../packages/emulator/src/deployments/sourceArchive";
import { MAX_ARCHIVE_BYTES, WARN_ARCHIVE_BYTES, writeSourceArchive } from "../../provider/deployments/source/archive";
import { hashSourceFiles } from "../../provider/deployments/source/contentHash";
import { directoryTree } from "../../provider/deployments/source/diskTree";
import { SourceArchiveTooLargeError, SourceChangedWhilePackingError, SourceFileUnreadableError } from "../../provider/deployments/source/errors";
import { listSourceFiles } from "../../provider/deployments/source/fileList";
import { configJson, tempDirectory, type TempDirectory, writeFiles } from "../helpers/sourceTrees";

const LONG_DIRECTORY = `${"d".repeat(60)}/${"e".repeat(60)}`;
const FILES = {
  "langgraph.json": configJson(),
  "agent.py": "graph = 1\n",
  "run.sh": "#!/bin/sh\necho hi\n",
  "empty.txt": "",
  "block.bin": Buffer.alloc(512, 7),
  [`${LONG_DIRECTORY}/nested.py`]: "a path over 100 bytes: ustar's prefix field",
  [`${"f".repeat(120)}.py`]: "a name over 100 bytes: a pax header",
  "données/été.py": "not ASCII: a pax header",
};

let dir: TempDirectory;
let out: TempDirectory;
beforeEach(() => {
  dir = tempDirectory();
  out = tempDirectory("source-archive-");
});
afterEach(() => {
  dir.remove();
  out.remove();
});

function writeTree(root: string): void {
  writeFiles(root, FILES);
  chmodSync(join(root, "run.sh"), 0o755);
}

async function archiveOf(root: string, name: string, limits = {}) {
  const list = await listSourceFiles(directoryTree(root));
  const destination = join(out.path, name);
  return { list, destination, written: await writeSourceArchive(list, destination, limits) };
}

describe("writeSourceArchive", () => {
  it("writes the same bytes for the same files, whatever their times and other permission bits", async () => {
    writeTree(join(dir.path, "one"));
    writeTree(join(dir.path, "two"));
    utimesSync(join(dir.path, "two", "agent.py"), new Date("2010-01-01Z"), new Date("2010-01-01Z"));
    chmodSync(join(dir.path, "two", "agent.py"), 0o600);
    chmodSync(join(dir.path, "two", "run.sh"), 0o700);
    const one = await archiveOf(join(dir.path, "one"), "one.tar.gz");
    const two = await archiveOf(join(dir.path, "two"), "two.tar.gz");
    const bytes = readFileSync(one.destination);
    expect(readFileSync(two.destination).equals(bytes)).toBe(true);
    expect(one.written.compressedBytes).toBe(bytes.length);
    // gzip header: no time, the Unix OS byte.
    expect([...bytes.subarray(0, 10)]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
  });

  it("holds exactly the file list, with normalized modes, owners and times, and the files' content", async () => {
    writeTree(dir.path);
    const { list, destination, written } = await archiveOf(dir.path, "a.tar.gz");
    const listing = execFileSync("tar", ["-tzf", destination], { encoding: "utf8" }).split("\n").filter(Boolean);
    expect(listing).toEqual(list.files.map((file) => file.archivePath));
    const verbose = execFileSync("tar", ["--numeric-owner", "--utc", "-tvzf", destination], { encoding: "utf8" }).split("\n").filter(Boolean);
    for (const line of verbose) expect(line).toMatch(/^-rw(-r--r--|xr-xr-x) 0\/0 +\d+ 1970-01-01 00:00 /);
    expect(verbose.find((line) => line.endsWith(" run.sh"))).toMatch(/^-rwxr-xr-x/);
    const extracted = join(out.path, "x");
    mkdirSync(extracted);
    execFileSync("tar", ["-xzf", destination, "-C", extracted]);
    for (const [path, content] of Object.entries(FILES)) expect(readFileSync(join(extracted, ...path.split("/"))).equals(Buffer.from(content))).toBe(true);
    expect(written.contentHash).toEqual(await hashSourceFiles(list));
    expect(written.warning).toBeUndefined();
  });

  it("is read by the emulator's inspection, config found at a long path", async () => {
    writeFiles(dir.path, { [`${LONG_DIRECTORY}/langgraph.json`]: configJson(), [`${LONG_DIRECTORY}/agent.py`]: "x" });
    const list = await listSourceFiles(directoryTree(dir.path), `${LONG_DIRECTORY}/langgraph.json`);
    const destination = join(out.path, "long.tar.gz");
    await writeSourceArchive(list, destination);
    expect(await inspectArchive(destination, list.layout.configArchivePath)).toEqual({
      ok: true,
      files: 2,
      configPath: list.layout.configArchivePath,
      graphs: ["agent (./agent.py:graph)"],
    });
  });

  it("refuses an archive over the limit and removes the file", async () => {
    writeFiles(dir.path, { "langgraph.json": configJson(), "weights.bin": randomBytes(256 * 1024) });
    const attempt = archiveOf(dir.path, "big.tar.gz", { maxBytes: 64 * 1024 });
    await expect(attempt).rejects.toThrow(SourceArchiveTooLargeError);
    await expect(archiveOf(dir.path, "big.tar.gz", { maxBytes: 64 * 1024 })).rejects.toThrow(
      /the archive is over the 0\.1 MiB limit \(2 files, 0\.3 MiB uncompressed\); add large files \(model weights, data sets\) to the \.dockerignore or \.gitignore of/,
    );
    expect(existsSync(join(out.path, "big.tar.gz"))).toBe(false);
    const fits = await archiveOf(dir.path, "fits.tar.gz", { maxBytes: 1024 * 1024, warnBytes: 128 * 1024 });
    expect(fits.written.warning).toMatch(/is 0\.3 MiB compressed \(over 0\.1 MiB\); add large files/);
  });

  it("refuses above 200 MiB and warns above 50 MiB unless told otherwise", () => {
    expect(MAX_ARCHIVE_BYTES).toBe(209_715_200);
    expect(WARN_ARCHIVE_BYTES).toBe(52_428_800);
  });

  it("fails when a file's size changes between listing and packing", async () => {
    writeTree(dir.path);
    const list = await listSourceFiles(directoryTree(dir.path));
    writeFiles(dir.path, { "agent.py": "graph = 12345\n" });
    await expect(writeSourceArchive(list, join(out.path, "changed.tar.gz"))).rejects.toThrow(SourceChangedWhilePackingError);
    await expect(writeSourceArchive(list, join(out.path, "changed.tar.gz"))).rejects.toThrow(/packing agent\.py of .*: its size changed from 10 bytes/);
  });

  it("fails, naming the file, when a listed file is gone before it is hashed or packed", async () => {
    writeTree(dir.path);
    const list = await listSourceFiles(directoryTree(dir.path, "./agent"));
    rmSync(join(dir.path, "agent.py"));
    await expect(hashSourceFiles(list)).rejects.toThrow(SourceFileUnreadableError);
    await expect(hashSourceFiles(list)).rejects.toThrow(
      "reading agent.py of ./agent: ENOENT; make it readable, or leave it out with .gitignore or .dockerignore, and run again",
    );
    await expect(writeSourceArchive(list, join(out.path, "gone.tar.gz"))).rejects.toThrow(SourceFileUnreadableError);
    expect(existsSync(join(out.path, "gone.tar.gz"))).toBe(false);
  });
});
