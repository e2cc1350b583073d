import { commandLine, descendants, processMemory } from "./processTree";

/** What an {@link RssSampler} saw: the largest peak RSS among matching processes. */
export interface RssReport {
  /** Largest `VmHWM` seen among matching processes, in kibibytes (0 when none was seen). */
  readonly peakRssKb: number;
  /** How many distinct matching processes were seen. */
  readonly processes: number;
  /** Samples taken. */
  readonly samples: number;
}

/**
 * Samples, every `intervalMs`, the memory of every descendant of this
 * process whose command line contains `match` (e.g. the Pulumi dynamic
 * provider, `@pulumi/pulumi/cmd/dynamic-provider`). `VmHWM` is the kernel's
 * own high-water mark, so a sample late in the process's life covers any
 * spike between samples.
 */
export class RssSampler {
  private readonly peakByPid = new Map<number, number>();
  private samples = 0;
  private timer: NodeJS.Timeout | undefined;

  /** @param match substring of the command line; @param intervalMs time between samples. */
  constructor(private readonly match: string, private readonly intervalMs = 100) {}

  /** Starts sampling. */
  start(): void {
    this.timer = setInterval(() => this.sample(), this.intervalMs);
  }

  /** Takes one sample now. */
  sample(): void {
    this.samples += 1;
    for (const pid of descendants(process.pid)) {
      if (!commandLine(pid).includes(this.match)) continue;
      const memory = processMemory(pid);
      if (memory) this.peakByPid.set(pid, Math.max(this.peakByPid.get(pid) ?? 0, memory.peakRssKb));
    }
  }

  /** Stops sampling and reports. */
  stop(): RssReport {
    if (this.timer) clearInterval(this.timer);
    const peaks = [...this.peakByPid.values()];
    return { peakRssKb: peaks.length > 0 ? Math.max(...peaks) : 0, processes: peaks.length, samples: this.samples };
  }
}
