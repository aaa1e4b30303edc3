// Notifications (docs/notifications.md): the caller's own rows
// only, newest first, limits 10/50, read filter and paging, rendered in the reader's
// language from the stored event; and the live event stream GET /api/events, fed by
// PostgreSQL LISTEN/NOTIFY (a second process on PostgreSQL) or the in-process bus (PGlite).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { inject } from "vitest";
import { NextRequest } from "next/server";
import { GET as listRoute } from "@/app/api/notifications/route";
import { GET as countRoute } from "@/app/api/notifications/unread-count/route";
import { PUT as readRoute } from "@/app/api/notifications/[id]/read/route";
import { PUT as readAllRoute } from "@/app/api/notifications/mark-all-read/route";
import { GET as eventsRoute } from "@/app/api/events/route";
import { db } from "@/lib/platform/db/client";
import { MAX_STREAMS_PER_USER, stopListening } from "@/lib/platform/events/hub";
import { notify, type NotificationEvent } from "@/lib/domains/notifications/service";
import { call, ORIGIN } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";

const IP = "198.51.100.71";
let reader: RegisteredUser;
let other: RegisteredUser;

beforeAll(async () => {
  reader = await registerUser({ name: "Noor Bakker" });
  other = await registerUser({ name: "Bram Visser" });
});

afterAll(async () => {
  await stopListening();
});

async function write(userId: string, event: NotificationEvent, data: Record<string, string>) {
  await db.$transaction((tx) => notify(tx, userId, event, data));
}

const list = (user: RegisteredUser | null, query = "", headers: Record<string, string> = {}) =>
  call(listRoute, { token: user?.token, ip: IP, path: `/api/notifications${query}`, headers });

describe("who may see and change notifications", () => {
  it("refuses anonymous callers with 401 on every call", async () => {
    const id = randomUUID();
    for (const res of [
      await list(null),
      await call(countRoute, { ip: IP }),
      await call(readRoute, { ip: IP, method: "PUT", params: { id } }),
      await call(readAllRoute, { ip: IP, method: "PUT" }),
      await call(eventsRoute, { ip: IP }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.detail).toBe("Not authenticated");
    }
  });

  it("shows and marks only the caller's own notifications (404 for anyone else's)", async () => {
    await write(other.id, "order.sold", { productTitle: "Bakfiets van Bram" });
    const [mine] = (await list(other)).body;
    expect((await list(reader)).body.map((n: { title: string }) => n.title)).not.toContain("Je artikel is verkocht");

    const foreign = await call(readRoute, { token: reader.token, ip: IP, method: "PUT", params: { id: mine.id } });
    expect(foreign.status).toBe(404);
    expect((await call(readRoute, { token: reader.token, ip: IP, method: "PUT", params: { id: "nope" } })).status).toBe(404);
    const all = await call(readAllRoute, { token: reader.token, ip: IP, method: "PUT" });
    expect(all.status).toBe(200);
    expect((await db.notification.findUniqueOrThrow({ where: { id: mine.id } })).read).toBe(false);
  });
});

describe("the list, the count and marking read", () => {
  it("lists newest first, 10 by default, at most 50, filters read and pages with before", async () => {
    for (let i = 1; i <= 55; i++) await write(reader.id, "payout.released", { productTitle: `Artikel ${i}`, amount: "€ 10,00" });
    const first = await list(reader);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(10);
    expect(first.body[0]).toMatchObject({ type: "order", read: false, link: "/dashboard?tab=sales", title: "Uitbetaling verstuurd" });
    expect(first.body[0].message).toContain("Artikel 55");
    expect(Object.keys(first.body[0]).sort()).toEqual(["created_at", "data", "event", "id", "link", "message", "read", "title", "type"]);
    expect((await list(reader, "?limit=500")).body).toHaveLength(50);
    expect((await list(reader, "?limit=0")).status).toBe(422);

    const next = await list(reader, `?limit=50&before=${first.body[9].id}`);
    expect(next.body).toHaveLength(45);
    expect(next.body[0].message).toContain("Artikel 45");
    expect(next.body.at(-1).message).toContain("Artikel 1\"");

    expect((await call(countRoute, { token: reader.token, ip: IP })).body).toEqual({ unread_count: 55 });
    const one = await call(readRoute, { token: reader.token, ip: IP, method: "PUT", params: { id: first.body[0].id } });
    expect(one.status).toBe(200);
    expect(one.body.read).toBe(true);
    expect((await call(countRoute, { token: reader.token, ip: IP })).body).toEqual({ unread_count: 54 });
    expect((await list(reader, "?read=true")).body.map((n: { id: string }) => n.id)).toEqual([first.body[0].id]);
    expect((await list(reader, "?read=false&limit=50")).body).toHaveLength(50);

    const all = await call(readAllRoute, { token: reader.token, ip: IP, method: "PUT" });
    expect(all.body).toMatchObject({ message: "All notifications marked as read", updated: 54 });
    expect((await call(countRoute, { token: reader.token, ip: IP })).body).toEqual({ unread_count: 0 });
    expect((await list(reader, "?read=false")).body).toEqual([]);
  });

  it("speaks the reader's language: the page's language cookie, else the account's language", async () => {
    const user = await registerUser({ name: "Lotte de Boer" });
    await write(user.id, "order.dispute_resolved", { productTitle: "Kinderzitje", resolution: "refund" });
    const dutch = (await list(user)).body[0];
    expect(dutch.title).toBe("Geschil afgehandeld");
    expect(dutch.message).toBe('Het geschil over "Kinderzitje" is afgehandeld: de koper krijgt het geld terug.');
    const cookie = (await list(user, "", { cookie: "kringwaar_locale=en", "accept-language": "nl" })).body[0];
    expect(cookie.title).toBe("Dispute resolved");
    expect(cookie.message).toBe('The dispute about "Kinderzitje" is resolved: the buyer gets the money back.');
    // An app sends no cookie: the account's language (set in Settings) counts.
    await db.user.update({ where: { id: user.id }, data: { locale: "en" } });
    expect((await list(user)).body[0].title).toBe("Dispute resolved");
    await db.user.update({ where: { id: user.id }, data: { locale: "nl" } });
    // A row without a known event keeps its stored text.
    await db.notification.create({ data: { userId: user.id, title: "Welkom", message: "Fijn dat je er bent", event: "legacy.unknown" } });
    expect((await list(user, "", { "accept-language": "en" })).body[0]).toMatchObject({ title: "Welkom", message: "Fijn dat je er bent" });
  });
});

/** Opens the event stream as a browser would and collects what arrives. */
async function openStream(user: RegisteredUser) {
  const controller = new AbortController();
  const req = new NextRequest(new URL("/api/events", ORIGIN), {
    headers: { authorization: `Bearer ${user.token}`, "x-forwarded-for": IP, host: "localhost:3000" },
    signal: controller.signal,
  });
  const res = await eventsRoute(req, { params: Promise.resolve({}) });
  let text = "";
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  const pump = (async () => {
    try {
      for (;;) {
        const chunk = await reader!.read();
        if (chunk.done) return;
        text += decoder.decode(chunk.value);
      }
    } catch {
      // aborted
    }
  })();
  const waitFor = async (needle: string, ms: number) => {
    const started = Date.now();
    while (!text.includes(needle)) {
      if (Date.now() - started > ms) throw new Error(`"${needle}" did not arrive within ${ms} ms; got: ${text}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return Date.now() - started;
  };
  const close = async () => {
    controller.abort();
    await reader?.cancel().catch(() => undefined);
    await pump;
  };
  return { res, waitFor, close, text: () => text };
}

describe("GET /api/events", () => {
  it("streams the user's own events within a second, and no one else's", async () => {
    const mine = await openStream(reader);
    const theirs = await openStream(other);
    expect(mine.res.status).toBe(200);
    expect(mine.res.headers.get("content-type")).toContain("text/event-stream");
    await mine.waitFor("event: ready", 2_000);
    expect(mine.text()).toContain("retry: ");

    await write(reader.id, "order.paid", { productTitle: "Racefiets" });
    const row = await db.notification.findFirstOrThrow({ where: { userId: reader.id }, orderBy: { createdAt: "desc" } });
    expect(await mine.waitFor(`"notificationId":"${row.id}"`, 1_000)).toBeLessThan(1_000);
    await mine.waitFor("event: unread", 1_000);
    // A rolled-back write sends nothing.
    await db
      .$transaction(async (tx) => {
        await notify(tx, reader.id, "order.paid", { productTitle: "Nooit betaald" });
        throw new Error("rollback");
      })
      .catch(() => undefined);
    await new Promise((r) => setTimeout(r, 300));
    expect(mine.text().match(/event: notification/g)).toHaveLength(1);
    expect(theirs.text()).not.toContain("notification");
    await mine.close();
    await theirs.close();
  });

  it(`allows at most ${MAX_STREAMS_PER_USER} open streams per user`, async () => {
    const user = await registerUser({ name: "Veel Tabs" });
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await openStream(user));
    const extra = await call(eventsRoute, { token: user.token, ip: IP });
    expect(extra.status).toBe(429);
    await streams[0]!.close();
    const again = await openStream(user);
    expect(again.res.status).toBe(200);
    await again.close();
    for (const s of streams.slice(1)) await s.close();
  });

  it.runIf(inject("databaseKind") === "postgresql")(
    "delivers an event written by another instance (another process on the same PostgreSQL) within a second",
    async () => {
      const stream = await openStream(reader);
      await stream.waitFor("event: ready", 2_000);
      const started = Date.now();
      await promisify(execFile)(process.execPath, ["--import", "tsx", path.resolve("tests/support/publish-elsewhere.ts"), reader.id, "Tweede instantie"], {
        env: { ...process.env },
      });
      const written = Date.now();
      const row = await db.notification.findFirstOrThrow({ where: { userId: reader.id }, orderBy: { createdAt: "desc" } });
      expect(row.message).toContain("Tweede instantie");
      await stream.waitFor(`"notificationId":"${row.id}"`, 1_000);
      expect(Date.now() - written).toBeLessThan(1_000);
      expect(written).toBeGreaterThanOrEqual(started);
      await stream.close();
    },
  );
});
