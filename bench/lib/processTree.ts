/** Reads the Linux process table from /proc: parent links, command lines and memory. */
import { readdirSync, readFileSync } from "node:fs";

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

/** Parent pid of `pid`, or undefined when it has exited. */
export function parentPid(pid: number): number | undefined {
  const stat = readOrEmpty(`/proc/${pid}/stat`);
  const afterName = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ppid = Number(afterName[1]);
  return Number.isInteger(ppid) && stat !== "" ? ppid : undefined;
}

/** Command line of `pid` with arguments joined by spaces ("" when it has exited). */
export function commandLine(pid: number): string {
  return readOrEmpty(`/proc/${pid}/cmdline`).split("\0").join(" ").trim();
}

/** Every pid whose parent chain leads to `rootPid` (excluding it). */
export function descendants(rootPid: number): number[] {
  const pids = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
  const parents = new Map(pids.map((pid) => [pid, parentPid(pid)]));
  return pids.filter((pid) => {
    let current = parents.get(pid);
    for (let depth = 0; current !== undefined && current > 1 && depth < 64; depth += 1) {
      if (current === rootPid) return true;
      current = parents.get(current);
    }
    return false;
  });
}

/** Peak (`VmHWM`) and current (`VmRSS`) resident memory of a process, in kibibytes. */
export interface ProcessMemoryKb {
  readonly peakRssKb: number;
  readonly rssKb: number;
}

/** Memory of `pid` from /proc/<pid>/status, or undefined when it has exited. */
export function processMemory(pid: number): ProcessMemoryKb | undefined {
  const status = readOrEmpty(`/proc/${pid}/status`);
  const field = (name: string): number | undefined => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status);
    return match ? Number(match[1]) : undefined;
  };
  const peakRssKb = field("VmHWM");
  const rssKb = field("VmRSS");
  return peakRssKb !== undefined && rssKb !== undefined ? { peakRssKb, rssKb } : undefined;
}

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time `pid` has used so far (user + system, not its children), in milliseconds; undefined when it has exited. */
export function processCpuMs(pid: number): number | undefined {
  const stat = readOrEmpty(`/proc/${pid}/stat`);
  if (stat === "") return undefined;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // After the name: state(0) ppid(1) … utime(11) stime(12).
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return Number.isFinite(utime) && Number.isFinite(stime) ? ((utime + stime) * 1000) / TICKS_PER_SECOND : undefined;
}
