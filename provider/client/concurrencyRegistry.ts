/**
 * The process-wide registry of {@link ConcurrencyLimiter}s: one per API
 * origin, credential and clock, so that every client of the process (the
 * provider builds a new client per call) shares the window and the pause a
 * 429 set. The credential is known here only by a SHA-256 fingerprint, never
 * by its value; a limiter's times only make sense on its own clock, so each
 * clock (the real one, or a test's fake one) has its own limiters.
 */
import { createHash } from "node:crypto";
import type { Clock } from "./clock";
import { ConcurrencyLimiter } from "./concurrency";

const limiters = new WeakMap<Clock, Map<string, ConcurrencyLimiter>>();

/**
 * A fingerprint of the credential a request is sent with (the `X-Api-Key`
 * or `Authorization` header value): 32 hex characters of a SHA-256 digest,
 * from which the credential cannot be recovered; `anonymous` without one.
 */
export function credentialFingerprint(credential: string | undefined): string {
  if (credential === undefined || credential === "") return "anonymous";
  return createHash("sha256").update("pulumi-langsmith rate limits\0").update(credential).digest("hex").slice(0, 32);
}

/**
 * The limiter shared by every request to `origin` (e.g. `https://api.smith.langchain.com`)
 * with the credential of `fingerprint` on `clock`, created on first use with
 * the default initial window (8 requests).
 */
export function sharedLimiter(clock: Clock, origin: string, fingerprint: string, maxPerSecond?: number): ConcurrencyLimiter {
  let byKey = limiters.get(clock);
  if (byKey === undefined) {
    byKey = new Map();
    limiters.set(clock, byKey);
  }
  const key = `${origin} ${fingerprint} ${maxPerSecond ?? "adaptive"}`;
  let limiter = byKey.get(key);
  if (limiter === undefined) {
    limiter = new ConcurrencyLimiter({ clock, ...(maxPerSecond === undefined ? {} : { maxPerSecond }) });
    byKey.set(key, limiter);
  }
  return limiter;
}
