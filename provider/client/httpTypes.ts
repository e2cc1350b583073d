/**
 * The shapes of one call to `HttpClient.request` (`http.ts`): what is sent
 * ({@link RequestSpec}) and what a success returns ({@link ApiResponse}).
 * Kept apart so the single-attempt sender (`httpAttempt.ts`) and the response
 * parsing (`responseParsing.ts`) share them without importing `http.ts`.
 */
import type { HttpMethod } from "./errors";
import type { RequestOptions } from "./options";

/** One logical request (possibly several attempts); `signal`, `timeoutMs` and `maxRetries` override the client's. */
export interface RequestSpec extends Omit<RequestOptions, "name"> {
  readonly method: HttpMethod;
  /** Normalized base URL (see `hosts.ts`), e.g. `https://api.host.langchain.com`. */
  readonly baseUrl: string;
  /** Path appended to `baseUrl`, starting with `/`; ids must already be URL-encoded. */
  readonly path: string;
  /** Query parameters; `undefined` values are left out, a list is sent as the key repeated (`?id=a&id=b`). */
  readonly query?: Readonly<Record<string, string | number | boolean | readonly string[] | undefined>>;
  /** JSON body (POST/PATCH). Strings under secret-looking keys are redacted from errors automatically. */
  readonly body?: unknown;
  /** What is being done, for error messages, e.g. `creating deployment "agent"`. */
  readonly action: string;
  /** The settings that choose `baseUrl`, named when it cannot be reached (e.g. `langsmith:controlPlaneUrl or LANGSMITH_CONTROL_PLANE_URL`). */
  readonly baseUrlSetting?: string;
  /** Extra values that must never appear in an error message (masked when at least 8 characters long). */
  readonly secrets?: readonly string[];
}

/** A successful response. */
export interface ApiResponse<T> {
  /** Validated body (`undefined` when no schema was given). */
  readonly data: T;
  /** HTTP status (2xx). */
  readonly status: number;
  /** `x-request-id` response header, when present. */
  readonly requestId?: string;
}
