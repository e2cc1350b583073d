/** Diff of two sets of inputs by a field table: the changed paths, by the effect of their change. */
import { getPath, isUnset } from "./paths";
import { containsUnknown, sameValue } from "./values";
import { type ChangeEffect, type FieldSpec, type FieldTable, unknownPrefix } from "./fieldSpec";

/** Changed paths by effect. */
export type ChangedFields = Record<ChangeEffect, string[]>;

/**
 * Compares previous outputs (which echo every compared input) with new
 * inputs, field by field. Unset values compare as the field's `unsetMeans`,
 * else its default; a value still unknown (or under an unknown object) counts
 * as changed. `compare` decides for the fields it knows (e.g. secrets
 * against fingerprints) and returns `undefined` for the others.
 */
export function diffFields(
  table: FieldTable,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
  compare: (field: FieldSpec) => boolean | undefined = () => undefined,
): ChangedFields {
  const changed: ChangedFields = { replace: [], inPlace: [], revision: [], local: [], createOnly: [] };
  // A whole unknown object is reported once, at its own path, under the strongest effect of the fields it holds.
  const unknownObjects = new Map<string, ChangeEffect>();
  for (const field of table) {
    if (field.effect === "createOnly") continue;
    const unknownAt = unknownPrefix(news, field.path);
    if (unknownAt !== undefined && unknownAt !== field.path) {
      const before = unknownObjects.get(unknownAt);
      if (before === undefined || EFFECT_STRENGTH.indexOf(field.effect) < EFFECT_STRENGTH.indexOf(before)) unknownObjects.set(unknownAt, field.effect);
      continue;
    }
    if (unknownAt !== undefined || containsUnknown(getPath(news, field.path))) {
      changed[field.effect].push(field.path);
      continue;
    }
    if (field.serviceDefault === true && isUnset(getPath(news, field.path))) continue; // the service's value, whatever it is
    const same = compare(field) ?? sameValue(comparable(field, getPath(olds, field.path)), comparable(field, getPath(news, field.path)));
    if (!same) changed[field.effect].push(field.path);
  }
  for (const [path, effect] of unknownObjects) changed[effect].push(path);
  return changed;
}

/** Effects from the strongest (a replacement) to the weakest (state only). */
const EFFECT_STRENGTH: readonly ChangeEffect[] = ["replace", "revision", "inPlace", "local", "createOnly"];

/** The value diff compares: an unset one as what unset means ({@link FieldSpec.unsetMeans}, else its default); an unordered list sorted. */
export function comparable(field: FieldSpec, value: unknown): unknown {
  const effective = isUnset(value) ? (field.unsetMeans ?? field.default) : value;
  return field.unordered === true && Array.isArray(effective) ? sortedList(effective) : effective;
}

/** A list's items in one canonical order (by their JSON text). */
function sortedList(values: readonly unknown[]): unknown[] {
  return [...values].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : JSON.stringify(a) > JSON.stringify(b) ? 1 : 0));
}
