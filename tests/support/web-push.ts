/**
 * A browser's side of a Web Push subscription (docs/notifications.md), for the tests that
 * play the push service: the device's P-256 key pair and auth secret, and the decryption
 * of what the server sends (RFC 8188 aes128gcm content, keyed per RFC 8291). Used by
 * tests/api/notifications/receive-push-notifications.test.ts and
 * tests/e2e/push-notifications.spec.ts.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from "node:crypto";

export type BrowserKeys = { ecdh: ECDH; auth: Buffer; json: { p256dh: string; auth: string } };

/** A fresh key pair and auth secret, and the `keys` of `PushSubscription.toJSON()`. */
export function browserKeys(): BrowserKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, json: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } };
}

/** Decrypts an aes128gcm Web Push body of one record; throws when it is not one. */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const serverPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  // The last record ends with the delimiter 2 before its padding.
  if (padded[end] !== 2) throw new Error(`not the last record of an aes128gcm body (delimiter ${padded[end]})`);
  return padded.subarray(0, end).toString("utf8");
}
