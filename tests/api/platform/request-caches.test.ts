// The instance's short caches of what every request pays (
// docs/performance.md "Mixed load"): the caller of a session (REQUEST_CACHE_SECONDS) and
// a user's unread count (10 s). On here, as in production (tests run with them off).
// What must still hold: a ban, logout or sign-out refuses the next request (at once on
// the instance that made it, within a moment on the others through the event channel,
// at the latest after the TTL when no message comes); a new message or a read shows in
// the unread count at once, and a change without an event within 10 s.
process.env.REQUEST_CACHE_SECONDS = "5";

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PUT as banRoute } from "@/app/api/admin/users/[id]/ban/route";
import { POST as logoutRoute } from "@/app/api/auth/logout/route";
import { POST as startRoute } from "@/app/api/conversations/route";
import { GET as readRoute, POST as sendRoute } from "@/app/api/conversations/[id]/messages/route";
import { GET as unreadRoute } from "@/app/api/messages/unread-count/route";
import { GET as meRoute } from "@/app/api/users/me/route";
import { resetEnvCache } from "@/lib/platform/env";
import { db } from "@/lib/platform/db/client";
import { startListening, stopListening } from "@/lib/platform/events/hub";
import { endLiveStreams } from "@/lib/platform/events/publish";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { call, sessionCookie } from "../../support/http";
import { productOf } from "../../support/orders";

const IP = "198.51.100.93";
/** How soon another instance's ban or sign-out must reach this one (the NOTIFY). */
const CHANNEL_MS = 2_000;

let admin: RegisteredUser;

beforeAll(async () => {
  resetEnvCache();
  expect(await startListening()).toBe(true);
  admin = await registerUser({ name: "Beheer Cache" });
  await db.user.update({ where: { id: admin.id }, data: { isAdmin: true } });
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await stopListening();
});

const me = (auth: { token?: string; cookie?: string }) => call(meRoute, { ip: IP, path: "/api/users/me", ...auth });
const unread = (user: RegisteredUser) => call(unreadRoute, { ip: IP, token: user.token, path: "/api/messages/unread-count" });

/** Polls `probe` until it gives `want`; the milliseconds that took. */
async function until(probe: () => Promise<unknown>, want: unknown, ms: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const got = await probe();
    if (got === want) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`still ${String(got)} after ${ms} ms (want ${String(want)})`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("the caller of a session, kept briefly", () => {
  it("is kept for GETs: a change of the row without any message shows after the TTL, not before", async () => {
    const user = await registerUser({ name: "Kees Cache" });
    expect((await me({ token: user.token })).body.name).toBe("Kees Cache");
    await db.user.update({ where: { id: user.id }, data: { name: "Kees Nieuw" } });
    expect((await me({ token: user.token })).body.name).toBe("Kees Cache");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 5_100 });
    expect((await me({ token: user.token })).body.name).toBe("Kees Nieuw");
  });

  it("a ban by an admin on this instance refuses the next request at once (bearer and cookie)", async () => {
    const user = await registerUser({ name: "Bram Verbannen" });
    const cookie = await sessionCookie(user.id);
    expect((await me({ token: user.token })).status).toBe(200);
    expect((await me({ cookie })).status).toBe(200);
    const ban = await call(banRoute, { ip: IP, method: "PUT", token: admin.token, params: { id: user.id }, json: { category: "scam", facts: "Test.", rule: "Test." } });
    expect(ban.status).toBe(200);
    expect((await me({ token: user.token })).status).toBe(403);
    expect((await me({ cookie })).status).toBe(403);
  });

  it("a ban made by another instance reaches this one through the channel within moments", async () => {
    const user = await registerUser({ name: "Berend Elders" });
    expect((await me({ token: user.token })).status).toBe(200);
    // What another instance's ban writes: the row and the control message, no local forgetting here.
    await db.$transaction(async (tx) => {
      await tx.user.update({ where: { id: user.id }, data: { isBanned: true } });
      await endLiveStreams(tx, user.id);
    });
    expect(await until(async () => (await me({ token: user.token })).status, 403, CHANNEL_MS)).toBeLessThan(CHANNEL_MS);
  });

  it("a ban written without a message (the channel down) counts after the TTL at the latest", async () => {
    const user = await registerUser({ name: "Stille Ban" });
    expect((await me({ token: user.token })).status).toBe(200);
    await db.user.update({ where: { id: user.id }, data: { isBanned: true } });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 5_100 });
    expect((await me({ token: user.token })).status).toBe(403);
  });

  it("a logout refuses that token at once; a write reads the caller afresh", async () => {
    const user = await registerUser({ name: "Lies Uitlog" });
    expect((await me({ token: user.token })).status).toBe(200);
    expect((await call(logoutRoute, { ip: IP, method: "POST", token: user.token })).status).toBe(204);
    expect((await me({ token: user.token })).status).toBe(401);
  });
});

describe("the unread count, at most 10 s old", () => {
  let seller: RegisteredUser;
  let buyer: RegisteredUser;
  let conversationId: string;

  beforeAll(async () => {
    seller = await registerUser({ name: "Sem Verkoper" });
    buyer = await registerUser({ name: "Bo Koper" });
    const productId = await productOf(seller, 2500, "Leeslamp");
    const started = await call(startRoute, { ip: IP, token: buyer.token, json: { product_id: productId, recipient_id: seller.id, initial_message: "Nog te koop?" } });
    expect(started.status).toBe(201);
    conversationId = started.body.id;
  });

  const count = async (user: RegisteredUser) => (await unread(user)).body.unread_count;
  const read = (user: RegisteredUser) =>
    call(readRoute, { ip: IP, token: user.token, path: `/api/conversations/${conversationId}/messages`, params: { id: conversationId } });
  const send = (user: RegisteredUser, content: string) =>
    call(sendRoute, { ip: IP, token: user.token, method: "POST", path: `/api/conversations/${conversationId}/messages`, params: { id: conversationId }, json: { content } });

  it("the user's own read shows at once; a new message within moments (its event)", async () => {
    expect(await count(seller)).toBe(1);
    expect((await read(seller)).status).toBe(200);
    expect(await count(seller)).toBe(0);
    expect((await send(buyer, "Ik kan morgen langskomen")).status).toBe(201);
    expect(await until(() => count(seller), 1, CHANNEL_MS)).toBeLessThan(CHANNEL_MS);
    // The sender's own count: their write read the thread (0), at once.
    expect(await count(buyer)).toBe(0);
  });

  it("a change without an event shows within 10 s", async () => {
    expect((await read(seller)).status).toBe(200);
    // The read's own `unread` event comes back through the channel a moment later and
    // forgets the count once more: let it pass before the count is kept.
    await new Promise((r) => setTimeout(r, 500));
    expect(await count(seller)).toBe(0);
    await db.message.create({ data: { conversationId, senderId: buyer.id, content: "Zonder bericht op het kanaal" } });
    expect(await count(seller)).toBe(0);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 10_100 });
    expect(await count(seller)).toBe(1);
  });
});
