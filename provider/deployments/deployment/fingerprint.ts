import type { DeploymentSecret, SecretInput } from "../../client";
import { FINGERPRINT_ALGORITHM, fingerprintMatches, fingerprintValue, newSalt } from "../../engine/secrets/fingerprint";
import { SECRETS_UNCHANGED_KEY } from "../../engine/secrets/secretFingerprints";
import { containsUnknown } from "../../engine/fields/values";

/**
 * What a Deployment's outputs record about its secrets: one salted
 * fingerprint per secret name (see provider/shared/fingerprint.ts), never a value.
 * The outputs hold this instead of the secrets because the Node.js SDK prints
 * resource outputs under `pulumi up --debug`.
 */
export interface SecretsFingerprint {
  /** Algorithm and parameters, e.g. `scrypt-1024-8-1`. */
  readonly algorithm: string;
  /** Random salt, base64url; kept across updates so unchanged secrets keep their fingerprints. */
  readonly salt: string;
  /** Secret name -> fingerprint of its value, or {@link CHANGED_OUTSIDE_PULUMI}. */
  readonly values: Readonly<Record<string, string>>;
  /**
   * Recorded by an import from the service's own values, which never leave
   * the provider: until the program declares `secrets`, the provider leaves
   * the service's secrets as they are (no change shown, none sent). Absent
   * once the program declares them.
   */
  readonly imported?: true;
}

/**
 * Recorded by a refresh for a secret whose value on the service differs from
 * the declared one (or that the program does not declare). It matches no
 * value, so the next preview shows the secrets as changed.
 */
export const CHANGED_OUTSIDE_PULUMI = "changed-outside-pulumi";

const label = (name: string) => `secret:${name}`;

/** Fingerprints declared secrets; `undefined` when there are none. */
export function fingerprintSecrets(secrets: readonly SecretInput[] | undefined, salt: string = newSalt()): SecretsFingerprint | undefined {
  if (secrets === undefined || secrets.length === 0) return undefined;
  const values: Record<string, string> = {};
  for (const { name, value } of secrets) values[name] = fingerprintValue(salt, label(name), value);
  return { algorithm: FINGERPRINT_ALGORITHM, salt, values };
}

/** Reads a fingerprint from outputs; `undefined` when absent or malformed. */
export function parseSecretsFingerprint(value: unknown): SecretsFingerprint | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const { algorithm, salt, values, imported } = value as Record<string, unknown>;
  if (algorithm !== FINGERPRINT_ALGORITHM || typeof salt !== "string") return undefined;
  if (values === null || typeof values !== "object") return undefined;
  const entries = Object.entries(values);
  const prints = entries.filter((entry): entry is [string, string] => typeof entry[1] === "string");
  if (prints.length !== entries.length) return undefined;
  return { algorithm, salt, values: Object.fromEntries(prints), ...(imported === true ? { imported: true as const } : {}) };
}

/**
 * Input key `check` sets (to `true`) when the declared secrets equal those of
 * the resource's previous *inputs*: the same key as the declared resources'
 * (see provider/shared/secretFingerprints.ts); {@link secretsChanged} reads it.
 */
export { SECRETS_UNCHANGED_KEY };

/**
 * The checked inputs `news`, with {@link SECRETS_UNCHANGED_KEY} set when their
 * secrets equal (same names and values, in any order) those of `oldInputs` (the
 * previous inputs `check` receives; empty on a create), and removed otherwise.
 * Unknown values (during a preview) never match. Plain string comparison in
 * the provider's memory, where both values already are: nothing is logged or kept.
 */
export function markUnchangedSecrets(oldInputs: Record<string, unknown>, news: Record<string, unknown>): Record<string, unknown> {
  const { [SECRETS_UNCHANGED_KEY]: _ignored, ...rest } = news;
  return sameSecretLists(oldInputs["secrets"], news["secrets"]) ? { ...rest, [SECRETS_UNCHANGED_KEY]: true } : rest;
}

function sameSecretLists(before: unknown, after: unknown): boolean {
  if (containsUnknown(before) || containsUnknown(after)) return false;
  const list = (value: unknown): SecretInput[] | undefined => {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value) || !value.every(isSecretInput)) return undefined;
    return [...(value as SecretInput[])].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  };
  const a = list(before);
  const b = list(after);
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  return a.every((secret, i) => secret.name === b[i]?.name && secret.value === b[i]?.value);
}

/**
 * True when the declared secrets differ from what the previous outputs
 * (migrated to today's layout) record. Unknown values count as changed. Order does not matter, and an
 * empty list equals no secrets.
 *
 * Fast path, no hashing: when `check` marked the inputs ({@link SECRETS_UNCHANGED_KEY}, i.e. the
 * values equal the previous inputs', from which the recorded fingerprint was made) and the record
 * has the same names with none {@link CHANGED_OUTSIDE_PULUMI} (a refresh's finding), they are
 * unchanged. Otherwise each value is compared with its fingerprint (one scrypt hash each).
 *
 * @param unchangedSinceLastInputs the marker `check` set; default false (always compare fingerprints).
 */
export function secretsChanged(olds: Record<string, unknown>, declared: unknown, unchangedSinceLastInputs = false): boolean {
  if (containsUnknown(declared)) return true;
  const wanted = Array.isArray(declared) ? declared.filter(isSecretInput) : [];
  const recorded = parseSecretsFingerprint(olds["secretsFingerprint"]);
  // Imported and not declared by the program (yet): the service's secrets are not managed.
  if (recorded?.imported === true && (declared === undefined || declared === null)) return false;
  if (recorded === undefined) return wanted.length > 0;
  const names = Object.keys(recorded.values);
  if (names.length !== wanted.length) return true;
  if (unchangedSinceLastInputs) {
    const sameNames = wanted.every(({ name }) => recorded.values[name] !== undefined && recorded.values[name] !== CHANGED_OUTSIDE_PULUMI);
    if (sameNames) return false;
  }
  return wanted.some(({ name, value }) => {
    const fingerprint = recorded.values[name];
    return fingerprint === undefined || !fingerprintMatches(fingerprint, recorded.salt, label(name), value);
  });
}

/**
 * The fingerprint after a refresh: unchanged where the service holds the
 * fingerprinted value, {@link CHANGED_OUTSIDE_PULUMI} where it holds another
 * value or a secret not recorded, and nothing for secrets it no longer has.
 * When the service returns no values, the previous fingerprint is kept:
 * absence of evidence is not drift.
 */
export function reconcileWithService(
  previous: SecretsFingerprint | undefined,
  server: readonly DeploymentSecret[] | undefined,
): SecretsFingerprint | undefined {
  if (server === undefined || server.some((secret) => typeof secret.value !== "string")) return previous;
  if (previous === undefined && server.length === 0) return undefined;
  if (previous?.imported === true) {
    // Not managed by the program: the record follows the service (fingerprints only), so declaring the same values later shows no change.
    return {
      ...fingerprintSecrets(
        server.map(({ name, value }) => ({ name, value: value as string })),
        previous.salt,
      ),
      imported: true,
    } as SecretsFingerprint;
  }
  const salt = previous?.salt ?? newSalt();
  const values: Record<string, string> = {};
  for (const secret of server) {
    const recorded = previous?.values[secret.name];
    const same = recorded !== undefined && fingerprintMatches(recorded, salt, label(secret.name), secret.value as string);
    values[secret.name] = same ? recorded : CHANGED_OUTSIDE_PULUMI;
  }
  return { algorithm: FINGERPRINT_ALGORITHM, salt, values };
}

/**
 * The record an import makes of the service's secrets: their salted
 * fingerprints, marked {@link SecretsFingerprint.imported}; the values
 * themselves never reach the inputs, the outputs, the terminal or a file.
 * `undefined` when the service returns none (or no values).
 */
export function importedSecretsFingerprint(server: readonly DeploymentSecret[] | undefined): SecretsFingerprint | undefined {
  if (server === undefined || server.length === 0 || server.some((secret) => typeof secret.value !== "string")) return undefined;
  const fingerprint = fingerprintSecrets(server.map(({ name, value }) => ({ name, value: value as string })));
  return fingerprint === undefined ? undefined : { ...fingerprint, imported: true };
}

function isSecretInput(value: unknown): value is SecretInput {
  if (value === null || typeof value !== "object") return false;
  const record = value as Record<string, unknown>;
  return typeof record["name"] === "string" && typeof record["value"] === "string";
}
