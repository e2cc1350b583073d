// The Node.js flags both plugin launchers pass (the real plugin's, written by
// build-plugin.mjs, and the benchmark's floor plugin, by build-floor-plugin.mjs),
// so the two run on the same heap settings.
//
// --max-semi-space-size=2 (MiB): V8's young generation, where every short-lived
// object of a call lives, may grow to 16 MiB per semi-space on 64-bit machines.
// A plugin's calls allocate a little each (a request's struct, its answer), so
// two are plenty: measured on a 1,000-resource stack, the plugin's peak memory
// fell from 110 to 83 MiB in a preview and from 122 to 108 MiB in a refresh, at
// the same CPU time and wall time (docs/performance.md, "Plugin memory").

/** Flags before the entry point, in the order given. */
export const PLUGIN_NODE_FLAGS = ["--max-semi-space-size=2"];
