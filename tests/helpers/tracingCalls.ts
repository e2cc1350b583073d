/**
 * What the emulator's tracing-and-evaluation tests share: keys of a second
 * workspace, a reader and a key without the trace-tier permission, seeded in
 * a reset emulator, and calls of the emulator's API.
 */
import { DEFAULT_API_KEY, DEFAULT_ORGANIZATION_ID, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { DEFAULT_PERMISSIONS } from "../../packages/emulator/src/core/seed";
import type { Json, Reply } from "./promptHubCalls";

export type { Json, Reply };

/** A second workspace of the default organization. */
export const SECOND_WORKSPACE_ID = "88888888-8888-4888-8888-888888888888";
/** A key of {@link SECOND_WORKSPACE_ID}. */
export const SECOND_KEY = "lsv2_pt_tracing_second";
/** Reads everything, writes nothing of tracing and evaluation. */
export const READER_KEY = "lsv2_pt_tracing_reader";
/** May create and update projects, not move their trace tier. */
export const NO_TIER_KEY = "lsv2_pt_tracing_no_tier";

/** Resets `emulator` and seeds {@link SECOND_WORKSPACE_ID} and the keys above. */
export function seedTracingKeys(emulator: Emulator): void {
  emulator.control.reset();
  emulator.control.seed({
    organizations: [{ id: DEFAULT_ORGANIZATION_ID, workspaces: [{ id: SECOND_WORKSPACE_ID, name: "Second" }] }],
    apiKeys: [
      { key: SECOND_KEY, organizationId: DEFAULT_ORGANIZATION_ID, workspaceId: SECOND_WORKSPACE_ID },
      {
        key: READER_KEY,
        organizationId: DEFAULT_ORGANIZATION_ID,
        workspaceId: DEFAULT_WORKSPACE_ID,
        permissions: DEFAULT_PERMISSIONS.filter((p) => p.endsWith(":read")),
      },
      {
        key: NO_TIER_KEY,
        organizationId: DEFAULT_ORGANIZATION_ID,
        workspaceId: DEFAULT_WORKSPACE_ID,
        permissions: DEFAULT_PERMISSIONS.filter((p) => !p.includes("trace-tier")),
      },
    ],
  });
}

/** Calls of the emulator's API, with the default workspace's key unless told. */
export interface TracingCalls {
  /** Sends a request (a JSON body) with `headers` (default: the default API key) and reads the answer. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
  /** The headers of a call with `apiKey`, and `tenant` as X-Tenant-Id when given. */
  as(apiKey: string, tenant?: string): Record<string, string>;
  /** POSTs `body` to `path`, expects 200 and returns what was made. */
  created(path: string, body: Json, headers?: Record<string, string>): Promise<Json>;
  /** The ids of a list answer. */
  ids(reply: Reply): unknown[];
}

/** {@link TracingCalls} of the emulator `emulator()` returns (read at each call, so it may be started later). */
export function tracingCalls(emulator: () => Emulator): TracingCalls {
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = { "x-api-key": DEFAULT_API_KEY }): Promise<Reply> {
    const response = await fetch(`${emulator().url}${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, text };
  }
  const as = (apiKey: string, tenant?: string): Record<string, string> => ({ "x-api-key": apiKey, ...(tenant ? { "x-tenant-id": tenant } : {}) });
  async function created(path: string, body: Json, headers?: Record<string, string>): Promise<Json> {
    const reply = await call("POST", path, body, headers);
    expect({ status: reply.status, body: reply.body }).toEqual({ status: 200, body: expect.anything() });
    return reply.body as Json;
  }
  const ids = (reply: Reply): unknown[] => (reply.body as Json[]).map((o) => o["id"]);

  return { call, as, created, ids };
}
