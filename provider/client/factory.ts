/**
 * Build a {@link LangSmithClient} from an already-resolved configuration
 * (stack config and environment are read elsewhere, in `provider/config.ts`).
 */
import type { Clock } from "./clock";
import { LangSmithClient } from "./client";
import { DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS } from "./http";

/** Resolved provider configuration, as `provider/config.ts` produces it. */
export interface ClientConfig {
  /** API key (secret), sent as `X-Api-Key`; preferred over `bearerToken` when both are set. */
  readonly apiKey?: string;
  /** Bearer token (secret), sent as `Authorization: Bearer` when no API key is set. */
  readonly bearerToken?: string;
  /** Workspace id, sent as `X-Tenant-Id`. */
  readonly workspaceId?: string;
  /** Control plane base URL (see `resolveHosts`). */
  readonly controlPlaneUrl: string;
  /** REST API base URL (see `resolveHosts`). */
  readonly apiUrl: string;
  /** Per-attempt timeout, in milliseconds; default 30 000. */
  readonly timeoutMs?: number;
  /** Retries after the first attempt; default 4. */
  readonly maxRetries?: number;
}

/** Test and tuning hooks that are not part of the user-facing configuration. */
export interface ClientOverrides {
  /** Clock for backoff and waits; default real time. */
  readonly clock?: Clock;
  /** Random source in [0, 1) for backoff jitter; default `Math.random`. */
  readonly random?: () => number;
  /** Cap on a server-requested `Retry-After`, in milliseconds; default 60 000. */
  readonly maxRetryAfterMs?: number;
  /** `User-Agent`; default `pulumi-langsmith/<version>`. */
  readonly userAgent?: string;
}

/**
 * Create a client from a resolved config. Missing credentials are not an
 * error here: the first API call fails with `MissingCredentialsError`, so
 * previews of new resources need none.
 *
 * @throws ConfigurationError for an unusable URL or credential value.
 */
export function createClient(config: ClientConfig, overrides: ClientOverrides = {}): LangSmithClient {
  return new LangSmithClient({
    controlPlaneUrl: config.controlPlaneUrl,
    apiUrl: config.apiUrl,
    credentials: {
      ...(config.apiKey !== undefined ? { apiKey: config.apiKey } : {}),
      ...(config.bearerToken !== undefined ? { bearerToken: config.bearerToken } : {}),
      ...(config.workspaceId !== undefined ? { workspaceId: config.workspaceId } : {}),
    },
    timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRetries: config.maxRetries ?? DEFAULT_MAX_RETRIES,
    ...overrides,
  });
}
