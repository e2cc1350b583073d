/**
 * Entry point of the `pulumi-resource-langsmith` plugin: the engine starts
 * it with its own address as the first argument (flags such as
 * `--logtostderr` or `-v=9` may come first), reads the port from the first
 * line of stdout, and talks gRPC to it from then on.
 */
import { packageVersion } from "../client/version";
import { engineAddressOf, startProviderServer } from "./server";

async function main(): Promise<void> {
  const { port } = await startProviderServer(packageVersion(), engineAddressOf(process.argv.slice(2)));
  process.stdout.write(`${port}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`langsmith provider: cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
