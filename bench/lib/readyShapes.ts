/** The revision shapes the time-to-ready benchmark draws from: each step's duration (full scale), fixed or drawn per revision. */
import type { StepDurationsMs } from "../../packages/emulator/src";
/** A revision's step durations (full scale) and the range of the pollers' random start offset. */
export interface StepShape {
  readonly name: string;
  /** The nominal step durations (those of a shape with no variance). */
  readonly stepDurationsMs: StepDurationsMs;
  /** Start offsets are uniform in [0, maxStartOffsetMs). */
  readonly maxStartOffsetMs: number;
  /** Draws one revision's step durations (seeded); default: the nominal ones. */
  readonly draw?: (random: () => number) => StepDurationsMs;
  /** True when the measured revision is the deployment's first: no history at all (a create). */
  readonly firstRevision?: boolean;
  /** Longest total a drawn revision may take, in milliseconds (for the scaled mode's sleeps); default the nominal total. */
  readonly maxTotalMs?: number;
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

/** Every step of `nominal`, each multiplied by `factor(random)`. */
function everyStep(nominal: StepDurationsMs, factor: (random: () => number) => number): (random: () => number) => StepDurationsMs {
  return (random) => {
    const out = { ...nominal };
    for (const step of Object.keys(out) as (keyof StepDurationsMs)[]) out[step] = Math.max(1, Math.round(out[step] * factor(random)));
    return out;
  };
}

/** The realistic shape with every step drawn uniformly within ± `fraction` of its nominal duration, per revision. */
export function uniformNoiseShape(fraction: number): StepShape {
  return {
    ...REALISTIC_SHAPE,
    name: `realistic ±${Math.round(fraction * 100)} %`,
    draw: everyStep(REALISTIC_SHAPE.stepDurationsMs, (random) => 1 + fraction * (2 * random() - 1)),
    maxTotalMs: Math.ceil(shapeTotalMs(REALISTIC_SHAPE) * (1 + fraction)),
  };
}

/** A standard normal draw (Box-Muller) from two uniform ones. */
function standardNormal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** The realistic shape with every step log-normal around its nominal duration (median = nominal, σ = `sigma`), per revision. */
export function logNormalShape(sigma: number): StepShape {
  return {
    ...REALISTIC_SHAPE,
    name: `realistic log-normal σ ${sigma}`,
    draw: everyStep(REALISTIC_SHAPE.stepDurationsMs, (random) => Math.exp(sigma * standardNormal(random))),
    maxTotalMs: Math.ceil(shapeTotalMs(REALISTIC_SHAPE) * Math.exp(4 * sigma)),
  };
}

/** The realistic shape whose build takes 40 s (a cache hit, 70 %) or 150 s (a miss, 30 %). */
export const BIMODAL_SHAPE: StepShape = {
  ...REALISTIC_SHAPE,
  name: "bimodal build (40 s / 150 s)",
  draw: (random) => ({ ...REALISTIC_SHAPE.stepDurationsMs, BUILDING: random() < 0.7 ? 40_000 : 150_000 }),
  maxTotalMs: shapeTotalMs(REALISTIC_SHAPE) + 90_000,
};

/** The realistic shape, measured on the deployment's first revision: nothing to predict from. */
export const FIRST_REVISION_SHAPE: StepShape = { ...REALISTIC_SHAPE, name: "first revision (realistic)", firstRevision: true };

/** Every shape the benchmark measures, in table order. */
export const READY_SHAPES: readonly StepShape[] = [
  REALISTIC_SHAPE,
  SHORT_SHAPE,
  SLOW_BUILD_SHAPE,
  uniformNoiseShape(0.1),
  uniformNoiseShape(0.3),
  logNormalShape(0.5),
  BIMODAL_SHAPE,
  FIRST_REVISION_SHAPE,
];

/** Earlier revisions made before each measured one (5): the history of a deployment updated five times. */
export const HISTORY_REVISIONS = 5;

/** Total of a shape's nominal steps, in milliseconds. */
export function shapeTotalMs(shape: Pick<StepShape, "stepDurationsMs">): number {
  return Object.values(shape.stepDurationsMs).reduce((a, b) => a + b, 0);
}

/** Total of one revision's steps, in milliseconds. */
export function stepsTotalMs(steps: StepDurationsMs): number {
  return Object.values(steps).reduce((a, b) => a + b, 0);
}
