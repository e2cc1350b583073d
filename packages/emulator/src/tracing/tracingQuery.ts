/**
 * List parameters the tracing-and-evaluation lists share, read as FastAPI
 * reads them (422 naming each malformed one) and applied to the rendered
 * objects as custom parameters of `../kinds/listQuery.ts`: a metadata filter given as
 * JSON, a "has no such field" switch, lists matched against nested fields,
 * and texts searched in nested objects.
 */
import type { FastApiValidationError } from "../http/errors";
import { boolQuery, type RawQuery, stringQuery } from "../http/params";
import type { ListParam } from "../kinds/listQuery";

type Json = Record<string, unknown>;

/** The value at a dotted path of an object (`extra.metadata`), or undefined. */
function valueAt(object: Json, path: string): unknown {
  let current: unknown = object;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Json)[key];
  }
  return current;
}

function repeated(query: RawQuery, name: string): string[] {
  const raw = query[name];
  if (raw === undefined) return [];
  return Array.isArray(raw) ? raw.map(String) : [String(raw)];
}

/**
 * `?<name>={"key": value, ...}`: only objects whose object at `path` holds
 * every key with an equal value (a malformed or non-object JSON is a 422).
 */
export function metadataParam(path: string): ListParam {
  return {
    type: "custom",
    read(query, name, errors) {
      const text = stringQuery(query, name);
      if (text === undefined) return undefined;
      let wanted: unknown;
      try {
        wanted = JSON.parse(text);
      } catch {
        wanted = undefined;
      }
      if (wanted === null || typeof wanted !== "object" || Array.isArray(wanted)) {
        errors.push({ type: "value_error", loc: ["query", name], msg: "Value error, must be a JSON object", input: text, ctx: { error: {} } });
        return undefined;
      }
      const entries = Object.entries(wanted as Json);
      return (o) => {
        const held = valueAt(o, path);
        if (held === null || typeof held !== "object") return entries.length === 0;
        return entries.every(([key, value]) => JSON.stringify((held as Json)[key]) === JSON.stringify(value));
      };
    },
  };
}

/** A boolean: true keeps only objects whose `field` is null (or absent), false only those where it is set. */
export function isNullParam(field: string): ListParam {
  return {
    type: "custom",
    read(query, name, errors) {
      const value = boolQuery(query, name, errors);
      if (value === undefined) return undefined;
      return (o) => (o[field] === null || o[field] === undefined) === value;
    },
  };
}

/**
 * A repeated parameter: only objects whose value at `path` (a string, or a
 * list) is one of the values given (case-sensitive; none given: every
 * object). `values` limits what may be given, `max` how many (422 otherwise).
 */
export function listParam(path: string, options: { values?: readonly string[]; max?: number } = {}): ListParam {
  return {
    type: "custom",
    read(query, name, errors: FastApiValidationError[]) {
      const given = repeated(query, name);
      if (options.max !== undefined && given.length > options.max) {
        errors.push({
          type: "too_long",
          loc: ["query", name],
          msg: `List should have at most ${options.max} items after validation, not ${given.length}`,
          input: given,
          ctx: { field_type: "List", max_length: options.max, actual_length: given.length },
        });
      }
      const allowed = options.values;
      if (allowed !== undefined) {
        given.forEach((value, index) => {
          if (allowed.includes(value)) return;
          const expected = allowed
            .map((v) => `'${v}'`)
            .join(", ")
            .replace(/, ([^,]*)$/, " or $1");
          errors.push({ type: "enum", loc: ["query", name, index], msg: `Input should be ${expected}`, input: value, ctx: { expected } });
        });
      }
      if (given.length === 0) return undefined;
      const wanted = new Set(given);
      return (o) => {
        const held = valueAt(o, path);
        return (Array.isArray(held) ? held : [held]).some((v) => typeof v === "string" && wanted.has(v));
      };
    },
  };
}

/** A repeated parameter of texts: only objects in which each text is found (case-insensitive) in one of `fields` (objects read as JSON). */
export function textsParam(fields: readonly string[]): ListParam {
  return {
    type: "custom",
    read(query, name) {
      const texts = repeated(query, name)
        .map((t) => t.toLowerCase())
        .filter((t) => t !== "");
      if (texts.length === 0) return undefined;
      return (o) => {
        const haystacks = fields.map((f) => (typeof o[f] === "string" ? String(o[f]) : JSON.stringify(o[f] ?? null)).toLowerCase());
        return texts.every((text) => haystacks.some((h) => h.includes(text)));
      };
    },
  };
}
