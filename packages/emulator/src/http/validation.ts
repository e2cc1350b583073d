/**
 * Request bodies parsed with zod schemas, their issues converted to FastAPI /
 * pydantic v2 `ValidationError` entries (a 422 `HTTPValidationError`).
 */
import type { z } from "zod";
import { type FastApiValidationError, ValidationFailure } from "./errors";
import { uuidParsingError } from "./params";

/**
 * `params` of a zod custom issue naming the pydantic error it stands for
 * (see `uuidString` and `dateTimeString` in `schemas/`, which read UUIDs and
 * date-times as leniently as pydantic; the generated schemas' stricter
 * formats fail with the same errors).
 */
export interface PydanticIssueParams {
  /** The pydantic error type. */
  pydantic: "uuid_parsing" | "datetime_parsing";
}

type Loc = (string | number)[];

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function quoteList(values: readonly unknown[]): string {
  const quoted = values.map((v) => `'${String(v)}'`);
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1] ?? ""}`;
}

function typeError(expected: string, input: unknown, loc: Loc): FastApiValidationError {
  switch (expected) {
    case "string":
      return { type: "string_type", loc, msg: "Input should be a valid string", input };
    case "boolean":
      return { type: "bool_type", loc, msg: "Input should be a valid boolean", input };
    case "int":
      return { type: "int_type", loc, msg: "Input should be a valid integer", input };
    case "number":
      return { type: "float_type", loc, msg: "Input should be a valid number", input };
    case "array":
      return { type: "list_type", loc, msg: "Input should be a valid list", input };
    case "record":
    case "map":
      return { type: "dict_type", loc, msg: "Input should be a valid dictionary", input };
    default:
      return {
        type: "model_attributes_type",
        loc,
        msg: "Input should be a valid dictionary or object to extract fields from",
        input,
      };
  }
}

/** The pydantic error for a string that is not a date-time. */
function dateTimeParsingError(input: unknown, loc: Loc): FastApiValidationError {
  return { type: "datetime_from_date_parsing", loc, msg: "Input should be a valid datetime or date", input };
}

function convertIssue(issue: z.core.$ZodIssue, root: unknown, locPrefix: Loc): FastApiValidationError[] {
  const path = issue.path.filter((p): p is string | number => typeof p === "string" || typeof p === "number");
  const loc: Loc = [...locPrefix, ...path];
  const input = valueAt(root, issue.path);
  if (input === undefined && issue.code !== "unrecognized_keys" && issue.code !== "custom") {
    return [{ type: "missing", loc, msg: "Field required", input: valueAt(root, issue.path.slice(0, -1)) ?? null }];
  }
  switch (issue.code) {
    case "invalid_type":
      return [typeError(issue.expected, input, loc)];
    case "too_small":
      if (issue.origin === "string") {
        const min = Number(issue.minimum);
        return [
          {
            type: "string_too_short",
            loc,
            msg: `String should have at least ${min} character${min === 1 ? "" : "s"}`,
            input,
            ctx: { min_length: min },
          },
        ];
      }
      return [
        {
          type: "greater_than_equal",
          loc,
          msg: `Input should be greater than or equal to ${String(issue.minimum)}`,
          input,
          ctx: { ge: Number(issue.minimum) },
        },
      ];
    case "too_big":
      if (issue.origin === "string") {
        const max = Number(issue.maximum);
        return [
          {
            type: "string_too_long",
            loc,
            msg: `String should have at most ${max} character${max === 1 ? "" : "s"}`,
            input,
            ctx: { max_length: max },
          },
        ];
      }
      return [
        {
          type: "less_than_equal",
          loc,
          msg: `Input should be less than or equal to ${String(issue.maximum)}`,
          input,
          ctx: { le: Number(issue.maximum) },
        },
      ];
    case "invalid_format": {
      // The generated schemas' formats (`z.uuid()`, `z.iso.datetime()`) fail as pydantic's types do.
      if (issue.format === "uuid" || issue.format === "guid") return [uuidParsingError(input, loc)];
      if (issue.format === "datetime" || issue.format === "date") return [dateTimeParsingError(input, loc)];
      const raw = "pattern" in issue && typeof issue.pattern === "string" ? issue.pattern : issue.format;
      const pattern = /^\/(.*)\/[a-z]*$/s.exec(raw)?.[1] ?? raw;
      return [
        {
          type: "string_pattern_mismatch",
          loc,
          msg: `String should match pattern '${pattern}'`,
          input,
          ctx: { pattern },
        },
      ];
    }
    case "invalid_value": {
      const expected = quoteList(issue.values);
      return [
        {
          type: issue.values.length === 1 ? "literal_error" : "enum",
          loc,
          msg: `Input should be ${expected}`,
          input,
          ctx: { expected },
        },
      ];
    }
    case "unrecognized_keys":
      return issue.keys.map((key) => ({
        type: "extra_forbidden",
        loc: [...loc, key],
        msg: "Extra inputs are not permitted",
        input: valueAt(input, [key]),
      }));
    case "custom": {
      const pydantic = (issue.params as Partial<PydanticIssueParams> | undefined)?.pydantic;
      if (pydantic === "uuid_parsing") return [uuidParsingError(input, loc)];
      if (pydantic === "datetime_parsing") return [dateTimeParsingError(input, loc)];
      return [{ type: "value_error", loc, msg: `Value error, ${issue.message}`, input, ctx: { error: {} } }];
    }
    default:
      return [{ type: "value_error", loc, msg: `Value error, ${issue.message}`, input, ctx: { error: {} } }];
  }
}

/**
 * Converts zod issues to FastAPI/pydantic v2 `ValidationError` entries.
 * @param root the validated value (inputs are read from it by path).
 * @param locPrefix location prefix, e.g. `["body"]`.
 */
export function toFastApiErrors(issues: readonly z.core.$ZodIssue[], root: unknown, locPrefix: Loc): FastApiValidationError[] {
  return issues.flatMap((issue) => convertIssue(issue, root, locPrefix));
}

/** Parses a request body with a zod schema; throws a 422 `ValidationFailure` on failure. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  if (body === undefined || body === null) {
    throw new ValidationFailure([{ type: "missing", loc: ["body"], msg: "Field required", input: null }]);
  }
  const result = schema.safeParse(body);
  if (!result.success) throw new ValidationFailure(toFastApiErrors(result.error.issues, body, ["body"]));
  return result.data;
}
