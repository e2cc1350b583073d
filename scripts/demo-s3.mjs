#!/usr/bin/env node
// Demo S3 store: starts versitygw on a free 127.0.0.1 port with a posix data
// directory, creates a bucket and two key pairs (A and B, so the demo can
// rotate from one to the other), prints one JSON line describing them, and
// runs until it receives SIGTERM or SIGINT (then stops versitygw and removes
// its data). Usage: node scripts/demo-s3.mjs <versitygw binary> <work dir>
import { spawn, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";

const [bin, workDir] = process.argv.slice(2);
if (!bin || !workDir) {
  console.error("usage: node scripts/demo-s3.mjs <versitygw binary> <work dir>");
  process.exit(2);
}
const region = "us-east-1";
const bucket = "langsmith-exports-demo";
const key = (prefix) => ({ accessKeyId: `${prefix}${randomBytes(4).toString("hex")}`, secretAccessKey: randomBytes(20).toString("hex") });
const root = key("demoroot");
const pairs = { a: key("demokeya"), b: key("demokeyb") };

const port = await new Promise((resolve, reject) => {
  const probe = createServer();
  probe.once("error", reject);
  probe.listen(0, "127.0.0.1", () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
for (const dir of ["data", "meta", "iam"]) mkdirSync(join(workDir, dir), { recursive: true });
const endpoint = `http://127.0.0.1:${port}`;
const server = spawn(
  bin,
  [
    "--port",
    `127.0.0.1:${port}`,
    "--access",
    root.accessKeyId,
    "--secret",
    root.secretAccessKey,
    "--region",
    region,
    "--iam-dir",
    join(workDir, "iam"),
    "--health",
    "/__health",
    "--quiet",
    "posix",
    "--sidecar",
    join(workDir, "meta"),
    join(workDir, "data"),
  ],
  { stdio: ["ignore", "ignore", "inherit"] },
);
const stop = () => {
  server.kill("SIGTERM");
  rmSync(workDir, { recursive: true, force: true });
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

for (let attempt = 0; ; attempt++) {
  try {
    if ((await fetch(`${endpoint}/__health`)).ok) break;
  } catch {
    // not listening yet
  }
  if (attempt > 100) throw new Error("versitygw did not start within 10 s");
  await new Promise((resolve) => setTimeout(resolve, 100));
}
for (const pair of Object.values(pairs)) {
  execFileSync(
    bin,
    [
      "admin",
      "--access",
      root.accessKeyId,
      "--secret",
      root.secretAccessKey,
      "--endpoint-url",
      endpoint,
      "create-user",
      "--access",
      pair.accessKeyId,
      "--secret",
      pair.secretAccessKey,
      "--role",
      "admin",
    ],
    { stdio: "ignore" },
  );
}
const s3 = new S3Client({ endpoint, region, forcePathStyle: true, credentials: root });
await s3.send(new CreateBucketCommand({ Bucket: bucket }));
console.log(JSON.stringify({ endpoint, region, bucket, keyPairA: pairs.a, keyPairB: pairs.b }));
