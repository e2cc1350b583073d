/**
 * The versitygw binary and its processes: where the binary is, running its
 * admin commands, and starting a server on a free loopback port until it
 * answers. A server the tests forget to stop is killed when the process exits.
 */
import { ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import * as http from "node:http";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import type { S3Credentials } from "./versitygwAccounts";

/** The versitygw release the tests are written against. */
export const VERSITYGW_VERSION = "v1.7.0";

/** The region versitygw is started with (and the clients sign for). */
export const VERSITYGW_REGION = "us-east-1";

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

/** A TCP port on 127.0.0.1 free at the time of asking. */
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

/** Resolves after `ms` milliseconds. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The status of a GET of `url` (1 s timeout; 0 if none). */
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
export function runVersitygw(bin: string, args: string[], what: string): Promise<string> {
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
/** Adds `proc` (its temp dir `dir`) to the servers killed at exit. */
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

/** Where a server keeps what it writes: all of it under `dir`. */
export interface VersitygwLayout {
  /** The temp dir holding the rest; removed when the server stops. */
  dir: string;
  /** The posix backend's objects. */
  dataDir: string;
  /** The `--sidecar` metadata. */
  metaDir: string;
  /** The internal IAM (`--iam-dir`). */
  iamDir: string;
  /** The S3 access log file. */
  accessLogPath: string;
}

/** A versitygw process that answers on 127.0.0.1. */
export interface VersitygwProcess {
  /** TCP port on 127.0.0.1. */
  port: number;
  /** Ends the process (SIGTERM, SIGKILL after 5 s); does nothing once it has ended. */
  kill(): Promise<void>;
}

/**
 * Starts `bin` on a free 127.0.0.1 port: posix backend in `layout` with a
 * `--sidecar` metadata dir, internal IAM, `root` as the root key pair,
 * `--virtual-domain localhost` and an access log; waits (`startTimeoutMs`,
 * in ms) until its health path answers 200. A port taken before versitygw
 * binds it is tried again, up to 3 times.
 *
 * @throws if the binary cannot run or the server does not answer in time
 *   (the process is ended first).
 */
export async function spawnVersitygw(bin: string, root: S3Credentials, layout: VersitygwLayout, startTimeoutMs: number): Promise<VersitygwProcess> {
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
          layout.iamDir,
          "--virtual-domain",
          "localhost",
          "--access-log",
          layout.accessLogPath,
          "--health",
          HEALTH_PATH,
          "--quiet",
          "posix",
          "--sidecar",
          layout.metaDir,
          layout.dataDir,
        ],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      child = proc;
      track(proc, layout.dir);
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
  } catch (err) {
    await killChild();
    throw err;
  }
  return { port, kill: killChild };
}
