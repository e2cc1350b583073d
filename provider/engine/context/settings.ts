import { authHeaders } from "../../client/auth";
import { ConfigurationError } from "../../client/errors";
import type { ClientOptions } from "../../client/options";
import { resolveHosts } from "../../client/hosts";

/** Default deadline of a wait for a revision to reach `DEPLOYED`, in seconds (30 minutes). */
export const DEFAULT_DEPLOY_TIMEOUT_SECONDS = 1800;
/** Default deadline of a wait for a deleted deployment to disappear, in seconds (15 minutes). */
export const DEFAULT_DELETE_TIMEOUT_SECONDS = 900;

/**
 * Everything the providers and invokes need from configuration, resolved once.
 * Secret values (`apiKey`, `bearerToken`) never appear in messages.
 */
export interface ProviderSettings {
  /** Base URLs, credentials, per-request timeout and retries for the REST client. */
  client: ClientOptions;
  /** Default wait for `DEPLOYED`, in seconds (`langsmith:deployTimeoutSeconds`; default 1800). */
  deployTimeoutSeconds: number;
  /** Default wait for a deletion to finish, in seconds (`langsmith:deleteTimeoutSeconds`; default 900). */
  deleteTimeoutSeconds: number;
  /**
   * Revision polling bounds, in milliseconds, from `LANGSMITH_POLL_MIN_INTERVAL_MS` and
   * `LANGSMITH_POLL_MAX_INTERVAL_MS`; default the client's (2 500 and 9 000). Meant for
   * emulators whose revisions finish in seconds.
   */
  pollIntervalsMs: { minIntervalMs?: number; maxIntervalMs?: number };
}

/** A source of raw configuration values: stack config keys such as `langsmith:apiKey`. */
export type ConfigGetter = (key: string) => string | undefined;

/**
 * One configuration key: its stack config name, its environment fallback (if
 * any), and whether it holds a secret.
 */
interface ConfigKey {
  readonly key: string;
  readonly env?: string;
  readonly secret?: boolean;
  /** Value type, for the native provider's schema. */
  readonly type: "string" | "number" | "integer";
  /** What the key is (one sentence), for the native provider's schema. */
  readonly doc: string;
}

/**
 * The `langsmith:*` configuration keys. Stack config wins over the
 * environment; the environment is read at call time, never captured.
 */
export const CONFIG_KEYS = {
  apiKey: { key: "langsmith:apiKey", env: "LANGSMITH_API_KEY", secret: true, type: "string", doc: "API key, sent as `X-Api-Key`." },
  bearerToken: {
    key: "langsmith:bearerToken",
    env: "LANGSMITH_BEARER_TOKEN",
    secret: true,
    type: "string",
    doc: "Bearer token, an alternative to the API key (`Authorization: Bearer`).",
  },
  workspaceId: {
    key: "langsmith:workspaceId",
    env: "LANGSMITH_WORKSPACE_ID",
    type: "string",
    doc: "Workspace (`X-Tenant-Id`); required with organization-scoped keys.",
  },
  region: { key: "langsmith:region", type: "string", doc: "`us` (default), `eu`, `apac` or `aws-us`." },
  controlPlaneUrl: {
    key: "langsmith:controlPlaneUrl",
    env: "LANGSMITH_CONTROL_PLANE_URL",
    type: "string",
    doc: "Explicit control plane URL; default: the one that serves `apiUrl` when that is set (its install's `/api-host`, or its cloud region's control plane), else the region's.",
  },
  apiUrl: {
    key: "langsmith:apiUrl",
    env: "LANGSMITH_ENDPOINT",
    type: "string",
    doc: "Explicit REST API URL; default from the region. Alone, it also sets the control plane (see `controlPlaneUrl`).",
  },
  selfHostedUrl: {
    key: "langsmith:selfHostedUrl",
    type: "string",
    doc: "Origin of a self-hosted install (control plane at `/api-host`, REST API at `/api/v1`).",
  },
  deployTimeoutSeconds: { key: "langsmith:deployTimeoutSeconds", type: "number", doc: "Default wait for `DEPLOYED`, in seconds (default 1800)." },
  deleteTimeoutSeconds: { key: "langsmith:deleteTimeoutSeconds", type: "number", doc: "Default wait for a deletion to finish, in seconds (default 900)." },
  requestTimeoutSeconds: { key: "langsmith:requestTimeoutSeconds", type: "number", doc: "Timeout of one HTTP attempt, in seconds (default 30)." },
  maxRetries: {
    key: "langsmith:maxRetries",
    type: "integer",
    doc: "Retries of a failed request, 0 to 10 (default 4); 429 answers have their own five-minute budget.",
  },
  maxRequestsPerSecond: {
    key: "langsmith:maxRequestsPerSecond",
    env: "LANGSMITH_MAX_REQUESTS_PER_SECOND",
    type: "number",
    doc: "Most API requests a second the provider sends, from the first on (default: none; the pace is learnt from 429 answers). Stacks that update at once under one organization's limit each take their share of it, e.g. 2 for 10 stacks under 20.",
  },
} as const satisfies Record<string, ConfigKey>;

type KeyName = keyof typeof CONFIG_KEYS;

/**
 * Resolves settings from stack config (via `get`) and the environment.
 *
 * Formats are validated here, so a malformed URL, region or number fails the
 * preview. Missing credentials are not an error here: the first API call
 * reports them, so previews of new resources need none.
 *
 * @param get reads a stack config key, e.g. from `configure(req)`.
 * @param env the environment; default `process.env`, read at call time.
 * @throws ConfigurationError naming the key and what to set.
 */
export function resolveSettings(get: ConfigGetter, env: NodeJS.ProcessEnv = process.env): ProviderSettings {
  const value = (name: KeyName): string | undefined => {
    const spec: ConfigKey = CONFIG_KEYS[name];
    const fromConfig = nonEmpty(get(spec.key));
    if (fromConfig !== undefined) return fromConfig;
    return spec.env !== undefined ? nonEmpty(env[spec.env]) : undefined;
  };

  let hosts;
  try {
    hosts = resolveHosts({
      ...optional("region", value("region")),
      ...optional("selfHostedUrl", value("selfHostedUrl")),
      ...optional("controlPlaneUrl", value("controlPlaneUrl")),
      ...optional("apiUrl", value("apiUrl")),
    });
  } catch (error) {
    if (error instanceof ConfigurationError) {
      throw new ConfigurationError(
        `invalid LangSmith configuration: ${error.message} (keys: langsmith:region, langsmith:selfHostedUrl, ` +
          "langsmith:controlPlaneUrl or LANGSMITH_CONTROL_PLANE_URL, langsmith:apiUrl or LANGSMITH_ENDPOINT)",
      );
    }
    throw error;
  }

  const requestTimeoutSeconds = positiveNumber("requestTimeoutSeconds", value("requestTimeoutSeconds"));
  const maxRetries = wholeNumber("maxRetries", value("maxRetries"), 10);
  const maxRequestsPerSecond = positiveRate(value("maxRequestsPerSecond"));
  const client: ClientOptions = {
    controlPlaneUrl: hosts.controlPlaneUrl,
    apiUrl: hosts.apiUrl,
    ...optional("apiKey", value("apiKey")),
    ...optional("bearerToken", value("bearerToken")),
    ...optional("workspaceId", value("workspaceId")),
    ...optional("timeoutMs", requestTimeoutSeconds === undefined ? undefined : Math.round(requestTimeoutSeconds * 1000)),
    ...optional("maxRetries", maxRetries),
    ...optional("maxRequestsPerSecond", maxRequestsPerSecond),
  };
  try {
    // A key, token or workspace that cannot be sent in a header fails the preview, not the first call.
    authHeaders(client);
  } catch (error) {
    if (error instanceof ConfigurationError) throw new ConfigurationError(`invalid LangSmith configuration: ${error.message}`);
    throw error;
  }
  return {
    client,
    deployTimeoutSeconds: positiveNumber("deployTimeoutSeconds", value("deployTimeoutSeconds")) ?? DEFAULT_DEPLOY_TIMEOUT_SECONDS,
    deleteTimeoutSeconds: positiveNumber("deleteTimeoutSeconds", value("deleteTimeoutSeconds")) ?? DEFAULT_DELETE_TIMEOUT_SECONDS,
    pollIntervalsMs: {
      ...optional("minIntervalMs", envMilliseconds(env, POLL_INTERVAL_ENV.min)),
      ...optional("maxIntervalMs", envMilliseconds(env, POLL_INTERVAL_ENV.max)),
    },
  };
}

/** Every environment variable the settings read ({@link resolveSettings}): a session re-resolves its settings only when one of them changes. */
export function settingsEnvironmentNames(): readonly string[] {
  return [
    ...Object.values(CONFIG_KEYS).flatMap((spec) => ("env" in spec && spec.env !== undefined ? [spec.env] : [])),
    POLL_INTERVAL_ENV.min,
    POLL_INTERVAL_ENV.max,
  ];
}

/** Environment variables of revision polling bounds, in milliseconds (for emulators whose revisions finish in seconds). */
export const POLL_INTERVAL_ENV = { min: "LANGSMITH_POLL_MIN_INTERVAL_MS", max: "LANGSMITH_POLL_MAX_INTERVAL_MS" } as const;

function envMilliseconds(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return undefined;
  const parsed = Number(raw);
  if (!Number.isInteger(parsed) || parsed < 10 || parsed > 600_000) {
    throw new ConfigurationError(
      `invalid LangSmith configuration: ${name} must be a whole number of milliseconds from 10 to 600000, not "${raw.slice(0, 40)}"`,
    );
  }
  return parsed;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function positiveRate(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const parsed = Number(raw);
  if (!Number.isFinite(parsed) || parsed <= 0 || parsed > 10_000) {
    throw new ConfigurationError(
      `invalid LangSmith configuration: ${CONFIG_KEYS.maxRequestsPerSecond.key} must be a number of requests a second above 0 (at most 10000), not "${raw.slice(0, 40)}"`,
    );
  }
  return parsed;
}

function positiveNumber(name: KeyName, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const parsed = Number(raw);
  if (!Number.isFinite(parsed) || parsed <= 0) {
    throw new ConfigurationError(`invalid LangSmith configuration: ${CONFIG_KEYS[name].key} must be a positive number of seconds, not "${raw.slice(0, 40)}"`);
  }
  return parsed;
}

function wholeNumber(name: KeyName, raw: string | undefined, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const parsed = Number(raw);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > max) {
    throw new ConfigurationError(
      `invalid LangSmith configuration: ${CONFIG_KEYS[name].key} must be a whole number from 0 to ${max}, not "${raw.slice(0, 40)}"`,
    );
  }
  return parsed;
}

/** One invalid `langsmith:*` key: the key without its namespace (`region`) and why; never a secret's value. */
export interface ConfigFailure {
  readonly key: string;
  readonly reason: string;
}

/** Keys the engine itself sets on a provider's configuration. */
const ENGINE_KEYS = new Set(["version", "pluginDownloadURL"]);

/**
 * Every invalid key of a provider configuration (stack config only: the
 * environment is read at call time), one failure per key, so a preview names
 * each bad key: unknown keys, malformed URLs, regions and numbers, values
 * that cannot be sent in a header, and keys that conflict.
 *
 * @param values the configuration as the engine sends it: keys without `langsmith:`.
 */
export function configFailures(values: Readonly<Record<string, unknown>>): ConfigFailure[] {
  const failures: ConfigFailure[] = [];
  const known = new Map<string, KeyName>(Object.keys(CONFIG_KEYS).map((name) => [name, name as KeyName]));
  const raw = (key: string): string | undefined => {
    const value = values[key];
    return value === undefined || value === null ? undefined : String(value);
  };
  for (const key of Object.keys(values)) {
    if (ENGINE_KEYS.has(key) || key.startsWith("__") || known.has(key)) continue;
    failures.push({ key, reason: `langsmith:${key} is not a configuration key of the langsmith provider; use one of: ${[...known.keys()].join(", ")}` });
  }
  for (const [name, keyName] of known) {
    const value = raw(name);
    if (value === undefined) continue;
    const spec: ConfigKey = CONFIG_KEYS[keyName];
    try {
      resolveSettings((key) => (key === spec.key ? value : undefined), {});
    } catch (error) {
      if (!(error instanceof ConfigurationError)) throw error;
      failures.push({
        key: name,
        reason: spec.secret === true ? `${spec.key} cannot be sent in a request header (control characters or non-ASCII)` : error.message,
      });
    }
  }
  if (failures.length === 0) {
    try {
      resolveSettings((key) => raw(key.slice("langsmith:".length)), {});
    } catch (error) {
      if (!(error instanceof ConfigurationError)) throw error;
      const key = ["selfHostedUrl", "region", "controlPlaneUrl", "apiUrl"].find((name) => raw(name) !== undefined) ?? "region";
      failures.push({ key, reason: error.message });
    }
  }
  return failures;
}

/**
 * The service a configuration points at: its control plane and REST API
 * URLs, from stack config with the environment's fallbacks; `undefined`
 * when the values do not resolve.
 *
 * @param values the configuration as the engine sends it: keys without `langsmith:`.
 */
export function configuredService(
  values: Readonly<Record<string, unknown>>,
  env: NodeJS.ProcessEnv = process.env,
): { controlPlaneUrl: string; apiUrl: string } | undefined {
  const raw = (key: string): string | undefined => {
    const value = values[key.slice("langsmith:".length)];
    return value === undefined || value === null ? undefined : String(value);
  };
  try {
    const { client } = resolveSettings(raw, env);
    return { controlPlaneUrl: client.controlPlaneUrl, apiUrl: client.apiUrl };
  } catch {
    return undefined;
  }
}
