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
import { FINGERPRINT_ALGORITHM, fingerprintMatches, fingerprintValue, newSalt } from "../shared/fingerprint";

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
export const CREDENTIAL_FIELDS = ["accessKeyId", "secretAccessKey", "sessionToken"] as const;
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
  const v = value as Record<string, unknown>;
  if (v["algorithm"] !== ALGORITHM || typeof v["salt"] !== "string") return undefined;
  if (typeof v["accessKeyId"] !== "string" || typeof v["secretAccessKey"] !== "string") return undefined;
  if (v["sessionToken"] !== undefined && typeof v["sessionToken"] !== "string") return undefined;
  return v as unknown as CredentialsFingerprint;
}

/**
 * True when `value` (a field of the new credentials; `undefined` = not set)
 * is the value fingerprinted as `fingerprint[field]`.
 */
export function fieldMatches(fingerprint: CredentialsFingerprint, field: CredentialField, value: unknown): boolean {
  const recorded = fingerprint[field];
  if (value === undefined || value === null) return recorded === undefined;
  if (typeof value !== "string" || recorded === undefined) return false;
  return fingerprintMatches(recorded, fingerprint.salt, field, value);
}
