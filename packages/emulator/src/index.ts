import type { AddressInfo } from "node:net";
import { BulkExportRunner } from "./exports/bulkExportRunner";
import type { EmulatorContext, EmulatorFeatures } from "./core/context";
import { EmulatorControl } from "./server/control";
import { generateSecretKey, SecretBox } from "./core/crypto";
import { ExportRunner } from "./exports/exportRuns";
import { FaultRegistry, RateLimiter } from "./server/faults";
import { type EmulatorOptions, FAST_TIMINGS, mergeTimings } from "./core/options";
import { loadOrCreateSecretKey, loadState, saveState } from "./core/persistence";
import { RequestLog } from "./server/requestLog";
import { applySeed, DEFAULT_SEED, emptyState } from "./core/seed";
import { buildServer } from "./server/server";
import { Store } from "./core/store";
import { SourceUploads } from "./deployments/sourceUploads";
import { seedTraceRuns } from "./core/traceRuns";
import type { EmulatorState } from "./core/types";

export type { EmulatorOptions, EmulatorTimings, TimingsInput } from "./core/options";
export type { ExportRunFault } from "./exports/bulkExportRunner";
export type { TraceRunInput } from "./core/traceRuns";
export { EXPORT_COLUMN_NAMES } from "./exports/parquetRuns";
export { INTERVAL_HOURS_BOUNDS } from "./exports/bulkExports";
export type { EmulatorFeatures } from "./core/context";
export { FAST_TIMINGS, REALISTIC_TIMINGS, TIMING_PRESETS } from "./core/options";
export type { SeedInput } from "./core/seed";
export { DEFAULT_API_KEY, DEFAULT_BEARER_TOKEN, DEFAULT_ORG_API_KEY, DEFAULT_ORGANIZATION_ID, DEFAULT_SEED, DEFAULT_WORKSPACE_ID } from "./core/seed";
export { EmulatorControl } from "./server/control";
export type { RevisionDump, RevisionFailureInput, RevisionFailureTarget, StateDump } from "./server/control";
export type { FaultRule, FaultRuleInput } from "./server/faults";
export type { RequestLogEntry } from "./server/requestLog";
export { observeExchanges } from "./server/exchanges";
export type { ApiExchange, ExchangeObserver } from "./server/exchanges";
export type { ExportRunOptions } from "./exports/exportRuns";
export type * from "./core/types";
export { REVISION_STEPS, REVISION_FAILURE_STATUSES } from "./core/types";

/** A running emulator. */
export interface Emulator {
  /** Base URL, e.g. `http://127.0.0.1:40123` (control plane at `/v2` and `/api-host/v2`, REST API at `/api/v1`). */
  url: string;
  /** The bound port. */
  port: number;
  /** In-process control handle (available whether or not the HTTP control routes are enabled). */
  control: EmulatorControl;
  /** Stops export runs and the server, closing open connections. */
  close(): Promise<void>;
}

function checkSecretKey(state: EmulatorState, secrets: SecretBox): void {
  const sample =
    state.deployments.flatMap((d) => d.secrets.map((s) => s.encryptedValue))[0] ??
    state.destinations.map((d) => d.encryptedCredentials).find((c): c is string => c !== null);
  if (sample === undefined) return;
  try {
    secrets.decrypt(sample);
  } catch {
    throw new Error("the secret key does not decrypt the persisted state (pass the --secret-key used before)");
  }
}

/**
 * Marks bulk-export runs that were executing when the emulator stopped as
 * failed (and a one-off export with such a run); scheduled exports go on with
 * their next interval.
 */
function interruptBulkExportRuns(state: EmulatorState, nowMs: number): void {
  for (const record of state.bulkExports) {
    for (const run of record.runs) {
      if (run.finishedAtMs !== null) continue;
      run.status = "Failed";
      run.errors = { error: "interrupted: the emulator stopped during the run" };
      run.finishedAtMs = nowMs;
      run.updatedAtMs = nowMs;
      if (record.intervalHours === null) {
        record.status = "Failed";
        record.finishedAtMs = nowMs;
        record.updatedAtMs = nowMs;
      }
    }
  }
}

/**
 * Starts an emulator of the control plane and bulk-export destinations APIs.
 * State lives in memory unless `dataDir` is given; then it is loaded from and
 * written (atomically) to `<dataDir>/state.json`, and revisions continue where
 * they were after a restart. The seed (default {@link DEFAULT_SEED}) is applied
 * to a fresh state and merged into a loaded one.
 */
export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const now = options.now ?? Date.now;
  const dataDir = options.dataDir;
  const seed = options.seed ?? DEFAULT_SEED;
  const secretKey = options.secretKey ?? (dataDir !== undefined ? loadOrCreateSecretKey(dataDir) : generateSecretKey());
  const secrets = new SecretBox(secretKey);
  const loaded = dataDir !== undefined ? loadState(dataDir) : undefined;
  const state = loaded ?? emptyState();
  checkSecretKey(state, secrets);
  applySeed(state, seed, now());
  for (const run of state.exportRuns) {
    if (run.status === "running") {
      run.status = "interrupted";
      run.finishedAtMs = now();
    }
  }
  interruptBulkExportRuns(state, now());
  for (const seeded of options.traceRuns ?? []) seedTraceRuns(state, seeded.sessionId, seeded.runs);
  const store = new Store(state, dataDir !== undefined ? (s) => saveState(dataDir, s) : () => undefined);
  store.commit();

  const initialTimings = mergeTimings(FAST_TIMINGS, options.timings);
  const initialRateLimitPerSecond = options.rateLimitPerSecond ?? null;
  const initialFeatures: EmulatorFeatures = {
    destinationDelete: options.destinationDelete ?? false,
    acceptInvitations: options.acceptInvitations ?? false,
    compositeFeedbackV2: options.compositeFeedbackV2 ?? false,
  };
  const ctx: EmulatorContext = {
    store,
    secrets,
    now,
    timings: initialTimings,
    seed,
    s3: {
      endpointOverride: options.s3EndpointOverride,
      timeoutMs: options.s3TimeoutMs ?? 5000,
      selfHosted: options.selfHosted ?? false,
    },
    exportRowsPerFile: options.exportRowsPerFile ?? 1000,
    pendingFailuresByName: new Map(),
    pendingSnapshotFailures: new Map(),
    uploads: new SourceUploads(now),
    features: { ...initialFeatures },
  };
  const faults = new FaultRegistry();
  const rateLimiter = new RateLimiter(initialRateLimitPerSecond);
  const requestLog = new RequestLog();
  const exportRuns = new ExportRunner(ctx);
  const bulkExportRunner = new BulkExportRunner(ctx);
  const control = new EmulatorControl({
    ctx,
    faults,
    rateLimiter,
    requestLog,
    exportRuns,
    bulkExportRunner,
    initialTimings,
    initialRateLimitPerSecond,
    initialFeatures,
  });
  const app = buildServer(ctx, { faults, rateLimiter, requestLog }, options.control ? control : null, bulkExportRunner);
  for (const record of state.bulkExports) bulkExportRunner.schedule(record);
  const host = options.host ?? "127.0.0.1";
  await app.listen({ port: options.port ?? 0, host });
  const port = (app.server.address() as AddressInfo).port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    control,
    close: async () => {
      await exportRuns.stop();
      await bulkExportRunner.stop();
      await app.close();
      ctx.uploads.close();
    },
  };
}
