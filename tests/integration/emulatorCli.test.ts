// The emulator CLI as a user runs it: compiled to JavaScript, started as a
// process, printing its URL and a ready line, serving requests, stopping on SIGTERM.
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_API_KEY } from "../../packages/emulator/src";

const ROOT = join(__dirname, "..", "..");
const PACKAGE = join(ROOT, "packages", "emulator");

/** The CLI as the package's `bin` names it, in the build written to `outDir`. */
function cliIn(outDir: string): string {
  const pkg = JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8")) as { bin: Record<string, string> };
  const bin = pkg.bin["pulumi-langsmith-emulator"] ?? "";
  expect(bin).toBe("dist/cli.js");
  return join(outDir, "cli.js");
}

describe("emulator CLI", () => {
  let outDir: string;
  let child: ChildProcessWithoutNullStreams | undefined;

  beforeAll(() => {
    mkdirSync(join(ROOT, "tests", ".tmp"), { recursive: true });
    outDir = mkdtempSync(join(ROOT, "tests", ".tmp", "emulator-cli-"));
    // The emulator package's own build, written elsewhere than its dist/.
    execFileSync(process.execPath, [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", join(PACKAGE, "tsconfig.json"), "--outDir", outDir], {
      stdio: "pipe",
    });
  }, 120_000);

  afterAll(() => {
    if (child && child.exitCode === null) child.kill("SIGKILL");
    rmSync(outDir, { recursive: true, force: true });
  });

  test("prints its URL and a ready line, serves both APIs, exits 0 on SIGTERM", async () => {
    const cli = cliIn(outDir);
    expect(readFileSync(cli, "utf8").startsWith("#!/usr/bin/env node")).toBe(true);
    const proc = spawn(process.execPath, [cli, "--port", "0", "--control", "--timings", "fast"]);
    child = proc;
    let stdout = "";
    const url = await new Promise<string>((resolve, reject) => {
      proc.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        const ready = /^ready: (http:\/\/127\.0\.0\.1:\d+)$/m.exec(stdout);
        if (ready?.[1]) resolve(ready[1]);
      });
      proc.once("exit", (code) => reject(new Error(`CLI exited with ${String(code)} before ready: ${stdout}`)));
    });
    expect(stdout).toContain(`listening on ${url}`);
    expect(stdout).toContain(DEFAULT_API_KEY);
    const deployments = await fetch(`${url}/v2/deployments`, { headers: { "x-api-key": DEFAULT_API_KEY } });
    expect(deployments.status).toBe(200);
    const destinations = await fetch(`${url}/api/v1/bulk-exports/destinations`, { headers: { "x-api-key": DEFAULT_API_KEY } });
    expect(await destinations.json()).toEqual([]);
    expect((await fetch(`${url}/__emulator/state`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
    proc.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  test("--help documents every flag, --destination-delete included", () => {
    const cli = cliIn(outDir);
    const help = execFileSync(process.execPath, [cli, "--help"], { encoding: "utf8" });
    expect(help).toContain("--destination-delete");
    expect(help).toContain("405 Method Not Allowed");
  });

  test("rejects bad flags with usage and exit code 2", () => {
    const cli = cliIn(outDir);
    let status: number | null = null;
    let stderr = "";
    try {
      execFileSync(process.execPath, [cli, "--timings", "slow"], { stdio: "pipe" });
    } catch (error) {
      status = (error as { status: number | null }).status;
      stderr = String((error as { stderr: Buffer }).stderr);
    }
    expect(status).toBe(2);
    expect(stderr).toContain("--timings must be fast or realistic");
    expect(stderr).toContain("Usage:");
  });
});
