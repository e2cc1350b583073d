import { randomUUID } from "node:crypto";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import type { EmulatorContext } from "../core/context";
import { destinationCredentials } from "./destinations";
import { createS3Client, objectKey, resolveS3Target, type S3TargetConfig } from "./s3Client";
import { describeS3Failure } from "./s3TestWrite";
import type { ExportRunRecord } from "../core/types";

/** Options of a simulated export run. */
export interface ExportRunOptions {
  /** How long the run keeps writing, in milliseconds; default 1000. */
  durationMs?: number;
  /** Pause between two object writes, in milliseconds; default 100. */
  intervalMs?: number;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Simulated bulk-export runs: a run writes small objects under
 * `<prefix>/exports/<run id>/` for its duration, with the credentials that were
 * current when it started (so rotation rules can be tested). Runs live in the
 * state; a run still `running` when the emulator stops becomes `interrupted`.
 */
export class ExportRunner {
  private readonly pending = new Map<string, Promise<ExportRunRecord>>();
  private stopped = false;

  /** @param ctx the emulator context. */
  constructor(private readonly ctx: EmulatorContext) {}

  /** Starts a run on any destination (control routes are not tenant-scoped); throws when the destination is unknown. */
  start(destinationId: string, options: ExportRunOptions = {}): ExportRunRecord {
    const destination = this.ctx.store.state.destinations.find((d) => d.id === destinationId);
    if (!destination) throw new Error(`unknown destination ${destinationId}`);
    const durationMs = options.durationMs ?? 1000;
    const intervalMs = Math.max(1, options.intervalMs ?? 100);
    const credentials = destinationCredentials(this.ctx, destination);
    const target = resolveS3Target(destination.config as unknown as S3TargetConfig, this.ctx.s3.endpointOverride);
    const startedAtMs = this.ctx.now();
    const run: ExportRunRecord = {
      id: randomUUID(),
      destinationId,
      tenantId: destination.tenantId,
      status: "running",
      startedAtMs,
      endsAtMs: startedAtMs + durationMs,
      finishedAtMs: null,
      credentialsVersion: destination.credentialsVersion,
      accessKeyId: credentials?.access_key_id ?? null,
      objectKeys: [],
      error: null,
    };
    this.ctx.store.state.exportRuns.push(run);
    this.ctx.store.commit();
    const deadline = Date.now() + durationMs;
    const work = (async (): Promise<ExportRunRecord> => {
      const client = createS3Client(target, credentials, this.ctx.s3.timeoutMs);
      try {
        let part = 0;
        do {
          const key = objectKey(target, `exports/${run.id}`, `part-${String(part).padStart(5, "0")}.parquet`);
          try {
            await client.send(new PutObjectCommand({ Bucket: target.bucketParam, Key: key, Body: `run ${run.id} part ${part}\n` }));
            run.objectKeys.push(key);
          } catch (error) {
            run.error = String(describeS3Failure(error, target, "PutObject").body["detail"]);
            break;
          }
          part += 1;
          await sleep(Math.min(intervalMs, Math.max(0, deadline - Date.now())));
        } while (Date.now() < deadline && !this.stopped);
      } finally {
        client.destroy();
      }
      if (!this.stopped) {
        run.status = run.error === null ? "succeeded" : "failed";
        run.finishedAtMs = this.ctx.now();
        this.ctx.store.commit();
      }
      return run;
    })();
    this.pending.set(run.id, work);
    void work.finally(() => this.pending.delete(run.id));
    return { ...run };
  }

  /** A copy of a run, or undefined. */
  get(runId: string): ExportRunRecord | undefined {
    const run = this.ctx.store.state.exportRuns.find((r) => r.id === runId);
    return run ? { ...run, objectKeys: [...run.objectKeys] } : undefined;
  }

  /** Resolves with the run once it has finished (at once when it already has). */
  async wait(runId: string): Promise<ExportRunRecord> {
    await this.pending.get(runId);
    const run = this.get(runId);
    if (!run) throw new Error(`unknown export run ${runId}`);
    return run;
  }

  /** Stops all runs (on close); they stay `running` in the state and become `interrupted` on the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([...this.pending.values()]);
  }
}
