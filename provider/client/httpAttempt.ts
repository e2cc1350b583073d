/**
 * The single-attempt sender of `HttpClient.request` (`http.ts`):
 * {@link sendAttempt} sends one HTTP request under its per-attempt timeout and
 * the caller's `AbortSignal`, and turns what happened into an {@link Attempt}:
 * the response (any status), or the failure and its error. axios errors never
 * escape (they carry the request config and headers): they become
 * {@link ApiConnectionError} / {@link ApiTimeoutError} keeping only the code.
 * Retries, concurrency slots and status mapping stay in `http.ts`.
 */
import type { AxiosInstance, AxiosResponse } from "axios";
import { AbortedError, ApiConnectionError, ApiTimeoutError, type LangSmithError } from "./errors";
import type { RequestSpec } from "./httpTypes";
import type { AttemptFailure } from "./retry";

/**
 * What one attempt gave: a response (whatever its status; the body is raw
 * text), or a failure with no response (timeout, connection) and the error
 * to throw if it is not retried.
 */
export type Attempt =
  | { readonly kind: "response"; readonly response: AxiosResponse<string> }
  | { readonly kind: "failed"; readonly failure: AttemptFailure; readonly error: LangSmithError };

/** The `code` of a thrown value (e.g. `ECONNREFUSED`) when it is 1 to 40 of `A-Z`, `0-9`, `_`; else `undefined`. */
function errorCode(err: unknown): string | undefined {
  if (typeof err === "object" && err !== null && "code" in err && typeof err.code === "string") {
    return /^[A-Z0-9_]{1,40}$/.test(err.code) ? err.code : undefined;
  }
  return undefined;
}

/**
 * Send one attempt of `spec` to `url` with `client` (configured by
 * `HttpClient`: no redirects, no throw on status, raw text).
 *
 * @param headers request headers (`false` leaves a header out)
 * @param data JSON body text, if any
 * @param timeoutMs per-attempt timeout, in milliseconds: the request is aborted after it
 * @param attempt 0 for the first attempt; later ones say how many attempts were made in messages
 * @throws AbortedError when `spec.signal` aborts; every other failure is returned, not thrown.
 */
export async function sendAttempt(
  client: AxiosInstance,
  url: URL,
  spec: RequestSpec,
  headers: Record<string, string | false>,
  data: string | undefined,
  timeoutMs: number,
  attempt: number,
): Promise<Attempt> {
  const info = { method: spec.method, path: url.pathname };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = (): void => controller.abort();
  spec.signal?.addEventListener("abort", onAbort, { once: true });
  const tries = attempt === 0 ? "" : ` (after ${attempt + 1} attempts)`;
  try {
    const response = await client.request<string>({
      url: url.toString(),
      method: spec.method,
      headers,
      data,
      signal: controller.signal,
    });
    return { kind: "response", response };
  } catch (err) {
    if (spec.signal?.aborted) {
      throw new AbortedError(`${spec.action}: aborted`, info);
    }
    if (timedOut) {
      return {
        kind: "failed",
        failure: { kind: "timeout" },
        error: new ApiTimeoutError(`${spec.action}: no complete response from ${url.origin} within ${timeoutMs} ms${tries}`, { ...info, timeoutMs }),
      };
    }
    const code = errorCode(err);
    return {
      kind: "failed",
      failure: code === undefined ? { kind: "connection" } : { kind: "connection", code },
      error: new ApiConnectionError(
        `${spec.action}: cannot reach ${url.origin}${code === undefined ? "" : ` (${code})`}${tries}${spec.baseUrlSetting === undefined ? "" : `; check ${spec.baseUrlSetting}`}`,
        code === undefined ? info : { ...info, code },
      ),
    };
  } finally {
    clearTimeout(timer);
    spec.signal?.removeEventListener("abort", onAbort);
  }
}
