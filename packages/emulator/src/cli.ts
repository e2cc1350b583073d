#!/usr/bin/env node
import { parseArgs } from "node:util";
import { type ConfigFile, optionsFromConfig, readConfigFile } from "./core/config";
import { createEmulator } from "./index";
import type { EmulatorOptions } from "./core/options";
import { DEFAULT_API_KEY, DEFAULT_BEARER_TOKEN, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID } from "./core/seed";

/** Port the CLI binds when `--port` is not given. */
export const DEFAULT_CLI_PORT = 4100;

const USAGE = `Usage: pulumi-langsmith-emulator [options]

  --port <n>                    TCP port (default ${DEFAULT_CLI_PORT}; 0 picks a free one)
  --host <addr>                 interface to bind (default 127.0.0.1)
  --data-dir <dir>              keep state in <dir>/state.json (default: memory only)
  --config <file>               JSON config: organizations, apiKeys, bearerTokens, timings, ...
  --timings <fast|realistic>    revision step timing preset (default realistic)
  --s3-endpoint-override <url>  S3 endpoint for AWS-style destinations (region, no endpoint_url)
  --self-hosted                 accept destinations without credentials
  --rate-limit <n>              answer 429 above n API requests per second
  --destination-delete          serve DELETE on a bulk-export destination (not in the real
                                service; default: 405 Method Not Allowed, Allow: GET, PATCH)
  --secret-key <key>            key encrypting secrets at rest (default: generated into --data-dir)
  --control                     serve the /__emulator/ control routes
  --help                        show this help
`;

function fail(message: string): never {
  process.stderr.write(`pulumi-langsmith-emulator: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function parseNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) fail(`${flag} needs a non-negative number, got '${value}'`);
  return n;
}

/** Parses the command line into emulator options. */
export function parseCli(argv: string[]): EmulatorOptions & { help: boolean } {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      "data-dir": { type: "string" },
      config: { type: "string" },
      timings: { type: "string" },
      "s3-endpoint-override": { type: "string" },
      "self-hosted": { type: "boolean" },
      "rate-limit": { type: "string" },
      "destination-delete": { type: "boolean" },
      "secret-key": { type: "string" },
      control: { type: "boolean" },
      help: { type: "boolean" },
    },
    strict: true,
  });
  const config: ConfigFile = values.config ? readConfigFile(values.config) : {};
  const preset = values.timings ?? config.timings?.preset ?? "realistic";
  if (preset !== "fast" && preset !== "realistic") fail(`--timings must be fast or realistic, got '${preset}'`);
  const fromConfig = optionsFromConfig(config, preset);
  const port = parseNumber("--port", values.port) ?? DEFAULT_CLI_PORT;
  const rateLimit = parseNumber("--rate-limit", values["rate-limit"]);
  return {
    ...fromConfig,
    help: values.help ?? false,
    port,
    host: values.host ?? "127.0.0.1",
    control: values.control ?? false,
    ...(values["data-dir"] !== undefined ? { dataDir: values["data-dir"] } : {}),
    ...(values["secret-key"] !== undefined ? { secretKey: values["secret-key"] } : {}),
    ...(values["s3-endpoint-override"] !== undefined ? { s3EndpointOverride: values["s3-endpoint-override"] } : {}),
    ...(values["self-hosted"] ? { selfHosted: true } : {}),
    ...(rateLimit !== undefined ? { rateLimitPerSecond: rateLimit } : {}),
    ...(values["destination-delete"] ? { destinationDelete: true } : {}),
  };
}

async function main(): Promise<void> {
  // The project runs on Node 20 by design (its pinned runtime); the S3 SDK's notice about
  // future releases needing Node 22 is not actionable for emulator users.
  process.env["AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED"] ??= "true";
  let options: ReturnType<typeof parseCli>;
  try {
    options = parseCli(process.argv.slice(2));
  } catch (error) {
    fail((error as Error).message);
  }
  if (options.help) {
    process.stdout.write(USAGE);
    return;
  }
  const emulator = await createEmulator(options);
  const out = (line: string): void => {
    process.stdout.write(`${line}\n`);
  };
  out(`pulumi-langsmith-emulator listening on ${emulator.url}`);
  out(`  control plane: ${emulator.url}/v2 (self-hosted layout: ${emulator.url}/api-host/v2)`);
  out(`  REST API:      ${emulator.url}/api/v1`);
  if (!options.seed) {
    out(`  workspace ${DEFAULT_WORKSPACE_ID}: API key ${DEFAULT_API_KEY}, org key ${DEFAULT_ORG_API_KEY}, bearer ${DEFAULT_BEARER_TOKEN}`);
  }
  if (options.control) out(`  control routes: ${emulator.url}/__emulator/`);
  if (options.dataDir) out(`  state: ${options.dataDir}`);
  out(`ready: ${emulator.url}`);
  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    void emulator.close().then(() => process.exit(0));
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`pulumi-langsmith-emulator: ${(error as Error).message}\n`);
    process.exit(1);
  });
}
