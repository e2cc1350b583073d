/**
 * The registry of adaptive concurrency limiters
 * (provider/client/concurrencyRegistry.ts): one limiter per origin, credential
 * and clock, keyed by a fingerprint that does not contain the credential.
 */
import { credentialFingerprint, sharedLimiter } from "../../provider/client/concurrencyRegistry";
import { ManualClock } from "../helpers/manualClock";

describe("the limiter registry", () => {
  test("one limiter per origin, credential and clock", () => {
    const clock = new ManualClock();
    const other = new ManualClock();
    const key = credentialFingerprint("lsv2_pt_0123456789abcdef");
    const a = sharedLimiter(clock, "https://api.example.test", key);
    expect(sharedLimiter(clock, "https://api.example.test", key)).toBe(a);
    expect(sharedLimiter(clock, "https://other.example.test", key)).not.toBe(a);
    expect(sharedLimiter(clock, "https://api.example.test", credentialFingerprint("another-key-000000"))).not.toBe(a);
    expect(sharedLimiter(other, "https://api.example.test", key)).not.toBe(a);
  });

  test("the fingerprint is a fixed-length digest that does not contain the credential", () => {
    const secret = "lsv2_pt_0123456789abcdef";
    const fingerprint = credentialFingerprint(secret);
    expect(fingerprint).toMatch(/^[0-9a-f]{32}$/);
    expect(fingerprint).not.toContain(secret);
    expect(fingerprint).not.toContain(secret.slice(0, 8));
    expect(credentialFingerprint(secret)).toBe(fingerprint);
    expect(credentialFingerprint(undefined)).toBe("anonymous");
  });
});
