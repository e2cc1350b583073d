/**
 * Source packing: listing, hashing and archiving a generated source tree
 * (issue 45's bench row: 10,000 files, 50 MB). The tree is written to a
 * temporary directory (never committed) from a seed: source-like text,
 * files of varying sizes in nested directories, a `.gitignore` and some
 * ignored files. Each repetition lists the tree and hashes it (what a
 * preview does), then lists it again and writes its `.tar.gz` (what an up
 * does: the archive's writer hashes as it packs). The first pass, which
 * warms the page cache, is not counted.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeSourceArchive } from "../provider/deployments/source/archive";
import { hashSourceFiles } from "../provider/deployments/source/contentHash";
import { directoryTree } from "../provider/deployments/source/diskTree";
import { listSourceFiles } from "../provider/deployments/source/fileList";
import { seededRandom } from "./lib/random";
import { fixed, max, median, min } from "./lib/stats";
import type { Table } from "./lib/table";

/** Words the generated files are made of (text that compresses about as source code does). */
const WORDS = [
  "def",
  "return",
  "self",
  "import",
  "from",
  "class",
  "graph",
  "state",
  "node",
  "edge",
  "await",
  "async",
  "if",
  "else",
  "for",
  "in",
  "None",
  "True",
];

/** One repetition, in milliseconds. */
export interface SourcePackingSample {
  /** Listing the tree and hashing its files (a preview's work). */
  readonly listAndHashMs: number;
  /** Listing the tree and writing its archive, hashed as it is packed (an up's work). */
  readonly listAndArchiveMs: number;
}

/** The figures of one run. */
export interface SourcePackingResult {
  /** Files in the archive. */
  readonly files: number;
  /** Their sizes added up, in bytes. */
  readonly totalBytes: number;
  /** The archive's size, in bytes. */
  readonly compressedBytes: number;
  /** One per timed repetition. */
  readonly samples: readonly SourcePackingSample[];
}

/** Writes `files` files of `totalBytes` bytes in all under `root`, plus a `.gitignore` and ten ignored files. */
export function generateTree(root: string, files: number, totalBytes: number, seed: number): void {
  const random = seededRandom(seed);
  writeFileSync(join(root, "langgraph.json"), JSON.stringify({ dependencies: ["."], graphs: { agent: "./pkg0/mod0.py:graph" } }));
  writeFileSync(join(root, ".gitignore"), "*.log\n__pycache__/\n");
  const average = totalBytes / files;
  for (let index = 0; index < files - 2; index += 1) {
    const directory = join(root, `pkg${index % 50}`, `sub${Math.floor(index / 50) % 20}`);
    mkdirSync(directory, { recursive: true });
    const size = Math.max(1, Math.round(average * (0.25 + 1.5 * random())));
    let text = "";
    while (text.length < size) text += `${WORDS[Math.floor(random() * WORDS.length)]}${random() < 0.1 ? "\n" : " "}`;
    writeFileSync(join(directory, `mod${index}.py`), text.slice(0, size));
  }
  for (let index = 0; index < 10; index += 1) writeFileSync(join(root, `run${index}.log`), "ignored\n");
}

async function timeOnce(root: string, archive: string): Promise<{ sample: SourcePackingSample; compressedBytes: number; files: number; totalBytes: number }> {
  const tree = directoryTree(root);
  let start = performance.now();
  const list = await listSourceFiles(tree);
  await hashSourceFiles(list);
  const listAndHashMs = performance.now() - start;
  start = performance.now();
  const written = await writeSourceArchive(await listSourceFiles(tree), archive);
  const listAndArchiveMs = performance.now() - start;
  return { sample: { listAndHashMs, listAndArchiveMs }, compressedBytes: written.compressedBytes, files: list.files.length, totalBytes: list.totalBytes };
}

/** Generates the tree, then times `repetitions` packings of it. */
export async function runSourcePacking(options: {
  readonly files: number;
  readonly totalBytes: number;
  readonly repetitions: number;
  readonly seed: number;
  readonly onProgress?: (line: string) => void;
}): Promise<SourcePackingResult> {
  const work = mkdtempSync(join(tmpdir(), "source-packing-"));
  try {
    const root = join(work, "tree");
    mkdirSync(root);
    generateTree(root, options.files, options.totalBytes, options.seed);
    const archive = join(work, "source.tar.gz");
    const warm = await timeOnce(root, archive);
    const samples: SourcePackingSample[] = [];
    for (let run = 0; run < options.repetitions; run += 1) samples.push((await timeOnce(root, archive)).sample);
    options.onProgress?.(`source packing: ${options.repetitions} repetitions over ${warm.files} files done`);
    return { files: warm.files, totalBytes: warm.totalBytes, compressedBytes: warm.compressedBytes, samples };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The source-packing table. */
export function sourcePackingTables(result: SourcePackingResult): Table[] {
  const row = (label: string, values: readonly number[]): string[] => [label, fixed(median(values), 0), fixed(min(values), 0), fixed(max(values), 0)];
  const mb = (bytes: number): string => fixed(bytes / 1_000_000, 1);
  return [
    {
      title: `Source packing: ${result.files} files, ${mb(result.totalBytes)} MB`,
      headers: ["work", "median ms", "min ms", "max ms"],
      rows: [
        row(
          "list + hash (a preview)",
          result.samples.map((s) => s.listAndHashMs),
        ),
        row(
          "list + write the .tar.gz, hashed as packed (an up)",
          result.samples.map((s) => s.listAndArchiveMs),
        ),
      ],
      notes: [
        `${result.samples.length} repetitions after a first, uncounted pass (a warm page cache); the archive is ${mb(result.compressedBytes)} MB (gzip level 6).`,
        "The tree is generated from a seed: source-like text files of varying sizes in 1,000 directories, a .gitignore and ten files it leaves out.",
      ],
    },
  ];
}
