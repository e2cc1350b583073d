#!/usr/bin/env node
// Demo helper for bulk exports.
//   seed <emulator url> <project id>: seeds 24 hourly trace runs of the project
//     on 2026-10-01 through the emulator's control route (what an export writes).
//   show <s3 json> <export path>: lists the Parquet files under the export path
//     in the demo bucket and prints each file's row count, columns and first rows,
//     read with hyparquet (not the emulator's writer).
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { gunzipSync } from "node:zlib";
import { parquetMetadata, parquetReadObjects } from "hyparquet";

/** hyparquet reads snappy and uncompressed pages itself; gzip comes from Node's zlib. */
const compressors = { GZIP: (input) => new Uint8Array(gunzipSync(input)) };

const [command, ...args] = process.argv.slice(2);

async function seed(url, projectId) {
  const kinds = [
    ["agent", "chain"],
    ["ChatModel", "llm"],
    ["search", "tool"],
  ];
  const runs = Array.from({ length: 24 }, (_, hour) => {
    const [name, runType] = kinds[hour % kinds.length];
    return {
      name,
      runType,
      startTime: `2026-10-01T${String(hour).padStart(2, "0")}:00:00Z`,
      inputs: { question: `question ${hour}` },
      outputs: { answer: `answer ${hour}` },
      ...(runType === "llm" ? { promptTokens: 100 + hour, completionTokens: 20 } : {}),
    };
  });
  const response = await fetch(`${url}/__emulator/trace-runs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ sessionId: projectId, runs }),
  });
  if (response.status !== 201) throw new Error(`seeding trace runs: HTTP ${response.status} ${await response.text()}`);
  console.error(`demo: seeded ${runs.length} trace runs of project ${projectId} on 2026-10-01`);
}

async function show(s3Json, exportPath) {
  const s3 = JSON.parse(s3Json);
  const client = new S3Client({ endpoint: s3.endpoint, region: s3.region, forcePathStyle: true, credentials: s3.keyPairB });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${exportPath}/` }));
  const keys = (listed.Contents ?? []).map((o) => o.Key).filter((k) => k.endsWith(".parquet"));
  if (keys.length === 0) throw new Error(`no Parquet file under s3://${s3.bucket}/${exportPath}/`);
  for (const key of keys) {
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    const bytes = await object.Body.transformToByteArray();
    const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const metadata = parquetMetadata(file);
    const rows = await parquetReadObjects({ file, compressors, columns: ["id", "name", "run_type", "start_time"], rowEnd: 3 });
    console.log(`s3://${s3.bucket}/${key}`);
    console.log(
      `  ${bytes.byteLength} bytes, ${Number(metadata.num_rows)} rows, columns: ${metadata.schema
        .slice(1)
        .map((c) => c.name)
        .join(", ")}`,
    );
    for (const row of rows) console.log(`  ${row.id}  ${row.name.padEnd(10)} ${row.run_type.padEnd(6)} ${new Date(row.start_time).toISOString()}`);
  }
  client.destroy();
}

if (command === "seed" && args.length === 2) await seed(args[0], args[1]);
else if (command === "show" && args.length === 2) await show(args[0], args[1]);
else {
  console.error("usage: node scripts/demo-exports.mjs seed <emulator url> <project id> | show <s3 json> <export path>");
  process.exit(2);
}
