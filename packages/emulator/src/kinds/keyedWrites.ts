/**
 * How a kind written at its collection (`keyedBy`, e.g. feedback configs by
 * `feedback_key`) finds the object a `PATCH` or `DELETE` names: by that
 * field, or by the object's `id` when the body or the query gives one (the
 * SDKs' `config_id`).
 */
import type { FastApiValidationError } from "../http/errors";
import { type RawQuery, requiredQuery, stringQuery, throwIfInvalid, uuidQuery } from "../http/params";
import type { KindRecord } from "../core/types";

/** What names the object: the `keyedBy` field's value and/or its id. */
export interface KeyedName {
  value: unknown;
  id?: unknown;
}

/**
 * The object of `records` whose `field` is `value`, or whose id is `id`
 * when one is given (and whose `field` is `value` too, when that is given);
 * undefined when none is.
 */
export function findKeyedRecord(records: readonly KindRecord[], field: string, { value, id }: KeyedName): KindRecord | undefined {
  if (id === undefined || id === null) return records.find((r) => r.wire[field] === value);
  return records.find((r) => r.id === String(id).toLowerCase() && (value === undefined || value === null || r.wire[field] === value));
}

/** A keyed `DELETE`'s query: `?id=` (a UUID; 422 otherwise), else the required `?<keyedBy>=`. */
export function keyedDeleteName(query: RawQuery, keyedBy: string): KeyedName {
  const errors: FastApiValidationError[] = [];
  const byId = query["id"] !== undefined;
  const name: KeyedName = byId ? { id: uuidQuery(query, "id", errors), value: stringQuery(query, keyedBy) } : { value: requiredQuery(query, keyedBy, errors) };
  throwIfInvalid(errors);
  return name;
}
