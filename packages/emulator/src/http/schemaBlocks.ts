/**
 * zod building blocks shared by the request schemas: strings that must parse
 * as a UUID or an ISO 8601 date-time, reported with pydantic's error types.
 */
import { z } from "zod";
import { isUuid } from "./params";
import type { PydanticIssueParams } from "./validation";

const UUID_PARAMS: PydanticIssueParams = { pydantic: "uuid_parsing" };
const DATE_TIME_PARAMS: PydanticIssueParams = { pydantic: "datetime_parsing" };

/** A string that parses as a UUID (pydantic `UUID`); errors are `uuid_parsing`. */
export function uuidString(): z.ZodString {
  return z.string().refine(isUuid, { params: UUID_PARAMS });
}

const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** A string that parses as an ISO 8601 date or date-time (pydantic `datetime`). */
export function dateTimeString(): z.ZodString {
  return z.string().refine((v) => DATE_TIME_PATTERN.test(v) && !Number.isNaN(Date.parse(v)), { params: DATE_TIME_PARAMS });
}

/**
 * `schema` with the fields `first` checked first, in that order. pydantic
 * reports a body's errors in the order its model declares the fields; the
 * contract's copy lists them by name, so the generated schemas check them
 * alphabetically.
 */
export function fieldsFirst<S extends z.ZodObject, K extends keyof S["shape"] & string>(schema: S, first: readonly K[]): S {
  const object: z.ZodObject = schema;
  const mask: Record<string, true> = Object.fromEntries(first.map((key) => [key, true]));
  return object.pick(mask).extend(object.shape) as S;
}
