import { randomBytes, scryptSync, timingSafeEqual } from "node:crypto";

/**
 * Salted, slow fingerprints of secret values, kept in resource outputs instead
 * of the values themselves.
 *
 * `diff` only sees the previous outputs, so they must let it tell whether a
 * secret changed. Echoing the value would put it in every RegisterResource
 * response, which the Node.js SDK prints under `pulumi up --debug`. A
 * fingerprint answers "same or different" without the value (and is stored
 * as a Pulumi secret too).
 */
export const FINGERPRINT_ALGORITHM = "scrypt-1024-8-1";

/**
 * scrypt cost N. `diff` computes one fingerprint per secret per resource on
 * every preview, so the cost is kept at about 2 ms a hash (N=16384 took about
 * 37 ms and made a 100-deployment preview 1.7x slower than the floor), while
 * still costing a brute-force attacker orders of magnitude more than a plain
 * hash should a fingerprint ever be exposed (they are Pulumi secrets).
 */
const COST_N = 1024;

const KEY_BYTES = 32;

/** A new random salt, base64url (16 bytes). */
export function newSalt(): string {
  return randomBytes(16).toString("base64url");
}

/**
 * The fingerprint of `value`, bound to `label` (the field it belongs to) so
 * equal values in different fields do not look alike.
 */
export function fingerprintValue(salt: string, label: string, value: string): string {
  return scryptSync(`${label}\u0000${value}`, Buffer.from(salt, "base64url"), KEY_BYTES, { N: COST_N, r: 8, p: 1 }).toString("base64url");
}

/** True when `value` is the value fingerprinted as `recorded` (constant-time comparison). */
export function fingerprintMatches(recorded: string, salt: string, label: string, value: string): boolean {
  const expected = Buffer.from(recorded, "base64url");
  const actual = Buffer.from(fingerprintValue(salt, label, value), "base64url");
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
