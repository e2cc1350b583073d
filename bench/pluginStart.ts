/**
 * Plugin start: how long after the engine launches `pulumi-resource-langsmith`
 * it answers its first call. Each run spawns the plugin as the engine does
 * (`node dist/provider/native/main.js <engine address>`), reads the port from
 * its first line of stdout, and sends `GetPluginInfo` (the engine's first
 * call), then `GetSchema` (a call that needs the whole provider loaded).
 * Beside it, in the same run, the floor: spawning `node -e 0` until it exits.
 * Target: the first answered call within {@link PLUGIN_START_TARGET_MS} ms.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import * as providerrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerproto from "@pulumi/pulumi/proto/provider_pb";
import { fixed, max, median, min } from "./lib/stats";
import type { Table } from "./lib/table";

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
  readonly samples: readonly PluginStartSample[];
  /** `node -e 0` from spawn to exit, per run. */
  readonly bareNodeMs: readonly number[];
  readonly medianFirstAnswerMs: number;
  readonly met: boolean;
}

const since = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6;

function unary<Req, Res>(call: (request: Req, callback: (error: grpc.ServiceError | null, response: Res) => void) => unknown, request: Req): Promise<Res> {
  return new Promise((resolve, reject) => {
    call(request, (error, response) => (error ? reject(error) : resolve(response)));
  });
}

async function launchOnce(mainScript: string): Promise<PluginStartSample> {
  const start = process.hrtime.bigint();
  // An engine address nobody listens on: the plugin only dials it to send log lines.
  const child = spawn(process.execPath, [mainScript, "127.0.0.1:9"], { stdio: ["ignore", "pipe", "inherit"] });
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
      return { portMs, firstAnswerMs, schemaMs: since(start) };
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
export async function runPluginStart(options: { readonly repoRoot: string; readonly runs: number; readonly onProgress?: (line: string) => void }): Promise<PluginStartResult> {
  const mainScript = join(options.repoRoot, "dist", "provider", "native", "main.js");
  await launchOnce(mainScript);
  const samples: PluginStartSample[] = [];
  const bareNodeMs: number[] = [];
  for (let run = 0; run < options.runs; run += 1) {
    bareNodeMs.push(await bareNodeOnce());
    samples.push(await launchOnce(mainScript));
  }
  options.onProgress?.(`plugin start: ${options.runs} launches done`);
  const medianFirstAnswerMs = median(samples.map((s) => s.firstAnswerMs));
  return { runs: options.runs, samples, bareNodeMs, medianFirstAnswerMs, met: medianFirstAnswerMs <= PLUGIN_START_TARGET_MS };
}

/** The plugin-start table. */
export function pluginStartTables(result: PluginStartResult): Table[] {
  const row = (label: string, values: readonly number[]): string[] => [label, fixed(median(values), 0), fixed(min(values), 0), fixed(max(values), 0), fixed(median(values) / median(result.bareNodeMs), 2)];
  return [{
    title: "Plugin start: milliseconds from launch",
    headers: ["until", "median ms", "min ms", "max ms", "vs bare node"],
    rows: [
      row("bare `node -e 0` exits (the floor)", result.bareNodeMs),
      row("the plugin prints its port", result.samples.map((s) => s.portMs)),
      row("GetPluginInfo answered (the first call)", result.samples.map((s) => s.firstAnswerMs)),
      row("GetSchema answered (provider loaded)", result.samples.map((s) => s.schemaMs)),
    ],
    notes: [
      `Target: the first call answered within ${PLUGIN_START_TARGET_MS} ms of the launch (median): ${fixed(result.medianFirstAnswerMs, 0)} ms, ${result.met ? "met" : "NOT met"}.`,
      `${result.runs} launches of \`node dist/provider/native/main.js\` (after one warm-up), each alternating with a bare \`node -e 0\`; the plugin loads gRPC and the protocol bindings, prints its port, answers GetPluginInfo, and loads the provider on the first call that needs it (GetSchema here; Configure or Check in an update).`,
    ],
  }];
}
