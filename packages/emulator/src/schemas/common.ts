/**
 * zod building blocks shared by the request schemas: strings that must parse
 * as a UUID or an ISO 8601 date-time, reported with pydantic's error types.
 */
import { z } from "zod";
import { isUuid } from "../params";
import type { PydanticIssueParams } from "../validation";

const UUID_PARAMS: PydanticIssueParams = { pydantic: "uuid_parsing" };
const DATE_TIME_PARAMS: PydanticIssueParams = { pydantic: "datetime_parsing" };

/** A string that parses as a UUID (pydantic `UUID`); errors are `uuid_parsing`. */
export function uuidString(): z.ZodString {
  return z.string().refine(isUuid, { params: UUID_PARAMS });
}

const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** A string that parses as an ISO 8601 date or date-time (pydantic `datetime`). */
export function dateTimeString(): z.ZodString {
  return z
    .string()
    .refine((v) => DATE_TIME_PATTERN.test(v) && !Number.isNaN(Date.parse(v)), { params: DATE_TIME_PARAMS });
}
