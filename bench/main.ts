/**
 * Entry point of `npm run bench` (scripts/bench.sh compiles bench/ first):
 * runs the sections, prints every table, and writes bench/results/latest.md
 * and latest.json (or bench/results/tmp/ for --quick and partial runs).
 *
 * Arguments: `--quick` (small sizes, to try the scripts), `--only ttr,scale,estate,rate,fleet,install,start,reads,packing`.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import type globalSetupFunction from "../tests/e2e/globalSetup";
import globalTeardown from "../tests/e2e/globalTeardown";
import { toolPaths } from "../tests/helpers/tools";
import { type BenchConfig, FULL_CONFIG, QUICK_CONFIG, type Section, SECTIONS } from "./config";
import { estateTables, ESTATE_TARGETS, runEstate } from "./estate";
import { fleetTables, runFleetBench } from "./fleet";
import { installFootprintTables, runInstallFootprint } from "./installFootprint";
import { pluginStartTables, runPluginStart } from "./pluginStart";
import { readCpuTables, runReadCpu } from "./readCpu";
import { describeMachine } from "./lib/machine";
import { type BenchReport, writeReport } from "./lib/results";
import { renderTable, type Table } from "./lib/table";
import { rateLimitTables, runCrudRateLimit, runRateLimit } from "./rateLimit";
import { runScale, scaleTables } from "./scale";
import { runSourcePacking, sourcePackingTables } from "./sourcePacking";
import { runSourcePreview, sourcePreviewTables } from "./sourcePreview";
import {
  readyTables,
  HISTORY_REVISIONS,
  READY_SHAPES,
  readyVerdicts,
  REALISTIC_SHAPE,
  runTimeToReady,
  SHORT_SHAPE,
  SLOW_BUILD_SHAPE,
  type StepShape,
  summarizeReady,
} from "./timeToReady";

/** The repository root (this file runs from dist-bench/bench/). */
const repoRoot = join(__dirname, "..", "..");

function log(line: string): void {
  process.stderr.write(`bench: ${line}\n`);
}

function parseArgs(argv: readonly string[]): { config: BenchConfig; quick: boolean; sections: Section[] } {
  const quick = argv.includes("--quick");
  const onlyIndex = argv.indexOf("--only");
  const only = onlyIndex >= 0 ? (argv[onlyIndex + 1] ?? "").split(",") : [...SECTIONS];
  const sections = SECTIONS.filter((s) => only.includes(s));
  if (sections.length === 0) throw new Error(`--only takes a comma-separated list of: ${SECTIONS.join(", ")}`);
  return { config: quick ? QUICK_CONFIG : FULL_CONFIG, quick, sections };
}

/**
 * The e2e global setup (build, npm pack, install into a program root), loaded
 * from its separately compiled copy in dist-bench/e2e/ (see scripts/bench.sh):
 * it locates the repository two directories above its own file.
 */
async function prepareProgramRoot(): Promise<void> {
  const loaded = (await import(join(__dirname, "..", "e2e", "globalSetup.js"))) as { default: typeof globalSetupFunction };
  await loaded.default();
}

async function timeToReadySection(config: BenchConfig, data: Record<string, unknown>): Promise<Table[]> {
  const common = { seed: config.seed, onProgress: log, shapes: READY_SHAPES };
  const virtualSamples = await runTimeToReady({ ...common, mode: "virtual", repetitions: config.virtualRepetitions, scaleFactor: 1 });
  const scaledSamples = await runTimeToReady({
    ...common,
    mode: "scaled",
    repetitions: config.scaledRepetitions,
    longShapeRepetitions: config.scaledLongRepetitions,
    scaleFactor: config.scaleFactor,
  });
  const samples = [...virtualSamples, ...scaledSamples];
  const summaries = summarizeReady(samples);
  const verdicts = readyVerdicts(summaries);
  data["timeToReady"] = {
    shapes: READY_SHAPES.map((shape) => shape.name),
    historyRevisions: HISTORY_REVISIONS,
    scaleFactor: config.scaleFactor,
    summaries,
    verdicts,
    samples,
  };
  const steps = (shape: StepShape) =>
    Object.entries(shape.stepDurationsMs)
      .map(([step, ms]) => `${step} ${ms / 1000} s`)
      .join(", ");
  return readyTables(summaries, verdicts, [
    `Shapes (full scale): realistic = ${steps(REALISTIC_SHAPE)}; short = ${steps(SHORT_SHAPE)}; slow build = ${steps(SLOW_BUILD_SHAPE)}. Drawn per revision (seeded): realistic ±10 % and ±30 % = every step uniform within that fraction of its realistic duration; log-normal σ 0.5 = every step log-normal with the realistic duration as its median; bimodal = the realistic shape with BUILDING 40 s (70 %, a cache hit) or 150 s (30 %, a miss); first revision = the realistic shape measured on the deployment's first revision (a create: no history).`,
    `Each measured wait (but the first revision's) is for a deployment's revision ${HISTORY_REVISIONS + 1}: ${HISTORY_REVISIONS} earlier revisions drawn from the same shape were made and reached DEPLOYED first. Ours (history) waited for each of them as the Deployment provider does, recording their timings (total, deploy tail, DEPLOYING step), and reads the service's revision list; the other pollers' earlier revisions were left to finish.`,
    `Each repetition starts polling at a random offset after the measured revision was made, uniform in [0, 60 s) ([0, 5 s) for the short shape; seed ${config.seed}); all pollers share the offset and the draws of their repetition.`,
    "Pollers: ours (history) = provider/client/wait.ts waitForRevision as the Deployment provider calls it; ours (no history) = the same without history (the status-based schedule); reference = GET every 60 s, 1800 s cap; fixed 5 s / 10 s = GET every 5 s / 10 s. GETs = every GET the emulator answered for that deployment during the measured wait.",
    "virtual: the emulator and the poller share a virtual clock that advances only when the poller sleeps, so the full-scale timeline is replayed exactly (HTTP time not counted).",
    `scaled: real time; step durations, poll intervals and offsets divided by ${config.scaleFactor}, every repetition and poller running concurrently against one emulator; delays multiplied back by ${config.scaleFactor} (HTTP latency and timer lateness are magnified by the same factor); ${config.scaledLongRepetitions} repetitions of shapes longer than 5 minutes.`,
  ]);
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const startMs = performance.now();
  const { config, quick, sections } = parseArgs(process.argv.slice(2));
  const tables: Table[] = [];
  const data: Record<string, unknown> = { config };
  const needsCli = ["scale", "estate", "rate", "fleet", "packing"].some((section) => sections.includes(section as Section));
  let pulumiBinDir: string | undefined;
  if (needsCli) {
    pulumiBinDir = toolPaths().pulumiBinDir;
    log("building, packing and installing the package into a program root");
    await prepareProgramRoot();
  }
  try {
    if (sections.includes("ttr")) {
      log("time to ready");
      tables.push(...(await timeToReadySection(config, data)));
    }
    if (sections.includes("scale")) {
      log("preview and up at scale");
      // BENCH_STACK_SIZES (e.g. "100") runs only some sizes, for a targeted re-run.
      const sizes =
        process.env["BENCH_STACK_SIZES"]
          ?.split(",")
          .map(Number)
          .filter((n) => n > 0) ?? config.stackSizes;
      const runs = await runScale({ sizes, repetitions: config.scaleRepetitions, onProgress: log });
      data["scale"] = runs;
      tables.push(
        ...scaleTables(runs, [
          "Same machine, same run: each repetition runs the preview and the no-change up of the three kinds back to back (dynamic Deployment, native Deployment, NoopResource), rotating which kind goes first; ratios are per repetition.",
          "Stacks are created first (create up, once, against the emulator's fast timings); preview and up run with --expect-no-changes. Deployment stacks carry one secret each. dynamic = `pulumi-langsmith/dynamic`; native = `pulumi-langsmith` (the generated classes) on the plugin installed with `pulumi plugin install --file`.",
          "Targets: preview <= 1.05x and no-change up <= 1.10x the floor (median of the per-repetition ratios) at every size, for each protocol; provider peak RSS <= 1.10x the floor at 100 resources. The floor is NoopResource on the dynamic provider (no resource can cost the engine less).",
        ]),
      );
    }
    if (sections.includes("estate")) {
      log("estate: mixed stacks on our plugin and on the floor plugin");
      // BENCH_ESTATE_SIZES (e.g. "100") and BENCH_ESTATE_REPETITIONS run a part, for a targeted re-run.
      const sizes =
        process.env["BENCH_ESTATE_SIZES"]
          ?.split(",")
          .map(Number)
          .filter((n) => n > 0) ?? config.estateSizes;
      const repetitions = Number(process.env["BENCH_ESTATE_REPETITIONS"] ?? "") || config.estateRepetitions;
      const runs = await runEstate({ sizes, repetitions, onProgress: log });
      data["estate"] = runs;
      tables.push(
        ...estateTables(runs, [
          "Same machine, same run, same program (`pulumi-langsmith`, the native SDK): on our plugin against an emulator (one per size: a workspace holding just that estate), and on the floor plugin (bench/floorPlugin/: the real plugin's schema, name and version, every call answered at once, no API call), each installed with `pulumi plugin install --file` into its project's own PULUMI_HOME.",
          `Per repetition (${repetitions}) and operation, ours and the floor run back to back, which goes first alternating; ratios are per repetition. preview and up run with --expect-no-changes; refresh is \`pulumi refresh --yes --skip-preview\` (one pass of reads). Requests = every API request the emulator answered during the run (its request log).`,
          `Targets: preview <= ${ESTATE_TARGETS.preview}x, no-change up <= ${ESTATE_TARGETS.noChangeUp}x, refresh wall <= ${ESTATE_TARGETS.refreshWall}x the floor; refresh requests <= ${ESTATE_TARGETS.refreshRequestsPerResource} per resource; plugin peak RSS (VmHWM, max over preview, up and refresh) <= the floor plugin's + ${ESTATE_TARGETS.peakRssOverFloorMiB} MiB. The creating up is reported, without a target.`,
        ]),
      );
    }
    if (sections.includes("rate")) {
      log("rate limits");
      const crud = await runCrudRateLimit({ resources: config.rateLimitCrudResources, requestsPerSecond: config.rateLimitPerSecond, onProgress: log });
      const runs = await runRateLimit({ deployments: config.rateLimitDeployments, requestsPerSecond: config.rateLimitPerSecond, onProgress: log });
      data["rateLimit"] = runs;
      data["rateLimitCrud"] = crud;
      tables.push(
        ...rateLimitTables(
          runs,
          config.rateLimitDeployments,
          [
            `Revisions use the short shape at full scale (${Object.values(SHORT_SHAPE.stepDurationsMs).reduce((a, b) => a + b, 0) / 1000} s to DEPLOYED) and the provider's default poll intervals; the emulator answers 429 with Retry-After above the limit (sliding one-second window).`,
          ],
          crud,
        ),
      );
    }
    if (sections.includes("fleet")) {
      log("fleet: stacks on an S3 backend under one rate limit");
      const fleet = await runFleetBench({ stacks: config.fleetStacks, requestsPerSecond: config.rateLimitPerSecond, onProgress: log });
      data["fleet"] = fleet;
      tables.push(...fleetTables(fleet));
    }
    if (sections.includes("start")) {
      log("plugin start");
      execFileSync("npm", ["run", "--silent", "build"], { cwd: repoRoot, stdio: ["ignore", "ignore", "inherit"] });
      const start = await runPluginStart({ repoRoot, runs: config.pluginStartRuns, onProgress: log });
      data["pluginStart"] = start;
      tables.push(...pluginStartTables(start));
    }
    if (sections.includes("reads")) {
      log("read cpu: the plugin process alone, ours and the floor");
      if (!sections.includes("start")) execFileSync("npm", ["run", "--silent", "build"], { cwd: repoRoot, stdio: ["ignore", "ignore", "inherit"] });
      const reads = await runReadCpu({ objects: config.readCpuObjects, repetitions: config.readCpuRepetitions, onProgress: log });
      data["readCpu"] = reads;
      tables.push(...readCpuTables(reads));
    }
    if (sections.includes("packing")) {
      log("source packing: list, hash and archive a generated tree");
      const packing = await runSourcePacking({
        files: config.sourcePackingFiles,
        totalBytes: config.sourcePackingBytes,
        repetitions: config.sourcePackingRepetitions,
        seed: config.seed,
        onProgress: log,
      });
      data["sourcePacking"] = packing;
      tables.push(...sourcePackingTables(packing));
      log("source preview: the no-change preview of one source deployment, ours and the floor");
      const preview = await runSourcePreview({
        files: config.sourcePackingFiles,
        totalBytes: config.sourcePackingBytes,
        repetitions: config.sourcePreviewRepetitions,
        seed: config.seed,
        onProgress: log,
      });
      data["sourcePreview"] = preview;
      tables.push(...sourcePreviewTables(preview));
    }
    if (sections.includes("install")) {
      log("install footprint");
      const footprint = runInstallFootprint({ repoRoot, onProgress: log, keep: process.env["BENCH_KEEP_FOOTPRINT"] === "1" });
      data["installFootprint"] = footprint;
      tables.push(...installFootprintTables(footprint));
    }
  } finally {
    if (needsCli) await globalTeardown();
  }
  for (const table of tables) process.stdout.write(`${renderTable(table)}\n\n`);
  const partial = quick || sections.length < SECTIONS.length;
  const report: BenchReport = {
    command: process.env["BENCH_COMMAND"] ?? `node dist-bench/bench/main.js ${process.argv.slice(2).join(" ")}`.trim(),
    startedAt: startedAt.toISOString(),
    totalSeconds: (performance.now() - startMs) / 1000,
    machine: describeMachine(pulumiBinDir ?? safePulumiBinDir()),
    tables,
    data,
  };
  const dir = join(repoRoot, "bench", "results", ...(partial ? ["tmp"] : []));
  writeReport(report, dir, repoRoot);
  log(`done in ${report.totalSeconds.toFixed(0)} s; results in bench/results/${partial ? "tmp/" : ""}latest.md and latest.json`);
}

function safePulumiBinDir(): string | undefined {
  try {
    return toolPaths().pulumiBinDir;
  } catch {
    return undefined;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
