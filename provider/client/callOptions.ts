/** Per-call options and result types shared by every endpoint method. */

/** Options accepted by every call. */
export interface CallOptions {
  /** Cancels the request and pending retries. */
  readonly signal?: AbortSignal;
  /** Per-attempt timeout for this call, in milliseconds; default the client's `timeoutMs` (30 000). */
  readonly timeoutMs?: number;
  /** Resource name used in error messages (e.g. `agent` gives `reading deployment "agent"`); default the id. */
  readonly name?: string;
}

/** The part of {@link CallOptions} that `HttpClient.request` takes. */
export function requestOptions(options: CallOptions | undefined): { signal?: AbortSignal; timeoutMs?: number } {
  const out: { signal?: AbortSignal; timeoutMs?: number } = {};
  if (options?.signal !== undefined) out.signal = options.signal;
  if (options?.timeoutMs !== undefined) out.timeoutMs = options.timeoutMs;
  return out;
}

/** How a resource is named in messages: `"<name>"` when known, else its id. */
export function subject(id: string, options: CallOptions | undefined): string {
  return options?.name !== undefined ? `"${options.name}"` : id;
}

/** Outcome of a DELETE. */
export interface DeleteResult {
  /** True when the service answered 404: it was already gone (e.g. an earlier attempt succeeded). */
  readonly alreadyGone: boolean;
}
