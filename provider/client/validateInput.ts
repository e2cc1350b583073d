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

/** Check an id taken from the service before it goes into a path: non-empty. */
export function checkId(id: string, what: string, action: string): string {
  if (typeof id !== "string" || id.trim() === "") {
    throw new InvalidRequestError(`${action}: ${what} must be a non-empty string`);
  }
  return encodeURIComponent(id);
}
