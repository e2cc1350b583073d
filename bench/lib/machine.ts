/** A description of the machine a benchmark ran on, for the results file. */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, totalmem, release } from "node:os";
import { join } from "node:path";

/** Machine and tool versions. */
export interface MachineInfo {
  readonly nproc: number;
  readonly cpuModel: string;
  readonly memoryGiB: number;
  readonly kernel: string;
  readonly node: string;
  readonly pulumi: string;
  readonly pulumiSdk: string;
}

function pulumiVersion(pulumiBinDir: string | undefined): string {
  if (pulumiBinDir === undefined) return "unknown";
  try {
    return execFileSync(join(pulumiBinDir, "pulumi"), ["version"], { encoding: "utf8", env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" } }).trim();
  } catch {
    return "unknown";
  }
}

/** Describes this machine; `pulumiBinDir` locates the CLI whose version is reported. */
export function describeMachine(pulumiBinDir: string | undefined): MachineInfo {
  let pulumiSdk = "unknown";
  try {
    pulumiSdk = (JSON.parse(readFileSync(require.resolve("@pulumi/pulumi/package.json"), "utf8")) as { version: string }).version;
  } catch {
    // Not installed: leave unknown.
  }
  return {
    nproc: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? "unknown",
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    kernel: release(),
    node: process.version,
    pulumi: pulumiVersion(pulumiBinDir),
    pulumiSdk,
  };
}
