/**
 * Executes bulk-export runs for real: each run selects the seeded trace runs
 * of its project in its time window (and filter), writes them as Parquet files
 * to the destination's bucket with the credentials that were current when the
 * run started, and reports rows and files. A one-off export has one run,
 * started at once. A scheduled export makes a run per interval on the
 * emulator's clock: run k starts `k × interval_hours × exportHourMs` after
 * creation and exports the k-th interval after `start_time`.
 */
import { randomUUID } from "node:crypto";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import type { EmulatorContext } from "../core/context";
import { destinationCredentials } from "./destinations";
import { compileFilter } from "./exportFilter";
import { encodeTraceRunsParquet } from "./parquetRuns";
import { createS3Client, objectKey, resolveS3Target, type S3TargetConfig } from "./s3Client";
import { traceRunsInWindow } from "../core/traceRuns";
import type { BulkExportRecord, BulkExportRunRecord, BulkExportRunStatus } from "../core/types";

const HOUR_MS = 3_600_000;

/** An injected outcome for the next run of a project's exports. */
export type ExportRunFault = "Failed" | "TimedOut";

/** Error text of runs ended by an injected fault. */
const FAULT_ERRORS: Readonly<Record<ExportRunFault, string>> = {
  Failed: "injected failure: the export run failed",
  TimedOut: "the export run exceeded its maximum runtime",
};

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done);
  });
}

function partition<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  return parts;
}

/** The run's error text for a failed PutObject: the key, the bucket and the S3 error code (never a credential). */
function writeFailure(error: unknown, bucketName: string, key: string): string {
  const shape = (error ?? {}) as { name?: string; Code?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const code = shape.Code ?? (shape.name !== undefined && shape.name !== "Error" ? shape.name : undefined) ?? shape.code ?? "UnknownError";
  const status = shape.$metadata?.httpStatusCode;
  return `writing ${key} to bucket '${bucketName}' failed: ${code}${status !== undefined ? ` (HTTP ${status})` : ""}`;
}

/** Folder of a run's files under the destination prefix (the emulator's layout). */
function runFolder(record: BulkExportRecord, windowStart: string): string {
  const day = windowStart.slice(0, 10).split("-");
  return [
    `export_id=${record.id}`,
    `tenant_id=${record.tenantId}`,
    `session_id=${record.sessionId}`,
    "runs",
    `year=${day[0]}`,
    `month=${day[1]}`,
    `day=${day[2]}`,
  ].join("/");
}

/** Schedules and executes the runs of bulk exports; one per emulator. */
export class BulkExportRunner {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly active = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private readonly faults = new Map<string, ExportRunFault>();
  private stopped = false;

  /** @param ctx the emulator context. */
  constructor(private readonly ctx: EmulatorContext) {}

  /** Makes the next run started for exports of project `sessionId` end with `fault`. */
  injectFault(sessionId: string, fault: ExportRunFault): void {
    this.faults.set(sessionId, fault);
  }

  /** Plans the next run of an export that can still run (at once for a new one-off export). */
  schedule(record: BulkExportRecord): void {
    if (this.stopped || record.finishedAtMs !== null || this.timers.has(record.id)) return;
    if (record.intervalHours === null && record.runs.length > 0) return;
    const startsAtMs =
      record.intervalHours === null ? record.createdAtMs : record.createdAtMs + record.runs.length * record.intervalHours * this.ctx.timings.exportHourMs;
    const timer = setTimeout(
      () => {
        this.timers.delete(record.id);
        this.startRun(record);
      },
      Math.max(0, startsAtMs - this.ctx.now()),
    );
    this.timers.set(record.id, timer);
  }

  /** Stops planning runs of an export and ends its running run (the caller sets the statuses). */
  cancel(record: BulkExportRecord): void {
    clearTimeout(this.timers.get(record.id));
    this.timers.delete(record.id);
    for (const run of record.runs) this.active.get(run.id)?.abort.abort();
  }

  /** Resolves once no run of the export is executing. */
  async idle(record: BulkExportRecord): Promise<void> {
    await Promise.all(record.runs.map((run) => this.active.get(run.id)?.done));
  }

  /** Forgets every planned and executing run without touching the state (on reset). */
  reset(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const { abort } of this.active.values()) abort.abort();
    this.faults.clear();
  }

  /** Stops all timers and runs (on close); runs still executing are marked failed on the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const { abort } of this.active.values()) abort.abort();
    await Promise.allSettled([...this.active.values()].map((a) => a.done));
  }

  private window(record: BulkExportRecord, index: number): { start: string; end: string } {
    // A one-off export without end_time exports up to its creation.
    if (record.intervalHours === null) return { start: record.startTime, end: record.endTime ?? new Date(record.createdAtMs).toISOString() };
    const startMs = Date.parse(record.startTime) + index * record.intervalHours * HOUR_MS;
    return { start: new Date(startMs).toISOString(), end: new Date(startMs + record.intervalHours * HOUR_MS).toISOString() };
  }

  private startRun(record: BulkExportRecord): void {
    const state = this.ctx.store.state;
    const nowMs = this.ctx.now();
    const destination = state.destinations.find((d) => d.id === record.destinationId);
    const window = this.window(record, record.runs.length);
    const target = destination ? resolveS3Target(destination.config as unknown as S3TargetConfig, this.ctx.s3.endpointOverride) : undefined;
    const credentials = destination ? destinationCredentials(this.ctx, destination) : null;
    const run: BulkExportRunRecord = {
      id: randomUUID(),
      status: "Running",
      windowStart: window.start,
      windowEnd: window.end,
      prefix: target ? objectKey(target, runFolder(record, window.start), "") : "",
      exportedFiles: [],
      rowsWritten: 0,
      errors: null,
      accessKeyId: credentials?.access_key_id ?? null,
      credentialsVersion: destination?.credentialsVersion ?? 0,
      createdAtMs: nowMs,
      updatedAtMs: nowMs,
      finishedAtMs: null,
    };
    record.runs.push(run);
    if (record.intervalHours === null) record.status = "Running";
    record.updatedAtMs = nowMs;
    this.ctx.store.commit();

    const abort = new AbortController();
    const fault = this.faults.get(record.sessionId);
    this.faults.delete(record.sessionId);
    const done = (async () => {
      let outcome: BulkExportRunStatus = "Completed";
      if (!destination || !target) {
        outcome = "Failed";
        run.errors = { error: `destination ${record.destinationId} no longer exists` };
      } else {
        outcome = await this.writeFiles(record, run, target, credentials, abort.signal);
      }
      if (outcome === "Completed" && fault !== undefined) {
        outcome = fault;
        run.errors = { error: FAULT_ERRORS[fault] };
      }
      if (abort.signal.aborted) return; // cancelled or stopped: the canceller has set the statuses
      this.finishRun(record, run, outcome);
    })().finally(() => this.active.delete(run.id));
    this.active.set(run.id, { abort, done });
  }

  /** Writes the run's files, spread over `exportRunMs`; returns the run's outcome. */
  private async writeFiles(
    record: BulkExportRecord,
    run: BulkExportRunRecord,
    target: ReturnType<typeof resolveS3Target>,
    credentials: ReturnType<typeof destinationCredentials>,
    signal: AbortSignal,
  ): Promise<BulkExportRunStatus> {
    const startedAt = Date.now();
    const runMs = this.ctx.timings.exportRunMs;
    const rows = traceRunsInWindow(this.ctx.store.state, record.sessionId, run.windowStart, run.windowEnd, compileFilter(record.filter));
    const files = partition(rows, this.ctx.exportRowsPerFile);
    const client = createS3Client(target, credentials, this.ctx.s3.timeoutMs);
    try {
      for (const [index, chunk] of files.entries()) {
        await sleep(startedAt + (runMs * index) / files.length - Date.now(), signal);
        if (signal.aborted) return "Cancelled";
        const key = `${run.prefix}/part-${String(index).padStart(5, "0")}-${run.id}.parquet`;
        const body = encodeTraceRunsParquet(chunk, record.tenantId, record.exportFields, record.compression);
        try {
          await client.send(new PutObjectCommand({ Bucket: target.bucketParam, Key: key, Body: body }));
        } catch (error) {
          run.errors = { error: writeFailure(error, target.bucketName, key) };
          return "Failed";
        }
        run.exportedFiles.push(key);
        run.rowsWritten += chunk.length;
        run.updatedAtMs = this.ctx.now();
        this.ctx.store.commit();
      }
      await sleep(startedAt + runMs - Date.now(), signal);
      return signal.aborted ? "Cancelled" : "Completed";
    } finally {
      client.destroy();
    }
  }

  private finishRun(record: BulkExportRecord, run: BulkExportRunRecord, outcome: BulkExportRunStatus): void {
    const nowMs = this.ctx.now();
    run.status = outcome;
    run.finishedAtMs = nowMs;
    run.updatedAtMs = nowMs;
    record.updatedAtMs = nowMs;
    if (record.intervalHours === null) {
      record.status = outcome === "Completed" || outcome === "Failed" || outcome === "TimedOut" ? outcome : "Cancelled";
      record.finishedAtMs = nowMs;
    }
    this.ctx.store.commit();
    if (record.intervalHours !== null) this.schedule(record);
  }
}
