/**
 * Preview and no-change up at scale: stacks of N `Deployment` resources, on
 * each provider protocol the package ships (the dynamic provider and the
 * native plugin), against the same stacks of `NoopResource` (the floor set by
 * the engine and Node.js), through the real Pulumi CLI, interleaved so all
 * see the same machine load. Also the provider process's peak RSS during the
 * creating up and the no-change up.
 */
import { createPulumiProject, type PulumiProject } from "../tests/helpers/pulumiProject";
import { startEmulatorStack } from "../tests/helpers/emulatorStack";
import { installNativePlugin } from "../tests/helpers/nativePlugin";
import { stackProgram, type StackKind } from "./lib/programs";
import { fixed, max, median, seconds } from "./lib/stats";
import type { Table } from "./lib/table";
import { timedRun } from "./lib/timedRun";

/** Options of {@link runScale}. */
export interface ScaleOptions {
  /** Stack sizes, e.g. [10, 50, 100]. */
  readonly sizes: readonly number[];
  /** Repetitions of each preview and no-change up. */
  readonly repetitions: number;
  readonly onProgress?: (line: string) => void;
}

/** One timed CLI run. */
export interface ScaleRun {
  readonly kind: StackKind;
  readonly size: number;
  readonly operation: "create up" | "preview" | "no-change up";
  readonly repetition: number;
  readonly wallMs: number;
  /** Peak RSS of the provider process (dynamic or native), in kibibytes, when sampled. */
  readonly providerPeakRssKb?: number;
  /** CPU milliseconds of the run's processes by role, when sampled. */
  readonly cpuMsByRole?: Readonly<Record<string, number>>;
}

const KINDS: readonly StackKind[] = ["Deployment", "NativeDeployment", "NoopResource"];

/** The provider protocols measured against the floor, with the stack kind that uses each. */
export const PROTOCOLS: readonly { readonly protocol: "dynamic" | "native"; readonly kind: StackKind }[] = [
  { protocol: "dynamic", kind: "Deployment" },
  { protocol: "native", kind: "NativeDeployment" },
];
const FLOOR: StackKind = "NoopResource";

/** Creates every stack, then runs previews and no-change ups, rotating which kind goes first. */
export async function runScale(options: ScaleOptions): Promise<ScaleRun[]> {
  const emulatorStack = await startEmulatorStack();
  const projects = new Map<string, PulumiProject>();
  const runs: ScaleRun[] = [];
  const key = (kind: StackKind, size: number) => `${kind}-${size}`;
  try {
    for (const size of options.sizes) {
      for (const kind of KINDS) {
        const project = await createPulumiProject({
          name: `bench-${kind.toLowerCase()}-${size}`,
          program: stackProgram(kind, size, kind === "NativeDeployment" ? `scale-native-${size}` : `scale-${size}`),
          config: emulatorStack.config,
          env: emulatorStack.env,
        });
        projects.set(key(kind, size), project);
        if (kind === "NativeDeployment") await installNativePlugin(project);
        const run = await timedRun(`create up of ${size} ${kind}`, () => project.up(), true);
        runs.push({ kind, size, operation: "create up", repetition: 0, wallMs: run.wallMs, providerPeakRssKb: run.rss?.peakRssKb ?? 0 });
        options.onProgress?.(`scale: created ${size} x ${kind} in ${seconds(run.wallMs, 1)} s`);
      }
    }
    for (let rep = 0; rep < options.repetitions; rep += 1) {
      for (const size of options.sizes) {
        const order = KINDS.map((_, i) => KINDS[(i + rep) % KINDS.length] as StackKind);
        for (const kind of order) {
          const project = projects.get(key(kind, size)) as PulumiProject;
          const preview = await timedRun(`preview of ${size} ${kind}`, () => project.preview(["--expect-no-changes"]), true);
          runs.push({
            kind,
            size,
            operation: "preview",
            repetition: rep,
            wallMs: preview.wallMs,
            providerPeakRssKb: preview.rss?.peakRssKb ?? 0,
            cpuMsByRole: preview.rss?.cpuMsByRole ?? {},
          });
          const up = await timedRun(`no-change up of ${size} ${kind}`, () => project.up(["--expect-no-changes"]), true);
          runs.push({
            kind,
            size,
            operation: "no-change up",
            repetition: rep,
            wallMs: up.wallMs,
            providerPeakRssKb: up.rss?.peakRssKb ?? 0,
            cpuMsByRole: up.rss?.cpuMsByRole ?? {},
          });
        }
      }
      options.onProgress?.(`scale: repetition ${rep + 1}/${options.repetitions} done`);
    }
  } finally {
    for (const project of projects.values()) project.cleanup();
    await emulatorStack.emulator.close();
  }
  return runs;
}

/** Ours (one protocol) against the floor for one size and operation. */
export interface ScaleSummary {
  readonly protocol: (typeof PROTOCOLS)[number]["protocol"];
  readonly size: number;
  readonly operation: ScaleRun["operation"];
  readonly repetitions: number;
  readonly oursMedianMs: number;
  readonly floorMedianMs: number;
  /** Median of the per-repetition ratios ours / floor. */
  readonly medianRatio: number;
  readonly maxRatio: number;
}

/** Pairs each of our runs, per protocol, with the floor run of the same size, operation and repetition (protocols without runs are left out). */
export function summarizeScale(runs: readonly ScaleRun[]): ScaleSummary[] {
  const sizes = [...new Set(runs.map((r) => r.size))];
  const operations: ScaleRun["operation"][] = ["preview", "no-change up", "create up"];
  const measured = PROTOCOLS.filter(({ kind }) => runs.some((r) => r.kind === kind));
  return measured.flatMap(({ protocol, kind }) =>
    sizes.flatMap((size) =>
      operations.map((operation) => {
        const ours = runs.filter((r) => r.size === size && r.operation === operation && r.kind === kind);
        const floor = runs.filter((r) => r.size === size && r.operation === operation && r.kind === FLOOR);
        const ratios = ours.flatMap((o) => {
          const f = floor.find((x) => x.repetition === o.repetition);
          return f ? [o.wallMs / f.wallMs] : [];
        });
        return {
          protocol,
          size,
          operation,
          repetitions: ours.length,
          oursMedianMs: median(ours.map((r) => r.wallMs)),
          floorMedianMs: median(floor.map((r) => r.wallMs)),
          medianRatio: median(ratios),
          maxRatio: max(ratios),
        };
      }),
    ),
  );
}

/**
 * Targets of the scale benchmark (issue 16), as ratios ours / floor: the
 * median preview at every size, the median no-change up at every size, and
 * the provider's peak RSS at 100 resources.
 */
export const SCALE_TARGETS = { preview: 1.05, noChangeUp: 1.1, peakRssAt100: 1.1 } as const;

/** The target of one operation's time ratio, if it has one. */
function timeTarget(operation: ScaleRun["operation"]): number | undefined {
  if (operation === "preview") return SCALE_TARGETS.preview;
  if (operation === "no-change up") return SCALE_TARGETS.noChangeUp;
  return undefined;
}

function verdict(value: number, target: number | undefined): string {
  if (target === undefined) return "-";
  return `<= ${fixed(target)}x: ${value <= target ? "met" : "MISSED"}`;
}

/** Peak RSS of the provider process per protocol, size and operation (the target applies at 100 resources). */
export function rssRows(runs: readonly ScaleRun[]): string[][] {
  const rows: string[][] = [];
  for (const { protocol, kind } of PROTOCOLS) {
    for (const size of [...new Set(runs.map((r) => r.size))]) {
      for (const operation of ["preview", "no-change up", "create up"] as const) {
        const peak = (k: StackKind) =>
          max(runs.filter((r) => r.kind === k && r.size === size && r.operation === operation).map((r) => r.providerPeakRssKb ?? 0));
        const ours = peak(kind);
        const floor = peak(FLOOR);
        if (!(ours > 0) || !(floor > 0)) continue;
        rows.push([
          protocol,
          String(size),
          operation,
          fixed(ours / 1024, 1),
          fixed(floor / 1024, 1),
          `${fixed(ours / floor, 2)}x`,
          size === 100 ? verdict(ours / floor, SCALE_TARGETS.peakRssAt100) : "-",
        ]);
      }
    }
  }
  return rows;
}

/** Median CPU seconds by process role, ours (per protocol) and the floor, per size and operation (where the gap is spent). */
export function cpuRows(runs: readonly ScaleRun[]): string[][] {
  const rows: string[][] = [];
  const roles = [...new Set(runs.flatMap((r) => Object.keys(r.cpuMsByRole ?? {})))].sort();
  for (const { protocol, kind } of PROTOCOLS) {
    for (const size of [...new Set(runs.map((r) => r.size))]) {
      for (const operation of ["preview", "no-change up"] as const) {
        for (const role of roles) {
          const cpu = (k: StackKind) =>
            median(
              runs
                .filter((r) => r.kind === k && r.size === size && r.operation === operation && r.cpuMsByRole !== undefined)
                .map((r) => r.cpuMsByRole?.[role] ?? 0),
            );
          const ours = cpu(kind);
          const floor = cpu(FLOOR);
          if (!Number.isFinite(ours) || (ours === 0 && floor === 0)) continue;
          rows.push([protocol, String(size), operation, role, seconds(ours), seconds(floor), seconds(ours - floor)]);
        }
      }
    }
  }
  return rows;
}

/** The scale and memory tables. */
export function scaleTables(runs: readonly ScaleRun[], notes: readonly string[]): Table[] {
  const summaries = summarizeScale(runs);
  return [
    {
      title: "Preview and up at scale: Deployment stacks on each provider protocol against NoopResource stacks (the floor)",
      headers: ["protocol", "resources", "operation", "runs", "ours median s", "floor median s", "ours / floor (median)", "ours / floor (max)", "target"],
      rows: summaries.map((s) => [
        s.protocol,
        String(s.size),
        s.operation,
        String(s.repetitions),
        seconds(s.oursMedianMs),
        seconds(s.floorMedianMs),
        `${fixed(s.medianRatio)}x`,
        `${fixed(s.maxRatio)}x`,
        verdict(s.medianRatio, timeTarget(s.operation)),
      ]),
      notes,
    },
    {
      title: "Where the time goes: CPU seconds by process (median over runs)",
      headers: ["protocol", "resources", "operation", "process", "Deployment s", "NoopResource s", "difference s"],
      rows: cpuRows(runs),
      notes: [
        "utime + stime of each process below the benchmark, sampled every 100 ms until it exits (up to 0.1 s of a process's last CPU can be missed); roles from command lines.",
      ],
    },
    {
      title: "Peak RSS of the provider process: dynamic provider or native plugin, against the floor's dynamic provider (VmHWM, max over runs)",
      headers: ["protocol", "resources", "operation", "Deployment MiB", "NoopResource MiB", "ratio", "target"],
      rows: rssRows(runs),
    },
  ];
}
