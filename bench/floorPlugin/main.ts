/**
 * Entry point of the floor plugin: a benchmark tool, never published (it is
 * not under provider/, so neither the npm package nor the release archives
 * carry it). It is packaged as `pulumi-resource-langsmith`, with the real
 * plugin's name and version, by scripts/build-floor-plugin.mjs, installed into
 * a project's own PULUMI_HOME (bench/lib/floorPlugin.ts), and serves the real
 * plugin's schema (`schema.json` beside this file, written at build time from
 * provider/native/schema.ts) through the same gRPC server
 * (provider/native/serve.ts), answering every call at once (handlers.ts).
 *
 * The engine starts it with its own address as an argument (ignored: the
 * floor logs nothing) and reads the port from the first line of stdout.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { tuneHeap } from "../../provider/native/heap";
import { serveProvider } from "../../provider/native/serve";
import { type FloorSchema, floorHandlers } from "./handlers";

/** Name of the schema file the build writes beside the entry point. */
const SCHEMA_FILE = "schema.json";

async function main(): Promise<void> {
  // The real plugin's heap settings (its launcher's flags are this one's too): the floor differs only in what it does.
  tuneHeap();
  const schemaText = readFileSync(join(__dirname, SCHEMA_FILE), "utf8");
  const { port } = await serveProvider(floorHandlers(JSON.parse(schemaText) as FloorSchema, schemaText));
  process.stdout.write(`${port}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`langsmith floor plugin: cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
