/**
 * Salted, slow fingerprints of destination credentials, kept in the outputs
 * instead of the credentials themselves.
 *
 * Why: `diff` only sees the previous *outputs*, so something must let it
 * tell whether the credentials changed. Echoing the credentials would put
 * them in every RegisterResource response, which the Node.js SDK prints in
 * `pulumi up --debug` output. A fingerprint says "same or different" without
 * the value (and is itself stored as a Pulumi secret).
 */
import type { DestinationCredentialInputs } from "./fields";
import { FINGERPRINT_ALGORITHM, fingerprintMatches, fingerprintValue, newSalt } from "../../engine/secrets/fingerprint";
import { containsUnknown } from "../../engine/fields/values";

/** Fingerprints of one set of credentials; one per field so a rotation can say which fields changed. */
export interface CredentialsFingerprint {
  /** Algorithm and parameters, e.g. `scrypt-1024-8-1`. */
  readonly algorithm: string;
  /** Random salt, base64url. */
  readonly salt: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** Absent when no session token was given. */
  readonly sessionToken?: string;
}

/** The credential fields that are fingerprinted. */
const CREDENTIAL_FIELDS = ["accessKeyId", "secretAccessKey", "sessionToken"] as const;
/** A fingerprinted credential field. */
export type CredentialField = (typeof CREDENTIAL_FIELDS)[number];

const ALGORITHM = FINGERPRINT_ALGORITHM;
const hash = fingerprintValue;

/**
 * Fingerprints credentials with a new random salt (or `salt`, to compare).
 * @param salt base64url salt; default 16 random bytes.
 */
export function fingerprintCredentials(credentials: DestinationCredentialInputs, salt: string = newSalt()): CredentialsFingerprint {
  return {
    algorithm: ALGORITHM,
    salt,
    accessKeyId: hash(salt, "accessKeyId", credentials.accessKeyId),
    secretAccessKey: hash(salt, "secretAccessKey", credentials.secretAccessKey),
    ...(credentials.sessionToken !== undefined ? { sessionToken: hash(salt, "sessionToken", credentials.sessionToken) } : {}),
  };
}

/** Reads a fingerprint from outputs; `undefined` when absent or malformed. */
export function parseFingerprint(value: unknown): CredentialsFingerprint | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const { algorithm, salt, accessKeyId, secretAccessKey, sessionToken } = value as Record<string, unknown>;
  if (algorithm !== ALGORITHM || typeof salt !== "string") return undefined;
  if (typeof accessKeyId !== "string" || typeof secretAccessKey !== "string") return undefined;
  if (sessionToken !== undefined && typeof sessionToken !== "string") return undefined;
  return { algorithm, salt, accessKeyId, secretAccessKey, ...(sessionToken !== undefined ? { sessionToken } : {}) };
}

/**
 * True when `value` (a field of the new credentials; `undefined` = not set)
 * is the value fingerprinted as `fingerprint[field]`.
 */
function fieldMatches(fingerprint: CredentialsFingerprint, field: CredentialField, value: unknown): boolean {
  const recorded = fingerprint[field];
  if (value === undefined || value === null) return recorded === undefined;
  if (typeof value !== "string" || recorded === undefined) return false;
  return fingerprintMatches(recorded, fingerprint.salt, field, value);
}

/**
 * Input key `check` sets (to `true`) when the declared credentials equal
 * those of the destination's previous *inputs*, which the engine passes to
 * `check` (and only to `check`). `diff` then knows they did not change
 * without hashing them (one scrypt hash per field otherwise); the
 * fingerprint in the outputs was made from those previous inputs. A boolean:
 * it carries nothing about the values. The `__` prefix keeps it out of the
 * engine's diff display. The same design as the Deployment's
 * `__secretsUnchanged` (docs/performance.md, "Secret comparison in diff").
 */
export const CREDENTIALS_UNCHANGED_KEY = "__credentialsUnchanged";

/**
 * The checked inputs `news`, with {@link CREDENTIALS_UNCHANGED_KEY} set when
 * every credential field is a known string or unset in both, and equal to
 * the one in `oldInputs` (the previous inputs; empty on a create), and
 * removed otherwise. Plain comparison in the provider's memory: nothing is
 * logged or kept.
 */
export function markUnchangedCredentials(oldInputs: Record<string, unknown>, news: Record<string, unknown>): Record<string, unknown> {
  const { [CREDENTIALS_UNCHANGED_KEY]: _ignored, ...rest } = news;
  return sameCredentials(oldInputs["credentials"], news["credentials"]) ? { ...rest, [CREDENTIALS_UNCHANGED_KEY]: true } : rest;
}

function sameCredentials(before: unknown, after: unknown): boolean {
  if (containsUnknown(before) || containsUnknown(after) || !isPlainRecord(before) || !isPlainRecord(after)) return false;
  return CREDENTIAL_FIELDS.every((field) => {
    const a = before[field];
    const b = after[field];
    return (a === undefined && b === undefined) || (typeof a === "string" && a === b);
  });
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * Whether credential `field` of the new inputs matches the fingerprint.
 * With `unchangedSinceLastInputs` (the marker `check` set) the answer comes
 * from which fields the fingerprint records, with no hashing; otherwise from
 * {@link fieldMatches}.
 */
export function credentialFieldMatches(
  fingerprint: CredentialsFingerprint,
  field: CredentialField,
  value: unknown,
  unchangedSinceLastInputs: boolean,
): boolean {
  if (unchangedSinceLastInputs) return (fingerprint[field] !== undefined) === (typeof value === "string");
  return fieldMatches(fingerprint, field, value);
}
