import { commandLine, descendants, processCpuMs, processMemory } from "./processTree";

/** What an {@link RssSampler} saw: the largest peak RSS among matching processes, and the CPU time of every process. */
export interface RssReport {
  /** Largest `VmHWM` seen among matching processes, in kibibytes (0 when none was seen). */
  readonly peakRssKb: number;
  /** How many distinct matching processes were seen. */
  readonly processes: number;
  /** Samples taken. */
  readonly samples: number;
  /**
   * CPU time used by every descendant process, by role (`matchedRole` for
   * the matching processes when given, else {@link processRole}), in
   * milliseconds: the last sample of each process, so up to one interval of
   * a process's last CPU is missed.
   */
  readonly cpuMsByRole: Readonly<Record<string, number>>;
}

/** Options of an {@link RssSampler}. */
export interface RssSamplerOptions {
  /** Time between samples, in milliseconds; default 100. */
  readonly intervalMs?: number;
  /** The role the matching processes' CPU is counted under (e.g. `plugin`, whichever plugin runs); default: {@link processRole}'s. */
  readonly matchedRole?: string;
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
 * dynamic provider, `@pulumi/pulumi/cmd/dynamic-provider`, or a plugin's
 * entry point), and the CPU time of every descendant by role. `VmHWM` is the
 * kernel's own high-water mark, so a sample late in the process's life
 * covers any spike between samples.
 */
export class RssSampler {
  private readonly peakByPid = new Map<number, number>();
  private readonly cpuByPid = new Map<number, { role: string; cpuMs: number }>();
  private samples = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly intervalMs: number;

  /** @param matches substrings of the command line, any of which selects a process. */
  constructor(
    private readonly matches: readonly string[],
    private readonly options: RssSamplerOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 100;
  }

  /** Starts sampling. */
  start(): void {
    this.timer = setInterval(() => this.sample(), this.intervalMs);
  }

  /** Takes one sample now. */
  sample(): void {
    this.samples += 1;
    for (const pid of descendants(process.pid)) {
      const command = commandLine(pid);
      const matched = this.matches.some((match) => command.includes(match));
      const cpuMs = processCpuMs(pid);
      // The role follows the latest command line: a plugin's launcher (`sh pulumi-resource-langsmith`) execs node in the same process.
      const previous = this.cpuByPid.get(pid)?.role;
      const matchedRole = this.options.matchedRole;
      const role =
        matchedRole !== undefined && (matched || previous === matchedRole) ? matchedRole : command !== "" ? processRole(command) : (previous ?? "other");
      if (cpuMs !== undefined) this.cpuByPid.set(pid, { role, cpuMs });
      if (!matched) continue;
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
