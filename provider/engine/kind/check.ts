/**
 * Check of a declared kind, from its field table alone: no request, no
 * context (a preview runs nothing else).
 */
import { checkFields, withDefaults } from "../fields/fields";
import type { CheckResult, Properties } from "../resource";
import { markUnchangedSecretFields } from "../secrets/secretFingerprints";
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
