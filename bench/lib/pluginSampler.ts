import { commandLine, descendants, processCpuMs, processMemory } from "./processTree";
import { processRole } from "./rssSampler";

/** What a {@link PluginSampler} saw during one CLI run. */
export interface PluginSample {
  /** Largest `VmHWM` among the plugin processes, in kibibytes (0 when none was seen). */
  readonly peakRssKb: number;
  /**
   * CPU milliseconds (user + system) by role: `plugin` for the processes
   * `matches` selects, else {@link processRole}'s role (engine, language host,
   * program). Each process's last sample, so up to one interval of its last CPU is missed.
   */
  readonly cpuMsByRole: Readonly<Record<string, number>>;
}

/**
 * Samples, every `intervalMs` (default 100 ms), every descendant of this
 * process: the peak RSS of the plugin (a process whose command line contains
 * one of `matches`, e.g. our plugin's or the floor plugin's entry point), and
 * the CPU time of each process by role, so the plugin is told apart from the
 * program whichever plugin runs.
 */
export class PluginSampler {
  private readonly peakByPid = new Map<number, number>();
  private readonly cpuByPid = new Map<number, { role: string; cpuMs: number }>();
  private timer: NodeJS.Timeout | undefined;

  /** @param matches substrings of the command line, any of which marks a plugin process; @param intervalMs time between samples. */
  constructor(private readonly matches: readonly string[], private readonly intervalMs = 100) {}

  /** Starts sampling. */
  start(): void {
    this.timer = setInterval(() => this.sample(), this.intervalMs);
  }

  /** Takes one sample now. */
  sample(): void {
    for (const pid of descendants(process.pid)) {
      const command = commandLine(pid);
      const plugin = this.matches.some((match) => command.includes(match));
      const cpuMs = processCpuMs(pid);
      // The role follows the latest command line: a plugin's launcher (`sh pulumi-resource-langsmith`) execs node in the same process.
      const previous = this.cpuByPid.get(pid)?.role;
      const role = plugin || previous === "plugin" ? "plugin" : command !== "" ? processRole(command) : (previous ?? "other");
      if (cpuMs !== undefined) this.cpuByPid.set(pid, { role, cpuMs });
      if (!plugin) continue;
      const memory = processMemory(pid);
      if (memory) this.peakByPid.set(pid, Math.max(this.peakByPid.get(pid) ?? 0, memory.peakRssKb));
    }
  }

  /** Stops sampling and reports. */
  stop(): PluginSample {
    if (this.timer) clearInterval(this.timer);
    const peaks = [...this.peakByPid.values()];
    const cpuMsByRole: Record<string, number> = {};
    for (const { role, cpuMs } of this.cpuByPid.values()) cpuMsByRole[role] = (cpuMsByRole[role] ?? 0) + cpuMs;
    return { peakRssKb: peaks.length > 0 ? Math.max(...peaks) : 0, cpuMsByRole };
  }
}
