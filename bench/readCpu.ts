/**
 * Read CPU: what a refresh costs the plugin process alone, per read. The
 * engine's part of a refresh is the same on both plugins; what ours adds is
 * the CPU of its process. Each run launches the plugin from its archive as
 * the engine does, configures it against an emulator holding the estate
 * (projects and datasets, half each), then sends one Read per object, as
 * `pulumi refresh` does (8 at a time, the engine's default parallelism), and
 * reads the plugin's CPU time from /proc before and after the reads. Beside
 * it, in the same run and alternating which goes first, the floor plugin
 * (bench/floorPlugin/: every Read answered with the given state).
 * Target: a read's CPU within {@link READ_CPU_TARGET}x the floor's plus the
 * engine's share (reported, not asserted: tests never assert on time).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import * as providerrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerproto from "@pulumi/pulumi/proto/provider_pb";
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../packages/emulator/src";
import { buildPluginArchives } from "../tests/helpers/nativePlugin";
import { buildFloorPluginArchive, startPluginProcess } from "./lib/floorPlugin";
import { processCpuMs } from "./lib/processTree";
import { fixed, median } from "./lib/stats";
import type { Table } from "./lib/table";
import { unary } from "./lib/grpcUnary";

/** What the issue asks of a refresh's wall time against the floor's (the CPU is its largest part). */
export const READ_CPU_TARGET = 1.2;
/** Reads the engine sends at once (`pulumi refresh --parallel` default, per the engine's step executor). */
const PARALLEL_READS = 8;

/** One object of the estate, as its state records it. */
interface Recorded {
  readonly token: string;
  readonly type: string;
  readonly id: string;
  readonly outputs: Record<string, unknown>;
  readonly inputs: Record<string, unknown>;
}

/** One plugin's run: CPU in milliseconds. */
export interface ReadCpuSample {
  /** From launch until configured. */
  readonly startMs: number;
  /** The reads, all of them. */
  readonly readsMs: number;
}

/** The figures of one run. */
export interface ReadCpuResult {
  readonly objects: number;
  readonly repetitions: number;
  readonly ours: readonly ReadCpuSample[];
  readonly floor: readonly ReadCpuSample[];
  /** Median CPU per read, in milliseconds. */
  readonly oursPerReadMs: number;
  readonly floorPerReadMs: number;
}

/** Creates the estate on the emulator: `count` objects, projects and datasets alternating, recorded as a create would. */
async function seed(emulator: Emulator, count: number): Promise<Recorded[]> {
  const headers = { "x-api-key": DEFAULT_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID, "content-type": "application/json" };
  const recorded: Recorded[] = [];
  for (let i = 0; i < count; i += 1) {
    const project = i % 2 === 0;
    const name = `read-cpu-${i}`;
    const response = await fetch(`${emulator.url}/api/v1/${project ? "sessions" : "datasets"}`, { method: "POST", headers, body: JSON.stringify({ name }) });
    const created = (await response.json()) as { id: string; created_at?: string };
    const token = project ? "langsmith:index:Project" : "langsmith:index:Dataset";
    recorded.push({
      token,
      type: project ? "Project" : "Dataset",
      id: created.id,
      inputs: { name },
      outputs: { name, tenantId: DEFAULT_WORKSPACE_ID, lastOperation: `created ${name}`, stateVersion: 1 },
    });
  }
  return recorded;
}

/** Launches the plugin unpacked in `dir`, configures it, sends every read, and answers its CPU. */
async function runOnce(dir: string, emulator: Emulator, estate: readonly Recorded[]): Promise<ReadCpuSample> {
  const started = await startPluginProcess(dir);
  const pid = started.child.pid as number;
  const client = new providerrpc.ResourceProviderClient(`127.0.0.1:${started.port}`, grpc.credentials.createInsecure());
  try {
    const configure = new providerproto.ConfigureRequest();
    const variables = configure.getVariablesMap();
    variables.set("langsmith:apiUrl", emulator.url);
    variables.set("langsmith:apiKey", DEFAULT_API_KEY);
    variables.set("langsmith:workspaceId", DEFAULT_WORKSPACE_ID);
    await unary(client.configure.bind(client), configure);
    const startMs = processCpuMs(pid) ?? 0;
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < estate.length) {
        const object = estate[next++] as Recorded;
        const request = new providerproto.ReadRequest()
          .setId(object.id)
          .setUrn(`urn:pulumi:bench::read-cpu::${object.token}::${object.type}-${object.id}`)
          .setType(object.token)
          .setProperties(structproto.Struct.fromJavaScript(object.outputs as Record<string, structproto.JavaScriptValue>))
          .setInputs(structproto.Struct.fromJavaScript(object.inputs as Record<string, structproto.JavaScriptValue>));
        const response = await unary<providerproto.ReadRequest, providerproto.ReadResponse>(client.read.bind(client), request);
        if (response.getId() !== object.id) throw new Error(`read of ${object.type} ${object.id} answered id "${response.getId()}"`);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_READS }, worker));
    const endMs = processCpuMs(pid) ?? startMs;
    return { startMs, readsMs: endMs - startMs };
  } finally {
    client.close();
    started.child.kill();
  }
}

/** Runs both plugins `repetitions` times each over an estate of `objects` objects. */
export async function runReadCpu(options: {
  readonly objects: number;
  readonly repetitions: number;
  readonly onProgress?: (line: string) => void;
}): Promise<ReadCpuResult> {
  const work = mkdtempSync(join(tmpdir(), "read-cpu-"));
  const oursDir = join(work, "ours");
  const floorDir = join(work, "floor");
  mkdirSync(oursDir);
  mkdirSync(floorDir);
  const archive = buildPluginArchives(join(work, "archives"), [`linux-${process.arch === "x64" ? "amd64" : process.arch}`]).pop() as string;
  execFileSync("tar", ["-xzf", archive, "-C", oursDir]);
  execFileSync("tar", ["-xzf", buildFloorPluginArchive(join(work, "floor-archive")), "-C", floorDir]);
  const emulator = await createEmulator();
  try {
    const estate = await seed(emulator, options.objects);
    // The first launch of ours writes its code cache, as the first `pulumi` command after an install does.
    await runOnce(oursDir, emulator, estate.slice(0, 10));
    const ours: ReadCpuSample[] = [];
    const floor: ReadCpuSample[] = [];
    for (let repetition = 0; repetition < options.repetitions; repetition += 1) {
      const oursFirst = repetition % 2 === 0;
      for (const which of oursFirst ? ["ours", "floor"] : ["floor", "ours"]) {
        if (which === "ours") ours.push(await runOnce(oursDir, emulator, estate));
        else floor.push(await runOnce(floorDir, emulator, estate));
      }
      options.onProgress?.(`read cpu: repetition ${repetition + 1} of ${options.repetitions} done`);
    }
    return {
      objects: options.objects,
      repetitions: options.repetitions,
      ours,
      floor,
      oursPerReadMs: median(ours.map((sample) => sample.readsMs)) / options.objects,
      floorPerReadMs: median(floor.map((sample) => sample.readsMs)) / options.objects,
    };
  } finally {
    await emulator.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The read-CPU table. */
export function readCpuTables(result: ReadCpuResult): Table[] {
  const row = (label: string, samples: readonly ReadCpuSample[]): string[] => [
    label,
    fixed(median(samples.map((s) => s.startMs)), 0),
    fixed(median(samples.map((s) => s.readsMs)), 0),
    fixed(median(samples.map((s) => s.readsMs)) / result.objects, 3),
  ];
  return [
    {
      title: `Read CPU: the plugin process alone, ${result.objects} reads (${PARALLEL_READS} at a time), median of ${result.repetitions}`,
      headers: ["plugin", "CPU to configured (ms)", "CPU of the reads (ms)", "CPU per read (ms)"],
      rows: [row("ours", result.ours), row("floor", result.floor)],
      notes: [
        `Ours per read: ${fixed(result.oursPerReadMs, 3)} ms against the floor's ${fixed(result.floorPerReadMs, 3)} ms (${fixed(result.oursPerReadMs / result.floorPerReadMs, 2)}x). Each run is a fresh plugin process, as each \`pulumi refresh\` starts one; the estate is projects and datasets, half each, in one workspace of an emulator in the benchmark's process.`,
      ],
    },
  ];
}
