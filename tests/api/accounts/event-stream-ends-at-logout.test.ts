// The live event stream (GET /api/events) ends with the session it was opened with:
// within seconds of a logout, a password change (other sessions), an account deletion
// or a ban, on every instance (the LISTEN/NOTIFY channel), and a reconnect is refused.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { NextRequest } from "next/server";
import { PUT as banRoute } from "@/app/api/admin/users/[id]/ban/route";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { POST as logoutRoute } from "@/app/api/auth/logout/route";
import { GET as eventsRoute } from "@/app/api/events/route";
import { DELETE as deleteMeRoute } from "@/app/api/users/me/route";
import { POST as passwordRoute } from "@/app/api/users/me/password/route";
import { verifyAccessToken } from "@/lib/domains/accounts/auth/tokens";
import { db } from "@/lib/platform/db/client";
import { stopListening } from "@/lib/platform/events/hub";
import { notify } from "@/lib/domains/notifications/service";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { call, ORIGIN } from "../../support/http";

const IP = "198.51.100.91";
/** How soon a stream must end after the sign-out's answer. */
const ENDS_WITHIN_MS = 3_000;

let admin: RegisteredUser;

beforeAll(async () => {
  admin = await registerUser({ name: "Beheer Test" });
  await db.user.update({ where: { id: admin.id }, data: { isAdmin: true } });
});

afterAll(async () => {
  await stopListening();
});

/** A second bearer token (another device) of the user. */
async function secondToken(user: RegisteredUser): Promise<string> {
  const res = await call(loginRoute, { ip: IP, json: { email: user.email, password: user.password } });
  expect(res.status).toBe(200);
  return res.body.access_token;
}

/** Opens the stream with `token` and collects what arrives until it ends. */
async function openStream(token: string) {
  const controller = new AbortController();
  const req = new NextRequest(new URL("/api/events", ORIGIN), {
    headers: { authorization: `Bearer ${token}`, "x-forwarded-for": IP, host: "localhost:3000" },
    signal: controller.signal,
  });
  const res = await eventsRoute(req, { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  let text = "";
  let endedAt: number | null = null;
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const pump = (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += decoder.decode(chunk.value);
      }
    } catch {
      // aborted by the test
    }
    endedAt = Date.now();
  })();
  const waitFor = async (needle: string, ms: number) => {
    const started = Date.now();
    while (!text.includes(needle)) {
      if (Date.now() - started > ms) throw new Error(`"${needle}" did not arrive within ${ms} ms; got: ${text}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  /** Resolves with the time the stream ended; throws if it is still open after `ms`. */
  const ended = async (ms: number) => {
    const started = Date.now();
    while (endedAt === null) {
      if (Date.now() - started > ms) throw new Error(`the stream is still open after ${ms} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return endedAt;
  };
  const close = async () => {
    controller.abort();
    await reader.cancel().catch(() => undefined);
    await pump;
  };
  await waitFor("event: ready", 2_000);
  return { waitFor, ended, close, text: () => text, isOpen: () => endedAt === null };
}

/** Writes a notification for the user; returns its id. */
async function notifyUser(userId: string, productTitle: string): Promise<string> {
  await db.$transaction((tx) => notify(tx, userId, "order.sold", { productTitle }));
  const row = await db.notification.findFirstOrThrow({ where: { userId }, orderBy: { createdAt: "desc" } });
  return row.id;
}

/** The stream ended within ENDS_WITHIN_MS of `since` and gets nothing written after. */
async function expectEnded(stream: Awaited<ReturnType<typeof openStream>>, since: number, userId: string) {
  const endedAt = await stream.ended(ENDS_WITHIN_MS + 1_000);
  expect(endedAt - since).toBeLessThan(ENDS_WITHIN_MS);
  const later = await notifyUser(userId, "Na het uitloggen");
  await new Promise((r) => setTimeout(r, 300));
  expect(stream.text()).not.toContain(later);
}

describe("GET /api/events ends with its session", () => {
  it("a logout ends that session's stream, not the other device's; the token cannot reconnect", async () => {
    const user = await registerUser({ name: "Lotte Uitlog" });
    const other = await secondToken(user);
    const phone = await openStream(user.token);
    const laptop = await openStream(other);

    const logout = await call(logoutRoute, { ip: IP, method: "POST", token: user.token });
    expect(logout.status).toBe(204);
    await expectEnded(phone, Date.now(), user.id);

    // The other session still gets its events.
    expect(laptop.isOpen()).toBe(true);
    const id = await notifyUser(user.id, "Nog ingelogd");
    await laptop.waitFor(id, 2_000);
    expect((await call(eventsRoute, { ip: IP, token: user.token })).status).toBe(401);
    await laptop.close();
  });

  it("a password change ends the other sessions' streams and keeps the one that made it", async () => {
    const user = await registerUser({ name: "Pieter Wachtwoord" });
    const other = await secondToken(user);
    const elsewhere = await openStream(user.token);
    const here = await openStream(other);

    const changed = await call(passwordRoute, {
      ip: IP,
      method: "POST",
      token: other,
      json: { current_password: user.password, new_password: "een heel nieuw wachtwoord" },
    });
    expect(changed.status).toBe(200);
    await expectEnded(elsewhere, Date.now(), user.id);
    expect(here.isOpen()).toBe(true);
    const id = await notifyUser(user.id, "Na de wijziging");
    await here.waitFor(id, 2_000);
    expect((await call(eventsRoute, { ip: IP, token: user.token })).status).toBe(401);
    await here.close();
  });

  it("a ban ends every stream of the user; reconnecting is refused with 403", async () => {
    const user = await registerUser({ name: "Verbannen Stroom" });
    const other = await secondToken(user);
    const streams = [await openStream(user.token), await openStream(other)];

    const ban = await call(banRoute, { ip: IP, method: "PUT", token: admin.token, params: { id: user.id }, json: { category: "scam", facts: "Test.", rule: "Test." } });
    expect(ban.status).toBe(200);
    const since = Date.now();
    for (const stream of streams) await expectEnded(stream, since, user.id);
    expect((await call(eventsRoute, { ip: IP, token: user.token })).status).toBe(403);
  });

  it("deleting the account ends every stream of it; reconnecting is refused with 401", async () => {
    const user = await registerUser({ name: "Weg Gebruiker" });
    const stream = await openStream(user.token);

    const deleted = await call(deleteMeRoute, { ip: IP, method: "DELETE", token: user.token, json: { password: user.password } });
    expect(deleted.status).toBe(204);
    const since = Date.now();
    expect(await stream.ended(ENDS_WITHIN_MS + 1_000)).toBeLessThan(since + ENDS_WITHIN_MS);
    expect((await call(eventsRoute, { ip: IP, token: user.token })).status).toBe(401);
  });

  it.runIf(inject("databaseKind") === "postgresql")(
    "a logout on another instance (another process on the same PostgreSQL) ends the stream here",
    async () => {
      const user = await registerUser({ name: "Twee Instanties" });
      const other = await secondToken(user);
      const stream = await openStream(other);
      const keep = await openStream(user.token);
      const claims = await verifyAccessToken(other);
      await promisify(execFile)(process.execPath, ["--import", "tsx", path.resolve("tests/support/logout-elsewhere.ts"), user.id, claims!.sessionId], {
        env: { ...process.env },
      });
      await expectEnded(stream, Date.now(), user.id);
      expect(keep.isOpen()).toBe(true);
      await keep.close();
    },
  );
});
