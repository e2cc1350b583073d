/**
 * A team's estate on a shared backend (issue 32): `stacks` stacks of 30
 * objects each (tests/helpers/fleet.ts), their state in one S3 bucket,
 * updated at once. First with no rate limit (the pace of the engines and
 * plugins alone), then, after destroying them, against an emulator allowing
 * `requestsPerSecond` API requests per second for the whole organization.
 * Then again with each stack given its share of the limit
 * (`langsmith:maxRequestsPerSecond` = limit / stacks). Target: every update
 * succeeds with nothing created twice, and a limited run's wall time is
 * within 1.3x the larger of (accepted requests / limit) and the unlimited
 * run's wall time.
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
  /** Each stack's `langsmith:maxRequestsPerSecond`, or null when unset (the pace learnt from 429s). */
  readonly sharePerSecond: number | null;
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
  readonly shared: FleetBenchRun;
}

async function measuredUp(fleet: Fleet, limitPerSecond: number | null, sharePerSecond: number | null): Promise<FleetBenchRun> {
  fleet.emulator.emulator.control.setRateLimit(limitPerSecond);
  const { result: run, exchanges } = await recordExchanges<FleetRun>(() => runFleet(fleet, (stack) => stack.up()));
  fleet.emulator.emulator.control.setRateLimit(null);
  const exports = await Promise.all(fleet.stacks.map((stack) => stack.exportStack()));
  const held = exports.flatMap((exported) => (exported.deployment.resources ?? []).filter((r) => r.type.startsWith("langsmith:")));
  const ids = new Set(held.flatMap((resource) => (resource.id === undefined ? [] : [resource.id.toLowerCase()])));
  const lost = orphans(exchanges, JSON.stringify(held), liveIds(fleet.emulator.emulator.control.dumpState()), ids);
  return {
    limitPerSecond,
    sharePerSecond,
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
    const destroyAll = async (): Promise<void> => {
      const destroyed = await runFleet(fleet, (stack) => stack.destroy());
      if (destroyed.results.some((result) => result.code !== 0)) throw new Error("fleet: a destroy between the runs failed");
    };
    const unlimited = await measuredUp(fleet, null, null);
    await destroyAll();
    options.onProgress?.(`fleet: ${options.stacks} stacks at ${options.requestsPerSecond} requests/s`);
    const limited = await measuredUp(fleet, options.requestsPerSecond, null);
    await destroyAll();
    const share = options.requestsPerSecond / options.stacks;
    options.onProgress?.(`fleet: ${options.stacks} stacks at ${options.requestsPerSecond} requests/s, ${share} each`);
    for (const stack of fleet.stacks) await stack.setConfig("langsmith:maxRequestsPerSecond", String(share));
    const shared = await measuredUp(fleet, options.requestsPerSecond, share);
    await destroyAll();
    return { stacks: options.stacks, unlimited, limited, shared };
  } finally {
    await fleet.stop();
  }
}

/** The fleet's table. */
export function fleetTables(result: FleetBenchResult): Table[] {
  const { unlimited } = result;
  const verdict = (run: FleetBenchRun) => {
    const limit = run.limitPerSecond ?? 1;
    const acceptedMs = ((run.requests - run.rateLimited) / limit) * 1000;
    const ratio = run.wallMs / Math.max(acceptedMs, unlimited.wallMs);
    const met = ratio <= FLEET_TARGET && run.failed === 0 && run.orphans === 0;
    return { acceptedMs, ratio, met };
  };
  return [
    {
      title: `Fleet: ${result.stacks} stacks x ${FLEET_STACK_OBJECTS} objects on an S3 backend, updated at once`,
      headers: [
        "limit",
        "each stack's cap",
        "wall s",
        "first request s",
        "API span s",
        "requests",
        "429s",
        "failed",
        "created twice or lost",
        "accepted / limit s",
        "wall / max(accepted / limit, no-limit wall)",
        "API span / (accepted / limit)",
        "target",
      ],
      rows: [unlimited, result.limited, result.shared].map((run) => {
        const limited = run.limitPerSecond !== null;
        const { acceptedMs, ratio, met } = verdict(run);
        return [
          limited ? `${run.limitPerSecond} req/s` : "none",
          run.sharePerSecond === null ? "none (learnt from 429s)" : `${run.sharePerSecond} req/s`,
          seconds(run.wallMs, 1),
          seconds(run.firstRequestMs, 1),
          seconds(run.apiSpanMs, 1),
          String(run.requests),
          String(run.rateLimited),
          String(run.failed),
          String(run.orphans),
          limited ? seconds(acceptedMs, 1) : "n/a",
          limited ? `${fixed(ratio)}x` : "n/a",
          limited ? `${fixed(run.apiSpanMs / acceptedMs)}x` : "n/a",
          limited ? `<= ${fixed(FLEET_TARGET)}x: ${met ? "met" : "MISSED"}` : "",
        ];
      }),
      notes: [
        "Each stack is a workspace with 8 projects, 6 datasets, 4 tag keys with a value each, 3 workspace secrets, an annotation queue, a run rule, a usage limit and retention settings, on the native plugin; the state of every stack is in one versitygw bucket (`pulumi login s3://…?endpoint=…`, PULUMI_SELF_MANAGED_STATE_LOCKING=1), every `pulumi up` started at once.",
        "The limit is the emulator's for the whole organization (429 with Retry-After above it, sliding one-second window). The first run has no limit; the stacks are then destroyed and created again under the limit, with no cap (each plugin learns the pace from 429s), then once more with each stack's `langsmith:maxRequestsPerSecond` set to the limit divided by the stacks. created twice or lost = objects the service holds that no stack's state names.",
      ],
    },
  ];
}
