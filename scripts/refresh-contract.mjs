#!/usr/bin/env node
// Refreshes the repository's facts-only copy of the services' published
// OpenAPI documents (contract/) from the project's shared copy
// (../shared/contract/ from the repository root, or the folder given as the
// first argument). The tests read contract/, so a clone of this repository
// alone runs the whole suite. Prints what changed; exits 1 when the source
// folder is missing.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const source = resolve(process.argv[2] ?? join(root, "..", "shared", "contract"));
const target = join(root, "contract");

if (!existsSync(source)) {
  console.error(`refresh-contract: no contract folder at ${source}; pass its path as the first argument`);
  process.exit(1);
}
mkdirSync(target, { recursive: true });
const files = readdirSync(source).filter((file) => file.endsWith(".json") || file === "README.md");
let changed = 0;
for (const file of files) {
  const from = join(source, file);
  const to = join(target, file);
  const same = existsSync(to) && readFileSync(from).equals(readFileSync(to));
  if (same) continue;
  copyFileSync(from, to);
  changed += 1;
  console.log(`refresh-contract: ${file} updated`);
}
console.log(`refresh-contract: ${files.length} files, ${changed} changed`);
