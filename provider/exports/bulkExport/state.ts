/**
 * The BulkExport's outputs: the inputs echoed for diffing plus what the
 * service reported about the export and its runs; refresh; and the entry
 * point for outputs of older layouts.
 */
import type { BulkExport, BulkExportRun } from "../../client/contractTypes/bulkExports";
import { readInputs, refreshFields } from "../../engine/fields/fields";
import { compact } from "../../engine/fields/paths";
import { migrateOutputs } from "../../engine/state/stateVersion";
import { BULK_EXPORT_FIELDS, type BulkExportInputs } from "./fields";
import { BULK_EXPORT_STATE_VERSION } from "./outputs";

/** What the runs of an export add up to. */
export interface RunsSummary {
  /** Number of runs (time windows) so far. */
  count: number;
  /** Status of the newest run, e.g. `Completed`; absent before the first run. */
  lastRunStatus?: string;
  /** Rows written by all runs. */
  rowsWritten: number;
  /** Files written by all runs. */
  filesWritten: number;
  /** Where the newest run wrote, e.g. `s3://bucket/prefix/…`. */
  lastExportPath?: string;
}

/** Everything the resource records. */
export type BulkExportOutputs = BulkExportInputs & {
  /** `Created`, `Running`, `IntervalScheduled`, `Completed`, `Failed`, `TimedOut` or `Cancelled`. */
  status: string;
  /** Workspace the export belongs to. */
  tenantId: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  finishedAt: string | null;
  runs: RunsSummary;
  /** What the last create or update did, in plain words. */
  lastOperation: string;
  stateVersion: number;
};

/** Outputs of any release in today's layout (the first layout: nothing to migrate yet). */
export function migrateBulkExportOutputs(outputs: Record<string, unknown>): Record<string, unknown> {
  return migrateOutputs("bulk export", outputs, BULK_EXPORT_STATE_VERSION, {});
}

/** Checked inputs as the operations use them (defaults applied). */
export function parseInputs(raw: Record<string, unknown>): BulkExportInputs {
  return readInputs<BulkExportInputs>(BULK_EXPORT_FIELDS, raw);
}

/** The runs' totals, newest run last by creation time. */
export function summarizeRuns(runs: readonly BulkExportRun[]): RunsSummary {
  const ordered = [...runs].sort((a, b) => Date.parse(a.created_at ?? "") - Date.parse(b.created_at ?? ""));
  const last = ordered[ordered.length - 1];
  return compact({
    count: runs.length,
    lastRunStatus: last?.status,
    rowsWritten: runs.reduce((sum, run) => sum + (run.metadata.result?.rows_written ?? 0), 0),
    filesWritten: runs.reduce((sum, run) => sum + (run.metadata.result?.exported_files?.length ?? 0), 0),
    lastExportPath: last?.metadata.result?.export_path ?? undefined,
  });
}

/** Outputs after a create or update: the inputs as given plus the export's state. */
export function outputsFrom(inputs: BulkExportInputs, bulkExport: BulkExport, runs: readonly BulkExportRun[], lastOperation: string): BulkExportOutputs {
  return compact({
    ...inputs,
    status: bulkExport.status,
    tenantId: bulkExport.tenant_id ?? null,
    createdAt: bulkExport.created_at ?? null,
    updatedAt: bulkExport.updated_at ?? null,
    finishedAt: bulkExport.finished_at ?? null,
    runs: summarizeRuns(runs),
    lastOperation,
    stateVersion: BULK_EXPORT_STATE_VERSION,
  });
}

/** Outputs after a refresh: the service's values of every input it reports, and its current state. */
export function refreshedOutputs(previous: Record<string, unknown>, bulkExport: BulkExport, runs: readonly BulkExportRun[]): BulkExportOutputs {
  const refreshed = refreshFields(BULK_EXPORT_FIELDS, previous, bulkExport);
  return compact({
    ...refreshed,
    status: bulkExport.status,
    tenantId: bulkExport.tenant_id ?? (previous["tenantId"] as string | null | undefined) ?? null,
    updatedAt: bulkExport.updated_at ?? null,
    finishedAt: bulkExport.finished_at ?? null,
    runs: summarizeRuns(runs),
    stateVersion: BULK_EXPORT_STATE_VERSION,
  }) as BulkExportOutputs;
}

/** Plain words for the progress of an export, e.g. `Running: 2 runs, 1200 rows, 3 files`. */
export function describeProgress(status: string, summary: RunsSummary): string {
  const runs = summary.count === 1 ? "1 run" : `${summary.count} runs`;
  return `${status}: ${runs}, ${summary.rowsWritten} rows, ${summary.filesWritten} files${summary.lastExportPath ? ` (last at ${summary.lastExportPath})` : ""}`;
}
