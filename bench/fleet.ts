/**
 * A team's estate on a shared backend (issue 32): `stacks` stacks of 30
 * objects each (tests/helpers/fleet.ts), their state in one S3 bucket,
 * updated at once. First with no rate limit (the pace of the engines and
 * plugins alone), then, after destroying them, against an emulator allowing
 * `requestsPerSecond` API requests per second for the whole organization.
 * Target: every update succeeds with nothing created twice, and the limited
 * run's wall time is within 1.3x the larger of (accepted requests / limit)
 * and the unlimited run's wall time.
 */
import { liveIds, orphans, recordExchanges } from "../tests/helpers/conformance/serviceState";
import { FLEET_STACK_OBJECTS, type Fleet, type FleetRun, runFleet, startFleet } from "../tests/helpers/fleet";
import { fixed, seconds } from "./lib/stats";
import type { Table } from "./lib/table";

/** The fleet's target: limited wall time / the larger of (accepted / limit) and the unlimited wall time. */
export const FLEET_TARGET = 1.3;

/** Options of {@link runFleetBench}. */
export interface FleetBenchOptions {
  readonly stacks: number;
  readonly requestsPerSecond: number;
  readonly onProgress?: (line: string) => void;
}

/** One concurrent update of the whole fleet. */
export interface FleetBenchRun {
  readonly limitPerSecond: number | null;
  readonly wallMs: number;
  readonly requests: number;
  readonly rateLimited: number;
  /** Updates that failed. */
  readonly failed: number;
  /** Objects created but held by no stack (a duplicate or a lost create). */
  readonly orphans: number;
  /** From the start to the first API request, and from the first request to the last, in milliseconds. */
  readonly firstRequestMs: number;
  readonly apiSpanMs: number;
}

/** What the section measured. */
export interface FleetBenchResult {
  readonly stacks: number;
  readonly unlimited: FleetBenchRun;
  readonly limited: FleetBenchRun;
}

async function measuredUp(fleet: Fleet, limitPerSecond: number | null): Promise<FleetBenchRun> {
  fleet.emulator.emulator.control.setRateLimit(limitPerSecond);
  const { result: run, exchanges } = await recordExchanges<FleetRun>(() => runFleet(fleet, (stack) => stack.up()));
  fleet.emulator.emulator.control.setRateLimit(null);
  const exports = await Promise.all(fleet.stacks.map((stack) => stack.exportStack()));
  const held = exports.flatMap((exported) => (exported.deployment.resources ?? []).filter((r) => r.type.startsWith("langsmith:")));
  const ids = new Set(held.flatMap((resource) => (resource.id === undefined ? [] : [resource.id.toLowerCase()])));
  const lost = orphans(exchanges, JSON.stringify(held), liveIds(fleet.emulator.emulator.control.dumpState()), ids);
  return {
    limitPerSecond,
    wallMs: run.wallMs,
    requests: run.requests,
    rateLimited: run.rateLimited,
    failed: run.results.filter((result) => result.code !== 0).length,
    orphans: lost.length,
    firstRequestMs: run.firstRequestMs,
    apiSpanMs: run.apiSpanMs,
  };
}

/** Runs the fleet with no limit, destroys it, and runs it again under the limit. */
export async function runFleetBench(options: FleetBenchOptions): Promise<FleetBenchResult> {
  const fleet = await startFleet(options.stacks);
  try {
    options.onProgress?.(`fleet: ${options.stacks} stacks, no limit`);
    const unlimited = await measuredUp(fleet, null);
    const destroyed = await runFleet(fleet, (stack) => stack.destroy());
    if (destroyed.results.some((result) => result.code !== 0)) throw new Error("fleet: a destroy between the runs failed");
    options.onProgress?.(`fleet: ${options.stacks} stacks at ${options.requestsPerSecond} requests/s`);
    const limited = await measuredUp(fleet, options.requestsPerSecond);
    await runFleet(fleet, (stack) => stack.destroy());
    return { stacks: options.stacks, unlimited, limited };
  } finally {
    await fleet.stop();
  }
}

/** The fleet's table. */
export function fleetTables(result: FleetBenchResult): Table[] {
  const { limited, unlimited } = result;
  const limit = limited.limitPerSecond ?? 1;
  const acceptedMs = ((limited.requests - limited.rateLimited) / limit) * 1000;
  const floorMs = Math.max(acceptedMs, unlimited.wallMs);
  const ratio = limited.wallMs / floorMs;
  const met = ratio <= FLEET_TARGET && limited.failed === 0 && limited.orphans === 0 && unlimited.failed === 0 && unlimited.orphans === 0;
  return [{
    title: `Fleet: ${result.stacks} stacks x ${FLEET_STACK_OBJECTS} objects on an S3 backend, updated at once`,
    headers: ["limit", "wall s", "first request s", "API span s", "requests", "429s", "failed", "created twice or lost", "accepted / limit s", "wall / max(accepted / limit, no-limit wall)", "API span / (accepted / limit)", "target"],
    rows: [unlimited, limited].map((run) => [
      run.limitPerSecond === null ? "none" : `${run.limitPerSecond} req/s`,
      seconds(run.wallMs, 1),
      seconds(run.firstRequestMs, 1),
      seconds(run.apiSpanMs, 1),
      String(run.requests),
      String(run.rateLimited),
      String(run.failed),
      String(run.orphans),
      run.limitPerSecond === null ? "n/a" : seconds(acceptedMs, 1),
      run.limitPerSecond === null ? "n/a" : `${fixed(ratio)}x`,
      run.limitPerSecond === null ? "n/a" : `${fixed(run.apiSpanMs / acceptedMs)}x`,
      run.limitPerSecond === null ? "" : `<= ${fixed(FLEET_TARGET)}x: ${met ? "met" : "MISSED"}`,
    ]),
    notes: [
      "Each stack is a workspace with 8 projects, 6 datasets, 4 tag keys with a value each, 3 workspace secrets, an annotation queue, a run rule, a usage limit and retention settings, on the native plugin; the state of every stack is in one versitygw bucket (`pulumi login s3://…?endpoint=…`, PULUMI_SELF_MANAGED_STATE_LOCKING=1), every `pulumi up` started at once.",
      "The limit is the emulator's for the whole organization (429 with Retry-After above it, sliding one-second window). The first run has no limit; the stacks are then destroyed and created again under the limit. created twice or lost = objects the service holds that no stack's state names.",
    ],
  }];
}
