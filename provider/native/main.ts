/**
 * Entry point of the `pulumi-resource-langsmith` plugin: the engine starts
 * it with its own address as the first argument (flags such as
 * `--logtostderr` or `-v=9` may come first), reads the port from the first
 * line of stdout, and talks gRPC to it from then on. The provider itself
 * (`server.ts`) is loaded on the first call that needs it (see `serve.ts`).
 */
import { packageVersion } from "../client/version";
import { tuneHeap } from "./heap";
import { deferredHandlers, engineAddressOf, serveProvider } from "./serve";

async function main(): Promise<void> {
  tuneHeap();
  const version = packageVersion();
  const engineAddress = engineAddressOf(process.argv.slice(2));
  const handlers = deferredHandlers(version, async () => (await import("./server")).providerHandlers(version, engineAddress));
  const { port } = await serveProvider(handlers);
  process.stdout.write(`${port}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`langsmith provider: cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
