/**
 * Query parameters of a declared kind's list, read the way FastAPI reads
 * them (every malformed one named in one 422) and applied to the rendered
 * objects in the service's order: filters and the search first, then the
 * sort, then the page (`offset`, `limit`).
 */
import { createHash } from "node:crypto";
import type { FastApiValidationError } from "../http/errors";
import { boolQuery, canonicalUuid, enumQuery, intQuery, isUuid, type RawQuery, stringQuery, throwIfInvalid, uuidParsingError, uuidQuery } from "../http/params";
import type { KindCall } from "./kindCall";

/** One query parameter of a list, by what it does. */
export type ListParam =
  /** A boolean (pydantic's words); with `filters`, only objects whose field equals it. */
  | { readonly type: "boolean"; readonly filters?: string }
  /** A UUID; with `filters`, only objects whose field equals it. */
  | { readonly type: "uuid"; readonly filters?: string }
  /**
   * A list parameter, repeated (`?emails=a&emails=b`) or, with `style: "comma"`, one comma-separated value
   * (`style: form, explode: false`); with `filters`, only objects whose field is one of the values, or holds one
   * when the field is a list (case-insensitive; none given: every object).
   */
  | { readonly type: "strings" | "uuids"; readonly filters?: string; readonly style?: "repeated" | "comma" }
  /** A string; with `filters`, only objects whose field equals it, or holds it when the field is a list. */
  | { readonly type: "string"; readonly filters?: string }
  /** One of `values` (422 otherwise); with `filters`, only objects whose field equals it. */
  | { readonly type: "enum"; readonly values: readonly string[]; readonly filters?: string }
  /** Filters the kind reads itself (values another parameter does not express, or other kinds' objects): a predicate, or undefined to keep every object. */
  | {
      readonly type: "custom";
      readonly read: (query: RawQuery, name: string, errors: FastApiValidationError[], call: KindCall | undefined) => ((o: Json) => boolean) | undefined;
    }
  /** Free text: only objects one of whose `fields` contains it, case-insensitive. */
  | { readonly type: "search"; readonly fields: readonly string[] }
  /**
   * The sort key, one of `fields`' names; each names the fields compared in turn (`default` when absent).
   * Keys in `descending` sort newest (largest) first unless the direction is given; the key `shuffle.key`
   * orders the objects pseudo-randomly, the same way for the same value of the query parameter `shuffle.seed`.
   */
  | {
      readonly type: "sortBy";
      readonly fields: Readonly<Record<string, readonly string[]>>;
      readonly default: string;
      readonly descending?: readonly string[];
      readonly shuffle?: { readonly key: string; readonly seed: string };
    }
  /**
   * Whether the sort is descending (`default` when absent; `null`: the sort key's own direction); `by` names
   * the fields sorted by when no `sortBy` parameter does.
   */
  | { readonly type: "descending"; readonly default: boolean | null; readonly by?: readonly string[] }
  /** The sort direction as `asc` or `desc` (`default` when absent). */
  | { readonly type: "direction"; readonly default: "asc" | "desc" }
  /** Most objects answered: an integer from 1 to `max` (`default` when absent; no default: every object). */
  | { readonly type: "limit"; readonly default?: number; readonly max: number }
  /** Objects skipped before the first answered: an integer from 0. */
  | { readonly type: "offset" };

/** The query parameters of one list, by name. */
export type ListQuery = Readonly<Record<string, ListParam>>;

type Json = Record<string, unknown>;

function repeated(query: RawQuery, name: string, style: "repeated" | "comma" = "repeated"): string[] {
  const raw = query[name];
  if (raw === undefined) return [];
  const values = Array.isArray(raw) ? raw.map(String) : [String(raw)];
  return style === "comma" ? values.flatMap((v) => v.split(",")).filter((v) => v !== "") : values;
}

/** Whether an object's field equals `value` (case-insensitive), or holds it when the field is a list. */
function fieldHolds(field: unknown, wanted: ReadonlySet<string>): boolean {
  const values = Array.isArray(field) ? field : [field];
  return values.some((v) => wanted.has(String(v ?? "").toLowerCase()));
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a).localeCompare(String(b), "en", { sensitivity: "base" });
}

/**
 * Reads the list's query parameters (422 naming each malformed one) and
 * returns the objects they select, in order.
 */
export function selectListed(params: ListQuery, query: RawQuery, objects: readonly Json[]): Json[] {
  return selectListedPage(params, query, objects).page;
}

/**
 * Like {@link selectListed}, and also counts the objects selected before the
 * page (`total`); `call` is handed to custom parameters.
 */
export function selectListedPage(
  params: ListQuery,
  query: RawQuery,
  objects: readonly Json[],
  call?: KindCall,
): { page: Json[]; total: number; selected: Json[] } {
  const errors: FastApiValidationError[] = [];
  const keep: ((o: Json) => boolean)[] = [];
  let sortFields: readonly string[] | undefined;
  let defaultSortFields: readonly string[] | undefined;
  let descending: boolean | null = null;
  let naturallyDescending = false;
  let shuffleSeed: string | undefined;
  let offset = 0;
  let limit: number | undefined;
  for (const [name, param] of Object.entries(params)) {
    switch (param.type) {
      case "boolean":
      case "uuid": {
        const absent = query[name] === undefined;
        const value = param.type === "boolean" ? boolQuery(query, name, errors) : absent ? undefined : uuidQuery(query, name, errors);
        const field = param.filters;
        if (value !== undefined && field !== undefined) keep.push((o) => o[field] === value);
        break;
      }
      case "strings":
      case "uuids": {
        const values = repeated(query, name, param.style);
        if (param.type === "uuids") {
          values.forEach((value, index) => {
            if (!isUuid(value)) errors.push(uuidParsingError(value, ["query", name, index]));
          });
        }
        const wanted = new Set(values.map((v) => (param.type === "uuids" && isUuid(v) ? canonicalUuid(v) : v.toLowerCase())));
        const field = param.filters;
        if (wanted.size > 0 && field !== undefined) keep.push((o) => fieldHolds(o[field], wanted));
        break;
      }
      case "string": {
        const text = stringQuery(query, name);
        const field = param.filters;
        if (text !== undefined && field !== undefined) keep.push((o) => fieldHolds(o[field], new Set([text.toLowerCase()])));
        break;
      }
      case "enum": {
        const value = enumQuery(query, name, param.values, errors);
        const field = param.filters;
        if (value !== undefined && field !== undefined) keep.push((o) => o[field] === value);
        break;
      }
      case "custom": {
        const predicate = param.read(query, name, errors, call);
        if (predicate !== undefined) keep.push(predicate);
        break;
      }
      case "search": {
        const text = stringQuery(query, name)?.toLowerCase();
        if (text)
          keep.push((o) =>
            param.fields.some((f) =>
              String(o[f] ?? "")
                .toLowerCase()
                .includes(text),
            ),
          );
        break;
      }
      case "sortBy": {
        const key = enumQuery(query, name, Object.keys(param.fields), errors) ?? param.default;
        sortFields = param.fields[key];
        naturallyDescending = param.descending?.includes(key) ?? false;
        if (param.shuffle?.key === key) shuffleSeed = stringQuery(query, param.shuffle.seed) ?? "";
        break;
      }
      case "descending":
        descending = boolQuery(query, name, errors) ?? param.default;
        defaultSortFields = param.by;
        break;
      case "direction":
        descending = (enumQuery(query, name, ["asc", "desc"], errors) ?? param.default) === "desc";
        break;
      case "limit":
        limit =
          param.default === undefined && query[name] === undefined
            ? undefined
            : intQuery(query, name, { defaultValue: param.default ?? param.max, ge: 1, le: param.max }, errors);
        break;
      case "offset":
        offset = intQuery(query, name, { defaultValue: 0, ge: 0 }, errors);
        break;
    }
  }
  throwIfInvalid(errors);
  const selected = objects.filter((o) => keep.every((k) => k(o)));
  const fields = sortFields ?? defaultSortFields;
  const reversed = descending ?? naturallyDescending;
  if (shuffleSeed !== undefined) {
    const seed = shuffleSeed;
    const rank = (o: Json): string =>
      createHash("sha256")
        .update(`${seed}:${String(o["id"])}`)
        .digest("hex");
    selected.sort((a, b) => (reversed ? -1 : 1) * rank(a).localeCompare(rank(b)));
  } else if (fields !== undefined) {
    selected.sort((a, b) => {
      for (const field of fields) {
        const order = compare(a[field], b[field]);
        if (order !== 0) return reversed ? -order : order;
      }
      return 0;
    });
  }
  return { page: selected.slice(offset, limit === undefined ? undefined : offset + limit), total: selected.length, selected };
}
