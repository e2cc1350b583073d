/**
 * Authentication headers. Two schemes: an API key (`X-Api-Key`) or a bearer
 * token (`Authorization: Bearer`), each optionally with a workspace
 * (`X-Tenant-Id`). Values are checked for characters that could split a
 * header; errors never repeat the value.
 */
import { ConfigurationError } from "./errors";

/** Credentials as configured; all optional so that a client can exist before credentials are known. */
export interface Credentials {
  /** LangSmith API key, sent as `X-Api-Key`. Preferred when both it and `bearerToken` are set. */
  readonly apiKey?: string;
  /** Bearer token, sent as `Authorization: Bearer <token>` when no `apiKey` is set. */
  readonly bearerToken?: string;
  /** Workspace (tenant) id, sent as `X-Tenant-Id` with either scheme. */
  readonly workspaceId?: string;
}

const HEADER_SAFE = /^[\x21-\x7e]+$/;

function usable(value: string | undefined, setting: string): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  if (!HEADER_SAFE.test(trimmed)) {
    throw new ConfigurationError(`${setting} contains spaces or characters that cannot be sent in an HTTP header`);
  }
  return trimmed;
}

/** True when an API key or a bearer token (non-empty after trimming) is present. */
export function hasCredentials(credentials: Credentials): boolean {
  return (credentials.apiKey ?? "").trim() !== "" || (credentials.bearerToken ?? "").trim() !== "";
}

/**
 * Headers for the given credentials: `X-Api-Key` (or `Authorization: Bearer`)
 * plus `X-Tenant-Id` when a workspace is set. Returns `{}` without credentials.
 *
 * @throws ConfigurationError when a value cannot be sent in a header.
 */
export function authHeaders(credentials: Credentials): Record<string, string> {
  const headers: Record<string, string> = {};
  const apiKey = usable(credentials.apiKey, "langsmith:apiKey");
  const bearerToken = usable(credentials.bearerToken, "langsmith:bearerToken");
  const workspaceId = usable(credentials.workspaceId, "langsmith:workspaceId");
  if (apiKey !== undefined) headers["X-Api-Key"] = apiKey;
  else if (bearerToken !== undefined) headers["Authorization"] = `Bearer ${bearerToken}`;
  if (workspaceId !== undefined) headers["X-Tenant-Id"] = workspaceId;
  return headers;
}

/**
 * Every secret credential value, for redaction (empty strings dropped): the
 * API key and the bearer token. The workspace id is not a secret (an error
 * that names the workspace a key is scoped to says which one to fix).
 */
export function credentialValues(credentials: Credentials): string[] {
  return [credentials.apiKey, credentials.bearerToken].map((v) => (v ?? "").trim()).filter((v) => v !== "");
}
