/**
 * Time to ready: how long after the emulator's recorded `DEPLOYED` time each
 * poller's wait returns (detection delay), and how many GETs it spent, for
 * our waiter (with the deployment's history, as on an update, and without,
 * as on a create), the spec's reference client (fixed 60 s, 1800 s cap) and
 * fixed 5 s and 10 s pollers, side by side.
 *
 * Every measured wait (but in the first-revision shape) is for a
 * deployment's sixth revision: {@link HISTORY_REVISIONS} earlier ones, each
 * drawn from the same shape, were made and reached `DEPLOYED` first, one
 * after the other. Our waiter with history waited for each of them as the
 * Deployment provider does (the first with no history, as a create; each
 * next one with the timings the earlier waits recorded, and the service's
 * revision list), so its history is what a deployment updated five times
 * has. The other pollers' earlier revisions are simply left to finish.
 *
 * Two modes, both against the real emulator over HTTP:
 * - `virtual`: emulator and pollers share a {@link VirtualClock}; the full-scale
 *   shapes run in milliseconds (exact timeline, HTTP time not counted), so many
 *   repetitions fit in the budget;
 * - `scaled`: real time, with every step duration, poll interval and start
 *   offset divided by `scaleFactor`, and the three pollers running
 *   concurrently; delays are multiplied back by `scaleFactor`.
 */
import { createEmulator, type Emulator, type StepDurationsMs } from "../packages/emulator/src";
import type { Clock } from "../provider/client/clock";
import type { LangSmithClient } from "../provider/client/client";
import { systemClock } from "../provider/client/clock";
import { mergeTimings, type RevisionTiming } from "../provider/client/revisionTimings";
import { createBenchDeployment, deployedAtMs, emulatorClient, getCount } from "./lib/emulatorClient";
import { seededRandom } from "./lib/random";
import { ADAPTIVE_POLLER, FIXED_10S_POLLER, NO_HISTORY_POLLER, type Poller, POLLERS, REFERENCE_POLLER } from "./lib/readyPollers";
import { deploymentCalls } from "../provider/deployments/deployment/endpoints";
import { HISTORY_REVISIONS, shapeTotalMs, type StepShape, stepsTotalMs } from "./lib/readyShapes";
import { fixed, max, median, percentile, ratio, seconds } from "./lib/stats";
import type { Table } from "./lib/table";
import { VirtualClock } from "./lib/virtualClock";

export * from "./lib/readyPollers";
export * from "./lib/readyShapes";

/** One wait. Times are full scale. */
export interface ReadySample {
  readonly mode: "virtual" | "scaled";
  readonly shape: string;
  readonly poller: string;
  readonly repetition: number;
  readonly startOffsetMs: number;
  /** Wait returned minus recorded `DEPLOYED` time. */
  readonly delayMs: number;
  readonly gets: number;
}

/** Options of {@link runTimeToReady}. */
export interface TimeToReadyOptions {
  readonly mode: "virtual" | "scaled";
  readonly shapes: readonly StepShape[];
  readonly repetitions: number;
  /** Divides every duration in `scaled` mode; ignored (1) in `virtual` mode. */
  readonly scaleFactor: number;
  /** Seed of the start offsets and of the shapes' draws. */
  readonly seed: number;
  /** Repetitions of shapes longer than 5 minutes in `scaled` mode (real time); default `repetitions`. */
  readonly longShapeRepetitions?: number;
  /** Called after each shape (progress). */
  readonly onProgress?: (line: string) => void;
}

function scaleSteps(steps: StepDurationsMs, factor: number): StepDurationsMs {
  const out = { ...steps };
  for (const key of Object.keys(out) as (keyof StepDurationsMs)[]) out[key] = Math.max(1, Math.round(out[key] / factor));
  return out;
}

async function measureOne(
  emulator: Emulator,
  client: LangSmithClient,
  poller: Poller,
  ids: { deploymentId: string; revisionId: string },
  clock: Clock,
  scaleFactor: number,
  history: readonly RevisionTiming[],
): Promise<{ delayMs: number; gets: number }> {
  const before = getCount(emulator, ids.deploymentId);
  await poller.wait(client, ids, clock, scaleFactor, history);
  const returnedAtMs = clock.now();
  return { delayMs: (returnedAtMs - deployedAtMs(emulator, ids.revisionId)) * scaleFactor, gets: getCount(emulator, ids.deploymentId) - before };
}

/** A new revision of `deploymentId` (a PATCH of `repo_ref`), made with the emulator's current timings. */
async function newRevision(client: LangSmithClient, deploymentId: string, ref: string): Promise<{ deploymentId: string; revisionId: string }> {
  const patched = await deploymentCalls.patch(client, deploymentId, { source_revision_config: { repo_ref: ref, langgraph_config_path: "langgraph.json" } });
  if (patched.latest_revision_id === null) throw new Error(`deployment ${deploymentId}: the PATCH made no revision`);
  return { deploymentId, revisionId: patched.latest_revision_id };
}

/** One repetition's draws, shared by every poller: the earlier revisions' steps, the measured one's, and the start offset. */
interface RepetitionPlan {
  readonly earlier: readonly StepDurationsMs[];
  readonly measured: StepDurationsMs;
  readonly startOffsetMs: number;
}

function planRepetition(shape: StepShape, random: () => number): RepetitionPlan {
  const draw = () => (shape.draw !== undefined ? shape.draw(random) : { ...shape.stepDurationsMs });
  const earlier = shape.firstRevision === true ? [] : Array.from({ length: HISTORY_REVISIONS }, draw);
  return { earlier, measured: draw(), startOffsetMs: Math.floor(random() * shape.maxStartOffsetMs) };
}

/**
 * What one poller does in one repetition, on `clock`: the deployment with its
 * earlier revisions (waited for by a poller that learns, else left to finish
 * by `idle`), then the measured revision after the start offset. `make`
 * creates a revision with the given (already scaled) steps: the deployment
 * when `ids` is undefined, a PATCH of it otherwise.
 */
async function runRepetition(
  poller: Poller,
  plan: RepetitionPlan,
  factor: number,
  make: (steps: StepDurationsMs, ids: { deploymentId: string } | undefined, ref: string) => Promise<{ deploymentId: string; revisionId: string }>,
  idle: (ms: number) => Promise<void>,
  measure: (ids: { deploymentId: string; revisionId: string }, history: readonly RevisionTiming[]) => Promise<{ delayMs: number; gets: number }>,
  api: LangSmithClient,
  clock: Clock,
): Promise<{ delayMs: number; gets: number }> {
  let history: RevisionTiming[] = [];
  let ids: { deploymentId: string; revisionId: string } | undefined;
  for (const [k, steps] of plan.earlier.entries()) {
    ids = await make(scaleSteps(steps, factor), ids, `v${k}`);
    if (poller.learns === true) {
      const timing = await poller.wait(api, ids, clock, factor, history);
      if (timing !== undefined) history = mergeTimings([timing], history);
    } else {
      await idle(stepsTotalMs(steps) / factor + 1_000 / factor);
    }
    await idle(30_000 / factor);
  }
  const measuredIds = await make(scaleSteps(plan.measured, factor), ids, "measured");
  await idle(plan.startOffsetMs / factor);
  return measure(measuredIds, history);
}

/** `make` for {@link runRepetition}: sets the emulator's timings and creates the revision, one at a time (timings are global). */
function revisionMaker(emulator: Emulator, client: LangSmithClient, label: string) {
  let queue: Promise<unknown> = Promise.resolve();
  let made = 0;
  return (steps: StepDurationsMs, ids: { deploymentId: string } | undefined, ref: string) => {
    const next = queue.then(async () => {
      emulator.control.setTimings({ stepDurationsMs: steps });
      made += 1;
      return ids === undefined ? createBenchDeployment(client, `${label}-${made}`) : newRevision(client, ids.deploymentId, ref);
    });
    queue = next.catch(() => undefined);
    return next;
  };
}

const slug = (shape: StepShape): string => shape.name.replace(/\W+/g, "-");

async function runVirtualShape(shape: StepShape, options: TimeToReadyOptions, random: () => number): Promise<ReadySample[]> {
  const clock = new VirtualClock(Date.now());
  const emulator = await createEmulator({ now: () => clock.now(), timings: { stepDurationsMs: shape.stepDurationsMs } });
  const client = emulatorClient(emulator, clock);
  const make = revisionMaker(emulator, client, `ttr-v-${slug(shape)}`);
  const samples: ReadySample[] = [];
  try {
    for (let rep = 0; rep < options.repetitions; rep += 1) {
      const plan = planRepetition(shape, random);
      for (const poller of POLLERS) {
        const result = await runRepetition(
          poller,
          plan,
          1,
          make,
          async (ms) => clock.advance(ms),
          (ids, history) => measureOne(emulator, client, poller, ids, clock, 1, history),
          client,
          clock,
        );
        samples.push({ mode: "virtual", shape: shape.name, poller: poller.name, repetition: rep, startOffsetMs: plan.startOffsetMs, ...result });
        clock.advance(10 * 60_000);
      }
    }
  } finally {
    await emulator.close();
  }
  options.onProgress?.(`time-to-ready virtual ${shape.name}: ${options.repetitions} repetitions done`);
  return samples;
}

async function runScaledShape(shape: StepShape, options: TimeToReadyOptions, random: () => number): Promise<ReadySample[]> {
  const factor = options.scaleFactor;
  const repetitions = (shape.maxTotalMs ?? shapeTotalMs(shape)) > 5 * 60_000 ? (options.longShapeRepetitions ?? options.repetitions) : options.repetitions;
  const emulator = await createEmulator({ timings: { stepDurationsMs: scaleSteps(shape.stepDurationsMs, factor) } });
  const client = emulatorClient(emulator);
  const make = revisionMaker(emulator, client, `ttr-s-${slug(shape)}`);
  const plans = Array.from({ length: repetitions }, () => planRepetition(shape, random));
  try {
    // Every repetition and poller at once: each follows its own deployment through its earlier revisions, then the measured one.
    const results = await Promise.all(
      plans.flatMap((plan, rep) =>
        POLLERS.map(async (poller) => {
          const result = await runRepetition(
            poller,
            plan,
            factor,
            make,
            (ms) => systemClock.sleep(ms),
            (ids, history) => measureOne(emulator, client, poller, ids, systemClock, factor, history),
            client,
            systemClock,
          );
          return { mode: "scaled" as const, shape: shape.name, poller: poller.name, repetition: rep, startOffsetMs: plan.startOffsetMs, ...result };
        }),
      ),
    );
    options.onProgress?.(`time-to-ready scaled ${shape.name}: ${repetitions} repetitions done`);
    return results;
  } finally {
    await emulator.close();
  }
}

/** Runs every shape with every poller and returns the raw samples. */
export async function runTimeToReady(options: TimeToReadyOptions): Promise<ReadySample[]> {
  const random = seededRandom(options.seed);
  const samples: ReadySample[] = [];
  for (const shape of options.shapes) {
    samples.push(...(options.mode === "virtual" ? await runVirtualShape(shape, options, random) : await runScaledShape(shape, options, random)));
  }
  return samples;
}

/** Median/max summary of one poller on one shape. */
export interface ReadySummary {
  readonly mode: string;
  readonly shape: string;
  readonly poller: string;
  readonly repetitions: number;
  readonly medianDelayMs: number;
  /** 95th percentile of the delay (nearest rank). */
  readonly p95DelayMs: number;
  readonly maxDelayMs: number;
  readonly medianGets: number;
  /** Mean GETs per wait (all pollers see the same offsets, so this compares totals). */
  readonly meanGets: number;
  readonly maxGets: number;
}

/** Groups samples by mode, shape and poller. */
export function summarizeReady(samples: readonly ReadySample[]): ReadySummary[] {
  const keys = [...new Set(samples.map((s) => `${s.mode}\u0000${s.shape}\u0000${s.poller}`))];
  return keys.map((key) => {
    const [mode, shape, poller] = key.split("\u0000") as [string, string, string];
    const group = samples.filter((s) => s.mode === mode && s.shape === shape && s.poller === poller);
    return {
      mode,
      shape,
      poller,
      repetitions: group.length,
      medianDelayMs: median(group.map((s) => s.delayMs)),
      p95DelayMs: percentile(
        group.map((s) => s.delayMs),
        95,
      ),
      maxDelayMs: max(group.map((s) => s.delayMs)),
      medianGets: median(group.map((s) => s.gets)),
      meanGets: group.reduce((sum, s) => sum + s.gets, 0) / group.length,
      maxGets: max(group.map((s) => s.gets)),
    };
  });
}

/** Targets of the time-to-ready benchmark, for our waiter on every shape and mode. */
export const READY_TARGETS = {
  /** Median detection delay, at most this (milliseconds). */
  maxMedianDelayMs: 500,
  /** 95th percentile of the delay, at most this (milliseconds). */
  maxP95DelayMs: 2_000,
  /** Largest delay, at most this (milliseconds). */
  maxDelayMs: 5_000,
} as const;

/** Our waiter against the targets and the baselines on one mode and shape. */
export interface ReadyVerdict {
  readonly mode: string;
  readonly shape: string;
  /** Our waiter (with history; with none to have on the first revision), in milliseconds. */
  readonly medianDelayMs: number;
  readonly p95DelayMs: number;
  readonly maxDelayMs: number;
  /** Our mean GETs per wait. */
  readonly meanGets: number;
  /** The fixed 10 s poller's mean GETs per wait (target: ours at most this). */
  readonly fixed10sMeanGets: number;
  /** The no-history waiter's median, p95 and largest delay (target: ours no worse on each). */
  readonly noHistory: { readonly medianDelayMs: number; readonly p95DelayMs: number; readonly maxDelayMs: number };
  /** Reference median delay / ours. */
  readonly referenceDelayRatio: number;
  readonly meetsDelay: boolean;
  readonly meetsGets: boolean;
  readonly noWorseThanNoHistory: boolean;
}

/** Ours against the targets and the baselines, per mode and shape. */
export function readyVerdicts(summaries: readonly ReadySummary[]): ReadyVerdict[] {
  const groups = [...new Set(summaries.map((s) => `${s.mode}\u0000${s.shape}`))];
  return groups.flatMap((key) => {
    const [mode, shape] = key.split("\u0000") as [string, string];
    const find = (poller: Poller) => summaries.find((s) => s.mode === mode && s.shape === shape && s.poller === poller.name);
    const ours = find(ADAPTIVE_POLLER);
    const cold = find(NO_HISTORY_POLLER);
    const reference = find(REFERENCE_POLLER);
    const fixed10 = find(FIXED_10S_POLLER);
    if (!ours || !cold || !reference || !fixed10) return [];
    return [
      {
        mode,
        shape,
        medianDelayMs: ours.medianDelayMs,
        p95DelayMs: ours.p95DelayMs,
        maxDelayMs: ours.maxDelayMs,
        meanGets: ours.meanGets,
        fixed10sMeanGets: fixed10.meanGets,
        noHistory: { medianDelayMs: cold.medianDelayMs, p95DelayMs: cold.p95DelayMs, maxDelayMs: cold.maxDelayMs },
        referenceDelayRatio: ratio(reference.medianDelayMs, ours.medianDelayMs),
        meetsDelay:
          ours.medianDelayMs <= READY_TARGETS.maxMedianDelayMs && ours.p95DelayMs <= READY_TARGETS.maxP95DelayMs && ours.maxDelayMs <= READY_TARGETS.maxDelayMs,
        meetsGets: ours.meanGets <= fixed10.meanGets,
        noWorseThanNoHistory: ours.medianDelayMs <= cold.medianDelayMs && ours.p95DelayMs <= cold.p95DelayMs && ours.maxDelayMs <= cold.maxDelayMs,
      },
    ];
  });
}

/** The summary and verdict tables. */
export function readyTables(summaries: readonly ReadySummary[], verdicts: readonly ReadyVerdict[], notes: readonly string[]): Table[] {
  const mark = (met: boolean) => (met ? "met" : "MISSED");
  return [
    {
      title: "Time to ready: detection delay and GETs per wait (full-scale seconds)",
      headers: ["mode", "shape", "poller", "reps", "p50 delay s", "p95 delay s", "max delay s", "median GETs", "mean GETs", "max GETs"],
      rows: summaries.map((s) => [
        s.mode,
        s.shape,
        s.poller,
        String(s.repetitions),
        seconds(s.medianDelayMs),
        seconds(s.p95DelayMs),
        seconds(s.maxDelayMs),
        fixed(s.medianGets, 1),
        fixed(s.meanGets, 2),
        String(s.maxGets),
      ]),
      notes,
    },
    {
      title: "Time to ready: our waiter against the targets",
      headers: [
        "mode",
        "shape",
        "p50 / p95 / max delay s (target <= 0.5 / 2 / 5)",
        "mean GETs: ours vs fixed 10 s (target <=)",
        "no history: p50 / p95 / max s (target: ours no worse)",
        "reference / ours, p50 delay",
        "targets",
      ],
      rows: verdicts.map((v) => [
        v.mode,
        v.shape,
        `${seconds(v.medianDelayMs)} / ${seconds(v.p95DelayMs)} / ${seconds(v.maxDelayMs)}: ${mark(v.meetsDelay)}`,
        `${fixed(v.meanGets, 2)} vs ${fixed(v.fixed10sMeanGets, 2)}: ${mark(v.meetsGets)}`,
        `${seconds(v.noHistory.medianDelayMs)} / ${seconds(v.noHistory.p95DelayMs)} / ${seconds(v.noHistory.maxDelayMs)}: ${mark(v.noWorseThanNoHistory)}`,
        `${fixed(v.referenceDelayRatio, 1)}x`,
        v.meetsDelay && v.meetsGets && v.noWorseThanNoHistory ? "met" : "MISSED",
      ]),
    },
  ];
}
