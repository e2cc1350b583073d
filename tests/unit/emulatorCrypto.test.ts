import { deriveKey, generateSecretKey, SecretBox } from "../../packages/emulator/src/core/crypto";

describe("secret encryption at rest", () => {
  test("round-trips and never contains the plaintext", () => {
    const box = new SecretBox(generateSecretKey());
    const sealed = box.encrypt("top secret value");
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain("top secret");
    expect(box.decrypt(sealed)).toBe("top secret value");
    expect(box.encrypt("top secret value")).not.toBe(sealed);
  });

  test("another key cannot decrypt; tampering is detected", () => {
    const sealed = new SecretBox("passphrase one").encrypt("value");
    expect(() => new SecretBox("passphrase two").decrypt(sealed)).toThrow();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("forged").toString("base64url");
    expect(() => new SecretBox("passphrase one").decrypt(parts.join("."))).toThrow();
    expect(() => new SecretBox("passphrase one").decrypt("plain")).toThrow();
  });

  test("64 hex characters are a raw key; anything else is a passphrase", () => {
    const hex = generateSecretKey();
    expect(deriveKey(hex).equals(Buffer.from(hex, "hex"))).toBe(true);
    expect(deriveKey("short").length).toBe(32);
  });
});
