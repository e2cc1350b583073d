/** Source trees built by the packing tests in temporary directories (never committed). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** A temporary directory; `remove()` deletes it and everything in it. */
export interface TempDirectory {
  readonly path: string;
  remove(): void;
}

/** A new empty temporary directory. */
export function tempDirectory(prefix = "source-tree-"): TempDirectory {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Writes `files` (POSIX path relative to `root` → content) under `root`, making directories as needed. */
export function writeFiles(root: string, files: Record<string, string | Buffer>): void {
  for (const [path, content] of Object.entries(files)) {
    const target = join(root, ...path.split("/"));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
}

/** A minimal `langgraph.json` with the given `dependencies`. */
export function configJson(dependencies: string[] = ["."]): string {
  return JSON.stringify({ dependencies, graphs: { agent: "./agent.py:graph" } });
}
