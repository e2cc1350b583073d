/**
 * Seeded trace runs: the tracing data that bulk exports write. The emulator
 * keeps no tracing API; tests and demos seed runs per project (`session_id`)
 * through the control handle or `POST /__emulator/trace-runs`, and export runs
 * select them by time window and filter.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { EmulatorState, TraceRunRecord } from "./types";

const jsonObject = z.record(z.string(), z.unknown());

/** One trace run to seed; everything but `name` and `startTime` has a default. */
export const traceRunInputSchema = z.strictObject({
  /** Default: a random UUID. */
  id: z.uuid().optional(),
  /** Default: the run's own id (a root run). */
  traceId: z.uuid().optional(),
  /** Default: none (a root run). */
  parentRunId: z.uuid().nullable().optional(),
  name: z.string().min(1),
  /** Default `chain`. */
  runType: z.enum(["chain", "llm", "tool", "retriever", "embedding", "prompt", "parser"]).default("chain"),
  /** Default `success`, or `error` when `error` is set. */
  status: z.enum(["success", "error", "pending"]).optional(),
  startTime: z.iso.datetime({ offset: true }),
  /** Default: one second after `startTime`. */
  endTime: z.iso.datetime({ offset: true }).nullable().optional(),
  inputs: jsonObject.default({}),
  outputs: jsonObject.nullable().default(null),
  error: z.string().nullable().default(null),
  extra: jsonObject.default({}),
  tags: z.array(z.string()).default([]),
  promptTokens: z.int().nonnegative().nullable().default(null),
  completionTokens: z.int().nonnegative().nullable().default(null),
  /** Default: prompt plus completion tokens when both are given. */
  totalTokens: z.int().nonnegative().nullable().optional(),
  totalCost: z.number().nonnegative().nullable().default(null),
});

/** A trace run as given to {@link seedTraceRuns}. */
export type TraceRunInput = z.input<typeof traceRunInputSchema>;

/** Body of `POST /__emulator/trace-runs`. */
export const traceRunSeedSchema = z.strictObject({
  sessionId: z.uuid(),
  runs: z.array(traceRunInputSchema).max(100_000),
});

function iso(value: string): string {
  return new Date(value).toISOString();
}

/** `dotted_order` of a root run: `YYYYMMDDTHHMMSSffffffZ<id>` (microseconds). */
function dottedOrderOf(startTime: string, id: string): string {
  return `${startTime.replace(/[-:.Z]/g, "")}000Z${id}`;
}

/** Normalises one input into a stored trace run of `sessionId`. */
export function toTraceRun(sessionId: string, input: TraceRunInput): TraceRunRecord {
  const run = traceRunInputSchema.parse(input);
  const id = run.id ?? randomUUID();
  const startTime = iso(run.startTime);
  const endTime = run.endTime === undefined ? new Date(Date.parse(startTime) + 1000).toISOString() : run.endTime === null ? null : iso(run.endTime);
  const totalTokens =
    run.totalTokens !== undefined
      ? run.totalTokens
      : run.promptTokens !== null && run.completionTokens !== null
        ? run.promptTokens + run.completionTokens
        : null;
  const parentRunId = run.parentRunId ?? null;
  return {
    id,
    sessionId,
    traceId: run.traceId ?? id,
    parentRunId,
    dottedOrder: dottedOrderOf(startTime, id),
    isRoot: parentRunId === null,
    name: run.name,
    runType: run.runType,
    status: run.status ?? (run.error !== null ? "error" : "success"),
    startTime,
    endTime,
    inputs: run.inputs,
    outputs: run.outputs,
    error: run.error,
    extra: run.extra,
    tags: run.tags,
    promptTokens: run.promptTokens,
    completionTokens: run.completionTokens,
    totalTokens,
    totalCost: run.totalCost,
  };
}

/**
 * Adds trace runs to a project (a run with an id already seeded replaces it)
 * and returns the stored runs, in the order given.
 */
export function seedTraceRuns(state: EmulatorState, sessionId: string, inputs: readonly TraceRunInput[]): TraceRunRecord[] {
  const runs = inputs.map((input) => toTraceRun(sessionId, input));
  const ids = new Set(runs.map((r) => r.id));
  state.traceRuns = state.traceRuns.filter((r) => !ids.has(r.id)).concat(runs);
  return runs;
}

/**
 * The runs of a project whose `start_time` is in `[windowStart, windowEnd)`
 * and that match `predicate`, ordered by start time then id.
 */
export function traceRunsInWindow(
  state: EmulatorState,
  sessionId: string,
  windowStart: string,
  windowEnd: string,
  predicate: (run: TraceRunRecord) => boolean,
): TraceRunRecord[] {
  const from = Date.parse(windowStart);
  const to = Date.parse(windowEnd);
  return state.traceRuns
    .filter((r) => {
      if (r.sessionId !== sessionId) return false;
      const at = Date.parse(r.startTime);
      return at >= from && at < to && predicate(r);
    })
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime) || a.id.localeCompare(b.id));
}
