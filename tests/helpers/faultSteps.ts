/**
 * What the reliability fault tests share (issue 8): an emulator seeded with
 * keys of another workspace and of an organization without deployments,
 * Deployment inputs carrying a canary secret, the steps that point the
 * provider at an emulator and read its request log and state, and the
 * figures each file prints for docs/reliability.md, with the check that no
 * error kept along the way holds a canary.
 */
import type * as pulumi from "@pulumi/pulumi";
import {
  createEmulator,
  DEFAULT_API_KEY,
  DEFAULT_ORG_API_KEY,
  DEFAULT_ORGANIZATION_ID,
  DEFAULT_WORKSPACE_ID,
  type Emulator,
  type RequestLogEntry,
} from "../../packages/emulator/src";
import { createClient, type LangSmithClient } from "../../provider/client";
import { provider } from "../../provider/dynamic/deployment";

/** The value of the deployments' one secret. */
export const SECRET = "canary-fault-secret-91c4e2";
/** A second workspace of the default organization. */
export const OTHER_WORKSPACE_ID = "44444444-4444-4444-8444-444444444444";
/** A key bound to {@link OTHER_WORKSPACE_ID}. */
export const OTHER_WORKSPACE_KEY = "lsv2_pt_other_workspace_key_canary";
/** A key of an organization whose deployments are not enabled. */
export const DISABLED_ORG_KEY = "lsv2_pt_disabled_org_key_canary";
/** A key the emulator does not know. */
export const WRONG_KEY = "lsv2_pt_wrong_key_canary_0b7d";
/** What no kept error may contain. */
export const CANARIES = [SECRET, OTHER_WORKSPACE_KEY, DISABLED_ORG_KEY, WRONG_KEY, DEFAULT_API_KEY, DEFAULT_ORG_API_KEY];

/** The inputs of a GitHub Deployment `name` with one secret ({@link SECRET}), with `extra` inputs. */
export const inputs = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  source: "github",
  sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev" },
  sourceRevisionConfig: { repoRef: "main", graphConfigPath: "langgraph.json" },
  secrets: [{ name: "API_TOKEN", value: SECRET }],
  __provider: "serialized-shim",
  ...extra,
});

/** One row of the figures printed at the end. */
export interface Figure {
  fault: string;
  outcome: string;
  requests: number;
  after: string;
}

/** Whatever a promise rejected with (fails the test when it resolved). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  const result = await promise.then(
    () => ({ resolved: true as const }),
    (error: unknown) => ({ resolved: false as const, error }),
  );
  if (result.resolved) throw new Error("expected a rejection");
  return result.error;
}

/** The message of an Error, or of a partial-failure object `{ message, id, properties }`. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "object" && error !== null && "message" in error) return String((error as { message: unknown }).message);
  return String(error);
}

/** Configures the Deployment provider (`provider.configure`) with a stack config, as the engine would pass it. */
export function configureWith(values: Record<string, string>): Promise<void> {
  const request = { config: { get: (key: string) => values[key] } } as unknown as pulumi.dynamic.ConfigureRequest;
  return provider.configure!(request);
}

/**
 * Starts an emulator with control routes, seeded with {@link OTHER_WORKSPACE_ID}
 * (and its key) and an organization without deployments (and its key).
 */
export async function startFaultEmulator(): Promise<Emulator> {
  const emulator = await createEmulator({ control: true });
  emulator.control.seed({
    organizations: [
      { id: DEFAULT_ORGANIZATION_ID, workspaces: [{ id: OTHER_WORKSPACE_ID, name: "Other" }] },
      {
        id: "55555555-5555-4555-8555-555555555555",
        name: "No deployments",
        deploymentsEnabled: false,
        workspaces: [{ id: "66666666-6666-4666-8666-666666666666" }],
      },
    ],
    apiKeys: [
      { key: OTHER_WORKSPACE_KEY, organizationId: DEFAULT_ORGANIZATION_ID, workspaceId: OTHER_WORKSPACE_ID },
      { key: DISABLED_ORG_KEY, organizationId: "55555555-5555-4555-8555-555555555555", workspaceId: "66666666-6666-4666-8666-666666666666" },
    ],
  });
  return emulator;
}

/** The steps of a fault test against an emulator; `target` defaults to the one `emulator()` returns (read at each call). */
export function faultSteps(emulator: () => Emulator) {
  /** Points the provider (its LANGSMITH_* environment, polling every 20 to 100 ms) at `target` with `apiKey` and `workspaceId` (null: none). */
  const pointAt = (target: Emulator, apiKey = DEFAULT_API_KEY, workspaceId: string | null = DEFAULT_WORKSPACE_ID) => {
    Object.assign(process.env, {
      LANGSMITH_API_KEY: apiKey,
      LANGSMITH_CONTROL_PLANE_URL: target.url,
      LANGSMITH_ENDPOINT: target.url,
      LANGSMITH_POLL_MIN_INTERVAL_MS: "20",
      LANGSMITH_POLL_MAX_INTERVAL_MS: "100",
    });
    if (workspaceId === null) delete process.env["LANGSMITH_WORKSPACE_ID"];
    else process.env["LANGSMITH_WORKSPACE_ID"] = workspaceId;
  };
  /** A client of `target`'s default workspace. */
  const clientFor = (target: Emulator, extra: { timeoutMs?: number } = {}): LangSmithClient =>
    createClient({ controlPlaneUrl: target.url, apiUrl: `${target.url}/api/v1`, apiKey: DEFAULT_API_KEY, workspaceId: DEFAULT_WORKSPACE_ID, ...extra });
  /** The request log. */
  const log = (target: Emulator = emulator()): RequestLogEntry[] => target.control.requestLog();
  /** The deployments named `name` not being deleted. */
  const live = (name: string, target: Emulator = emulator()) =>
    target.control.dumpState().state.deployments.filter((d) => d.name === name && d.deleteRequestedAtMs === null);
  /** The revisions of deployment `id`. */
  const revisionsOf = (id: string, target: Emulator = emulator()) => target.control.dumpState().revisions.filter((r) => r.deploymentId === id);
  /** Waits (bounded: 5 s) until the log has at least `count` entries: a delayed request is logged when it finishes. */
  async function logSettles(count: number, target: Emulator = emulator()): Promise<RequestLogEntry[]> {
    for (let i = 0; i < 100 && log(target).length < count; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    return log(target);
  }
  return { pointAt, clientFor, log, live, revisionsOf, logSettles };
}

/** The figures of a file's faults and the errors its tests kept, to print and scan at the end. */
export function faultFigures() {
  const figures: Figure[] = [];
  const errors: string[] = [];
  /** Adds a row of figures. */
  const record = (figure: Figure) => figures.push(figure);
  /** Keeps what `error` shows (its message, and its stack or a partial failure's reasons) for the canary scan; returns its message. */
  const keep = (error: unknown): string => {
    const message = messageOf(error);
    // A partial failure's properties are outputs (secrets included, stored as Pulumi secrets): scan what is shown.
    const reasons = typeof error === "object" && error !== null && "reasons" in error ? JSON.stringify((error as { reasons: unknown }).reasons) : "";
    errors.push(message, error instanceof Error ? (error.stack ?? "") : reasons);
    return message;
  };
  /** Prints the figures under `title` and expects no kept error to contain a canary. */
  const report = (title: string): void => {
    console.log(`${title} (${figures.length}):\n${figures.map((f) => `  ${f.fault} | ${f.outcome} | ${f.requests} requests | ${f.after}`).join("\n")}`);
    for (const text of errors) for (const canary of CANARIES) expect(text).not.toContain(canary);
  };
  return { record, keep, report };
}
