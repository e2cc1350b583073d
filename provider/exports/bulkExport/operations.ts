/**
 * The BulkExport's operations. Create POSTs the export (and, for a one-off
 * export with `waitForCompletion`, waits until it has ended, logging its runs'
 * progress); read GETs it and its runs (404 = gone, in the right workspace
 * only); update only records provider settings or resumes a wait (every other
 * change replaces); delete cancels an export that has not ended, and simply
 * forgets one that has (the service has no DELETE).
 */
import type { BulkExport, BulkExportRun, LangSmithClient } from "../../client";
import { found } from "../../client/errors";
import { ENDED_BULK_EXPORT_STATUSES } from "../../client/contractTypes/bulkExports";
import { type OperationContext, waitTimeoutSeconds } from "../../engine/context/operation";
import { formatDuration, logProgress, shortId } from "../../engine/context/progress";
import type { ProviderSettings } from "../../engine/context/settings";
import { type PartialFailure, partialFailure } from "../../engine/state/partialFailure";
import { settingsForResource } from "../../engine/context/workspace";
import type { InputsOf } from "../../engine/fields/fields";
import type { StateOf } from "../../engine/kind/declaration";
import type { CreateHooks, UpdateHooks, WriteRequest } from "../../engine/kind/hooks";
import type { BULK_EXPORT_FIELDS, BulkExportInputs } from "./fields";
import { type BulkExportOutputs, describeProgress, migrateBulkExportOutputs, outputsFrom, summarizeRuns } from "./state";
import { toCreateRequest } from "./wire";
import { bulkExportCalls } from "./endpoints";

/** Kind of resource in progress lines and messages. */
export const KIND = "bulk export";
const ENDED = new Set<string>(ENDED_BULK_EXPORT_STATUSES);
/** Poll interval of waits when the settings give none, in milliseconds. */
const DEFAULT_POLL_INTERVAL_MS = 5_000;

/** How an export is named in messages (it has no name of its own): `project → destination`. */
export function labelOf(values: { projectId?: unknown; destinationId?: unknown }, id?: string): string {
  if (typeof values.projectId === "string" && typeof values.destinationId === "string") return `${shortId(values.projectId)}→${shortId(values.destinationId)}`;
  return id ?? "unknown";
}

/** A bulk export's write as the engine hands it to the hooks. */
type BulkExportWrite = WriteRequest<InputsOf<typeof BULK_EXPORT_FIELDS>>;

/** What a create made of the export, in words: `created one-off export <id>` or `created scheduled export <id> (every N h)`. */
function createdWhat(inputs: BulkExportInputs, id: string): string {
  return inputs.intervalHours !== undefined ? `created scheduled export ${id} (every ${inputs.intervalHours} h)` : `created one-off export ${id}`;
}

/**
 * The BulkExport's hooks around the engine's create: the POST, then, for a
 * one-off export with `waitForCompletion`, the wait until it has ended (its
 * runs' progress logged). The engine keeps the export in the stack, with
 * what is known, when the wait fails: the next up resumes it instead of
 * creating a second export.
 */
export const BULK_EXPORT_CREATE: CreateHooks<BulkExport, InputsOf<typeof BULK_EXPORT_FIELDS>, StateOf<InputsOf<typeof BULK_EXPORT_FIELDS>>> = {
  post: ({ client, inputs, name }) => bulkExportCalls.create(client, toCreateRequest(inputs), { name }),
  resumeHint: "run pulumi up again to resume",
  unfinished: ({ inputs }, { wire }) => outputsFrom(inputs, wire, [], `${createdWhat(inputs, wire.id)}; did not finish: run pulumi up again to resume`),
  async after({ context, client, settings, inputs, name, raw }: BulkExportWrite, { wire }) {
    const what = createdWhat(inputs, wire.id);
    logProgress(context, KIND, name, what);
    return settle(context, client, settings, inputs, wire, what, raw);
  },
};

/**
 * The BulkExport's hooks around the engine's update: every change but the
 * provider settings (`waitForCompletion`, `completionTimeoutSeconds`)
 * replaces, so an update reads the export and records the settings, or
 * resumes a wait that did not finish.
 */
export const BULK_EXPORT_UPDATE: UpdateHooks<BulkExport, InputsOf<typeof BULK_EXPORT_FIELDS>, StateOf<InputsOf<typeof BULK_EXPORT_FIELDS>>> = {
  async send({ client, id, olds, inputs, name }) {
    const bulkExport = await bulkExportCalls.get(client, id, { name });
    const resume = inputs.waitForCompletion === true && !ENDED.has(bulkExport.status);
    return { wire: bulkExport, what: resume ? `resumed waiting for export ${id} (was ${String(olds["status"])})` : "updated provider settings; no API call" };
  },
  async after({ context, client, settings, inputs, raw }, sent) {
    if (sent === undefined) throw new Error("updating a bulk export: its send hook answers the export");
    return settle(context, client, settings, inputs, sent.wire, sent.what, raw);
  },
};

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
