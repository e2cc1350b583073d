import type { DeploymentSecret, SecretInput } from "../client";
import { FINGERPRINT_ALGORITHM, fingerprintMatches, fingerprintValue, newSalt } from "../shared/fingerprint";
import { containsUnknown } from "../shared/values";

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
  const record = value as Record<string, unknown>;
  const values = record["values"];
  if (record["algorithm"] !== FINGERPRINT_ALGORITHM || typeof record["salt"] !== "string") return undefined;
  if (values === null || typeof values !== "object" || Object.values(values).some((v) => typeof v !== "string")) return undefined;
  return record as unknown as SecretsFingerprint;
}

/**
 * True when the declared secrets differ from what the previous outputs
 * (migrated to today's layout) record. Unknown values count as changed. Order does not matter, and an
 * empty list equals no secrets.
 */
export function secretsChanged(olds: Record<string, unknown>, declared: unknown): boolean {
  if (containsUnknown(declared)) return true;
  const wanted = Array.isArray(declared) ? declared.filter(isSecretInput) : [];
  const recorded = parseSecretsFingerprint(olds["secretsFingerprint"]);
  if (recorded === undefined) return wanted.length > 0;
  const names = Object.keys(recorded.values);
  if (names.length !== wanted.length) return true;
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
  const salt = previous?.salt ?? newSalt();
  const values: Record<string, string> = {};
  for (const secret of server) {
    const recorded = previous?.values[secret.name];
    const same = recorded !== undefined && fingerprintMatches(recorded, salt, label(secret.name), secret.value as string);
    values[secret.name] = same ? recorded : CHANGED_OUTSIDE_PULUMI;
  }
  return { algorithm: FINGERPRINT_ALGORITHM, salt, values };
}

function isSecretInput(value: unknown): value is SecretInput {
  if (value === null || typeof value !== "object") return false;
  const record = value as Record<string, unknown>;
  return typeof record["name"] === "string" && typeof record["value"] === "string";
}

