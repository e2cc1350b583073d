/**
 * Check and diff of a declared kind, from its field table alone: no request,
 * no context (a preview runs nothing else).
 */
import { checkFields, diffFields, withDefaults } from "../fields/fields";
import type { CheckResult, Properties, ResourceDiff } from "../resource";
import { markUnchangedSecretFields, SECRET_FINGERPRINTS_OUTPUT, secretUnchanged } from "../secrets/secretFingerprints";
import type { PreparedKind } from "./prepare";

/**
 * Validates the new inputs and fills in the table's defaults.
 *
 * @param olds the previous inputs (empty for a create): equal secrets spare diff a hash per secret (see secretFingerprints.ts).
 */
export function checkDeclared(kind: PreparedKind, olds: Properties, news: Properties): CheckResult {
  const { fields } = kind.spec;
  const failures = checkFields(fields, news, kind.typeName);
  return { inputs: kind.hasSecrets ? markUnchangedSecretFields(fields, olds, withDefaults(fields, news)) : withDefaults(fields, news), failures };
}

/** The changed paths, each a replacement or an update, as the field table's effects say. */
export function diffDeclared(kind: PreparedKind, olds: Properties, news: Properties): ResourceDiff {
  const changed = diffFields(kind.spec.fields, olds, news, (field) => secretUnchanged(field, olds[SECRET_FINGERPRINTS_OUTPUT.name], news));
  const replaces = changed.replace;
  const updates = [...changed.inPlace, ...changed.local];
  // A unique value the replacement keeps (changed neither way) would collide: the old object goes first.
  const keepsUnique = (kind.spec.unique ?? []).some((path) => !replaces.includes(path) && !updates.includes(path));
  return {
    changes: replaces.length + updates.length > 0,
    replaces,
    updates,
    deleteBeforeReplace: replaces.length > 0 && (kind.spec.replaceDeletesFirst === true || keepsUnique),
    pending: false,
  };
}
