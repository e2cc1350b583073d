/**
 * The BulkExport's operations. Create POSTs the export (and, for a one-off
 * export with `waitForCompletion`, waits until it has ended, logging its runs'
 * progress); read GETs it and its runs (404 = gone, in the right workspace
 * only); update only records provider settings or resumes a wait (every other
 * change replaces); delete cancels an export that has not ended, and simply
 * forgets one that has (the service has no DELETE).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { BulkExport, BulkExportRun, LangSmithClient } from "../../client";
import { found } from "../../client/errors";
import { ENDED_BULK_EXPORT_STATUSES } from "../../client/contractTypes/bulkExports";
import { type OperationContext, waitTimeoutSeconds } from "../../engine/context/operation";
import { formatDuration, logProgress, shortId } from "../../engine/context/progress";
import type { ProviderSettings } from "../../engine/context/settings";
import { keepingResource, type PartialFailure, partialFailure } from "../../engine/state/partialFailure";
import { settingsForResource } from "../../engine/context/workspace";
import type { BulkExportInputs } from "./fields";
import { type BulkExportOutputs, describeProgress, migrateBulkExportOutputs, outputsFrom, parseInputs, summarizeRuns } from "./state";
import { toCreateRequest } from "./wire";
import { bulkExportCalls } from "./endpoints";

/** Kind of resource in progress lines and messages. */
export const KIND = "bulk export";
const ENDED = new Set<string>(ENDED_BULK_EXPORT_STATUSES);
/** Poll interval of waits when the settings give none, in milliseconds. */
const DEFAULT_POLL_INTERVAL_MS = 5_000;

/** How an export is named in messages (it has no name of its own): `project → destination`. */
function labelOf(values: { projectId?: unknown; destinationId?: unknown }, id?: string): string {
  if (typeof values.projectId === "string" && typeof values.destinationId === "string") return `${shortId(values.projectId)}→${shortId(values.destinationId)}`;
  return id ?? "unknown";
}

/** Creates the export; waits for a one-off export to end when asked to, and for a scheduled one to be scheduled. */
export async function createBulkExport(context: OperationContext, raw: Record<string, unknown>): Promise<pulumi.dynamic.CreateResult<BulkExportOutputs>> {
  const inputs = parseInputs(raw);
  const label = labelOf(inputs);
  const settings = context.settings;
  const client = await context.client(settings);
  const created = await bulkExportCalls.create(client, toCreateRequest(inputs), { name: label });
  const what =
    inputs.intervalHours !== undefined ? `created scheduled export ${created.id} (every ${inputs.intervalHours} h)` : `created one-off export ${created.id}`;
  logProgress(context, KIND, label, what);
  // The export exists from here on: a failed poll keeps it in the stack, and the next up resumes instead of creating a second one.
  const unfinished = () => outputsFrom(inputs, created, [], `${what}; did not finish: run pulumi up again to resume`);
  const outs = await keepingResource(created.id, unfinished, raw, "run pulumi up again to resume", () =>
    settle(context, client, settings, inputs, created, what, raw),
  );
  return { id: created.id, outs };
}

/** Records provider settings (`waitForCompletion`, `completionTimeoutSeconds`), resuming a wait that did not finish. */
export async function updateBulkExport(
  context: OperationContext,
  id: string,
  rawOlds: Record<string, unknown>,
  news: Record<string, unknown>,
): Promise<pulumi.dynamic.UpdateResult<BulkExportOutputs>> {
  const olds = migrateBulkExportOutputs(rawOlds);
  const inputs = parseInputs(news);
  const label = labelOf(inputs, id);
  const settings = settingsForResource(`updating ${KIND} "${label}"`, context.settings, olds["tenantId"]);
  const client = await context.client(settings);
  const bulkExport = await bulkExportCalls.get(client, id, { name: label });
  const resume = inputs.waitForCompletion === true && !ENDED.has(bulkExport.status);
  const what = resume ? `resumed waiting for export ${id} (was ${String(olds["status"])})` : "updated provider settings; no API call";
  return { outs: await settle(context, client, settings, inputs, bulkExport, what, news) };
}

/** Cancels an export that has not ended; one that has (or is gone) is only dropped from the state. */
export async function deleteBulkExport(context: OperationContext, id: string, rawProps: Record<string, unknown>): Promise<void> {
  const props = migrateBulkExportOutputs(rawProps);
  const label = labelOf(props, id);
  const client = await context.client(settingsForResource(`cancelling ${KIND} "${label}"`, context.settings, props["tenantId"]));
  const current = await found(bulkExportCalls.get(client, id, { name: label }));
  if (current === undefined) return;
  if (ENDED.has(current.status)) {
    logProgress(context, KIND, label, `export ${id} already ended (${current.status}); dropped from the stack`);
    return;
  }
  await bulkExportCalls.cancel(client, id, { name: label });
  logProgress(context, KIND, label, `cancelled export ${id} (was ${current.status}); runs already running finish, no new run starts`);
}

/**
 * For a one-off export with `waitForCompletion`: polls until it ends, logging
 * each change of its status or progress, and returns the outputs.
 *
 * @throws PartialFailure when it ended `Failed`/`TimedOut` (with its
 *   runs' errors) or the wait ran out, so the engine keeps it in state.
 */
async function settle(
  context: OperationContext,
  client: LangSmithClient,
  settings: ProviderSettings,
  inputs: BulkExportInputs,
  bulkExport: BulkExport,
  what: string,
  raw: Record<string, unknown>,
): Promise<BulkExportOutputs> {
  const label = labelOf(inputs, bulkExport.id);
  const oneOff = inputs.intervalHours === undefined;
  if (!oneOff || inputs.waitForCompletion !== true) {
    const runs = await bulkExportCalls.runs(client, bulkExport.id, { name: label });
    return outputsFrom(inputs, bulkExport, runs, what);
  }
  const timeoutSeconds = waitTimeoutSeconds(context, inputs.completionTimeoutSeconds ?? settings.deployTimeoutSeconds);
  const signal = context.signal;
  const intervalMs = settings.pollIntervalsMs.minIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const startedAt = Date.now();
  logProgress(context, KIND, label, `waiting up to ${formatDuration(timeoutSeconds * 1000)} for export ${bulkExport.id} to finish`);
  let current = bulkExport;
  let runs: BulkExportRun[] = [];
  let last = "";
  for (;;) {
    runs = await bulkExportCalls.runs(client, current.id, { name: label, maxRetries: 1 });
    const progress = describeProgress(current.status, summarizeRuns(runs));
    if (progress !== last) logProgress(context, KIND, label, `${progress} (${formatDuration(Date.now() - startedAt)})`);
    last = progress;
    if (ENDED.has(current.status)) break;
    if (Date.now() - startedAt >= timeoutSeconds * 1000) {
      throw unfinishedExport(
        inputs,
        current,
        runs,
        `${what}; still ${current.status} after ${formatDuration(Date.now() - startedAt)}: run pulumi up again to resume waiting`,
        raw,
      );
    }
    await sleepUnlessAborted(intervalMs, signal);
    if (signal.aborted) {
      throw unfinishedExport(inputs, current, runs, `${what}; cancelled while ${current.status}: run pulumi up again to resume waiting`, raw);
    }
    current = await bulkExportCalls.get(client, current.id, { name: label, maxRetries: 1 });
  }
  if (current.status === "Failed" || current.status === "TimedOut") {
    const errors = runs.flatMap((run) => (run.errors ? [`run ${shortId(run.id)}: ${JSON.stringify(run.errors).slice(0, 300)}`] : []));
    const why = errors.length > 0 ? `; ${errors.join("; ")}` : "";
    throw unfinishedExport(
      inputs,
      current,
      runs,
      `${what}; export ${current.id} ended ${current.status}${why}: run pulumi up again to replace it with a new export`,
      raw,
    );
  }
  return outputsFrom(inputs, current, runs, `${what}; ${describeProgress(current.status, summarizeRuns(runs))} in ${formatDuration(Date.now() - startedAt)}`);
}

/** Sleeps `ms` milliseconds, or less when `signal` aborts first. */
function sleepUnlessAborted(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

/** The export as it stands, kept in the stack with `message` (it exists on the service). */
function unfinishedExport(
  inputs: BulkExportInputs,
  bulkExport: BulkExport,
  runs: readonly BulkExportRun[],
  message: string,
  raw: Record<string, unknown>,
): PartialFailure {
  return partialFailure(bulkExport.id, outputsFrom(inputs, bulkExport, runs, message), `${KIND} "${labelOf(inputs, bulkExport.id)}": ${message}`, raw);
}
