/**
 * The engine's Diff of a kind: the one comparison of a resource's previous
 * outputs with its new inputs, from the field table (no request, no
 * context: a preview runs nothing else). A kind wraps it with its
 * {@link DiffHooks}: `compare` before (the fields it compares itself),
 * `after` on the result (what the state says beyond the inputs). What the
 * drivers answer the engine with, `ignoreChanges` applied and each path's
 * kind of change, is `../diff/detailedDiff.ts`, over this.
 */
import { type ChangedFields, diffFields, type FieldSpec } from "../fields/fields";
import type { Properties, ResourceDiff } from "../resource";
import { SECRET_FINGERPRINTS_OUTPUT, secretUnchanged } from "../secrets/secretFingerprints";
import type { PreparedKind } from "./prepare";

/**
 * The changed paths by the effect their field declares: the comparison the
 * Diff and an update share (secrets by the fingerprints the engine records,
 * unless the kind's `compare` hook compares them).
 */
export function changedFields(kind: PreparedKind, olds: Properties, news: Properties): ChangedFields {
  const recordedFingerprints = olds[SECRET_FINGERPRINTS_OUTPUT.name];
  // A kind that records its secrets in a layout of its own compares them itself; the others by the engine's fingerprints.
  const compare = kind.spec.hooks?.diff?.compare ?? ((field: FieldSpec) => secretUnchanged(field, recordedFingerprints, news));
  return diffFields(kind.spec.fields, olds, news, (field) => compare(field, olds, news));
}

/**
 * The changed paths, each a replacement or an update (in place, by a new
 * revision, or kept in the state only), as the field table's effects say.
 *
 * @param olds the previous outputs, migrated to today's layout.
 * @param news the new, checked inputs.
 */
export function diffDeclared(kind: PreparedKind, olds: Properties, news: Properties): ResourceDiff {
  const hooks = kind.spec.hooks?.diff;
  const changed = changedFields(kind, olds, news);
  const replaces = changed.replace;
  const updates = [...changed.inPlace, ...changed.revision, ...changed.local];
  // A unique value the replacement keeps (changed neither way) would collide: the old object goes first.
  const keepsUnique = (kind.spec.unique ?? []).some((path) => !replaces.includes(path) && !updates.includes(path));
  const result: ResourceDiff = {
    changes: replaces.length + updates.length > 0,
    replaces,
    updates,
    deleteBeforeReplace: replaces.length > 0 && (kind.spec.replaceDeletesFirst === true || keepsUnique),
    pending: false,
  };
  return hooks?.after !== undefined ? hooks.after({ olds, news, changed, result }) : result;
}
