/**
 * A team's estate on a shared backend (issue 32): several stacks, each a
 * workspace with about 30 objects of mixed kinds, their state in one S3
 * bucket (versitygw, `pulumi login s3://…` with its endpoint, the backend's
 * own locking on), updated at once against one emulator whose API may be
 * rate-limited for the whole organization. Used by
 * tests/e2e/fleet.test.ts (small) and the bench's `fleet` section (10
 * stacks, 20 requests per second).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_ORG_API_KEY, type RequestLogEntry } from "../../packages/emulator/src";
import { e2eRoot } from "./e2eRoot";
import { type EmulatorStack, startEmulatorStack } from "./emulatorStack";
import { installNativePlugin } from "./nativePlugin";
import { type CommandResult, createPulumiProject, type PulumiProject } from "./pulumiProject";
import { startVersitygw, type Versitygw } from "./versitygw";

/** The bucket holding the fleet's state. */
export const STATE_BUCKET = "pulumi-state";

/**
 * The program of stack `index`: a workspace and, in it, 8 projects, 6
 * datasets, 4 tag keys with a value each, 3 workspace secrets, an annotation
 * queue, a run rule, a usage limit and its retention settings: 30 objects
 * of 10 kinds.
 */
export function fleetProgram(index: number): string {
  const lines = ["resources:", "  ws:", "    type: langsmith:index:Workspace", "    properties:", `      displayName: team-${index}`];
  const inWorkspace = (name: string, type: string, properties: Record<string, unknown>) =>
    lines.push(`  ${name}:`, `    type: langsmith:index:${type}`, `    properties: ${JSON.stringify({ workspaceId: "${ws.id}", ...properties })}`);
  for (let i = 0; i < 8; i++) inWorkspace(`project${i}`, "Project", { name: `team-${index}-agent-${i}`, description: "traces of one agent" });
  for (let i = 0; i < 6; i++) inWorkspace(`dataset${i}`, "Dataset", { name: `team-${index}-regressions-${i}`, dataType: "kv" });
  for (let i = 0; i < 4; i++) {
    inWorkspace(`key${i}`, "TagKey", { key: `dimension-${i}` });
    inWorkspace(`value${i}`, "TagValue", { tagKeyId: `\${key${i}.id}`, value: `value-${i}` });
  }
  for (let i = 0; i < 3; i++) inWorkspace(`secret${i}`, "WorkspaceSecret", { key: `TEAM_SECRET_${i}`, value: { "fn::secret": `team-${index}-secret-${i}` } });
  inWorkspace("queue", "AnnotationQueue", { name: `team-${index}-review` });
  inWorkspace("rule", "RunRule", {
    displayName: "errors to review",
    projectId: "${project0.id}",
    samplingRate: 0.5,
    filter: "eq(is_root, true)",
    addToAnnotationQueueId: "${queue.id}",
  });
  inWorkspace("limit", "UsageLimit", { limitType: "monthly_traces", limitValue: 100000 + index });
  inWorkspace("retention", "TtlSettings", { defaultTraceTier: "shortlived", applyToAllProjects: false });
  return `${lines.join("\n")}\n`;
}

/** Objects a fleet stack declares (its workspace included; the stack and provider resources not counted). */
export const FLEET_STACK_OBJECTS = 30;

/** A running fleet: its S3 store, emulator and stacks. */
export interface Fleet {
  readonly s3: Versitygw;
  readonly emulator: EmulatorStack;
  readonly stacks: readonly PulumiProject[];
  /** The backend URL every stack logs in to (without credentials: those are in each stack's environment). */
  readonly backendUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the S3 store and an emulator, and creates `count` stacks
 * (`team-0`, …) of one project on the S3 backend, sharing one CLI home with
 * the native plugin installed once.
 */
export async function startFleet(count: number): Promise<Fleet> {
  const s3 = await startVersitygw();
  const emulator = await startEmulatorStack();
  const stacks: PulumiProject[] = [];
  try {
    await s3.createBucket(STATE_BUCKET);
    const port = new URL(s3.endpoint).port;
    const backendUrl = `s3://${STATE_BUCKET}?endpoint=127.0.0.1:${port}&disableSSL=true&s3ForcePathStyle=true&region=${s3.region}`;
    const home = join(e2eRoot(), `fleet-home-${process.pid}-${Date.now()}`);
    mkdirSync(home, { recursive: true });
    const env = {
      ...emulator.env,
      PULUMI_BACKEND_URL: backendUrl,
      PULUMI_HOME: home,
      // The self-managed backend's stack locks: a second update of a stack already updating is refused.
      PULUMI_SELF_MANAGED_STATE_LOCKING: "1",
      AWS_ACCESS_KEY_ID: s3.root.accessKeyId,
      AWS_SECRET_ACCESS_KEY: s3.root.secretAccessKey,
      AWS_REGION: s3.region,
    };
    for (let index = 0; index < count; index++) {
      const project = await createPulumiProject({
        name: "fleet",
        stack: `team-${index}`,
        runtime: "yaml",
        program: fleetProgram(index),
        config: { ...emulator.config, "langsmith:apiKey": { secret: DEFAULT_ORG_API_KEY } },
        env,
      });
      stacks.push(project);
      if (index === 0) await installNativePlugin(project);
    }
    return {
      s3,
      emulator,
      stacks,
      backendUrl,
      stop: async () => {
        for (const stack of stacks) stack.cleanup();
        await emulator.emulator.close();
        await s3.stop();
      },
    };
  } catch (error) {
    for (const stack of stacks) stack.cleanup();
    await emulator.emulator.close();
    await s3.stop();
    throw error;
  }
}

/** What one concurrent `pulumi up` of every stack did. */
export interface FleetRun {
  readonly wallMs: number;
  readonly results: readonly CommandResult[];
  /** API requests the emulator answered (429s included) and how many were 429. */
  readonly requests: number;
  readonly rateLimited: number;
  /** From the start of the updates to the first API request, in milliseconds (CLI, program and plugin start). */
  readonly firstRequestMs: number;
  /** From the first API request to the last, in milliseconds. */
  readonly apiSpanMs: number;
}

/** Runs `command` on every stack at once and measures the whole. */
export async function runFleet(fleet: Fleet, command: (stack: PulumiProject) => Promise<CommandResult>): Promise<FleetRun> {
  fleet.emulator.emulator.control.clearRequestLog();
  const started = Date.now();
  const results = await Promise.all(fleet.stacks.map(command));
  const wallMs = Date.now() - started;
  const log: RequestLogEntry[] = fleet.emulator.emulator.control.requestLog();
  const times = log.map((entry) => Date.parse(entry.time)).sort((a, b) => a - b);
  const first = times[0] ?? started;
  const last = times[times.length - 1] ?? started;
  return {
    wallMs,
    results,
    requests: log.length,
    rateLimited: log.filter((entry) => entry.fault === "rate-limit").length,
    firstRequestMs: first - started,
    apiSpanMs: last - first,
  };
}
