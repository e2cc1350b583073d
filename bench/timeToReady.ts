/**
 * Time to ready: how long after the emulator's recorded `DEPLOYED` time each
 * poller's wait returns (detection delay), and how many GETs it spent, for
 * our waiter (with the deployment's history, as on an update, and without,
 * as on a create), the spec's reference client (fixed 60 s, 1800 s cap) and
 * fixed 5 s and 10 s pollers, side by side.
 *
 * Every measured wait is for a deployment's second revision: the first one
 * is created and left to reach `DEPLOYED` (in the same shape) first, so the
 * service's revision list holds one earlier revision, as on any update.
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
import { DEFAULT_HISTORY_LIMIT, DEFAULT_IDLE_INTERVAL_MS, DETECTION_OFFSET_MS, TIGHT_INTERVAL_MS } from "../provider/client/revisionTimings";
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
  /**
   * When set, each revision's `BUILDING` and `DEPLOYING` durations are drawn
   * uniformly within ± this fraction of the shape's (seeded), so the history
   * does not predict the measured revision exactly; default 0 (exact).
   */
  readonly jitterFraction?: number;
  /** False for shapes measured for information only (no target); default true. */
  readonly targeted?: boolean;
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

/** Build 6 min, deploy 1 min, with 10 s before the build and 5 s awaiting deploy (7 min 15 s in all). */
export const SLOW_BUILD_SHAPE: StepShape = {
  name: "slow build",
  stepDurationsMs: { CREATING: 2_000, QUEUED: 3_000, AWAITING_BUILD: 5_000, BUILDING: 360_000, AWAITING_DEPLOY: 5_000, DEPLOYING: 60_000 },
  maxStartOffsetMs: 60_000,
};

/** The realistic shape with build and deploy durations varying ±10 % from one revision to the next. */
export const REALISTIC_JITTER_SHAPE: StepShape = { ...REALISTIC_SHAPE, name: "realistic ±10 %", jitterFraction: 0.1, targeted: false };

/** Total of a shape's steps, in milliseconds. */
export function shapeTotalMs(shape: StepShape): number {
  return Object.values(shape.stepDurationsMs).reduce((a, b) => a + b, 0);
}

/** A way of waiting for a revision; times are full scale and divided by `scaleFactor`. */
export interface Poller {
  readonly name: string;
  wait(api: LangSmithClient, ids: { deploymentId: string; revisionId: string }, clock: Clock, scaleFactor: number): Promise<void>;
}

/**
 * The provider's waiter as the Deployment provider calls it on an update: default intervals, and the
 * service's revision list read as history (`historyLimit`). The scaled mode divides its fixed times too.
 */
export const ADAPTIVE_POLLER: Poller = {
  name: "ours (history)",
  async wait(api, ids, clock, scaleFactor) {
    await waitForRevision(api.deployments, {
      ...ids,
      clock,
      minIntervalMs: DEFAULT_MIN_INTERVAL_MS / scaleFactor,
      maxIntervalMs: DEFAULT_MAX_INTERVAL_MS / scaleFactor,
      idleIntervalMs: DEFAULT_IDLE_INTERVAL_MS / scaleFactor,
      tightIntervalMs: TIGHT_INTERVAL_MS / scaleFactor,
      detectionOffsetMs: DETECTION_OFFSET_MS / scaleFactor,
      waitTimeoutMs: DEFAULT_WAIT_TIMEOUT_MS / scaleFactor,
      historyLimit: DEFAULT_HISTORY_LIMIT,
    });
  },
};

/** The same waiter with no history, as on a create (the deployment's first revision): the status-based schedule alone. */
export const NO_HISTORY_POLLER: Poller = {
  name: "ours (no history)",
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
/** A fixed 10 s poller: the GET budget of the targets. */
export const FIXED_10S_POLLER = fixedPoller("fixed 10 s", 10_000, 1_800_000);
/** The pollers compared, ours first. */
export const POLLERS: readonly Poller[] = [ADAPTIVE_POLLER, NO_HISTORY_POLLER, REFERENCE_POLLER, FIXED_5S_POLLER, FIXED_10S_POLLER];

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
  /** Seed of the start offsets (and of the jitter of shapes that have one). */
  readonly seed: number;
  /** Repetitions of shapes longer than 5 minutes in `scaled` mode (real time); default `repetitions`. */
  readonly longShapeRepetitions?: number;
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
  const before = getCount(emulator, ids.deploymentId);
  await poller.wait(client, ids, clock, scaleFactor);
  const returnedAtMs = clock.now();
  return { delayMs: (returnedAtMs - deployedAtMs(emulator, ids.revisionId)) * scaleFactor, gets: getCount(emulator, ids.deploymentId) - before };
}

/** The shape's step durations for the next revision: jittered when the shape says so, then divided by `factor`. */
function revisionSteps(shape: StepShape, factor: number, random: () => number): StepDurationsMs {
  const jitter = shape.jitterFraction ?? 0;
  const steps = { ...shape.stepDurationsMs };
  if (jitter > 0) {
    for (const step of ["BUILDING", "DEPLOYING"] as const) steps[step] = Math.round(steps[step] * (1 + jitter * (2 * random() - 1)));
  }
  return scaleSteps(steps, factor);
}

/** A new revision of `deploymentId` (a PATCH of `repo_ref`), made with the emulator's current timings. */
async function newRevision(client: LangSmithClient, deploymentId: string, ref: string): Promise<{ deploymentId: string; revisionId: string }> {
  const patched = await client.deployments.patch(deploymentId, { source_revision_config: { repo_ref: ref, langgraph_config_path: "langgraph.json" } });
  if (patched.latest_revision_id === null) throw new Error(`deployment ${deploymentId}: the PATCH made no revision`);
  return { deploymentId, revisionId: patched.latest_revision_id };
}

async function runVirtualShape(shape: StepShape, options: TimeToReadyOptions, random: () => number): Promise<ReadySample[]> {
  const clock = new VirtualClock(Date.now());
  const emulator = await createEmulator({ now: () => clock.now(), timings: { stepDurationsMs: shape.stepDurationsMs } });
  const client = emulatorClient(emulator, clock);
  const samples: ReadySample[] = [];
  try {
    for (let rep = 0; rep < options.repetitions; rep += 1) {
      const startOffsetMs = Math.floor(random() * shape.maxStartOffsetMs);
      const history = revisionSteps(shape, 1, random);
      const measured = revisionSteps(shape, 1, random);
      for (const poller of POLLERS) {
        // The earlier revision: created and left to reach DEPLOYED.
        emulator.control.setTimings({ stepDurationsMs: history });
        const first = await createBenchDeployment(client, `ttr-v-${shape.name.replace(/\W+/g, "-")}-${rep}-${POLLERS.indexOf(poller)}`);
        clock.advance(shapeTotalMs({ ...shape, stepDurationsMs: history }) + 60_000);
        emulator.control.setTimings({ stepDurationsMs: measured });
        const ids = await newRevision(client, first.deploymentId, "v2");
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
  const repetitions = shapeTotalMs(shape) > 5 * 60_000 ? (options.longShapeRepetitions ?? options.repetitions) : options.repetitions;
  const emulator = await createEmulator({ timings: { stepDurationsMs: revisionSteps(shape, factor, random) } });
  const client = emulatorClient(emulator);
  const samples: ReadySample[] = [];
  try {
    // Every deployment's earlier revision at once, then one wait for all of them to be DEPLOYED.
    const firsts = await Promise.all(
      Array.from({ length: repetitions }, (_, rep) =>
        Promise.all(POLLERS.map((_p, i) => createBenchDeployment(client, `ttr-s-${shape.name.replace(/\W+/g, "-")}-${rep}-${i}`))),
      ),
    );
    await systemClock.sleep(shapeTotalMs(shape) * (1 + (shape.jitterFraction ?? 0)) / factor + 1_000);
    for (let rep = 0; rep < repetitions; rep += 1) {
      const startOffsetMs = Math.floor(random() * shape.maxStartOffsetMs);
      emulator.control.setTimings({ stepDurationsMs: revisionSteps(shape, factor, random) });
      const ids = await Promise.all((firsts[rep] ?? []).map((first) => newRevision(client, first.deploymentId, "v2")));
      await systemClock.sleep(startOffsetMs / factor);
      const results = await Promise.all(
        POLLERS.map((poller, i) => measureOne(emulator, client, poller, ids[i] as { deploymentId: string; revisionId: string }, systemClock, factor)),
      );
      results.forEach((result, i) => {
        samples.push({ mode: "scaled", shape: shape.name, poller: (POLLERS[i] as Poller).name, repetition: rep, startOffsetMs, ...result });
      });
      options.onProgress?.(`time-to-ready scaled ${shape.name}: repetition ${rep + 1}/${repetitions} done`);
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

/** Targets of the time-to-ready benchmark. */
export const READY_TARGETS = {
  /** Our median detection delay with history, at most this (milliseconds). */
  maxMedianDelayMs: 500,
} as const;

/** Whether our waiter meets the targets on one mode and shape. */
export interface ReadyVerdict {
  readonly mode: string;
  readonly shape: string;
  /** Our median delay with history, in milliseconds (target <= 500). */
  readonly medianDelayMs: number;
  /** Our mean GETs per wait with history. */
  readonly meanGets: number;
  /** The fixed 10 s poller's mean GETs per wait (target: ours at most this). */
  readonly fixed10sMeanGets: number;
  /** Reference median delay / ours. */
  readonly referenceDelayRatio: number;
  /** 5 s poller median delay / ours. */
  readonly fixed5sDelayRatio: number;
  /** Our median delay without history, in milliseconds (no target: the create case). */
  readonly noHistoryMedianDelayMs: number;
  readonly meetsDelay: boolean;
  readonly meetsGets: boolean;
  /** False for shapes measured for information only. */
  readonly targeted: boolean;
}

/**
 * Ours against the targets and the baselines, per mode and shape.
 * @param shapes the shapes run, to tell which have targets; default: all have.
 */
export function readyVerdicts(summaries: readonly ReadySummary[], shapes: readonly StepShape[] = []): ReadyVerdict[] {
  const groups = [...new Set(summaries.map((s) => `${s.mode}\u0000${s.shape}`))];
  return groups.flatMap((key) => {
    const [mode, shape] = key.split("\u0000") as [string, string];
    const find = (poller: Poller) => summaries.find((s) => s.mode === mode && s.shape === shape && s.poller === poller.name);
    const ours = find(ADAPTIVE_POLLER);
    const cold = find(NO_HISTORY_POLLER);
    const reference = find(REFERENCE_POLLER);
    const fixed5 = find(FIXED_5S_POLLER);
    const fixed10 = find(FIXED_10S_POLLER);
    if (!ours || !cold || !reference || !fixed5 || !fixed10) return [];
    return [{
      mode,
      shape,
      medianDelayMs: ours.medianDelayMs,
      meanGets: ours.meanGets,
      fixed10sMeanGets: fixed10.meanGets,
      referenceDelayRatio: ratio(reference.medianDelayMs, ours.medianDelayMs),
      fixed5sDelayRatio: ratio(fixed5.medianDelayMs, ours.medianDelayMs),
      noHistoryMedianDelayMs: cold.medianDelayMs,
      meetsDelay: ours.medianDelayMs <= READY_TARGETS.maxMedianDelayMs,
      meetsGets: ours.meanGets <= fixed10.meanGets,
      targeted: shapes.find((s) => s.name === shape)?.targeted !== false,
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
      title: "Time to ready: our waiter (with history) against the targets",
      headers: [
        "mode",
        "shape",
        "median delay s (target <= 0.5)",
        "mean GETs: ours vs fixed 10 s (target <=)",
        "reference / ours, median delay",
        "5 s / ours, median delay",
        "no history: median delay s",
        "targets",
      ],
      rows: verdicts.map((v) => [
        v.mode,
        v.shape,
        `${seconds(v.medianDelayMs)}${v.targeted ? `: ${v.meetsDelay ? "met" : "MISSED"}` : ""}`,
        `${fixed(v.meanGets, 2)} vs ${fixed(v.fixed10sMeanGets, 2)}${v.targeted ? `: ${v.meetsGets ? "met" : "MISSED"}` : ""}`,
        `${fixed(v.referenceDelayRatio, 1)}x`,
        `${fixed(v.fixed5sDelayRatio, 2)}x`,
        seconds(v.noHistoryMedianDelayMs),
        !v.targeted ? "no target (sensitivity)" : v.meetsDelay && v.meetsGets ? "met" : "MISSED",
      ]),
    },
  ];
}
