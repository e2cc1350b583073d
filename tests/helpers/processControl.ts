import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CommandResult, PulumiProject } from "./pulumiProject";
import { toolPaths } from "./tools";

/** A command running in the background that a test can watch and signal. */
export interface RunningCommand {
  /** The spawned process (the Pulumi CLI). */
  child: ChildProcess;
  /** stdout and stderr so far, in arrival order. */
  output(): string;
  /** Sends a signal to the process itself (not its group), like `kill -<signal> <pid>`. */
  signal(signal: NodeJS.Signals): void;
  /** Resolves when the process has exited (killed with SIGKILL after `timeoutMs`). */
  done: Promise<CommandResult>;
}

/**
 * Starts `pulumi <args>` in the project's directory with its environment,
 * without waiting for it (tests/helpers/pulumiProject.ts's `run` waits).
 *
 * @param timeoutMs bound after which the process is killed with SIGKILL.
 */
export function spawnPulumi(project: PulumiProject, args: string[], timeoutMs = 5 * 60 * 1000): RunningCommand {
  const child = spawn(join(toolPaths().pulumiBinDir, "pulumi"), args, { cwd: project.dir, env: project.env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    output += chunk.toString();
  });
  const done = new Promise<CommandResult>((resolve, reject) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, output });
    });
  });
  return {
    child,
    output: () => output,
    signal: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
    done,
  };
}

/** A process found in /proc. */
export interface ProcessInfo {
  pid: number;
  /** Process group id. */
  pgid: number;
  /** Command line, arguments joined by spaces. */
  commandLine: string;
}

function readProcess(pid: number): { commandLine: string; environ: string[]; pgid: number } | undefined {
  try {
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
    const environ = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
    // The fields after the command name (which is in parentheses and may hold spaces): state, ppid, pgrp.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { commandLine, environ, pgid: Number(fields[2]) };
  } catch {
    return undefined; // gone, or not ours
  }
}

/**
 * Processes started for this project whose command line contains `marker`:
 * matched by the project's own `PULUMI_HOME` in the process environment, so
 * processes of other tests are never included.
 */
export function findProjectProcesses(project: PulumiProject, marker: string): ProcessInfo[] {
  const home = `PULUMI_HOME=${String(project.env["PULUMI_HOME"])}`;
  const found: ProcessInfo[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const info = readProcess(pid);
    if (!info || !info.commandLine.includes(marker) || !info.environ.includes(home)) continue;
    found.push({ pid, pgid: info.pgid, commandLine: info.commandLine });
  }
  return found;
}

/** Dynamic-provider processes (`node ... @pulumi/pulumi/cmd/dynamic-provider`) started for this project. */
export function findDynamicProviders(project: PulumiProject): ProcessInfo[] {
  return findProjectProcesses(project, "dynamic-provider");
}

/**
 * The program side of this project's runs: language hosts
 * (`pulumi-language-*`) and the Node.js programs they start
 * (`@pulumi/pulumi/cmd/run`). A CLI killed with SIGKILL leaves them running.
 */
export function findProgramProcesses(project: PulumiProject): ProcessInfo[] {
  return [...findProjectProcesses(project, "pulumi-language-"), ...findProjectProcesses(project, "cmd/run")];
}

/** True while a process runs: it exists and is not a zombie (exited, waiting to be reaped by a parent that may itself be gone). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/**
 * Kills the given processes with SIGKILL (each one's whole process group when
 * it leads its own group) and waits, bounded, until they are gone.
 *
 * @returns the pids still alive after the wait (normally none).
 */
export async function killProcesses(processes: readonly ProcessInfo[], waitMs = 5000): Promise<number[]> {
  for (const p of processes) {
    try {
      process.kill(p.pgid === p.pid ? -p.pgid : p.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + waitMs;
  while (processes.some((p) => isAlive(p.pid)) && Date.now() < deadline) await sleep(50);
  return processes.filter((p) => isAlive(p.pid)).map((p) => p.pid);
}

/** Waits until `ready()` is true, polling every `intervalMs`, for at most `timeoutMs`; returns the last result. */
export async function waitUntil(ready: () => boolean, timeoutMs: number, intervalMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (ready()) return true;
    if (Date.now() >= deadline) return false;
    await sleep(intervalMs);
  }
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
