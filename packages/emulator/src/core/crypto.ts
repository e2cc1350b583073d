import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from "node:crypto";

const FORMAT = "v1";
const IV_BYTES = 12;

/**
 * Turns a `--secret-key` value into a 256-bit key: 64 hex characters are used
 * as the raw key, anything else is a passphrase derived with scrypt.
 */
export function deriveKey(secretKey: string): Buffer {
  if (/^[0-9a-fA-F]{64}$/.test(secretKey)) return Buffer.from(secretKey, "hex");
  return scryptSync(secretKey, "pulumi-langsmith-emulator", 32);
}

/** A fresh random key as 64 hex characters. */
export function generateSecretKey(): string {
  return randomBytes(32).toString("hex");
}

/** AES-256-GCM encryption of secret values held at rest. */
export class SecretBox {
  private readonly key: Buffer;

  /** @param secretKey 64 hex characters or a passphrase (see {@link deriveKey}). */
  constructor(secretKey: string) {
    this.key = deriveKey(secretKey);
  }

  /** Encrypts a UTF-8 string into `v1.<iv>.<tag>.<ciphertext>` (base64url parts). */
  encrypt(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [FORMAT, iv.toString("base64url"), tag.toString("base64url"), ciphertext.toString("base64url")].join(".");
  }

  /** Decrypts the output of {@link SecretBox.encrypt}; throws when the key or data is wrong. */
  decrypt(sealed: string): string {
    const [format, iv, tag, ciphertext] = sealed.split(".");
    if (format !== FORMAT || iv === undefined || tag === undefined || ciphertext === undefined) {
      throw new Error("not an emulator-encrypted value");
    }
    const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  }
}
