/**
 * The secret inputs of a declared (CRUD) resource, kept in its outputs as
 * salted fingerprints (one per field) instead of the values: diff can then
 * tell a changed secret from an unchanged one without the value ever being
 * echoed (see fingerprint.ts for why). The output itself is a Pulumi secret.
 */
import type { FieldSpec, FieldTable } from "../fields/fields";
import { FINGERPRINT_ALGORITHM, fingerprintMatches, fingerprintValue, newSalt } from "./fingerprint";
import { OUTPUT_TYPES, type OutputSpec } from "../state/outputs";
import { getPath, isRecord, isUnset } from "../fields/paths";
import { containsUnknown } from "../fields/values";

/**
 * Input key `check` sets (to `true`) when every secret input equals the
 * resource's previous *input* (which the engine passes to `check`, and only
 * to `check`): `diff` then knows the secrets did not change without hashing
 * them (one scrypt hash each, about 1 ms; a preview of 160 workspace secrets
 * spent a quarter of a second on them). A boolean: it carries nothing about
 * the values. The `__` prefix keeps it out of the engine's diff display; the
 * field tables never read it, so it is never sent.
 */
export const SECRETS_UNCHANGED_KEY = "__secretsUnchanged";

/**
 * The checked inputs `news`, with {@link SECRETS_UNCHANGED_KEY} set when each
 * secret field of `table` holds the same value in `oldInputs` (the previous
 * inputs `check` receives) and in `news`, and removed otherwise. On a create
 * (`oldInputs` empty) they are marked too: the outputs' fingerprints are
 * made from these very values, and the engine stores these inputs beside
 * them, so a later diff of the stored inputs (a refresh's) needs no hash.
 * Unknown values (during a preview) never match; a table without secret
 * fields is never marked. Plain comparison in the provider's memory, where
 * both values already are: nothing is logged or kept.
 */
export function markUnchangedSecretFields(table: FieldTable, oldInputs: Record<string, unknown>, news: Record<string, unknown>): Record<string, unknown> {
  const { [SECRETS_UNCHANGED_KEY]: _ignored, ...rest } = news;
  const secrets = table.filter((field) => field.secret);
  if (secrets.length === 0) return rest;
  if (Object.keys(oldInputs).length === 0)
    return secrets.some((field) => containsUnknown(getPath(rest, field.path))) ? rest : { ...rest, [SECRETS_UNCHANGED_KEY]: true };
  const same = secrets.every((field) => {
    const before = getPath(oldInputs, field.path);
    const after = getPath(rest, field.path);
    if (containsUnknown(before) || containsUnknown(after)) return false;
    return isUnset(before) ? isUnset(after) : !isUnset(after) && JSON.stringify(before) === JSON.stringify(after);
  });
  return same ? { ...rest, [SECRETS_UNCHANGED_KEY]: true } : rest;
}

/** Fingerprints of a resource's secret inputs. */
export interface SecretFingerprints {
  /** Algorithm and parameters, e.g. `scrypt-1024-8-1`. */
  readonly algorithm: string;
  /** Random salt, base64url. */
  readonly salt: string;
  /** Fingerprint per set secret field, by its input path. */
  readonly values: Readonly<Record<string, string>>;
}

/** The output that holds them. */
export const SECRET_FINGERPRINTS_OUTPUT: OutputSpec = {
  name: "secretFingerprints",
  type: OUTPUT_TYPES.anyMap,
  secret: true,
  doc: "Salted fingerprints of the secret inputs (never the values): how a change of a secret is seen without storing it.",
  changesOnUpdate: true,
};

/** The text a value is fingerprinted as (strings as they are, anything else as JSON). */
const asText = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value));

/** Fingerprints every set secret field of `inputs`. */
export function fingerprintSecrets(table: FieldTable, inputs: Record<string, unknown>, salt: string = newSalt()): SecretFingerprints {
  const values: Record<string, string> = {};
  for (const field of table) {
    const value = getPath(inputs, field.path);
    if (field.secret && !isUnset(value)) values[field.path] = fingerprintValue(salt, field.path, asText(value));
  }
  return { algorithm: FINGERPRINT_ALGORITHM, salt, values };
}

/**
 * Whether a secret field's new value is the one recorded: `undefined` for a
 * field that is not secret (the caller compares it), true when both are
 * unset or the fingerprint matches, false otherwise (or with no usable record).
 * Fast path, no hashing: when `check` marked `news` ({@link SECRETS_UNCHANGED_KEY}:
 * the values equal the previous inputs', from which the record was made) and
 * the record holds a fingerprint for the field, it is unchanged.
 */
export function secretUnchanged(field: FieldSpec, recorded: unknown, news: Record<string, unknown>): boolean | undefined {
  if (!field.secret) return undefined;
  const value = getPath(news, field.path);
  const fingerprints =
    isRecord(recorded) && isRecord(recorded["values"]) && typeof recorded["salt"] === "string" && recorded["algorithm"] === FINGERPRINT_ALGORITHM
      ? recorded
      : undefined;
  const print = fingerprints === undefined ? undefined : (fingerprints["values"] as Record<string, unknown>)[field.path];
  if (isUnset(value)) return fingerprints !== undefined && print === undefined;
  if (news[SECRETS_UNCHANGED_KEY] === true && typeof print === "string" && !containsUnknown(value)) return true;
  return typeof print === "string" && fingerprintMatches(print, fingerprints?.["salt"] as string, field.path, asText(value));
}
