/**
 * Reads Parquet files from a bucket with parquet-wasm (the Rust `parquet`
 * crate of Apache Arrow, compiled to WebAssembly) and Apache Arrow JS: a
 * reader independent of the emulator's writer (hyparquet-writer), so the
 * tests check files as an analytics tool would see them.
 *
 * @packageDocumentation
 */
import { GetObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { tableFromIPC, Type } from "apache-arrow";
import { Compression, ParquetFile, readParquet } from "parquet-wasm/node";

/** What the reader found in a set of Parquet files. */
export interface ParquetContents {
  /**
   * Every row of every file. 64-bit integers are decimal strings (exact),
   * timestamps ISO 8601 strings in UTC, JSON columns their text.
   */
  rows: Record<string, unknown>[];
  /** Column names and Arrow types (e.g. `Utf8`, `Int64`), in file order, from the first file. */
  columns: { name: string; type: string }[];
  /** Distinct compression codecs of the column chunks (e.g. `GZIP`), sorted. */
  codecs: string[];
}

/** Downloads `keys` from `bucket` with `client` and reads them as one table. */
export async function readParquetObjects(client: S3Client, bucket: string, keys: readonly string[]): Promise<ParquetContents> {
  if (keys.length === 0) throw new Error("readParquetObjects: no keys given");
  const files = await Promise.all(
    keys.map(async (key) => {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray();
    }),
  );
  const rows: Record<string, unknown>[] = [];
  const codecs = new Set<string>();
  let columns: { name: string; type: string }[] = [];
  for (const [index, bytes] of files.entries()) {
    const table = tableFromIPC(readParquet(bytes).intoIPCStream());
    if (index === 0) columns = table.schema.fields.map((field) => ({ name: field.name, type: String(field.type) }));
    const timestamps = new Set(table.schema.fields.filter((field) => field.typeId === Type.Timestamp).map((field) => field.name));
    for (const row of table.toArray() as { toJSON(): Record<string, unknown> }[]) {
      const entries = Object.entries(row.toJSON()).map(([name, value]) => [name, plainValue(value, timestamps.has(name))]);
      rows.push(Object.fromEntries(entries));
    }
    const file = await ParquetFile.fromFile(new Blob([bytes]));
    for (const group of file.metadata().rowGroups()) {
      for (const chunk of group.columns()) codecs.add(Compression[chunk.compression()] ?? String(chunk.compression()));
    }
    file.free();
  }
  return { rows, columns, codecs: [...codecs].sort() };
}

/**
 * Arrow JS values as JSON-like values: bigint as a decimal string, a
 * timestamp (epoch milliseconds in Arrow JS) as ISO 8601, binary as UTF-8 text.
 */
function plainValue(value: unknown, isTimestamp: boolean): unknown {
  if (typeof value === "bigint") return value.toString();
  if (isTimestamp && typeof value === "number") return new Date(value).toISOString();
  if (value instanceof Uint8Array) return new TextDecoder().decode(value);
  return value ?? null;
}
