/** What `npm run bench` runs, and the smaller `--quick` variant used to try the scripts out. */

/** Sizes, repetitions and factors of one benchmark run. */
export interface BenchConfig {
  /** Repetitions per shape in virtual-time mode (cheap: the full-scale timeline runs in milliseconds). */
  readonly virtualRepetitions: number;
  /** Repetitions per shape in scaled real-time mode. */
  readonly scaledRepetitions: number;
  /** Repetitions in scaled real-time mode of shapes longer than 5 minutes (the slow build). */
  readonly scaledLongRepetitions: number;
  /** Durations, intervals and offsets are divided by this in scaled mode. */
  readonly scaleFactor: number;
  /** Stack sizes of the preview/up benchmark. */
  readonly stackSizes: readonly number[];
  /** Repetitions of each preview and no-change up. */
  readonly scaleRepetitions: number;
  /** Deployments in the rate-limit stack. */
  readonly rateLimitDeployments: number;
  /** Requests per second above which the emulator answers 429. */
  readonly rateLimitPerSecond: number;
  /** TagKeys created by the rate-limit benchmark's CRUD run (issue 24: 500). */
  readonly rateLimitCrudResources: number;
  /** Seed of the random start offsets. */
  readonly seed: number;
  /** Launches of the plugin in the start benchmark. */
  readonly pluginStartRuns: number;
  /** Stack sizes of the estate benchmark, in resources (2 % Deployments, the rest CRUD objects). */
  readonly estateSizes: readonly number[];
  /** Repetitions of each estate preview, no-change up and refresh, per plugin and size. */
  readonly estateRepetitions: number;
  /** Stacks of the fleet section (30 objects each, one S3 backend, updated at once). */
  readonly fleetStacks: number;
  /** Objects the read-CPU section reads, per plugin run. */
  readonly readCpuObjects: number;
  /** Runs of each plugin in the read-CPU section. */
  readonly readCpuRepetitions: number;
  /** Files of the source-packing section's generated tree. */
  readonly sourcePackingFiles: number;
  /** Their total size, in bytes. */
  readonly sourcePackingBytes: number;
  /** Timed packings of that tree (the median is reported). */
  readonly sourcePackingRepetitions: number;
  /** No-change previews of the stack shipping that tree, per plugin (the median ratio ours / floor is reported). */
  readonly sourcePreviewRepetitions: number;
}

/** The full run. */
export const FULL_CONFIG: BenchConfig = {
  virtualRepetitions: 100,
  scaledRepetitions: 9,
  scaledLongRepetitions: 3,
  scaleFactor: 10,
  stackSizes: [10, 50, 100],
  scaleRepetitions: 4,
  rateLimitDeployments: 30,
  rateLimitPerSecond: 20,
  rateLimitCrudResources: 500,
  seed: 20_240_909,
  pluginStartRuns: 15,
  estateSizes: [100, 500, 1000],
  estateRepetitions: 3,
  fleetStacks: 10,
  readCpuObjects: 1000,
  readCpuRepetitions: 3,
  sourcePackingFiles: 10_000,
  sourcePackingBytes: 50_000_000,
  sourcePackingRepetitions: 3,
  sourcePreviewRepetitions: 9,
};

/** A quick run to check the scripts (numbers not meant for publication). */
export const QUICK_CONFIG: BenchConfig = {
  ...FULL_CONFIG,
  virtualRepetitions: 10,
  scaledRepetitions: 1,
  scaledLongRepetitions: 1,
  stackSizes: [10],
  scaleRepetitions: 1,
  rateLimitDeployments: 5,
  rateLimitCrudResources: 40,
  pluginStartRuns: 3,
  estateSizes: [20],
  estateRepetitions: 1,
  fleetStacks: 3,
  readCpuObjects: 100,
  readCpuRepetitions: 1,
  sourcePackingFiles: 1_000,
  sourcePackingBytes: 5_000_000,
  sourcePackingRepetitions: 1,
  sourcePreviewRepetitions: 1,
};

/** The benchmark sections. */
export const SECTIONS = ["ttr", "scale", "estate", "rate", "fleet", "install", "start", "reads", "packing"] as const;
/** One benchmark section. */
export type Section = (typeof SECTIONS)[number];
