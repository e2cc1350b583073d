// The plugin's two files, as both plugin archives carry them (the real one,
// scripts/build-plugin.mjs, and the benchmark's floor, build-floor-plugin.mjs):
// the compiled provider and its dependencies bundled by esbuild into
// `provider.bundle.js`, written as the function Node.js wraps a module in
// (provider/native/codeCache.ts, BUNDLE_WRAPPER), and `main.js`, which runs it
// through the V8 code cache. Needs `npm run build` (dist/provider/native/codeCache.js).
import esbuild from "esbuild";
import { createRequire } from "node:module";
import { join } from "node:path";

/**
 * Writes `provider.bundle.js` (from `entryPoint`, a compiled entry module)
 * and `main.js` into `outDir`. `nodePaths`: where packages resolve for an
 * entry compiled outside the checkout; default none.
 */
export function writePluginBundle({ root, entryPoint, outDir, nodePaths = [] }) {
  const codeCacheDir = join(root, "dist", "provider", "native");
  const { BUNDLE_WRAPPER } = createRequire(import.meta.url)(join(codeCacheDir, "codeCache.js"));
  const options = { bundle: true, platform: "node", target: "node20", format: "cjs", logLevel: "warning", legalComments: "none" };
  // Whitespace only (names and code as compiled): 3 MB instead of 4.2, and a little less to compile.
  esbuild.buildSync({
    ...options,
    minifyWhitespace: true,
    banner: { js: BUNDLE_WRAPPER.banner },
    footer: { js: BUNDLE_WRAPPER.footer },
    nodePaths,
    entryPoints: [entryPoint],
    outfile: join(outDir, "provider.bundle.js"),
  });
  esbuild.buildSync({
    ...options,
    stdin: { contents: 'require("./codeCache.js").runBundle(__dirname);\n', resolveDir: codeCacheDir, sourcefile: "main.js" },
    outfile: join(outDir, "main.js"),
  });
}
