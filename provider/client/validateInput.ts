/**
 * Client-side validation of request bodies and arguments, before anything is
 * sent. Failures name the field, never the value.
 */
import { z } from "zod";
import { InvalidRequestError } from "./errors";
import { renderPath } from "./http";
import { collectSensitiveStrings, redactText } from "./redact";

/**
 * Parse `value` with `schema`, or throw {@link InvalidRequestError}
 * `<action>: invalid request: field "<path>": <reason>`.
 */
export function validateInput<S extends z.ZodType>(schema: S, value: unknown, action: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue === undefined ? "(body)" : renderPath(issue.path);
  const why = issue === undefined ? "invalid" : redactText(issue.message, collectSensitiveStrings(value), 200);
  throw new InvalidRequestError(`${action}: invalid request: field "${field}": ${why}`);
}

/** Check an optional page size: an integer from 1 to `max` (default 100). */
export function checkLimit(limit: number | undefined, action: string, max = 100): void {
  if (limit === undefined) return;
  if (!Number.isInteger(limit) || limit < 1 || limit > max) {
    throw new InvalidRequestError(`${action}: limit must be an integer from 1 to ${max}, got ${String(limit)}`);
  }
}

/** Check an optional offset: an integer of at least 0. */
export function checkOffset(offset: number | undefined, action: string): void {
  if (offset === undefined) return;
  if (!Number.isInteger(offset) || offset < 0) {
    throw new InvalidRequestError(`${action}: offset must be an integer of at least 0, got ${String(offset)}`);
  }
}

/**
 * Characters no service id contains and which would change the request's
 * path if an encoding were ever missed: `/`, backslash, `?`, `#`, `%`, whitespace
 * and control characters.
 */
const UNSAFE_ID_CHARACTERS = /[/\\?#%\s\p{Cc}]/u;
/** Longest id accepted, in characters. */
const MAX_ID_LENGTH = 256;

/**
 * Check an id before it goes into a path, and URL-encode it. Refused before
 * anything is sent: empty ids, ids over {@link MAX_ID_LENGTH} characters, the
 * dot segments `.` and `..` (which URL resolution would turn into the parent
 * path even when encoded), and ids with {@link UNSAFE_ID_CHARACTERS}.
 */
export function checkId(id: string, what: string, action: string): string {
  if (typeof id !== "string" || id.trim() === "") {
    throw new InvalidRequestError(`${action}: ${what} must be a non-empty string`);
  }
  if (id === "." || id === ".." || id.length > MAX_ID_LENGTH || UNSAFE_ID_CHARACTERS.test(id)) {
    throw new InvalidRequestError(
      `${action}: ${what} must be an id as the service returns it: at most ${MAX_ID_LENGTH} characters, not "." or "..", ` +
        "without '/', '\\', '?', '#', '%', spaces or control characters",
    );
  }
  return encodeURIComponent(id);
}
