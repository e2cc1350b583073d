// The package's command, `pulumi-langsmith` (`npx pulumi-langsmith adopt`), as
// users install it: native programs install `pulumi-langsmith` with
// `@pulumi/pulumi` only, without axios and zod (docs/performance.md, install
// footprint), so the command carries its own copies. esbuild bundles the
// compiled command (dist/provider/adopt/cli.js) with the provider and both
// libraries into one minified module, kept Brotli-compressed
// (dist/bin/pulumi-langsmith.bundle.js.br, about 0.3 MB instead of 1.5 MB);
// dist/bin/pulumi-langsmith.js, the bin, decompresses it and runs it.
// Needs `npm run build` first (tsc's dist/); `npm run build` ends with it.
import esbuild from "esbuild";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "dist", "bin");
const BUNDLE = "pulumi-langsmith.bundle.js";

const built = esbuild.buildSync({
  entryPoints: [join(root, "dist", "provider", "adopt", "cli.js")],
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  minify: true,
  legalComments: "none",
  logLevel: "warning",
  write: false,
  outfile: join(outDir, BUNDLE),
});
// The compiled command starts with its own `#!` line, which only a file's first line may hold.
const source = Buffer.from(built.outputFiles[0].text.replace(/^#![^\n]*\n/, ""), "utf8");
const compressed = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } });

const launcher = `#!/usr/bin/env node
"use strict";
// pulumi-langsmith's command (scripts/build-adopt-bin.mjs): runs the bundled
// command kept compressed beside this file; it needs no package but Node.js's.
const { readFileSync } = require("node:fs");
const { join } = require("node:path");
const { runInThisContext } = require("node:vm");
const { brotliDecompressSync } = require("node:zlib");
const file = join(__dirname, ${JSON.stringify(BUNDLE)});
const source = brotliDecompressSync(readFileSync(file + ".br")).toString("utf8");
const run = runInThisContext("(function (exports, require, module, __filename, __dirname) {" + source + "\\n})", { filename: file });
const bundle = { exports: {} };
run(bundle.exports, require, bundle, file, __dirname);
bundle.exports.runCommand(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
`;

mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, `${BUNDLE}.br`), compressed);
writeFileSync(join(outDir, "pulumi-langsmith.js"), launcher);
chmodSync(join(outDir, "pulumi-langsmith.js"), 0o755);
process.stderr.write(
  `dist/bin: the pulumi-langsmith command, ${(source.length / 1e6).toFixed(1)} MB bundled, ${(compressed.length / 1e6).toFixed(2)} MB compressed\n`,
);
