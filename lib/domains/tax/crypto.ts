/**
 * Encryption at rest of a seller's tax number and IBAN (DAC7): AES-256-GCM with the key
 * of TAX_DATA_KEY (lib/platform/env.ts), a fresh 12-byte IV per value. Stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). The key is changed only by re-encrypting
 * every stored value (./rotate.ts, `npm run tax:rotate-key`).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { env } from "@/lib/platform/env";

/** A key as TAX_DATA_KEY gives it: 64 hex characters or base64 of 32 bytes; null otherwise. */
export function parseKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  const bytes = Buffer.from(value, "base64");
  return /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) && bytes.length === 32 ? bytes : null;
}

/** The key used where TAX_DATA_KEY is unset (development, tests, a demo without real money). */
export function derivedKey(authSecret: string): Buffer {
  return createHash("sha256").update(`${authSecret}:tax-data`).digest();
}

function key(): Buffer {
  const configured = env().TAX_DATA_KEY;
  if (configured) return parseKey(configured) ?? Buffer.from(configured, "base64");
  return derivedKey(env().AUTH_SECRET);
}

export function encryptWith(secret: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secret, iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
}

/** Throws when the value is not ours or was encrypted with another key (GCM's tag). */
export function decryptWith(secret: Buffer, stored: string): string {
  const [version, iv, tag, data] = stored.split(".");
  if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("Not an encrypted tax value");
  const decipher = createDecipheriv("aes-256-gcm", secret, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

export function encrypt(plain: string): string {
  return encryptWith(key(), plain);
}

export function decrypt(stored: string): string {
  return decryptWith(key(), stored);
}
