/**
 * Sending one Web Push message (RFC 8030, encrypted per RFC 8291, VAPID per RFC 8292)
 * with the `web-push` library
 * (it encrypts and signs; the request is ours). The VAPID key pair comes from configuration or, unset,
 * is generated once into DATA_DIR/push/vapid.json (docs/notifications.md).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import { env } from "@/lib/platform/env";
import { isAllowedPushEndpoint } from "./endpoint";

export type VapidKeys = { publicKey: string; privateKey: string };

let cached: VapidKeys | undefined;

export function vapidKeys(): VapidKeys {
  if (cached) return cached;
  const config = env();
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    cached = { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
    return cached;
  }
  const file = path.join(config.DATA_DIR, "push", "vapid.json");
  if (existsSync(file)) {
    cached = JSON.parse(readFileSync(file, "utf8")) as VapidKeys;
    return cached;
  }
  const generated = webpush.generateVAPIDKeys();
  mkdirSync(path.dirname(file), { recursive: true });
  // "wx": two processes starting at once keep the first pair.
  try {
    writeFileSync(file, JSON.stringify(generated), { flag: "wx", mode: 0o600 });
    cached = generated;
  } catch {
    cached = JSON.parse(readFileSync(file, "utf8")) as VapidKeys;
  }
  return cached;
}

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/** `gone`: the push service no longer knows the subscription (404/410); drop it. */
export type PushResult = "sent" | "gone" | "failed";

export async function sendPush(target: PushTarget, payload: object, ttlSeconds = 24 * 60 * 60): Promise<PushResult> {
  // Checked again when sending: a subscription stored under another configuration.
  if (!isAllowedPushEndpoint(target.endpoint)) return "gone";
  const keys = vapidKeys();
  // The library encrypts and signs; we send, so a redirect is never followed.
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
    TTL: ttlSeconds,
    contentEncoding: "aes128gcm",
    vapidDetails: { subject: env().VAPID_SUBJECT, publicKey: keys.publicKey, privateKey: keys.privateKey },
    });
  } catch {
    return "gone"; // keys no push service accepts
  }
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return "gone";
    return response.ok ? "sent" : "failed";
  } catch {
    return "failed";
  }
}
