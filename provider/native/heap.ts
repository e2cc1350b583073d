/**
 * How the plugin's V8 heap grows. A refresh of a large stack allocates a
 * little for each of its thousands of calls, and V8 lets the old generation
 * grow up to several times its live size before collecting it: on a
 * 1,000-resource refresh the plugin's peak memory was 108 MiB, of which
 * about 20 MiB was garbage waiting for a major collection. Collecting when
 * the heap has grown by a fifth instead keeps it near its live size, for
 * about 3 % more CPU in the plugin and the same wall time
 * (docs/performance.md, "Plugin memory").
 *
 * Set from the entry point (not the launcher's command line): a V8 flag a
 * later Node.js might not know is ignored here, where on the command line it
 * would stop the plugin from starting.
 */
import { setFlagsFromString } from "node:v8";

/** Growth of the heap between major collections, in percent of its size after the last one (20). */
export const HEAP_GROWING_PERCENT = 20;

/** Applies {@link HEAP_GROWING_PERCENT} to this process. */
export function tuneHeap(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
