/**
 * An estate at the floor (issue 24): stacks of mixed kinds (2 % Deployments,
 * the rest plain CRUD objects, see lib/estateProgram.ts) on the native SDK,
 * the same program run on our plugin against an emulator and on the floor
 * plugin (bench/floorPlugin/: the same schema, every call answered at once),
 * each from its own PULUMI_HOME, through the real Pulumi CLI. Per size: the
 * creating up (reported), `pulumi preview --expect-no-changes`, a no-change
 * `pulumi up --expect-no-changes` and `pulumi refresh` (wall time, and the API
 * requests the emulator answered during it), ours and the floor interleaved
 * per operation, which goes first alternating per repetition; plus the peak
 * RSS of the plugin process and the CPU time of each process. Every figure is a ratio ours / floor measured in
 * the same run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulatorStack, type EmulatorStack } from "../tests/helpers/emulatorStack";
import { installNativePlugin } from "../tests/helpers/nativePlugin";
import { type CommandResult, createPulumiProject, type PulumiProject } from "../tests/helpers/pulumiProject";
import { estateComposition, estateProgram } from "./lib/estateProgram";
import { FLOOR_PROCESS_MATCH, installFloorPlugin } from "./lib/floorPlugin";
import { RssSampler } from "./lib/rssSampler";
import { fixed, max, median, seconds } from "./lib/stats";
import type { Table } from "./lib/table";

/** Which plugin a run used: ours (`pulumi-resource-langsmith` from this checkout) or the floor plugin. */
export type EstatePlugin = "ours" | "floor";

/** The measured CLI operations. */
export type EstateOperation = "create up" | "preview" | "no-change up" | "refresh";

/** Options of {@link runEstate}. */
export interface EstateOptions {
  /** Stack sizes in resources, e.g. [100, 500, 1000]. */
  readonly sizes: readonly number[];
  /** Repetitions of each preview, no-change up and refresh, per plugin and size. */
  readonly repetitions: number;
  readonly onProgress?: (line: string) => void;
}

/** One timed CLI run. */
export interface EstateRun {
  readonly plugin: EstatePlugin;
  readonly size: number;
  readonly operation: EstateOperation;
  /** 0 for the creating up; 0.. for the others. */
  readonly repetition: number;
  readonly wallMs: number;
  /** Peak RSS (`VmHWM`) of the plugin process, in kibibytes; 0 when none was seen. */
  readonly pluginPeakRssKb: number;
  /** API requests the emulator answered during the run. */
  readonly requests: number;
  /** Of those, the GETs. */
  readonly getRequests: number;
  /** CPU milliseconds by process role (`plugin`, `engine (pulumi CLI)`, `language host`, `program (node)`). */
  readonly cpuMsByRole: Readonly<Record<string, number>>;
}

/** Targets of the estate benchmark: time ratios ours / floor (medians of the per-repetition ratios), requests per resource, RSS over the floor. */
export const ESTATE_TARGETS = {
  /** Most preview time, ours / floor. */
  preview: 1.05,
  /** Most no-change up time, ours / floor. */
  noChangeUp: 1.05,
  /** Most refresh wall time, ours / floor. */
  refreshWall: 1.2,
  /** Most API requests per resource during a refresh. */
  refreshRequestsPerResource: 0.1,
  /** Most plugin peak RSS above the floor plugin's, in MiB. */
  peakRssOverFloorMiB: 30,
} as const;

/** Command line fragment of our plugin's process (its entry point). */
const OURS_PROCESS_MATCH = "provider/native/main.js";
const OPERATIONS: readonly Exclude<EstateOperation, "create up">[] = ["preview", "no-change up", "refresh"];

/** Runs `command`, timing it, sampling the plugin's memory and counting the emulator's answers; throws with the output when it fails. */
async function measured(
  label: string,
  emulator: EmulatorStack["emulator"],
  command: () => Promise<CommandResult>,
): Promise<Omit<EstateRun, "plugin" | "size" | "operation" | "repetition">> {
  emulator.control.clearRequestLog();
  const sampler = new RssSampler([OURS_PROCESS_MATCH, FLOOR_PROCESS_MATCH], { matchedRole: "plugin" });
  sampler.start();
  const startMs = performance.now();
  let result: CommandResult;
  try {
    result = await command();
  } finally {
    sampler.sample();
  }
  const wallMs = performance.now() - startMs;
  const rss = sampler.stop();
  const log = emulator.control.requestLog();
  if (result.code !== 0) throw new Error(`${label} exited with ${result.code}:\n${result.output.slice(-4000)}`);
  return {
    wallMs,
    pluginPeakRssKb: rss.peakRssKb,
    requests: log.length,
    getRequests: log.filter((entry) => entry.method === "GET").length,
    cpuMsByRole: rss.cpuMsByRole,
  };
}

function operationOf(project: PulumiProject, operation: EstateOperation): Promise<CommandResult> {
  if (operation === "create up") return project.up();
  if (operation === "preview") return project.preview(["--expect-no-changes"]);
  if (operation === "no-change up") return project.up(["--expect-no-changes"]);
  return project.refresh();
}

/**
 * For each size, against its own emulator (a workspace holding just that
 * estate): creates the stack on each plugin, then runs the previews,
 * no-change ups and refreshes.
 */
export async function runEstate(options: EstateOptions): Promise<EstateRun[]> {
  const runs: EstateRun[] = [];
  const floorArchiveDir = mkdtempSync(join(tmpdir(), "bench-floor-plugin-"));
  try {
    for (const size of options.sizes) {
      const emulatorStack = await startEmulatorStack();
      const projects = new Map<EstatePlugin, PulumiProject>();
      try {
        for (const plugin of ["ours", "floor"] as const) {
          const project = await createPulumiProject({
            name: `estate-${size}`,
            program: estateProgram(size, `estate-${size}`),
            config: emulatorStack.config,
            env: emulatorStack.env,
          });
          projects.set(plugin, project);
          if (plugin === "ours") await installNativePlugin(project);
          else await installFloorPlugin(project, floorArchiveDir);
          const run = await measured(`create up of the ${size}-resource estate on ${plugin}`, emulatorStack.emulator, () => operationOf(project, "create up"));
          runs.push({ plugin, size, operation: "create up", repetition: 0, ...run });
          options.onProgress?.(`estate: created ${size} resources on ${plugin} in ${seconds(run.wallMs, 1)} s (${run.requests} requests)`);
        }
        for (let rep = 0; rep < options.repetitions; rep += 1) {
          const order: EstatePlugin[] = rep % 2 === 0 ? ["ours", "floor"] : ["floor", "ours"];
          for (const operation of OPERATIONS) {
            for (const plugin of order) {
              const project = projects.get(plugin) as PulumiProject;
              const run = await measured(`${operation} of the ${size}-resource estate on ${plugin}`, emulatorStack.emulator, () =>
                operationOf(project, operation),
              );
              runs.push({ plugin, size, operation, repetition: rep, ...run });
            }
          }
          options.onProgress?.(`estate: ${size} resources, repetition ${rep + 1}/${options.repetitions} done`);
        }
      } finally {
        for (const project of projects.values()) project.cleanup();
        await emulatorStack.emulator.close();
      }
    }
  } finally {
    rmSync(floorArchiveDir, { recursive: true, force: true });
  }
  return runs;
}

/** Ours against the floor for one size and operation. */
export interface EstateSummary {
  readonly size: number;
  readonly operation: EstateOperation;
  /** Repetitions paired (ours with the floor's run of the same repetition). */
  readonly runs: number;
  readonly oursMedianMs: number;
  readonly floorMedianMs: number;
  /** Median of the per-repetition ratios ours / floor. */
  readonly medianRatio: number;
  readonly maxRatio: number;
  /** Median API requests per run, ours (the floor makes none). */
  readonly oursMedianRequests: number;
  /** Median GET requests per run, ours. */
  readonly oursMedianGets: number;
  /** Largest peak RSS of each plugin over the runs, in kibibytes. */
  readonly oursPeakRssKb: number;
  readonly floorPeakRssKb: number;
}

/** Pairs each of our runs with the floor's run of the same size, operation and repetition. */
export function summarizeEstate(runs: readonly EstateRun[]): EstateSummary[] {
  const sizes = [...new Set(runs.map((r) => r.size))];
  const operations: EstateOperation[] = ["create up", ...OPERATIONS];
  return sizes.flatMap((size) =>
    operations.flatMap((operation) => {
      const of = (plugin: EstatePlugin) => runs.filter((r) => r.size === size && r.operation === operation && r.plugin === plugin);
      const ours = of("ours");
      const floor = of("floor");
      if (ours.length === 0 || floor.length === 0) return [];
      const ratios = ours.flatMap((o) => {
        const f = floor.find((x) => x.repetition === o.repetition);
        return f ? [o.wallMs / f.wallMs] : [];
      });
      return [
        {
          size,
          operation,
          runs: ratios.length,
          oursMedianMs: median(ours.map((r) => r.wallMs)),
          floorMedianMs: median(floor.map((r) => r.wallMs)),
          medianRatio: median(ratios),
          maxRatio: max(ratios),
          oursMedianRequests: median(ours.map((r) => r.requests)),
          oursMedianGets: median(ours.map((r) => r.getRequests)),
          oursPeakRssKb: max(ours.map((r) => r.pluginPeakRssKb)),
          floorPeakRssKb: max(floor.map((r) => r.pluginPeakRssKb)),
        },
      ];
    }),
  );
}

function verdict(met: boolean): string {
  return met ? "met" : "MISSED";
}

const mib = (kb: number): number => kb / 1024;

/** Rows of the main table: per size, each measure with ours, the floor, the ratio (or difference), the target and the verdict. */
export function estateRows(summaries: readonly EstateSummary[]): string[][] {
  const rows: string[][] = [];
  const timeTargets: Partial<Record<EstateOperation, number>> = {
    preview: ESTATE_TARGETS.preview,
    "no-change up": ESTATE_TARGETS.noChangeUp,
    refresh: ESTATE_TARGETS.refreshWall,
  };
  for (const size of [...new Set(summaries.map((s) => s.size))]) {
    const at = summaries.filter((s) => s.size === size);
    for (const s of at) {
      const target = timeTargets[s.operation];
      rows.push([
        String(size),
        `${s.operation} s`,
        String(s.runs),
        seconds(s.oursMedianMs),
        seconds(s.floorMedianMs),
        `${fixed(s.medianRatio)}x (max ${fixed(s.maxRatio)}x)`,
        target === undefined ? "-" : `<= ${fixed(target)}x`,
        target === undefined ? "-" : verdict(s.medianRatio <= target),
      ]);
    }
    const refresh = at.find((s) => s.operation === "refresh");
    if (refresh !== undefined) {
      const perResource = refresh.oursMedianRequests / size;
      rows.push([
        String(size),
        "refresh requests per resource",
        String(refresh.runs),
        fixed(perResource, 3),
        "0",
        `${refresh.oursMedianRequests} requests (${refresh.oursMedianGets} GET)`,
        `<= ${ESTATE_TARGETS.refreshRequestsPerResource}`,
        verdict(perResource <= ESTATE_TARGETS.refreshRequestsPerResource),
      ]);
    }
    const peak = (plugin: "oursPeakRssKb" | "floorPeakRssKb") => max(at.filter((s) => s.operation !== "create up").map((s) => s[plugin]));
    const ours = peak("oursPeakRssKb");
    const floor = peak("floorPeakRssKb");
    if (ours > 0 && floor > 0) {
      const over = mib(ours) - mib(floor);
      rows.push([
        String(size),
        "plugin peak RSS MiB (preview, up, refresh)",
        "-",
        fixed(mib(ours), 1),
        fixed(mib(floor), 1),
        `+${fixed(over, 1)} MiB`,
        `<= floor + ${ESTATE_TARGETS.peakRssOverFloorMiB} MiB`,
        verdict(over <= ESTATE_TARGETS.peakRssOverFloorMiB),
      ]);
    }
  }
  return rows;
}

/** Median CPU seconds by process role, ours and the floor, per size and operation (where the gap is spent). */
export function estateCpuRows(runs: readonly EstateRun[]): string[][] {
  const rows: string[][] = [];
  const roles = [...new Set(runs.flatMap((r) => Object.keys(r.cpuMsByRole)))].sort();
  for (const size of [...new Set(runs.map((r) => r.size))]) {
    for (const operation of OPERATIONS) {
      for (const role of roles) {
        const cpu = (plugin: EstatePlugin) =>
          median(runs.filter((r) => r.plugin === plugin && r.size === size && r.operation === operation).map((r) => r.cpuMsByRole[role] ?? 0));
        const ours = cpu("ours");
        const floor = cpu("floor");
        if (!Number.isFinite(ours) || (ours === 0 && floor === 0)) continue;
        rows.push([String(size), operation, role, seconds(ours), seconds(floor), seconds(ours - floor)]);
      }
    }
  }
  return rows;
}

/** The estate tables: ours against the floor per size and measure, the API requests and memory per operation, and CPU by process. */
export function estateTables(runs: readonly EstateRun[], notes: readonly string[]): Table[] {
  const summaries = summarizeEstate(runs);
  const sizes = [...new Set(runs.map((r) => r.size))];
  const composition = sizes.map((size) => {
    const counts = estateComposition(size);
    return `${size} = ${Object.entries(counts)
      .map(([kind, count]) => `${count} ${kind}`)
      .join(", ")}`;
  });
  return [
    {
      title: "Estate: mixed stacks on our plugin against the floor plugin (same schema, every call answered at once), same run",
      headers: ["resources", "measure", "runs", "ours", "floor", "ours / floor (median of runs)", "target", "verdict"],
      rows: estateRows(summaries),
      notes: [`Stacks: ${composition.join("; ")}.`, ...notes],
    },
    {
      title: "Estate: API requests the emulator answered and plugin peak RSS, per operation (ours; the floor plugin makes no request)",
      headers: ["resources", "operation", "requests (median)", "GET (median)", "per resource", "ours peak RSS MiB", "floor peak RSS MiB"],
      rows: summaries.map((s) => [
        String(s.size),
        s.operation,
        String(s.oursMedianRequests),
        String(s.oursMedianGets),
        fixed(s.oursMedianRequests / s.size, 3),
        fixed(mib(s.oursPeakRssKb), 1),
        fixed(mib(s.floorPeakRssKb), 1),
      ]),
    },
    {
      title: "Estate: where the time goes, CPU seconds by process (median over runs), ours and the floor",
      headers: ["resources", "operation", "process", "ours s", "floor s", "difference s"],
      rows: estateCpuRows(runs),
      notes: [
        "utime + stime of each process below the benchmark, sampled every 100 ms until it exits (up to 0.1 s of a process's last CPU can be missed); plugin = our plugin or the floor plugin, the other roles from command lines. The emulator runs inside the benchmark's own process and is not counted.",
      ],
    },
  ];
}
