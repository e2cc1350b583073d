/**
 * What the plugin archive's entry point runs (`dist/provider/native/main.js`
 * there, `runBundle(__dirname)`; see `scripts/build-plugin.mjs`): the provider from its one-file
 * bundle (`provider.bundle.js`, beside it) through a V8 code cache kept in
 * the plugin's own directory, so a plugin process does not compile the
 * provider's code again at each start.
 *
 * - The cache is `.code-cache/v8-<node version>-<arch>.bin` beside the bundle,
 *   written {@link CACHE_WRITE_DELAY_MS} after a start that found none (or one
 *   V8 refused): by then the first calls have compiled what a plugin runs,
 *   and the cache holds that code too. It is written to a temporary file and
 *   renamed, so plugins starting together never read half a file.
 * - V8 checks a cache against the source and its flags and refuses one that
 *   does not match: the plugin then runs as without it, and writes a new one.
 *   The heap flags the provider sets at start ({@link tuneHeap}) are set here
 *   first, so the cache is made and used under the same flags.
 * - A directory the plugin cannot write (a read-only install) only means no
 *   cache; `PULUMI_LANGSMITH_CODE_CACHE=0` turns it off.
 *
 * Measured on check and diff calls of four kinds (`docs/performance.md`,
 * "Plugin start"): the plugin's CPU from launch fell from about 270 to 190 ms.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import Module from "node:module";
import { join } from "node:path";
import { Script } from "node:vm";
import { tuneHeap } from "./heap";

/** File name of the provider's bundle, beside this module in the plugin archive. */
export const BUNDLE_FILE = "provider.bundle.js";
/**
 * How the bundle is wrapped (esbuild's banner and footer): as the function
 * Node.js wraps a CommonJS module in, so running the script gives the module
 * function. The bundle is ASCII (esbuild escapes the rest), so it is read as
 * latin1, which V8 keeps at one byte a character.
 */
export const BUNDLE_WRAPPER = { banner: "(function (exports, require, module, __filename, __dirname) {", footer: "})" } as const;
/** Folder of the code cache, beside the bundle. */
export const CACHE_DIR = ".code-cache";
/** Time from the start to writing a missing or refused cache, in milliseconds (500). */
export const CACHE_WRITE_DELAY_MS = 500;

/** The cache file for this Node.js version and architecture, under `dir`. */
export function cacheFile(dir: string): string {
  return join(dir, CACHE_DIR, `v8-${process.version}-${process.arch}.bin`);
}

/** The cache's bytes, or `undefined` when there is none or it cannot be read. */
function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Writes `data` to `file` through a temporary file; a failure (e.g. a read-only directory) leaves no cache. */
function writeCache(file: string, data: Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(temporary, data);
    renameSync(temporary, file);
  } catch {
    // No cache: the next start compiles again.
  }
}

/** Runs the bundle in `dir` as the main module would run, through the code cache unless it is turned off. */
export function runBundle(dir: string): void {
  tuneHeap();
  const bundle = join(dir, BUNDLE_FILE);
  const useCache = process.env["PULUMI_LANGSMITH_CODE_CACHE"] !== "0";
  const file = cacheFile(dir);
  const cachedData = useCache ? readCache(file) : undefined;
  // The bundle is written as the function Node.js wraps a module in (see BUNDLE_WRAPPER): no copy of its 4 MB of source is made here.
  const script = new Script(readFileSync(bundle, "latin1"), { filename: bundle, ...(cachedData !== undefined ? { cachedData } : {}) });
  if (useCache && (cachedData === undefined || script.cachedDataRejected === true)) {
    setTimeout(() => writeCache(file, script.createCachedData()), CACHE_WRITE_DELAY_MS).unref();
  }
  // The bundle holds every module of the provider: it requires only Node.js's own.
  const bundleModule = new Module(bundle);
  bundleModule.filename = bundle;
  const run = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void;
  run.call(bundleModule.exports, bundleModule.exports, require, bundleModule, bundle, dir);
}
