// Web Push (docs/notifications.md): a device subscribes with the VAPID public key; a new
// message is pushed to a push-service double on loopback as an RFC 8291 message that
// decrypts with the subscription's keys, an offer in the recipient's language and
// number format; only the known push services are accepted;
// a subscription the push service forgot (404/410) is removed; a category turned off
// in the settings is not pushed.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as startConversation } from "@/app/api/conversations/route";
import { POST as offerRoute } from "@/app/api/conversations/[id]/offers/route";
import { GET as publicKeyRoute } from "@/app/api/push/public-key/route";
import { DELETE as unsubscribeRoute, POST as subscribeRoute } from "@/app/api/push/subscriptions/route";
import { GET as getSettings, PATCH as patchSettings } from "@/app/api/users/me/settings/route";
import { GET as exportRoute } from "@/app/api/users/me/export/route";
import { sendPendingPush } from "@/lib/domains/notifications";
import { db } from "@/lib/platform/db/client";
import { env, resetEnvCache } from "@/lib/platform/env";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { call } from "../../support/http";
import { productOf } from "../../support/orders";
import { browserKeys, decryptPush } from "../../support/web-push";

const IP = "198.51.100.191";

type Received = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A push service on loopback: keeps what it receives, answers with `status`. */
let server: Server;
let origin = "";
let received: Received[] = [];
let status = 201;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  process.env.PUSH_EXTRA_HOST = `127.0.0.1:${port}`;
  resetEnvCache();
});

afterAll(async () => {
  delete process.env.PUSH_EXTRA_HOST;
  resetEnvCache();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
  status = 201;
});

async function subscribe(user: RegisteredUser, endpoint: string, keys = browserKeys()) {
  const res = await call(subscribeRoute, { token: user.token, ip: IP, method: "POST", json: { endpoint, keys: keys.json, expirationTime: null } });
  return { res, keys };
}

async function writeTo(seller: RegisteredUser, buyer: RegisteredUser, title = "Racefiets") {
  const productId = await productOf(seller, 2000, title);
  const started = await call(startConversation, {
    token: buyer.token,
    ip: IP,
    method: "POST",
    json: { product_id: productId, recipient_id: seller.id, initial_message: "Is hij nog te koop?" },
  });
  expect(started.status).toBe(201);
  return started.body.id ?? started.body.conversation_id;
}

describe("Web Push", () => {
  it("pushes a new message to the seller's device, encrypted so that only that device can read it", async () => {
    const key = await call(publicKeyRoute, { ip: IP });
    expect(key.status).toBe(200);
    expect(Buffer.from(key.body.public_key, "base64url")).toHaveLength(65);

    const seller = await registerUser({ name: "Sem Verkoper" });
    const buyer = await registerUser({ name: "Kim Koper" });
    const { res, keys } = await subscribe(seller, `${origin}/push/seller-phone`);
    expect(res.status).toBe(201);

    const conversationId = await writeTo(seller, buyer);
    expect(received).toHaveLength(0); // nothing is sent inside the request
    expect(await sendPendingPush()).toMatchObject({ sent: 1 });
    expect(received).toHaveLength(1);
    const push = received[0]!;
    expect(push.path).toBe("/push/seller-phone");
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(String(push.headers.authorization)).toContain(`k=${key.body.public_key}`);
    const payload = JSON.parse(decryptPush(push.body, keys));
    expect(payload).toMatchObject({ title: "Nieuw bericht", category: "messages", url: `http://localhost:3000/messages?c=${conversationId}` });
    expect(payload.body).toContain("Racefiets");

    // Sent once: a second run finds nothing pending.
    expect(await sendPendingPush()).toMatchObject({ sent: 0 });
    expect(received).toHaveLength(1);
    // The buyer has no device: nothing for them.
  });

  it("pushes an offer in the seller's language and number format", async () => {
    const seller = await registerUser({ name: "Oliver Seller" });
    const buyer = await registerUser({ name: "Kim Koper" });
    expect((await call(patchSettings, { token: seller.token, ip: IP, method: "PATCH", json: { locale: "en" } })).status).toBe(200);
    const { keys } = await subscribe(seller, `${origin}/push/english-phone`);
    const conversationId = await writeTo(seller, buyer, "Stadsfiets");
    await sendPendingPush();
    received = [];
    const offer = await call(offerRoute, { token: buyer.token, ip: IP, params: { id: conversationId }, json: { amount: 15 } });
    expect(offer.status).toBe(201);
    expect(await sendPendingPush()).toMatchObject({ sent: 1 });
    const payload = JSON.parse(decryptPush(received[0]!.body, keys));
    expect(payload).toMatchObject({ title: "New offer", body: 'Kim Koper offers €15.00 for "Stadsfiets".', category: "offers" });
  });

  it("refuses endpoints outside the known push services, so the server never calls where a user points it", async () => {
    const user = await registerUser();
    for (const endpoint of [
      "https://evil.example.com/push",
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://fcm.googleapis.com.evil.example/x",
      "https://fcm.googleapis.com:8443/x",
      "https://user:pw@fcm.googleapis.com/x",
      "http://127.0.0.1:9/internal",
      "not a url",
    ]) {
      const { res } = await subscribe(user, endpoint);
      expect(res.status, endpoint).toBe(422);
      expect(res.body.code).toBe("push_endpoint_not_allowed");
    }
    expect(await db.pushSubscription.count({ where: { userId: user.id } })).toBe(0);
    for (const endpoint of ["https://fcm.googleapis.com/fcm/send/abc", "https://web.push.apple.com/QAbc", "https://updates.push.services.mozilla.com/wpush/v2/x", "https://wns2-am3p.notify.windows.com/w/?token=x"]) {
      expect((await subscribe(user, endpoint)).res.status, endpoint).toBe(201);
    }
    // Keys that are not a P-256 key and a 16-byte secret.
    const bad = await call(subscribeRoute, { token: user.token, ip: IP, method: "POST", json: { endpoint: "https://fcm.googleapis.com/fcm/send/z", keys: { p256dh: "abc", auth: "def" } } });
    expect(bad.status).toBe(422);
    // Signed out: 401.
    expect((await call(subscribeRoute, { ip: IP, method: "POST", json: { endpoint: "https://fcm.googleapis.com/fcm/send/y", keys: browserKeys().json } })).status).toBe(401);
  });

  it("demands https for the extra host in production", async () => {
    vi.stubEnv("NODE_ENV", "production");
    resetEnvCache();
    try {
      expect(env().NODE_ENV).toBe("production");
      const user = await registerUser();
      const { res } = await subscribe(user, `${origin}/push/prod`);
      expect(res.status).toBe(422);
    } finally {
      vi.unstubAllEnvs();
      resetEnvCache();
    }
  });

  it("removes a subscription the push service no longer knows (404 or 410), and keeps it on other failures", async () => {
    const seller = await registerUser();
    const buyer = await registerUser();
    await subscribe(seller, `${origin}/push/old-laptop`);
    status = 500;
    await writeTo(seller, buyer, "Tafel");
    expect(await sendPendingPush()).toMatchObject({ failed: 1, removed: 0 });
    expect(await db.pushSubscription.count({ where: { userId: seller.id } })).toBe(1);
    for (const gone of [410, 404]) {
      status = gone;
      await subscribe(seller, `${origin}/push/old-laptop`);
      await writeTo(seller, buyer, `Stoel ${gone}`);
      expect(await sendPendingPush()).toMatchObject({ removed: 1 });
      expect(await db.pushSubscription.count({ where: { userId: seller.id } })).toBe(0);
    }
  });

  it("sends nothing for a category turned off in the settings, and nothing after unsubscribing", async () => {
    const seller = await registerUser();
    const buyer = await registerUser();
    await subscribe(seller, `${origin}/push/tablet`);
    const off = await call(patchSettings, { token: seller.token, ip: IP, method: "PATCH", json: { push_preferences: { messages: false } } });
    expect(off.status).toBe(200);
    expect(off.body.push_preferences).toMatchObject({ messages: false, offers: true, sales: true, payouts: true });
    expect((await call(getSettings, { token: seller.token, ip: IP })).body.push_preferences.messages).toBe(false);
    // The data export holds the device and the categories.
    const exported = await call(exportRoute, { token: seller.token, ip: IP, path: "/api/users/me/export" });
    expect(exported.status).toBe(200);
    const data = typeof exported.body === "string" ? JSON.parse(exported.body) : exported.body;
    expect(data.profile.push_preferences).toMatchObject({ messages: false, offers: true });
    expect(data.push_devices).toMatchObject([{ endpoint: `${origin}/push/tablet`, created_at: expect.any(String) }]);
    const unknown = await call(patchSettings, { token: seller.token, ip: IP, method: "PATCH", json: { push_preferences: { gossip: false } } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe("unknown_push_category");

    await writeTo(seller, buyer, "Kast");
    await sendPendingPush();
    expect(received).toHaveLength(0);

    await call(patchSettings, { token: seller.token, ip: IP, method: "PATCH", json: { push_preferences: { messages: true } } });
    const removed = await call(unsubscribeRoute, { token: seller.token, ip: IP, method: "DELETE", json: { endpoint: `${origin}/push/tablet` } });
    expect(removed.body).toEqual({ removed: true });
    await writeTo(seller, buyer, "Bank");
    await sendPendingPush();
    expect(received).toHaveLength(0);
  });
});
