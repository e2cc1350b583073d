/**
 * What the emulator's prompt hub, automation rule, alert and evaluator tests
 * share: API keys seeded with every permission of those kinds or all but one,
 * a serialized chat prompt, an alert rule, and calls of the emulator's API
 * with one of those keys.
 */
import { DEFAULT_ORGANIZATION_ID, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { DEFAULT_PERMISSIONS } from "../../packages/emulator/src/core/seed";

/** A JSON object. */
export type Json = Record<string, unknown>;

/** An answer of the emulator: its status, its body parsed as JSON (undefined when empty) and as text. */
export interface Reply {
  status: number;
  body: unknown;
  text: string;
}

/** Every permission of the kinds under test. */
export const ALL = [
  ...DEFAULT_PERMISSIONS,
  ...["prompts", "rules", "alerts", "projects", "datasets"].flatMap((area) => ["read", "create", "update", "delete"].map((verb) => `${area}:${verb}`)),
];
/** A workspace key with {@link ALL}; the calls' default. */
export const KEY = "lsv2_pt_prompts_all";
/** An organization-scoped key with the same permissions (it reaches workspaces made by the test). */
export const ORG_KEY = "lsv2_sk_prompts_all";
/** A workspace key with {@link ALL} but prompts:create. */
export const NO_PROMPT_CREATE_KEY = "lsv2_pt_prompts_no_create";
/** A workspace key with {@link ALL} but alerts:create. */
export const NO_ALERT_CREATE_KEY = "lsv2_pt_prompts_no_alert_create";
/** A workspace key with the read permissions of {@link ALL} only. */
export const READ_ONLY_KEY = "lsv2_pt_prompts_read_only";

/** A LangChain serialized ChatPromptTemplate with one human message, `text`, of the input variable `question`. */
export function chatManifest(text: string): Json {
  const template = {
    lc: 1,
    type: "constructor",
    id: ["langchain", "prompts", "prompt", "PromptTemplate"],
    kwargs: { input_variables: ["question"], template: text, template_format: "f-string" },
  };
  return {
    lc: 1,
    type: "constructor",
    id: ["langchain", "prompts", "chat", "ChatPromptTemplate"],
    kwargs: {
      input_variables: ["question"],
      messages: [{ lc: 1, type: "constructor", id: ["langchain", "prompts", "chat", "HumanMessagePromptTemplate"], kwargs: { prompt: template } }],
    },
  };
}

/** An alert rule: average latency over 5 s in a 15-minute window. */
export const ALERT_RULE: Json = {
  name: "Slow",
  description: "Latency over 5 s",
  type: "threshold",
  attribute: "latency",
  aggregation: "avg",
  operator: "gt",
  threshold: 5,
  window_minutes: 15,
};

/** Resets `emulator` and seeds the keys above in its default organization and workspace. */
export function seedPromptKeys(emulator: Emulator): void {
  emulator.control.reset();
  const seeded = (key: string, permissions: string[]): { key: string; organizationId: string; workspaceId: string; permissions: string[] } => ({
    key,
    organizationId: DEFAULT_ORGANIZATION_ID,
    workspaceId: DEFAULT_WORKSPACE_ID,
    permissions,
  });
  emulator.control.seed({
    apiKeys: [
      seeded(KEY, ALL),
      { key: ORG_KEY, organizationId: DEFAULT_ORGANIZATION_ID, workspaceId: null, permissions: ALL },
      seeded(
        NO_PROMPT_CREATE_KEY,
        ALL.filter((p) => p !== "prompts:create"),
      ),
      seeded(
        NO_ALERT_CREATE_KEY,
        ALL.filter((p) => p !== "alerts:create"),
      ),
      seeded(
        READ_ONLY_KEY,
        ALL.filter((p) => p.endsWith(":read")),
      ),
    ],
  });
}

/** Calls of the emulator's API, with {@link KEY} unless told. */
export interface PromptHubCalls {
  /** Sends a request (a JSON body unless a string) and reads the answer. */
  call(method: string, path: string, body?: unknown, apiKey?: string, headers?: Record<string, string>): Promise<Reply>;
  /** Sends a request and returns its JSON body; throws unless it answers `status` (default 200). */
  ok(method: string, path: string, body?: unknown, status?: number): Promise<Json>;
  /** Creates the private prompt `handle`. */
  prompt(handle: string): Promise<Json>;
  /** Pushes `manifest` (with `extra` fields) to prompt `handle`; the commit made. */
  push(handle: string, manifest: Json, extra?: Json): Promise<Json>;
  /** Creates the tracing project `name`; its id. */
  project(name: string): Promise<string>;
}

/** {@link PromptHubCalls} of the emulator `emulator()` returns (read at each call, so it may be started later). */
export function promptHubCalls(emulator: () => Emulator): PromptHubCalls {
  async function call(method: string, path: string, body?: unknown, apiKey = KEY, headers: Record<string, string> = {}): Promise<Reply> {
    const response = await fetch(`${emulator().url}${path}`, {
      method,
      headers: { "x-api-key": apiKey, ...headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, text };
  }

  async function ok(method: string, path: string, body?: unknown, status = 200): Promise<Json> {
    const reply = await call(method, path, body);
    if (reply.status !== status) throw new Error(`${method} ${path}: expected ${status}, got ${reply.status} ${reply.text}`);
    return reply.body as Json;
  }

  const prompt = (handle: string): Promise<Json> => ok("POST", "/api/v1/repos", { repo_handle: handle, is_public: false });
  const push = async (handle: string, manifest: Json, extra: Json = {}): Promise<Json> =>
    (await ok("POST", `/commits/-/${handle}`, { manifest, ...extra }, 201))["commit"] as Json;
  const project = async (name: string): Promise<string> => String((await ok("POST", "/api/v1/sessions", { name }))["id"]);
  return { call, ok, prompt, push, project };
}
