/**
 * Validators the field tables share: each names the field in its message
 * and never repeats the value it refused.
 */
import { z } from "zod";
import { isCleanHttpUrl } from "./urls";

/** Longest wait deadline a resource accepts, in seconds (one day). */
export const MAX_WAIT_SECONDS = 86400;

/** A full git commit SHA (40 hexadecimal characters). */
export const COMMIT_SHA = /^[0-9a-f]{40}$/i;

/** An email address as the service keeps it: trimmed and lower-case. */
export const EMAIL_PATTERN = /^[^\sA-Z@]+@[^\sA-Z@]+\.[^\sA-Z@]+$/;

/** A UUID in its canonical 8-4-4-4-12 form, any case. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A trimmed, non-empty string of at most 2 048 characters. */
export function nonEmpty(what: string): z.ZodString {
  return z.string().trim().min(1, `${what} must not be empty`).max(2048, `${what} is longer than 2048 characters`);
}

/** An http(s) URL without credentials, query or fragment. */
export function httpUrl(what: string): z.ZodType<string> {
  return nonEmpty(what).refine(isCleanHttpUrl, `${what} must be a URL: http(s), without credentials, query or fragment, e.g. https://github.com/org/repo`);
}

/** A UUID. */
export function uuid(what: string): z.ZodString {
  return z.string().regex(UUID_PATTERN, `${what} must be a UUID, e.g. 5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01`);
}

/** A wait deadline: a positive number of seconds, at most {@link MAX_WAIT_SECONDS}. */
export function waitSeconds(what: string): z.ZodNumber {
  return z.number().positive(`${what} must be a positive number of seconds`).max(MAX_WAIT_SECONDS, `${what} is at most ${MAX_WAIT_SECONDS} (one day)`);
}

/** An ISO 8601 date-time with a zone. */
export function timestamp(what: string): z.ZodType<string> {
  return z.iso.datetime({ offset: true, error: `${what} must be an ISO 8601 date-time with a zone, e.g. 2026-11-01T00:00:00Z` });
}
