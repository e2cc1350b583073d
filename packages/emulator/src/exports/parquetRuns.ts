/**
 * Trace runs as Parquet files, the way bulk exports write them: one row per
 * run, columns named after the run data format (a documented subset), written
 * with hyparquet-writer.
 */
import { gzipSync } from "node:zlib";
import { parquetWriteBuffer } from "hyparquet-writer";
import type { TraceRunRecord } from "../core/types";

type ColumnType = "STRING" | "JSON" | "TIMESTAMP" | "BOOLEAN" | "INT64" | "DOUBLE";

interface ExportColumn {
  type: ColumnType;
  value: (run: TraceRunRecord, tenantId: string) => unknown;
}

const bigintOrNull = (value: number | null): bigint | null => (value === null ? null : BigInt(value));
const dateOrNull = (value: string | null): Date | null => (value === null ? null : new Date(value));

/** Columns of an exported file, in order (the `export_fields` accepted). */
export const EXPORT_COLUMNS: Readonly<Record<string, ExportColumn>> = {
  id: { type: "STRING", value: (r) => r.id },
  tenant_id: { type: "STRING", value: (_r, tenantId) => tenantId },
  session_id: { type: "STRING", value: (r) => r.sessionId },
  trace_id: { type: "STRING", value: (r) => r.traceId },
  parent_run_id: { type: "STRING", value: (r) => r.parentRunId },
  dotted_order: { type: "STRING", value: (r) => r.dottedOrder },
  is_root: { type: "BOOLEAN", value: (r) => r.isRoot },
  name: { type: "STRING", value: (r) => r.name },
  run_type: { type: "STRING", value: (r) => r.runType },
  status: { type: "STRING", value: (r) => r.status },
  start_time: { type: "TIMESTAMP", value: (r) => new Date(r.startTime) },
  end_time: { type: "TIMESTAMP", value: (r) => dateOrNull(r.endTime) },
  inputs: { type: "JSON", value: (r) => r.inputs },
  outputs: { type: "JSON", value: (r) => r.outputs },
  error: { type: "STRING", value: (r) => r.error },
  extra: { type: "JSON", value: (r) => r.extra },
  tags: { type: "JSON", value: (r) => r.tags },
  prompt_tokens: { type: "INT64", value: (r) => bigintOrNull(r.promptTokens) },
  completion_tokens: { type: "INT64", value: (r) => bigintOrNull(r.completionTokens) },
  total_tokens: { type: "INT64", value: (r) => bigintOrNull(r.totalTokens) },
  total_cost: { type: "DOUBLE", value: (r) => r.totalCost },
};

/** Names of {@link EXPORT_COLUMNS}, in file order. */
export const EXPORT_COLUMN_NAMES: readonly string[] = Object.keys(EXPORT_COLUMNS);

/**
 * How each `compression` of the contract is written: `zstandard` has no
 * compressor in Node 20, so those files are written uncompressed (a
 * documented limit of the emulator).
 */
const CODECS = { none: "UNCOMPRESSED", gzip: "GZIP", snappy: "SNAPPY", zstandard: "UNCOMPRESSED" } as const;

/**
 * Encodes runs as one Parquet file with the given columns (all of
 * {@link EXPORT_COLUMN_NAMES} when `fields` is null, else those named, in file
 * order) and compression.
 */
export function encodeTraceRunsParquet(runs: readonly TraceRunRecord[], tenantId: string, fields: readonly string[] | null, compression: string): Uint8Array {
  const names = fields === null ? EXPORT_COLUMN_NAMES : EXPORT_COLUMN_NAMES.filter((name) => fields.includes(name));
  const codec = CODECS[compression as keyof typeof CODECS] ?? "UNCOMPRESSED";
  const buffer = parquetWriteBuffer({
    codec,
    compressors: { GZIP: (input: Uint8Array) => new Uint8Array(gzipSync(input)) },
    columnData: names.map((name) => {
      const column = EXPORT_COLUMNS[name] as ExportColumn;
      return { name, type: column.type, data: runs.map((run) => column.value(run, tenantId)) as never };
    }),
    kvMetadata: [{ key: "requested_compression", value: compression }],
    createdBy: "pulumi-langsmith-emulator",
  });
  return new Uint8Array(buffer);
}
