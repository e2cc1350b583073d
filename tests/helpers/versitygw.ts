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
import { ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as dns from "node:dns";
import { existsSync, promises as fs, rmSync } from "node:fs";
import * as http from "node:http";
import type { LookupFunction } from "node:net";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { CreateBucketCommand, ListObjectsV2Command, PutBucketPolicyCommand, S3Client } from "@aws-sdk/client-s3";

/** The versitygw release the tests are written against. */
export const VERSITYGW_VERSION = "v1.7.0";

/** The region versitygw is started with (and the clients sign for). */
export const VERSITYGW_REGION = "us-east-1";

/** An S3 access key pair. */
export interface S3Credentials {
  /** Access key id (also the user's name in versitygw's IAM). */
  accessKeyId: string;
  /** Secret access key. */
  secretAccessKey: string;
}

/**
 * The IAM users created on every server. Their permissions apply to buckets
 * made with {@link Versitygw.createBucket}, through that bucket's policy.
 */
export interface VersitygwUsers {
  /** May list, read, write and delete objects (bucket policy `s3:*`). */
  full: S3Credentials;
  /** May list and read, but not write: PutObject fails with AccessDenied. */
  readOnly: S3Credentials;
  /** May list, read and write, but DeleteObject fails with AccessDenied. */
  noDelete: S3Credentials;
}

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

/** One line of versitygw's S3 access log (the fields the tests need). */
export interface VersitygwAccessLogEntry {
  /** Bucket the server resolved for the request, or "-". */
  bucket: string;
  /** Access key id of the caller, or "-". */
  requester: string;
  /** S3 operation, e.g. "PutObject" (the log's "s3_" prefix removed). */
  operation: string;
  /** Object key the server resolved, or "-". */
  key: string;
  /** Request line target as received (path and query). */
  requestUri: string;
  /** HTTP status sent. */
  status: number;
  /** S3 error code sent, or "-". */
  errorCode: string;
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

/** Default location of the binary built by `scripts/build-versitygw.sh`. */
export function cachedVersitygwPath(): string {
  const cacheHome = process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache");
  return path.join(cacheHome, "pulumi-langsmith", "versitygw", VERSITYGW_VERSION, "versitygw");
}

/** Finds the versitygw binary, or throws an error that says how to get it. */
export function findVersitygw(bin?: string): string {
  const candidate = bin ?? process.env.VERSITYGW_BIN ?? cachedVersitygwPath();
  if (!existsSync(candidate)) {
    throw new Error(`versitygw not found at ${candidate}: run \`npm run tools\` (or set VERSITYGW_BIN to a versitygw >= 1.7.0)`);
  }
  return candidate;
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => {
        if (addr !== null && typeof addr === "object") resolve(addr.port);
        else reject(new Error("could not get a free port"));
      });
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function randomSecret(): string {
  return randomBytes(24).toString("hex");
}

function httpGetStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
  });
}

/** Runs the binary; `what` names the step in errors (args hold secrets, so they are not shown). */
function run(bin: string, args: string[], what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { timeout: 30_000 }, (err, stdout, stderr) => {
      if (err) {
        reject(new Error(`versitygw ${what} failed (exit ${String(err.code)}): ${stderr}${stdout}`));
      } else {
        resolve(stdout);
      }
    });
  });
}

const HEALTH_PATH = "/__health";

/**
 * Servers not stopped yet. A test that forgets stop() (or fails before it)
 * must neither keep Jest alive nor leave a server behind: the child and its
 * pipes are unref'ed, and whatever is still here when the process exits is
 * killed and its temp dir removed.
 */
const live = new Map<ChildProcess, string>();
let exitHookInstalled = false;
function track(proc: ChildProcess, dir: string): void {
  live.set(proc, dir);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const [p, d] of live) {
      p.kill("SIGKILL");
      rmSync(d, { recursive: true, force: true });
    }
  });
}

/** Start of an access-log line: owner bucket [time] ip requester request-id operation key uri status error. */
const LOG_LINE = /^(\S+) (\S+) \[[^\]]*\] (\S+) (\S+) (\S+) (\S+) (\S+) (\S+) (\d+) (\S+) /;

function parseAccessLog(text: string): VersitygwAccessLogEntry[] {
  const entries: VersitygwAccessLogEntry[] = [];
  for (const line of text.split("\n")) {
    const m = LOG_LINE.exec(line);
    if (!m) continue;
    entries.push({
      bucket: m[2] ?? "-",
      requester: m[4] ?? "-",
      operation: (m[6] ?? "-").replace(/^s3_/, ""),
      key: m[7] ?? "-",
      requestUri: m[8] ?? "-",
      status: Number(m[9]),
      errorCode: m[10] ?? "-",
    });
  }
  return entries;
}

function bucketPolicy(bucket: string, users: VersitygwUsers): string {
  const resources = [`arn:aws:s3:::${bucket}`, `arn:aws:s3:::${bucket}/*`];
  const statement = (sid: string, effect: "Allow" | "Deny", user: S3Credentials, actions: string[]): Record<string, unknown> => ({
    Sid: sid,
    Effect: effect,
    Principal: { AWS: [user.accessKeyId] },
    Action: actions,
    Resource: resources,
  });
  return JSON.stringify({
    Version: "2012-10-17",
    Statement: [
      statement("FullAccess", "Allow", users.full, ["s3:*"]),
      // No write action at all: PutObject is implicitly denied.
      statement("ReadOnly", "Allow", users.readOnly, ["s3:Get*", "s3:List*"]),
      statement("NoDeleteAllow", "Allow", users.noDelete, ["s3:Get*", "s3:List*", "s3:PutObject*", "s3:AbortMultipartUpload"]),
      // Explicit, so that a later Allow cannot widen it by accident.
      statement("NoDeleteDeny", "Deny", users.noDelete, ["s3:DeleteObject", "s3:DeleteObjectVersion", "s3:DeleteObjectTagging"]),
    ],
  });
}

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
  let child: ChildProcess | undefined;
  let output = "";
  let port = 0;

  const killChild = async (): Promise<void> => {
    const proc = child;
    child = undefined;
    if (proc) live.delete(proc);
    // No pid: it never started (spawn error), so no "exit" will come.
    if (!proc || proc.pid === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
    proc.kill("SIGTERM");
    const timer = setTimeout(() => proc.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };

  try {
    // A port found free may be taken before versitygw binds it: retry then.
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      output = "";
      const proc = spawn(
        bin,
        [
          "--port",
          `127.0.0.1:${port}`,
          "--access",
          root.accessKeyId,
          "--secret",
          root.secretAccessKey,
          "--region",
          VERSITYGW_REGION,
          "--iam-dir",
          iamDir,
          "--virtual-domain",
          "localhost",
          "--access-log",
          accessLogPath,
          "--health",
          HEALTH_PATH,
          "--quiet",
          "posix",
          "--sidecar",
          metaDir,
          dataDir,
        ],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      child = proc;
      track(proc, dir);
      proc.unref();
      for (const stream of [proc.stdout, proc.stderr]) (stream as net.Socket | null)?.unref();
      const collect = (chunk: Buffer): void => {
        output = (output + chunk.toString()).slice(-8000);
      };
      proc.stdout?.on("data", collect);
      proc.stderr?.on("data", collect);
      const spawnError = new Promise<Error>((resolve) => proc.once("error", resolve));

      const deadline = Date.now() + startTimeoutMs;
      let ready = false;
      while (Date.now() < deadline) {
        if (proc.exitCode !== null || proc.signalCode !== null) break;
        const failed = await Promise.race([spawnError, sleep(100).then(() => undefined)]);
        if (failed) throw new Error(`could not run ${bin}: ${failed.message}`);
        try {
          if ((await httpGetStatus(`http://127.0.0.1:${port}${HEALTH_PATH}`)) === 200) {
            ready = true;
            break;
          }
        } catch {
          // not listening yet
        }
      }
      if (ready) break;
      const exited = proc.exitCode !== null || proc.signalCode !== null;
      await killChild();
      if (exited && attempt < 3 && /address already in use/i.test(output)) continue;
      throw new Error(
        `versitygw did not answer on 127.0.0.1:${port} within ${startTimeoutMs} ms` +
          `${exited ? ` (exited with ${proc.exitCode ?? proc.signalCode})` : ""}:\n${output}`,
      );
    }

    const endpoint = `http://127.0.0.1:${port}`;
    const users: VersitygwUsers = {
      full: { accessKeyId: "vgwfull", secretAccessKey: randomSecret() },
      readOnly: { accessKeyId: "vgwreadonly", secretAccessKey: randomSecret() },
      noDelete: { accessKeyId: "vgwnodelete", secretAccessKey: randomSecret() },
    };
    const admin = ["admin", "--access", root.accessKeyId, "--secret", root.secretAccessKey, "--region", VERSITYGW_REGION, "--endpoint-url", endpoint];
    for (const user of Object.values(users)) {
      await run(
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
        await killChild();
        await fs.rm(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await killChild();
    await fs.rm(dir, { recursive: true, force: true });
    throw err;
  }
}
