import { commandLine, descendants, processCpuMs, processMemory } from "./processTree";

/** What an {@link RssSampler} saw: the largest peak RSS among matching processes. */
export interface RssReport {
  /** Largest `VmHWM` seen among matching processes, in kibibytes (0 when none was seen). */
  readonly peakRssKb: number;
  /** How many distinct matching processes were seen. */
  readonly processes: number;
  /** Samples taken. */
  readonly samples: number;
  /**
   * CPU time used by every descendant process, by role (see {@link processRole}), in milliseconds:
   * the last sample of each process, so up to one interval of a process's last CPU is missed.
   */
  readonly cpuMsByRole: Readonly<Record<string, number>>;
}

/** The role of a process in a Pulumi run, from its command line. */
export function processRole(command: string): string {
  if (command.includes("dynamic-provider")) return "dynamic provider";
  if (command.includes("provider/native/main.js")) return "native provider";
  if (command.includes("pulumi-language-nodejs")) return "language host";
  if (/\bnode\b/.test(command) || command.includes("ts-node")) return "program (node)";
  if (/\bpulumi\b/.test(command)) return "engine (pulumi CLI)";
  return "other";
}

/**
 * Samples, every `intervalMs`, the memory of every descendant of this
 * process whose command line contains one of `matches` (e.g. the Pulumi
 * dynamic provider, `@pulumi/pulumi/cmd/dynamic-provider`). `VmHWM` is the kernel's
 * own high-water mark, so a sample late in the process's life covers any
 * spike between samples.
 */
export class RssSampler {
  private readonly peakByPid = new Map<number, number>();
  private readonly cpuByPid = new Map<number, { role: string; cpuMs: number }>();
  private samples = 0;
  private timer: NodeJS.Timeout | undefined;

  /** @param matches substrings of the command line, any of which selects a process; @param intervalMs time between samples. */
  constructor(private readonly matches: readonly string[], private readonly intervalMs = 100) {}

  /** Starts sampling. */
  start(): void {
    this.timer = setInterval(() => this.sample(), this.intervalMs);
  }

  /** Takes one sample now. */
  sample(): void {
    this.samples += 1;
    for (const pid of descendants(process.pid)) {
      const command = commandLine(pid);
      const cpuMs = processCpuMs(pid);
      if (cpuMs !== undefined) this.cpuByPid.set(pid, { role: this.cpuByPid.get(pid)?.role ?? processRole(command), cpuMs });
      if (!this.matches.some((match) => command.includes(match))) continue;
      const memory = processMemory(pid);
      if (memory) this.peakByPid.set(pid, Math.max(this.peakByPid.get(pid) ?? 0, memory.peakRssKb));
    }
  }

  /** Stops sampling and reports. */
  stop(): RssReport {
    if (this.timer) clearInterval(this.timer);
    const peaks = [...this.peakByPid.values()];
    const cpuMsByRole: Record<string, number> = {};
    for (const { role, cpuMs } of this.cpuByPid.values()) cpuMsByRole[role] = (cpuMsByRole[role] ?? 0) + cpuMs;
    return { peakRssKb: peaks.length > 0 ? Math.max(...peaks) : 0, processes: peaks.length, samples: this.samples, cpuMsByRole };
  }
}
