import type { SeedInput } from "./seed";
import type { TraceRunInput } from "./traceRuns";
import { REVISION_STEPS, type StepDurationsMs } from "./types";

/** Timings of simulated asynchronous work. */
export interface EmulatorTimings {
  /** Time a revision spends in each in-progress step, in milliseconds. */
  stepDurationsMs: StepDurationsMs;
  /** Time a deleted deployment stays `AWAITING_DELETE` before it answers 404, in milliseconds. */
  deleteDurationMs: number;
  /** Time a bulk-export run takes, in milliseconds; its files are written spread over it, the first at its start. */
  exportRunMs: number;
  /** Length of one hour of a scheduled export's interval on the emulator's clock, in milliseconds. */
  exportHourMs: number;
  /** Time a data plane spends in each transitional status (`requested`, `provisioning`, `updating`, `deprovisioning`), in milliseconds. */
  dataPlaneStepMs: number;
  /** Time a sandbox snapshot spends `building` before it is `ready` (or `failed`), in milliseconds. */
  snapshotBuildMs: number;
}

/**
 * Fast timings for tests: 20 ms per revision step (120 ms to `DEPLOYED`), 50 ms
 * delete, 200 ms per export run, an interval hour of 2 s, 50 ms per data-plane status,
 * 300 ms to build a sandbox snapshot.
 */
export const FAST_TIMINGS: EmulatorTimings = {
  stepDurationsMs: {
    CREATING: 20,
    QUEUED: 20,
    AWAITING_BUILD: 20,
    BUILDING: 20,
    AWAITING_DEPLOY: 20,
    DEPLOYING: 20,
  },
  deleteDurationMs: 50,
  exportRunMs: 200,
  exportHourMs: 2_000,
  dataPlaneStepMs: 50,
  snapshotBuildMs: 300,
};

/**
 * Realistic timings for demos: about 27 s from `CREATING` to `DEPLOYED`, 5 s
 * delete, 5 s per export run, an interval hour of one minute, 5 s per data-plane status,
 * 10 s to build a sandbox snapshot.
 */
export const REALISTIC_TIMINGS: EmulatorTimings = {
  stepDurationsMs: {
    CREATING: 1_000,
    QUEUED: 2_000,
    AWAITING_BUILD: 2_000,
    BUILDING: 12_000,
    AWAITING_DEPLOY: 2_000,
    DEPLOYING: 8_000,
  },
  deleteDurationMs: 5_000,
  exportRunMs: 5_000,
  exportHourMs: 60_000,
  dataPlaneStepMs: 5_000,
  snapshotBuildMs: 10_000,
};

/** Named timing presets (`--timings fast|realistic`). */
export const TIMING_PRESETS: Readonly<Record<"fast" | "realistic", EmulatorTimings>> = {
  fast: FAST_TIMINGS,
  realistic: REALISTIC_TIMINGS,
};

/** Options of {@link createEmulator}. Every field is optional. */
export interface EmulatorOptions {
  /** TCP port; default 0 (a free port). */
  port?: number;
  /** Interface to bind; default `127.0.0.1`. */
  host?: string;
  /** Directory for the state file and generated secret key; default none (state in memory only). */
  dataDir?: string;
  /**
   * Key encrypting secrets at rest: 64 hex characters (raw 256-bit key) or any
   * passphrase (derived with scrypt). Default: generated once into `dataDir`
   * (`secret.key`), or a random per-process key without `dataDir`.
   */
  secretKey?: string;
  /** Seed applied on a fresh state and on reset; default {@link DEFAULT_SEED}. */
  seed?: SeedInput;
  /** Timings; default {@link FAST_TIMINGS}; partial timings merge with it. */
  timings?: TimingsInput;
  /** Most rows a bulk-export run writes into one Parquet file; default 1000. */
  exportRowsPerFile?: number;
  /** Trace runs to seed at start, per project (what bulk exports write); default none. */
  traceRuns?: { sessionId: string; runs: TraceRunInput[] }[];
  /** Serve the `/__emulator/` control routes over HTTP; default false. */
  control?: boolean;
  /**
   * S3 endpoint that AWS-style destinations (a `region` and no `endpoint_url`)
   * are sent to, e.g. a local versitygw; default none (real AWS).
   */
  s3EndpointOverride?: string;
  /** Accept destinations without `credentials` (self-hosted behaviour); default false. */
  selfHosted?: boolean;
  /** Answer 429 with `Retry-After` above this many API requests per second; default none. */
  rateLimitPerSecond?: number | null;
  /**
   * Serve `DELETE /api/v1/bulk-exports/destinations/{id}` (204; 404 when
   * unknown; 409 while a running export uses it). Default false: like the
   * real service, which has no such operation, it answers 405
   * `{"detail": "Method Not Allowed"}` with `Allow: GET, PATCH`. Switchable at
   * runtime with `EmulatorControl.setFeatures` or `PUT /__emulator/features`.
   */
  destinationDelete?: boolean;
  /** Accept each organization invitation the moment it is made; default false. Switchable at runtime like {@link destinationDelete}. */
  acceptInvitations?: boolean;
  /** Every workspace on composite feedback v2 (a feedback formula's `DELETE` answers 410); default false. Switchable at runtime like {@link destinationDelete}. */
  compositeFeedbackV2?: boolean;
  /** Timeout of each S3 call of a test write, in milliseconds; default 5000. */
  s3TimeoutMs?: number;
  /** Clock in epoch milliseconds; default `Date.now`. Tests may pass a fake clock. */
  now?: () => number;
}

/** Partial timings, merged over a base by {@link mergeTimings}. */
export interface TimingsInput {
  stepDurationsMs?: Partial<StepDurationsMs>;
  deleteDurationMs?: number;
  exportRunMs?: number;
  exportHourMs?: number;
  dataPlaneStepMs?: number;
  snapshotBuildMs?: number;
}

/** Merges partial timings over a base. */
export function mergeTimings(base: EmulatorTimings, partial: TimingsInput | undefined): EmulatorTimings {
  const stepDurationsMs: StepDurationsMs = { ...base.stepDurationsMs };
  for (const step of REVISION_STEPS) {
    const value = partial?.stepDurationsMs?.[step];
    if (value !== undefined) stepDurationsMs[step] = value;
  }
  return {
    stepDurationsMs,
    deleteDurationMs: partial?.deleteDurationMs ?? base.deleteDurationMs,
    exportRunMs: partial?.exportRunMs ?? base.exportRunMs,
    exportHourMs: partial?.exportHourMs ?? base.exportHourMs,
    dataPlaneStepMs: partial?.dataPlaneStepMs ?? base.dataPlaneStepMs,
    snapshotBuildMs: partial?.snapshotBuildMs ?? base.snapshotBuildMs,
  };
}
