/**
 * A process-wide registry of observers of API exchanges: tests subscribe once
 * and see every API request (and its answer) of every emulator instance in the
 * process, e.g. to check each request body against the published contract.
 */
import type { RequestLogEntry } from "./requestLog";

/** One API request and the emulator's answer (control routes are not reported). */
export interface ApiExchange {
  /** HTTP method in upper case, e.g. `"PATCH"`. */
  method: string;
  /** URL path without the query string, e.g. `/v2/deployments/3f…`. */
  path: string;
  /** Query parameters as parsed from the URL; a repeated name gives an array. */
  query: Record<string, string | string[]>;
  /** The `User-Agent` header, if sent. */
  userAgent: string | undefined;
  /**
   * The parsed JSON request body; undefined when there was none, or when the
   * request was answered before its body was read (see `fault`).
   */
  requestBody: unknown;
  /** Status sent; 0 when the connection was dropped before a response. */
  status: number;
  /** The parsed JSON response body; undefined when there was none or it was not JSON. */
  responseBody: unknown;
  /**
   * The injected fault or rate limit that shaped the answer, if any. With
   * `"status"`, `"rate-limit"` or `"drop"` the request was answered (or
   * dropped) before its body was read, so `requestBody` is undefined.
   */
  fault?: RequestLogEntry["fault"];
}

/** A function called with each exchange, after the response was sent. */
export type ExchangeObserver = (exchange: ApiExchange) => void;

const observers = new Set<ExchangeObserver>();

/**
 * Calls `fn` for every API request answered by any emulator in this process
 * (control routes under `/__emulator/` excluded), after the response is sent.
 * An exception thrown by `fn` is swallowed: it cannot break the server.
 *
 * @returns a function that unsubscribes `fn` (calling it twice is harmless).
 */
export function observeExchanges(fn: ExchangeObserver): () => void {
  const observer: ExchangeObserver = (exchange) => fn(exchange);
  observers.add(observer);
  return () => {
    observers.delete(observer);
  };
}

/** Whether anyone observes exchanges (so servers can skip the bookkeeping). */
export function hasExchangeObservers(): boolean {
  return observers.size > 0;
}

/** Hands an exchange to every observer, isolating each from the others' exceptions. */
export function notifyExchange(exchange: ApiExchange): void {
  for (const observer of [...observers]) {
    try {
      observer(exchange);
    } catch {
      // An observer's failure is the observer's business, never the server's.
    }
  }
}
