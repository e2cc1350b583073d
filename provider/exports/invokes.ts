/**
 * The BulkExport invokes, over a client, shared by the SDK and the native provider.
 */
import { NotFoundError } from "../client/errors";
import type { BulkExport as WireBulkExport, BulkExportRun as WireRun } from "../client/contractTypes/bulkExports";
import type { LangSmithClient } from "../client/client";
import type { bulkExportCalls as Calls } from "./bulkExport/endpoints";

/**
 * The bulk export's typed calls, loaded on the first invoke: the dynamic SDK imports
 * these invokes, and a program that only imports it loads neither zod nor the HTTP client.
 */
async function calls(): Promise<typeof Calls> {
  return (await import("./bulkExport/endpoints")).bulkExportCalls;
}

/** A bulk export as the invokes return it. */
export interface BulkExportInfo {
  id: string;
  destinationId: string;
  projectId: string;
  status: string;
  startTime: string;
  endTime: string | null;
  intervalHours: number | null;
  filter: string | null;
  format: string | null;
  formatVersion: string | null;
  compression: string | null;
  createdAt: string | null;
  finishedAt: string | null;
}

/** One run of a bulk export (one time window). */
export interface BulkExportRunInfo {
  id: string;
  status: string;
  /** Window of the run (ISO 8601), when reported. */
  startTime: string | null;
  endTime: string | null;
  rowsWritten: number;
  exportedFiles: string[];
  exportPath: string | null;
  createdAt: string | null;
  finishedAt: string | null;
  /** The service's error details of a failed run, if any. */
  errors: Record<string, unknown> | null;
}

/** Arguments of {@link getBulkExport}. */
export interface GetBulkExportArgs {
  /** The bulk export's id. */
  id: string;
}

function toInfo(bulkExport: WireBulkExport): BulkExportInfo {
  return {
    id: bulkExport.id,
    destinationId: bulkExport.bulk_export_destination_id,
    projectId: bulkExport.session_id,
    status: bulkExport.status,
    startTime: bulkExport.start_time,
    endTime: bulkExport.end_time ?? null,
    intervalHours: bulkExport.interval_hours ?? null,
    filter: bulkExport.filter ?? null,
    format: bulkExport.format ?? null,
    formatVersion: bulkExport.format_version ?? null,
    compression: bulkExport.compression ?? null,
    createdAt: bulkExport.created_at ?? null,
    finishedAt: bulkExport.finished_at ?? null,
  };
}

function toRunInfo(run: WireRun): BulkExportRunInfo {
  const result = run.metadata.result;
  return {
    id: run.id,
    status: run.status,
    startTime: run.metadata.start_time ?? run.start_time ?? null,
    endTime: run.metadata.end_time ?? run.end_time ?? null,
    rowsWritten: result?.rows_written ?? 0,
    exportedFiles: result?.exported_files ?? [],
    exportPath: result?.export_path ?? null,
    createdAt: run.created_at ?? null,
    finishedAt: run.finished_at ?? null,
    errors: run.errors ?? null,
  };
}

/** A bulk export by id (`GET /api/v1/bulk-exports/{id}`), or `undefined` when there is none in the workspace. */
export async function getBulkExport(client: LangSmithClient, args: GetBulkExportArgs): Promise<BulkExportInfo | undefined> {
  try {
    return toInfo(await (await calls()).get(client, args.id));
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** The runs of a bulk export, oldest first (`GET /api/v1/bulk-exports/{id}/runs`). */
export async function getBulkExportRuns(client: LangSmithClient, args: GetBulkExportArgs): Promise<BulkExportRunInfo[]> {
  const runs = await (await calls()).runs(client, args.id);
  return runs.map(toRunInfo).sort((a, b) => Date.parse(a.createdAt ?? "") - Date.parse(b.createdAt ?? ""));
}
