/**
 * Plugin start: how long after the engine launches `pulumi-resource-langsmith`
 * it answers its first call. The plugin is this machine's archive, built and
 * unpacked as the engine installs it; each run spawns its launcher as the
 * engine does (`pulumi-resource-langsmith <engine address>`, which execs node
 * on `dist/provider/native/main.js`), reads the port from its first line of
 * stdout, and sends `GetPluginInfo` (the engine's first call), then
 * `GetSchema` (a call that needs the whole provider loaded). The first
 * launch, which finds no code cache and writes one, is reported apart.
 * Beside it, in the same run, the floor: spawning `node -e 0` until it exits.
 * Target: the first answered call within {@link PLUGIN_START_TARGET_MS} ms.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import * as providerrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerproto from "@pulumi/pulumi/proto/provider_pb";
import { cacheFile } from "../provider/native/codeCache";
import { buildPluginArchives } from "../tests/helpers/nativePlugin";
import { fixed, max, median, min } from "./lib/stats";
import type { Table } from "./lib/table";
import { unary } from "./lib/grpcUnary";

/** Most milliseconds from launch to the first answered call. */
export const PLUGIN_START_TARGET_MS = 150;

/** One launch, in milliseconds since the spawn. */
export interface PluginStartSample {
  /** The port line read from stdout. */
  readonly portMs: number;
  /** `GetPluginInfo` answered: the first answered call. */
  readonly firstAnswerMs: number;
  /** `GetSchema` answered (sent after the first answer): the provider fully loaded. */
  readonly schemaMs: number;
}

/** The figures of one run. */
export interface PluginStartResult {
  readonly runs: number;
  /** The first launch, which compiles without a code cache and writes it. */
  readonly firstStart: PluginStartSample;
  /** The launches after it, which start from the cache. */
  readonly samples: readonly PluginStartSample[];
  /** `node -e 0` from spawn to exit, per run. */
  readonly bareNodeMs: readonly number[];
  readonly medianFirstAnswerMs: number;
  readonly met: boolean;
}

const since = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6;

async function launchOnce(launcher: string, stayUntil: () => boolean = () => true): Promise<PluginStartSample> {
  const start = process.hrtime.bigint();
  // An engine address nobody listens on: the plugin only dials it to send log lines.
  const child = spawn(launcher, ["127.0.0.1:9"], { stdio: ["ignore", "pipe", "inherit"] });
  try {
    const port = await new Promise<string>((resolve, reject) => {
      let buffered = "";
      child.stdout.on("data", (chunk: Buffer) => {
        buffered += chunk.toString();
        const line = buffered.split("\n")[0];
        if (buffered.includes("\n") && line !== undefined) resolve(line.trim());
      });
      child.once("exit", (code) => reject(new Error(`the plugin exited with ${code} before printing its port`)));
    });
    const portMs = since(start);
    const client = new providerrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    try {
      await unary(client.getPluginInfo.bind(client), new emptyproto.Empty());
      const firstAnswerMs = since(start);
      await unary(client.getSchema.bind(client), new providerproto.GetSchemaRequest().setVersion(0));
      const schemaMs = since(start);
      for (let waited = 0; !stayUntil() && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      return { portMs, firstAnswerMs, schemaMs };
    } finally {
      client.close();
    }
  } finally {
    child.kill();
  }
}

async function bareNodeOnce(): Promise<number> {
  const start = process.hrtime.bigint();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", "0"], { stdio: "ignore" });
    child.once("exit", () => resolve());
    child.once("error", reject);
  });
  return since(start);
}

/** Launches the built plugin `runs` times (after one warm-up launch), alternating with the bare-node floor. */
export async function runPluginStart(options: {
  readonly repoRoot: string;
  readonly runs: number;
  readonly onProgress?: (line: string) => void;
}): Promise<PluginStartResult> {
  const work = mkdtempSync(join(tmpdir(), "plugin-start-"));
  const pluginDir = join(work, "plugin");
  mkdirSync(pluginDir);
  const archive = buildPluginArchives(join(work, "archives"), [`linux-${process.arch === "x64" ? "amd64" : process.arch}`]).pop() as string;
  execFileSync("tar", ["-xzf", archive, "-C", pluginDir]);
  const launcher = join(pluginDir, "pulumi-resource-langsmith");
  // The first launch compiles the bundle and writes the code cache (it stays until the cache is there).
  const cache = cacheFile(join(pluginDir, "dist", "provider", "native"));
  const firstStart = await launchOnce(launcher, () => existsSync(cache));
  const samples: PluginStartSample[] = [];
  const bareNodeMs: number[] = [];
  for (let run = 0; run < options.runs; run += 1) {
    bareNodeMs.push(await bareNodeOnce());
    samples.push(await launchOnce(launcher));
  }
  rmSync(work, { recursive: true, force: true });
  options.onProgress?.(`plugin start: ${options.runs} launches done`);
  const medianFirstAnswerMs = median(samples.map((s) => s.firstAnswerMs));
  return { runs: options.runs, firstStart, samples, bareNodeMs, medianFirstAnswerMs, met: medianFirstAnswerMs <= PLUGIN_START_TARGET_MS };
}

/** The plugin-start table. */
export function pluginStartTables(result: PluginStartResult): Table[] {
  const row = (label: string, values: readonly number[]): string[] => [
    label,
    fixed(median(values), 0),
    fixed(min(values), 0),
    fixed(max(values), 0),
    fixed(median(values) / median(result.bareNodeMs), 2),
  ];
  return [
    {
      title: "Plugin start: milliseconds from launch",
      headers: ["until", "median ms", "min ms", "max ms", "vs bare node"],
      rows: [
        row("bare `node -e 0` exits (the floor)", result.bareNodeMs),
        row(
          "the plugin prints its port",
          result.samples.map((s) => s.portMs),
        ),
        row(
          "GetPluginInfo answered (the first call)",
          result.samples.map((s) => s.firstAnswerMs),
        ),
        row(
          "GetSchema answered (provider loaded)",
          result.samples.map((s) => s.schemaMs),
        ),
        row("first launch (no code cache yet): GetPluginInfo answered", [result.firstStart.firstAnswerMs]),
        row("first launch (no code cache yet): GetSchema answered", [result.firstStart.schemaMs]),
      ],
      notes: [
        `Target: the first call answered within ${PLUGIN_START_TARGET_MS} ms of the launch (median): ${fixed(result.medianFirstAnswerMs, 0)} ms, ${result.met ? "met" : "NOT met"}.`,
        `${result.runs} launches of the archive's launcher (after a first launch that writes the code cache), each alternating with a bare \`node -e 0\`; the plugin compiles its bundle (from the cache), prints its port, answers GetPluginInfo, and loads the provider on the first call that needs it (GetSchema here; Configure or Check in an update).`,
      ],
    },
  ];
}
