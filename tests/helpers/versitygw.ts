/**
 * Starts and stops a real versitygw S3 gateway (v1.7.0, posix backend) on a
 * free loopback port, with an internal IAM holding users of our choosing, for
 * integration tests.
 *
 * The binary comes from `VERSITYGW_BIN`, else from the cache that
 * `scripts/build-versitygw.sh` (run by `npm run tools`) fills.
 *
 * @packageDocumentation
 */
import * as dns from "node:dns";
import { promises as fs } from "node:fs";
import * as http from "node:http";
import type { LookupFunction } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { CreateBucketCommand, ListObjectsV2Command, PutBucketPolicyCommand, S3Client } from "@aws-sdk/client-s3";
import { bucketPolicy, newVersitygwUsers, randomSecret, type S3Credentials, type VersitygwUsers } from "./versitygwAccounts";
import { parseAccessLog, type VersitygwAccessLogEntry } from "./versitygwAccessLog";
import { findVersitygw, runVersitygw, spawnVersitygw, VERSITYGW_REGION, type VersitygwProcess } from "./versitygwProcess";

export type { S3Credentials, VersitygwUsers } from "./versitygwAccounts";
export type { VersitygwAccessLogEntry } from "./versitygwAccessLog";
export { cachedVersitygwPath, findVersitygw, VERSITYGW_REGION, VERSITYGW_VERSION } from "./versitygwProcess";

/** Options of {@link startVersitygw}. */
export interface StartVersitygwOptions {
  /** Path of the versitygw binary; default `VERSITYGW_BIN`, else the tools cache. */
  bin?: string;
  /** How long to wait for the server to answer, in ms (default 20000). */
  startTimeoutMs?: number;
}

/** Options of {@link Versitygw.client}. */
export interface VersitygwClientOptions {
  /**
   * Address buckets virtual-host style (`http://<bucket>.localhost:<port>`)
   * instead of path style (`http://127.0.0.1:<port>/<bucket>`). `*.localhost`
   * is resolved to 127.0.0.1 by the client's own DNS lookup.
   */
  virtualHost?: boolean;
}

/** A running versitygw server; see {@link startVersitygw}. */
export interface Versitygw {
  /** Path-style endpoint, `http://127.0.0.1:PORT`. */
  endpoint: string;
  /** Endpoint for virtual-host addressing, `http://localhost:PORT` (buckets at `<bucket>.localhost`). */
  virtualHostEndpoint: string;
  /** TCP port on 127.0.0.1. */
  port: number;
  /** Region the server runs in. */
  region: string;
  /** The root account (bypasses bucket policies). */
  root: S3Credentials;
  /** IAM users; see {@link VersitygwUsers}. */
  users: VersitygwUsers;
  /** Creates a bucket owned by root and grants the {@link VersitygwUsers} on it through its bucket policy. */
  createBucket(name: string): Promise<void>;
  /** Lists every object key in a bucket (as root), optionally under a prefix. */
  listObjects(bucket: string, prefix?: string): Promise<string[]>;
  /** An S3 client for these credentials (root's by default); destroyed by {@link Versitygw.stop}. */
  client(credentials?: S3Credentials, options?: VersitygwClientOptions): S3Client;
  /** Reads the server's S3 access log (one entry per request served so far). */
  accessLog(): Promise<VersitygwAccessLogEntry[]>;
  /** Kills the server and removes its data, metadata and IAM directories. */
  stop(): Promise<void>;
}

/**
 * DNS lookup that resolves `localhost` and every `*.localhost` name to
 * 127.0.0.1 (the system resolver here does not), and defers anything else to
 * the system resolver.
 */
export const loopbackLookup: LookupFunction = (hostname, options, callback) => {
  if (hostname === "localhost" || hostname.endsWith(".localhost")) {
    if (options.all) {
      callback(null, [{ address: "127.0.0.1", family: 4 }]);
    } else {
      callback(null, "127.0.0.1", 4);
    }
    return;
  }
  dns.lookup(hostname, options, callback);
};

/**
 * Starts versitygw on a free 127.0.0.1 port: posix backend on a temp dir with
 * a `--sidecar` metadata dir, internal IAM (`--iam-dir`) in a temp dir, a
 * random root key pair, `--virtual-domain localhost` and an access log; waits
 * until it answers, then creates the IAM users `full`, `readOnly` and
 * `noDelete` (role `user`) with `versitygw admin create-user`.
 *
 * Always call {@link Versitygw.stop} (e.g. in `afterAll`).
 *
 * @throws if the binary is missing (the message says to run `npm run tools`)
 *   or the server does not start in time.
 */
export async function startVersitygw(options: StartVersitygwOptions = {}): Promise<Versitygw> {
  const bin = findVersitygw(options.bin);
  const startTimeoutMs = options.startTimeoutMs ?? 20_000;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "versitygw-"));
  const dataDir = path.join(dir, "data");
  const metaDir = path.join(dir, "meta");
  const iamDir = path.join(dir, "iam");
  const accessLogPath = path.join(dir, "access.log");
  await Promise.all([dataDir, metaDir, iamDir].map((d) => fs.mkdir(d)));

  const root: S3Credentials = { accessKeyId: "vgwroot", secretAccessKey: randomSecret() };
  let server: VersitygwProcess | undefined;

  try {
    const spawned = await spawnVersitygw(bin, root, { dir, dataDir, metaDir, iamDir, accessLogPath }, startTimeoutMs);
    server = spawned;
    const port = spawned.port;
    const endpoint = `http://127.0.0.1:${port}`;
    const users = newVersitygwUsers();
    const admin = ["admin", "--access", root.accessKeyId, "--secret", root.secretAccessKey, "--region", VERSITYGW_REGION, "--endpoint-url", endpoint];
    for (const user of Object.values(users)) {
      await runVersitygw(
        bin,
        [...admin, "create-user", "--access", user.accessKeyId, "--secret", user.secretAccessKey, "--role", "user"],
        `admin create-user ${user.accessKeyId}`,
      );
    }

    const clients: S3Client[] = [];
    const client = (credentials: S3Credentials = root, clientOptions: VersitygwClientOptions = {}): S3Client => {
      const c = clientOptions.virtualHost
        ? new S3Client({
            region: VERSITYGW_REGION,
            credentials,
            endpoint: `http://localhost:${port}`,
            forcePathStyle: false,
            requestHandler: { httpAgent: new http.Agent({ keepAlive: true, lookup: loopbackLookup }) },
          })
        : new S3Client({ region: VERSITYGW_REGION, credentials, endpoint, forcePathStyle: true });
      clients.push(c);
      return c;
    };
    const rootClient = client(root);

    let stopped = false;
    return {
      endpoint,
      virtualHostEndpoint: `http://localhost:${port}`,
      port,
      region: VERSITYGW_REGION,
      root,
      users,
      client,
      async createBucket(name: string): Promise<void> {
        await rootClient.send(new CreateBucketCommand({ Bucket: name }));
        await rootClient.send(new PutBucketPolicyCommand({ Bucket: name, Policy: bucketPolicy(name, users) }));
      },
      async listObjects(bucket: string, prefix?: string): Promise<string[]> {
        const keys: string[] = [];
        let token: string | undefined;
        do {
          const page = await rootClient.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
          for (const obj of page.Contents ?? []) if (obj.Key !== undefined) keys.push(obj.Key);
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
        return keys;
      },
      async accessLog(): Promise<VersitygwAccessLogEntry[]> {
        return parseAccessLog(await fs.readFile(accessLogPath, "utf8"));
      },
      async stop(): Promise<void> {
        if (stopped) return;
        stopped = true;
        for (const c of clients) c.destroy();
        await spawned.kill();
        await fs.rm(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await server?.kill();
    await fs.rm(dir, { recursive: true, force: true });
    throw err;
  }
}
