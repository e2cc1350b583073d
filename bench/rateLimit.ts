/**
 * Rate limits: `pulumi up` creating a stack of Deployments against an
 * emulator answering 429 (with `Retry-After`) above a request rate, side by
 * side with the same stack and no limit. Revisions use the short step shape
 * at full scale and the provider's default poll intervals. And `pulumi up`
 * creating hundreds of CRUD resources (TagKeys on the native plugin) under
 * the limit, against the time the accepted requests need at that rate
 * (issue 24: <= 1.15x, no failure, no duplicate).
 */
import type { RequestLogEntry } from "../packages/emulator/src";
import { installNativePlugin } from "../tests/helpers/nativePlugin";
import { createPulumiProject } from "../tests/helpers/pulumiProject";
import { startEmulatorStack } from "../tests/helpers/emulatorStack";
import { stackProgram } from "./lib/programs";
import { fixed, seconds } from "./lib/stats";
import type { Table } from "./lib/table";
import { timedRun } from "./lib/timedRun";
import { SHORT_SHAPE } from "./timeToReady";

/** Options of {@link runRateLimit}. */
export interface RateLimitOptions {
  /** Deployments in the stack. */
  readonly deployments: number;
  /** Requests per second above which the emulator answers 429. */
  readonly requestsPerSecond: number;
  readonly onProgress?: (line: string) => void;
}

/** One `pulumi up` of the stack. */
export interface RateLimitRun {
  /** The limit in requests per second, or null for none. */
  readonly limitPerSecond: number | null;
  readonly wallMs: number;
  /** API requests the emulator answered, 429s included. */
  readonly requests: number;
  readonly rateLimited: number;
  /** Most requests accepted (not 429) within any one second. */
  readonly peakAcceptedPerSecond: number;
}

function peakPerSecond(entries: readonly RequestLogEntry[]): number {
  const times = entries.map((e) => Date.parse(e.time)).sort((a, b) => a - b);
  let peak = 0;
  let lo = 0;
  for (let hi = 0; hi < times.length; hi += 1) {
    while ((times[hi] as number) - (times[lo] as number) >= 1000) lo += 1;
    peak = Math.max(peak, hi - lo + 1);
  }
  return peak;
}

async function upOnce(options: RateLimitOptions, limitPerSecond: number | null): Promise<RateLimitRun> {
  const stack = await startEmulatorStack({ rateLimitPerSecond: limitPerSecond, timings: { stepDurationsMs: SHORT_SHAPE.stepDurationsMs } });
  const tag = limitPerSecond === null ? "nolimit" : `limit${limitPerSecond}`;
  const project = await createPulumiProject({
    name: `bench-rate-${tag}`,
    program: stackProgram("Deployment", options.deployments, `rate-${tag}`),
    config: stack.config,
  });
  try {
    const run = await timedRun(`up of ${options.deployments} deployments (${tag})`, () => project.up());
    const log = stack.emulator.control.requestLog();
    const accepted = log.filter((e) => e.status !== 429);
    return {
      limitPerSecond,
      wallMs: run.wallMs,
      requests: log.length,
      rateLimited: log.length - accepted.length,
      peakAcceptedPerSecond: peakPerSecond(accepted),
    };
  } finally {
    project.cleanup();
    await stack.emulator.close();
  }
}

/** Runs the limited and the unlimited up, one after the other. */
export async function runRateLimit(options: RateLimitOptions): Promise<RateLimitRun[]> {
  const runs: RateLimitRun[] = [];
  for (const limit of [options.requestsPerSecond, null]) {
    runs.push(await upOnce(options, limit));
    options.onProgress?.(`rate limit: up with limit ${limit ?? "none"} done`);
  }
  return runs;
}

/** Options of {@link runCrudRateLimit}. */
export interface CrudRateLimitOptions {
  /** TagKeys created by the one `pulumi up`. */
  readonly resources: number;
  /** Requests per second above which the emulator answers 429. */
  readonly requestsPerSecond: number;
  readonly onProgress?: (line: string) => void;
}

/** The `pulumi up` creating {@link CrudRateLimitOptions.resources} TagKeys under the limit. */
export interface CrudRateLimitRun {
  readonly resources: number;
  readonly limitPerSecond: number;
  /** Wall time of the whole `pulumi up`, in milliseconds. */
  readonly wallMs: number;
  /** From the first API request's arrival to the last one's, in milliseconds. */
  readonly apiSpanMs: number;
  /** API requests the emulator answered, 429s included. */
  readonly requests: number;
  /** Requests answered with anything but 429. */
  readonly accepted: number;
  readonly rateLimited: number;
  readonly peakAcceptedPerSecond: number;
  /** TagKeys the emulator holds after the up, and how many keys appear more than once. */
  readonly created: number;
  readonly duplicates: number;
  /** Creating POSTs accepted (one per resource when nothing was sent twice). */
  readonly acceptedCreates: number;
  /** The same up with no limit (the engine's and the plugin's own pace): wall time and API span, in milliseconds. */
  readonly unlimited: { readonly wallMs: number; readonly apiSpanMs: number; readonly requests: number };
}

/** Target of the CRUD run (issue 24): wall time <= 1.15x the accepted requests' time at the limit. */
export const CRUD_RATE_TARGET = 1.15;

const TAG_KEYS_PATH = "/api/v1/workspaces/current/tag-keys";

/** A program declaring `count` TagKeys of the native package, keys prefixed with `prefix`. */
function tagKeyProgram(count: number, prefix: string): string {
  return ['import { TagKey } from "pulumi-langsmith";', `for (let i = 0; i < ${count}; i += 1) new TagKey(\`t\${i}\`, { key: \`${prefix}-\${i}\` });`].join(
    "\n",
  );
}

/**
 * One `pulumi up` creating `resources` TagKeys through the native plugin
 * (installed with `pulumi plugin install --file`) against an emulator limited
 * to `requestsPerSecond`, then the same up against one with no limit; the
 * engine's default parallelism sends every create at once. Throws when an up fails.
 */
export async function runCrudRateLimit(options: CrudRateLimitOptions): Promise<CrudRateLimitRun> {
  const limited = await crudUpOnce(options, options.requestsPerSecond);
  const unlimited = await crudUpOnce(options, null);
  options.onProgress?.(`rate limit: ${options.resources} TagKeys with no limit in ${seconds(unlimited.wallMs, 1)} s`);
  return { ...limited, unlimited: { wallMs: unlimited.wallMs, apiSpanMs: unlimited.apiSpanMs, requests: unlimited.requests } };
}

async function crudUpOnce(options: CrudRateLimitOptions, limitPerSecond: number | null): Promise<Omit<CrudRateLimitRun, "unlimited">> {
  const stack = await startEmulatorStack({ rateLimitPerSecond: limitPerSecond });
  const tag = limitPerSecond === null ? "nolimit" : `limit${limitPerSecond}`;
  const prefix = `rate-crud-${options.resources}`;
  const project = await createPulumiProject({
    name: `bench-rate-crud-${options.resources}-${tag}`,
    program: tagKeyProgram(options.resources, prefix),
    config: stack.config,
    env: stack.env,
  });
  try {
    await installNativePlugin(project);
    stack.emulator.control.clearRequestLog();
    const run = await timedRun(`up of ${options.resources} TagKeys (${tag})`, () => project.up());
    const log = stack.emulator.control.requestLog();
    const accepted = log.filter((e) => e.status !== 429);
    const times = log.map((e) => Date.parse(e.time)).sort((a, b) => a - b);
    stack.emulator.control.setRateLimit(null);
    const keys = await storedTagKeys(stack.emulator.url, stack.config, prefix);
    const result: Omit<CrudRateLimitRun, "unlimited"> = {
      resources: options.resources,
      limitPerSecond: limitPerSecond ?? 0,
      wallMs: run.wallMs,
      apiSpanMs: times.length === 0 ? 0 : (times[times.length - 1] as number) - (times[0] as number),
      requests: log.length,
      accepted: accepted.length,
      rateLimited: log.length - accepted.length,
      peakAcceptedPerSecond: peakPerSecond(accepted),
      created: keys.length,
      duplicates: keys.length - new Set(keys).size,
      acceptedCreates: accepted.filter((e) => e.method === "POST" && e.path === TAG_KEYS_PATH).length,
    };
    if (limitPerSecond !== null)
      options.onProgress?.(`rate limit: ${options.resources} TagKeys created in ${seconds(run.wallMs, 1)} s, ${result.rateLimited} 429s`);
    return result;
  } finally {
    project.cleanup();
    await stack.emulator.close();
  }
}

/** The keys (with `prefix`) of the TagKeys the emulator holds, read through its API. */
async function storedTagKeys(url: string, config: Readonly<Record<string, string | { secret: string }>>, prefix: string): Promise<string[]> {
  const apiKey = config["langsmith:apiKey"];
  const workspaceId = config["langsmith:workspaceId"];
  const response = await fetch(`${url}${TAG_KEYS_PATH}`, {
    headers: {
      "X-Api-Key": typeof apiKey === "string" ? apiKey : (apiKey?.secret ?? ""),
      ...(typeof workspaceId === "string" ? { "X-Tenant-Id": workspaceId } : {}),
    },
  });
  if (!response.ok) throw new Error(`listing tag keys: ${response.status}`);
  const listed = (await response.json()) as { key: string }[];
  return listed.map((k) => k.key).filter((k) => k.startsWith(`${prefix}-`));
}

/** The rate-limit tables: the Deployments stack with and without the limit, and the CRUD run when measured. */
export function rateLimitTables(runs: readonly RateLimitRun[], deployments: number, notes: readonly string[], crud?: CrudRateLimitRun): Table[] {
  const unlimited = runs.find((r) => r.limitPerSecond === null);
  const crudTables: Table[] = crud === undefined ? [] : [crudRateLimitTable(crud)];
  return [
    ...crudTables,
    {
      title: `Rate limits: pulumi up creating ${deployments} Deployments`,
      headers: ["limit", "wall s", "wall / unlimited", "requests", "429s", "peak accepted req/s"],
      rows: runs.map((r) => [
        r.limitPerSecond === null ? "none" : `${r.limitPerSecond} req/s`,
        seconds(r.wallMs, 1),
        unlimited ? `${fixed(r.wallMs / unlimited.wallMs)}x` : "n/a",
        String(r.requests),
        String(r.rateLimited),
        String(r.peakAcceptedPerSecond),
      ]),
      notes,
    },
  ];
}

/** The CRUD run's table: wall time against the accepted requests' time at the limit. */
export function crudRateLimitTable(run: CrudRateLimitRun): Table {
  const floorMs = (run.accepted / run.limitPerSecond) * 1000;
  const ratio = run.wallMs / floorMs;
  return {
    title: `Rate limits: pulumi up creating ${run.resources} TagKeys (native plugin) at ${run.limitPerSecond} requests/s`,
    headers: [
      "resources",
      "created",
      "duplicates",
      "requests",
      "accepted",
      "429s",
      "peak accepted req/s",
      "wall s",
      "accepted / limit s",
      "wall / (accepted / limit)",
      "API span / (accepted / limit)",
      "no limit: wall s, API span s",
      "target",
    ],
    rows: [
      [
        String(run.resources),
        String(run.created),
        String(run.duplicates),
        String(run.requests),
        String(run.accepted),
        String(run.rateLimited),
        String(run.peakAcceptedPerSecond),
        seconds(run.wallMs, 1),
        seconds(floorMs, 1),
        `${fixed(ratio)}x`,
        `${fixed(run.apiSpanMs / floorMs)}x`,
        `${seconds(run.unlimited.wallMs, 1)}, ${seconds(run.unlimited.apiSpanMs, 1)}`,
        `<= ${fixed(CRUD_RATE_TARGET)}x: ${ratio <= CRUD_RATE_TARGET && run.created === run.resources && run.duplicates === 0 ? "met" : "MISSED"}`,
      ],
    ],
    notes: [
      "One `pulumi up` of a fresh stack (engine default parallelism: every create at once) on the native plugin installed with `pulumi plugin install --file`, against an emulator answering 429 with Retry-After above the limit (sliding one-second window). The client shares one in-flight window per origin and credential across the plugin's calls: halved on 429s, every new request held until the Retry-After instant, grown back on successes.",
      `wall = the whole up, CLI start to exit; accepted / limit = the accepted (non-429) requests divided by the limit, the least time they can take; API span = first to last request the emulator saw. no limit = the same up against an emulator with no limit, right after: the pace of the engine and the plugin alone. created, duplicates and accepted creating POSTs (${run.acceptedCreates}) are read from the emulator after the up. Target: no failure, no duplicate, wall <= ${fixed(CRUD_RATE_TARGET)}x.`,
    ],
  };
}
