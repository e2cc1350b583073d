/**
 * Query and path parameters read the way FastAPI does: strings coerced to
 * integers, booleans, enums and UUIDs, errors collected as pydantic v2
 * `ValidationError` entries (so several bad parameters give one 422).
 */
import { type FastApiValidationError, ValidationFailure } from "./errors";

/** Raw query parameters as fastify parses them (a repeated name gives an array). */
export type RawQuery = Record<string, unknown>;

/** Limits of an integer query parameter. */
export interface IntQueryOptions {
  /** Value when absent. */
  defaultValue: number;
  /** Inclusive minimum. */
  ge?: number;
  /** Inclusive maximum. */
  le?: number;
}

const UUID_PATTERN = /^(urn:uuid:)?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** Whether `value` parses as a UUID the way pydantic does (hyphens optional, any version). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** A UUID in canonical lower-case hyphenated form (the input must pass {@link isUuid}). */
export function canonicalUuid(value: string): string {
  const hex = value
    .replace(/^urn:uuid:/i, "")
    .replace(/-/g, "")
    .toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The pydantic `uuid_parsing` error for a value that is not a UUID. */
export function uuidParsingError(value: unknown, loc: (string | number)[]): FastApiValidationError {
  if (typeof value !== "string") {
    return { type: "uuid_type", loc, msg: "UUID input should be a string, bytes or UUID object", input: value };
  }
  const badIndex = [...value].findIndex((c) => !/[0-9a-fA-F-]/.test(c));
  const reason =
    badIndex >= 0
      ? `invalid character: expected an optional prefix of \`urn:uuid:\` followed by [0-9a-fA-F-], found \`${value[badIndex] ?? ""}\` at ${badIndex + 1}`
      : `invalid length: expected length 32 for simple format, found ${value.replace(/-/g, "").length}`;
  return { type: "uuid_parsing", loc, msg: `Input should be a valid UUID, ${reason}`, input: value, ctx: { error: reason } };
}

function lastValue(raw: unknown): string {
  return Array.isArray(raw) ? String(raw[raw.length - 1]) : String(raw);
}

function allValues(raw: unknown): string[] {
  return Array.isArray(raw) ? raw.map(String) : [String(raw)];
}

/**
 * Reads an integer query parameter, collecting errors into `errors`.
 * @returns the value, or `defaultValue` when absent or invalid.
 */
export function intQuery(query: RawQuery, name: string, options: IntQueryOptions, errors: FastApiValidationError[]): number {
  const raw = query[name];
  if (raw === undefined) return options.defaultValue;
  const text = lastValue(raw);
  const loc = ["query", name];
  if (!/^\s*[+-]?\d+\s*$/.test(text)) {
    errors.push({
      type: "int_parsing",
      loc,
      msg: "Input should be a valid integer, unable to parse string as an integer",
      input: text,
    });
    return options.defaultValue;
  }
  const value = Number.parseInt(text, 10);
  if (options.ge !== undefined && value < options.ge) {
    errors.push({
      type: "greater_than_equal",
      loc,
      msg: `Input should be greater than or equal to ${options.ge}`,
      input: text,
      ctx: { ge: options.ge },
    });
  }
  if (options.le !== undefined && value > options.le) {
    errors.push({
      type: "less_than_equal",
      loc,
      msg: `Input should be less than or equal to ${options.le}`,
      input: text,
      ctx: { le: options.le },
    });
  }
  return value;
}

/** Reads an optional string query parameter (last value wins, as in FastAPI). */
export function stringQuery(query: RawQuery, name: string): string | undefined {
  const raw = query[name];
  return raw === undefined ? undefined : lastValue(raw);
}

const TRUE_WORDS = new Set(["true", "1", "yes", "on", "t", "y"]);
const FALSE_WORDS = new Set(["false", "0", "no", "off", "f", "n"]);

/** Reads an optional boolean query parameter (pydantic's words: true/false, 1/0, yes/no, on/off, t/f, y/n). */
export function boolQuery(query: RawQuery, name: string, errors: FastApiValidationError[]): boolean | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  const text = lastValue(raw);
  const word = text.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  errors.push({ type: "bool_parsing", loc: ["query", name], msg: "Input should be a valid boolean, unable to interpret input", input: text });
  return undefined;
}

/** Reads an optional query parameter that must be one of `values`. */
export function enumQuery<T extends string>(query: RawQuery, name: string, values: readonly T[], errors: FastApiValidationError[]): T | undefined {
  const text = stringQuery(query, name);
  if (text === undefined) return undefined;
  if ((values as readonly string[]).includes(text)) return text as T;
  const quoted = values.map((v) => `'${v}'`);
  const expected = quoted.length <= 1 ? quoted.join("") : `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1] ?? ""}`;
  errors.push({ type: "enum", loc: ["query", name], msg: `Input should be ${expected}`, input: text, ctx: { expected } });
  return undefined;
}

/** Reads a required string query parameter; a missing one is a `missing` error. */
export function requiredQuery(query: RawQuery, name: string, errors: FastApiValidationError[]): string | undefined {
  const text = stringQuery(query, name);
  if (text === undefined) errors.push({ type: "missing", loc: ["query", name], msg: "Field required", input: null });
  return text;
}

/** Reads a required UUID query parameter (canonical form), collecting errors. */
export function uuidQuery(query: RawQuery, name: string, errors: FastApiValidationError[]): string | undefined {
  const text = requiredQuery(query, name, errors);
  if (text === undefined) return undefined;
  if (isUuid(text)) return canonicalUuid(text);
  errors.push(uuidParsingError(text, ["query", name]));
  return undefined;
}

/**
 * Reads a required list-of-UUID query parameter given as repeated names
 * (`?ids=a&ids=b`, FastAPI's only list form), with at most `maxItems` items.
 */
export function uuidListQuery(query: RawQuery, name: string, maxItems: number, errors: FastApiValidationError[]): string[] {
  const raw = query[name];
  if (raw === undefined) {
    errors.push({ type: "missing", loc: ["query", name], msg: "Field required", input: null });
    return [];
  }
  const values = allValues(raw);
  if (values.length > maxItems) {
    errors.push({
      type: "too_long",
      loc: ["query", name],
      msg: `List should have at most ${maxItems} items after validation, not ${values.length}`,
      input: values,
      ctx: { field_type: "List", max_length: maxItems, actual_length: values.length },
    });
    return [];
  }
  const ids: string[] = [];
  values.forEach((value, index) => {
    if (isUuid(value)) ids.push(canonicalUuid(value));
    else errors.push(uuidParsingError(value, ["query", name, index]));
  });
  return ids;
}

/** Throws one 422 with every collected error, if any. */
export function throwIfInvalid(errors: FastApiValidationError[]): void {
  if (errors.length > 0) throw new ValidationFailure(errors);
}

/**
 * Checks a UUID path parameter like FastAPI's `uuid_parsing` (422 otherwise)
 * and returns it lower-cased in canonical form.
 */
export function uuidPathParam(params: unknown, name: string): string {
  const value = (params as Record<string, string | undefined>)[name] ?? "";
  if (isUuid(value)) return canonicalUuid(value);
  throw new ValidationFailure([uuidParsingError(value, ["path", name])]);
}
