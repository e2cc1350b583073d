import type { CommandResult } from "../../tests/helpers/pulumiProject";
import { type RssReport, RssSampler } from "./rssSampler";

/** Command line fragment identifying the Pulumi Node.js dynamic-provider process. */
export const DYNAMIC_PROVIDER_MATCH = "dynamic-provider";

/** A CLI run's wall time, and the dynamic provider's peak RSS when sampled. */
export interface TimedRun {
  readonly wallMs: number;
  readonly rss?: RssReport;
}

/**
 * Runs `command` (a Pulumi CLI invocation), timing it, optionally sampling the
 * dynamic-provider process's memory, and throws with the output when it fails
 * (a failed run must not produce numbers).
 */
export async function timedRun(label: string, command: () => Promise<CommandResult>, sampleRss = false): Promise<TimedRun> {
  const sampler = sampleRss ? new RssSampler(DYNAMIC_PROVIDER_MATCH) : undefined;
  sampler?.start();
  const startMs = performance.now();
  let result: CommandResult;
  try {
    result = await command();
  } finally {
    if (sampler) sampler.sample();
  }
  const wallMs = performance.now() - startMs;
  const rss = sampler?.stop();
  if (result.code !== 0) throw new Error(`${label} exited with ${result.code}:\n${result.output.slice(-4000)}`);
  return { wallMs, ...(rss ? { rss } : {}) };
}
