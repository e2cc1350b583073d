import type { CommandResult } from "../../tests/helpers/pulumiProject";
import { type RssReport, RssSampler } from "./rssSampler";

/**
 * Command line fragments identifying a provider process: the Pulumi Node.js
 * dynamic provider, and the native plugin (`pulumi-resource-langsmith`, which
 * execs node on its `dist/provider/native/main.js`).
 */
export const PROVIDER_PROCESS_MATCHES: readonly string[] = ["dynamic-provider", "provider/native/main.js"];

/** A CLI run's wall time, and the provider process's peak RSS when sampled. */
export interface TimedRun {
  readonly wallMs: number;
  readonly rss?: RssReport;
}

/**
 * Runs `command` (a Pulumi CLI invocation), timing it, optionally sampling the
 * provider process's memory, and throws with the output when it fails
 * (a failed run must not produce numbers).
 */
export async function timedRun(label: string, command: () => Promise<CommandResult>, sampleRss = false): Promise<TimedRun> {
  const sampler = sampleRss ? new RssSampler(PROVIDER_PROCESS_MATCHES) : undefined;
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
