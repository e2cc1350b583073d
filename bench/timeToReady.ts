/**
 * Time to ready: how long after the emulator's recorded `DEPLOYED` time each
 * poller's wait returns (detection delay), and how many GETs it spent, for
 * our adaptive waiter, the spec's reference client (fixed 60 s, 1800 s cap)
 * and a fixed 5 s poller, side by side.
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
import { DEFAULT_MAX_INTERVAL_MS, DEFAULT_MIN_INTERVAL_MS, DEFAULT_WAIT_TIMEOUT_MS, waitForRevision } from "../provider/client/wait";
import { createBenchDeployment, deployedAtMs, emulatorClient, getCount } from "./lib/emulatorClient";
import { fixedIntervalWait } from "./lib/fixedPoller";
import { seededRandom } from "./lib/random";
import { fixed, max, median, ratio, seconds } from "./lib/stats";
import type { Table } from "./lib/table";
import { VirtualClock } from "./lib/virtualClock";

/** A revision's step durations (full scale) and the range of the pollers' random start offset. */
export interface StepShape {
  readonly name: string;
  readonly stepDurationsMs: StepDurationsMs;
  /** Start offsets are uniform in [0, maxStartOffsetMs). */
  readonly maxStartOffsetMs: number;
}

/** Build 60 s, deploy 15 s, with 10 s before the build and 5 s awaiting deploy (90 s in all). */
export const REALISTIC_SHAPE: StepShape = {
  name: "realistic",
  stepDurationsMs: { CREATING: 2_000, QUEUED: 3_000, AWAITING_BUILD: 5_000, BUILDING: 60_000, AWAITING_DEPLOY: 5_000, DEPLOYING: 15_000 },
  maxStartOffsetMs: 60_000,
};

/** Build 5 s, deploy 3 s, 1 s in each other step (12 s in all). */
export const SHORT_SHAPE: StepShape = {
  name: "short",
  stepDurationsMs: { CREATING: 1_000, QUEUED: 1_000, AWAITING_BUILD: 1_000, BUILDING: 5_000, AWAITING_DEPLOY: 1_000, DEPLOYING: 3_000 },
  maxStartOffsetMs: 5_000,
};

/** A way of waiting for a revision; times are full scale and divided by `scaleFactor`. */
export interface Poller {
  readonly name: string;
  wait(api: LangSmithClient, ids: { deploymentId: string; revisionId: string }, clock: Clock, scaleFactor: number): Promise<void>;
}

/** The provider's waiter with its default intervals. */
export const ADAPTIVE_POLLER: Poller = {
  name: "adaptive (ours)",
  async wait(api, ids, clock, scaleFactor) {
    await waitForRevision(api.deployments, {
      ...ids,
      clock,
      minIntervalMs: DEFAULT_MIN_INTERVAL_MS / scaleFactor,
      maxIntervalMs: DEFAULT_MAX_INTERVAL_MS / scaleFactor,
      waitTimeoutMs: DEFAULT_WAIT_TIMEOUT_MS / scaleFactor,
    });
  },
};

function fixedPoller(name: string, intervalMs: number, waitTimeoutMs: number): Poller {
  return {
    name,
    async wait(api, ids, clock, scaleFactor) {
      const outcome = await fixedIntervalWait(api.deployments, {
        ...ids,
        clock,
        intervalMs: intervalMs / scaleFactor,
        waitTimeoutMs: waitTimeoutMs / scaleFactor,
      });
      if (outcome !== "DEPLOYED") throw new Error(`${name}: revision ${ids.revisionId} ended with ${outcome}`);
    },
  };
}

/** The spec's reference client: fixed 60 s polling, 1800 s cap. */
export const REFERENCE_POLLER = fixedPoller("reference (60 s)", 60_000, 1_800_000);
/** A naive fixed 5 s poller. */
export const FIXED_5S_POLLER = fixedPoller("fixed 5 s", 5_000, 1_800_000);
/** The three pollers compared, ours first. */
export const POLLERS: readonly Poller[] = [ADAPTIVE_POLLER, REFERENCE_POLLER, FIXED_5S_POLLER];

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
  /** Seed of the start offsets. */
  readonly seed: number;
  /** Called after each repetition (progress). */
  readonly onProgress?: (line: string) => void;
}

function scaleSteps(steps: StepDurationsMs, factor: number): StepDurationsMs {
  const out = { ...steps };
  for (const key of Object.keys(out) as (keyof StepDurationsMs)[]) out[key] = Math.round(out[key] / factor);
  return out;
}

async function measureOne(
  emulator: Emulator,
  client: LangSmithClient,
  poller: Poller,
  ids: { deploymentId: string; revisionId: string },
  clock: Clock,
  scaleFactor: number,
): Promise<{ delayMs: number; gets: number }> {
  await poller.wait(client, ids, clock, scaleFactor);
  const returnedAtMs = clock.now();
  return { delayMs: (returnedAtMs - deployedAtMs(emulator, ids.revisionId)) * scaleFactor, gets: getCount(emulator, ids.deploymentId) };
}

async function runVirtualShape(shape: StepShape, options: TimeToReadyOptions, random: () => number): Promise<ReadySample[]> {
  const clock = new VirtualClock(Date.now());
  const emulator = await createEmulator({ now: () => clock.now(), timings: { stepDurationsMs: shape.stepDurationsMs } });
  const client = emulatorClient(emulator, clock);
  const samples: ReadySample[] = [];
  try {
    for (let rep = 0; rep < options.repetitions; rep += 1) {
      const startOffsetMs = Math.floor(random() * shape.maxStartOffsetMs);
      for (const poller of POLLERS) {
        const ids = await createBenchDeployment(client, `ttr-v-${shape.name}-${rep}-${POLLERS.indexOf(poller)}`);
        clock.advance(startOffsetMs);
        const result = await measureOne(emulator, client, poller, ids, clock, 1);
        samples.push({ mode: "virtual", shape: shape.name, poller: poller.name, repetition: rep, startOffsetMs, ...result });
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
  const emulator = await createEmulator({ timings: { stepDurationsMs: scaleSteps(shape.stepDurationsMs, factor) } });
  const client = emulatorClient(emulator);
  const samples: ReadySample[] = [];
  try {
    for (let rep = 0; rep < options.repetitions; rep += 1) {
      const startOffsetMs = Math.floor(random() * shape.maxStartOffsetMs);
      const ids = await Promise.all(POLLERS.map((_, i) => createBenchDeployment(client, `ttr-s-${shape.name}-${rep}-${i}`)));
      await systemClock.sleep(startOffsetMs / factor);
      const results = await Promise.all(
        POLLERS.map((poller, i) => measureOne(emulator, client, poller, ids[i] as { deploymentId: string; revisionId: string }, systemClock, factor)),
      );
      results.forEach((result, i) => {
        samples.push({ mode: "scaled", shape: shape.name, poller: (POLLERS[i] as Poller).name, repetition: rep, startOffsetMs, ...result });
      });
      options.onProgress?.(`time-to-ready scaled ${shape.name}: repetition ${rep + 1}/${options.repetitions} done`);
    }
  } finally {
    await emulator.close();
  }
  return samples;
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
      maxDelayMs: max(group.map((s) => s.delayMs)),
      medianGets: median(group.map((s) => s.gets)),
      meanGets: group.reduce((sum, s) => sum + s.gets, 0) / group.length,
      maxGets: max(group.map((s) => s.gets)),
    };
  });
}

/** Whether our waiter meets the targets on one mode and shape. */
export interface ReadyVerdict {
  readonly mode: string;
  readonly shape: string;
  /** Reference median delay / ours (target >= 20). */
  readonly referenceDelayRatio: number;
  /** 5 s poller median delay / ours (target > 1). */
  readonly fixed5sDelayRatio: number;
  /** 5 s poller mean GETs / ours (target > 1). */
  readonly fixed5sGetRatio: number;
  readonly meetsTargets: boolean;
}

/** Ratios of ours against the two baselines, per mode and shape. */
export function readyVerdicts(summaries: readonly ReadySummary[]): ReadyVerdict[] {
  const groups = [...new Set(summaries.map((s) => `${s.mode}\u0000${s.shape}`))];
  return groups.flatMap((key) => {
    const [mode, shape] = key.split("\u0000") as [string, string];
    const find = (poller: Poller) => summaries.find((s) => s.mode === mode && s.shape === shape && s.poller === poller.name);
    const ours = find(ADAPTIVE_POLLER);
    const reference = find(REFERENCE_POLLER);
    const fixed5 = find(FIXED_5S_POLLER);
    if (!ours || !reference || !fixed5) return [];
    const referenceDelayRatio = ratio(reference.medianDelayMs, ours.medianDelayMs);
    const fixed5sDelayRatio = ratio(fixed5.medianDelayMs, ours.medianDelayMs);
    const fixed5sGetRatio = ratio(fixed5.meanGets, ours.meanGets);
    return [{
      mode,
      shape,
      referenceDelayRatio,
      fixed5sDelayRatio,
      fixed5sGetRatio,
      meetsTargets: referenceDelayRatio >= 20 && fixed5sDelayRatio > 1 && fixed5sGetRatio > 1,
    }];
  });
}

/** The summary and verdict tables. */
export function readyTables(summaries: readonly ReadySummary[], verdicts: readonly ReadyVerdict[], notes: readonly string[]): Table[] {
  return [
    {
      title: "Time to ready: detection delay and GETs per wait (full-scale seconds)",
      headers: ["mode", "shape", "poller", "reps", "median delay s", "max delay s", "median GETs", "mean GETs", "max GETs"],
      rows: summaries.map((s) => [s.mode, s.shape, s.poller, String(s.repetitions), seconds(s.medianDelayMs), seconds(s.maxDelayMs), fixed(s.medianGets, 1), fixed(s.meanGets, 2), String(s.maxGets)]),
      notes,
    },
    {
      title: "Time to ready: our waiter against the targets",
      headers: ["mode", "shape", "reference / ours, median delay (target >= 20)", "5 s / ours, median delay (target > 1)", "5 s / ours, mean GETs (target > 1)", "all met"],
      rows: verdicts.map((v) => [v.mode, v.shape, `${fixed(v.referenceDelayRatio, 1)}x`, `${fixed(v.fixed5sDelayRatio, 2)}x`, `${fixed(v.fixed5sGetRatio, 2)}x`, v.meetsTargets ? "yes" : "no"]),
    },
  ];
}
