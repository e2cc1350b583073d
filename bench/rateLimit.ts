/**
 * Rate limits: `pulumi up` creating a stack of Deployments against an
 * emulator answering 429 (with `Retry-After`) above a request rate, side by
 * side with the same stack and no limit. Revisions use the short step shape
 * at full scale and the provider's default poll intervals.
 */
import type { RequestLogEntry } from "../packages/emulator/src";
import { createPulumiProject } from "../tests/helpers/pulumiProject";
import { startEmulatorStack } from "../tests/helpers/emulatorStack";
import { stackProgram } from "./lib/programs";
import { fixed, seconds } from "./lib/stats";
import type { Table } from "./lib/table";
import { timedRun } from "./lib/timedRun";
import { SHORT_SHAPE } from "./timeToReady";

/** Options of {@link runRateLimit}. */
export interface RateLimitOptions {
  /** Deployments in the stack. */
  readonly deployments: number;
  /** Requests per second above which the emulator answers 429. */
  readonly requestsPerSecond: number;
  readonly onProgress?: (line: string) => void;
}

/** One `pulumi up` of the stack. */
export interface RateLimitRun {
  /** The limit in requests per second, or null for none. */
  readonly limitPerSecond: number | null;
  readonly wallMs: number;
  /** API requests the emulator answered, 429s included. */
  readonly requests: number;
  readonly rateLimited: number;
  /** Most requests accepted (not 429) within any one second. */
  readonly peakAcceptedPerSecond: number;
}

function peakPerSecond(entries: readonly RequestLogEntry[]): number {
  const times = entries.map((e) => Date.parse(e.time)).sort((a, b) => a - b);
  let peak = 0;
  let lo = 0;
  for (let hi = 0; hi < times.length; hi += 1) {
    while ((times[hi] as number) - (times[lo] as number) >= 1000) lo += 1;
    peak = Math.max(peak, hi - lo + 1);
  }
  return peak;
}

async function upOnce(options: RateLimitOptions, limitPerSecond: number | null): Promise<RateLimitRun> {
  const stack = await startEmulatorStack({ rateLimitPerSecond: limitPerSecond, timings: { stepDurationsMs: SHORT_SHAPE.stepDurationsMs } });
  const tag = limitPerSecond === null ? "nolimit" : `limit${limitPerSecond}`;
  const project = await createPulumiProject({
    name: `bench-rate-${tag}`,
    program: stackProgram("Deployment", options.deployments, `rate-${tag}`),
    config: stack.config,
  });
  try {
    const run = await timedRun(`up of ${options.deployments} deployments (${tag})`, () => project.up());
    const log = stack.emulator.control.requestLog();
    const accepted = log.filter((e) => e.status !== 429);
    return {
      limitPerSecond,
      wallMs: run.wallMs,
      requests: log.length,
      rateLimited: log.length - accepted.length,
      peakAcceptedPerSecond: peakPerSecond(accepted),
    };
  } finally {
    project.cleanup();
    await stack.emulator.close();
  }
}

/** Runs the limited and the unlimited up, one after the other. */
export async function runRateLimit(options: RateLimitOptions): Promise<RateLimitRun[]> {
  const runs: RateLimitRun[] = [];
  for (const limit of [options.requestsPerSecond, null]) {
    runs.push(await upOnce(options, limit));
    options.onProgress?.(`rate limit: up with limit ${limit ?? "none"} done`);
  }
  return runs;
}

/** The rate-limit table. */
export function rateLimitTables(runs: readonly RateLimitRun[], deployments: number, notes: readonly string[]): Table[] {
  const unlimited = runs.find((r) => r.limitPerSecond === null);
  return [{
    title: `Rate limits: pulumi up creating ${deployments} Deployments`,
    headers: ["limit", "wall s", "wall / unlimited", "requests", "429s", "peak accepted req/s"],
    rows: runs.map((r) => [
      r.limitPerSecond === null ? "none" : `${r.limitPerSecond} req/s`,
      seconds(r.wallMs, 1),
      unlimited ? `${fixed(r.wallMs / unlimited.wallMs)}x` : "n/a",
      String(r.requests),
      String(r.rateLimited),
      String(r.peakAcceptedPerSecond),
    ]),
    notes,
  }];
}
