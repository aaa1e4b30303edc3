/**
 * Sessions: logout revokes exactly the token it is called with; a password
 * change needs the current password and ends every other session and token.
 */
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { POST as changePassword } from "@/app/api/users/me/password/route";
import { GET as me } from "@/app/api/users/me/route";
import { authOptions } from "@/lib/domains/accounts/auth/options";
import { purgeEndedSessions } from "@/lib/domains/accounts/auth/sessions";
import { db } from "@/lib/platform/db/client";
import { registerUser } from "../../support/factories";
import { call, ORIGIN, sessionCookie } from "../../support/http";

let ipCounter = 0;
const ip = () => `203.0.113.${(ipCounter += 1)}`;

async function signIn(email: string, password: string) {
  return call(login, { path: "/api/auth/login", ip: ip(), json: { email, password } });
}

async function meStatus(auth: { token?: string; cookie?: string }) {
  return (await call(me, { ...auth, path: "/api/users/me" })).status;
}

describe("POST /api/auth/logout", () => {
  it("revokes exactly the token it is called with", async () => {
    const user = await registerUser();
    const phone = (await signIn(user.email, user.password)).body.access_token as string;
    const tablet = (await signIn(user.email, user.password)).body.access_token as string;
    const web = await sessionCookie(user.id);

    const res = await call(logout, { path: "/api/auth/logout", method: "POST", token: phone });
    expect(res.status).toBe(204);

    expect(await meStatus({ token: phone })).toBe(401);
    expect((await call(me, { token: phone })).body.detail).toBe("Invalid or expired token");
    expect(await meStatus({ token: tablet })).toBe(200);
    expect(await meStatus({ token: user.token })).toBe(200);
    expect(await meStatus({ cookie: web })).toBe(200);
    // A second logout with the revoked token is not signed in any more.
    expect((await call(logout, { method: "POST", token: phone })).status).toBe(401);
  });

  it("needs a signed-in caller", async () => {
    const res = await call(logout, { method: "POST" });
    expect(res.status).toBe(401);
  });

  it("ends a web session through next-auth's sign-out as well", async () => {
    const user = await registerUser();
    const cookie = await sessionCookie(user.id);
    expect(await meStatus({ cookie })).toBe(200);
    const session = await db.authSession.findFirstOrThrow({ where: { userId: user.id, kind: "web" } });
    await authOptions().events!.signOut!({ token: { sub: user.id, sid: session.id }, session: null as never });
    expect(await meStatus({ cookie })).toBe(401);
    expect(await meStatus({ token: user.token })).toBe(200);
  });

  it("refuses well-signed tokens that name no live session", async () => {
    const user = await registerUser();
    const key = new TextEncoder().encode(process.env.AUTH_SECRET!);
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(user.id)
        .setIssuer("kringwaar")
        .setAudience("kringwaar-api")
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(key);
    // Issued before sessions existed: no session id.
    expect(await meStatus({ token: await sign({}) })).toBe(401);
    // Someone else's session id.
    const other = await registerUser();
    const otherSession = await db.authSession.findFirstOrThrow({ where: { userId: other.id } });
    expect(await meStatus({ token: await sign({ sid: otherSession.id }) })).toBe(401);
    expect(await meStatus({ token: await sign({ sid: "not-a-uuid" }) })).toBe(401);
  });
});

describe("POST /api/users/me/password", () => {
  it("refuses a wrong current password and changes nothing", async () => {
    const user = await registerUser();
    const res = await call(changePassword, {
      method: "POST",
      token: user.token,
      json: { current_password: "wrong password", new_password: "a brand new secret" },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: "current_password", message: "Current password is incorrect" }]);
    expect((await signIn(user.email, user.password)).status).toBe(200);
    expect((await signIn(user.email, "a brand new secret")).status).toBe(401);
  });

  it("checks the new password like registration does", async () => {
    const user = await registerUser();
    const res = await call(changePassword, {
      method: "POST",
      token: user.token,
      json: { current_password: user.password, new_password: "short" },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toEqual({ field: "new_password", message: "Password must be at least 8 characters" });
  });

  it("changes it and ends every other session and token, keeping this one", async () => {
    const user = await registerUser();
    const other = (await signIn(user.email, user.password)).body.access_token as string;
    const otherWeb = await sessionCookie(user.id);
    const thisWeb = await sessionCookie(user.id);

    const res = await call(changePassword, {
      method: "POST",
      cookie: thisWeb,
      headers: { origin: ORIGIN },
      json: { current_password: user.password, new_password: "a brand new secret" },
    });
    expect(res.status).toBe(200);
    expect(res.body.sessions_ended).toBe(3); // the registration token, the login token, the other browser

    expect(await meStatus({ cookie: thisWeb })).toBe(200);
    expect(await meStatus({ cookie: otherWeb })).toBe(401);
    expect(await meStatus({ token: other })).toBe(401);
    expect(await meStatus({ token: user.token })).toBe(401);
    expect((await signIn(user.email, user.password)).status).toBe(401);
    expect((await signIn(user.email, "a brand new secret")).status).toBe(200);
  });

  it("limits guesses of the current password per account", async () => {
    const user = await registerUser();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await call(changePassword, {
        method: "POST",
        token: user.token,
        json: { current_password: `guess ${i}`, new_password: "a brand new secret" },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("purgeEndedSessions", () => {
  it("removes expired sessions and those revoked more than a day ago", async () => {
    const user = await registerUser();
    const live = await db.authSession.findFirstOrThrow({ where: { userId: user.id } });
    const now = new Date();
    const old = new Date(now.getTime() - 2 * 24 * 3600 * 1000);
    await db.authSession.createMany({
      data: [
        { userId: user.id, kind: "bearer", expiresAt: new Date(now.getTime() - 1000) },
        { userId: user.id, kind: "web", expiresAt: new Date(now.getTime() + 3600_000), revokedAt: old },
        { userId: user.id, kind: "web", expiresAt: new Date(now.getTime() + 3600_000), revokedAt: now },
      ],
    });
    expect(await purgeEndedSessions(now)).toBe(2);
    const left = await db.authSession.findMany({ where: { userId: user.id }, select: { id: true } });
    expect(left.map((s) => s.id)).toContain(live.id);
    expect(left).toHaveLength(2);
  });
});

describe("the user of a live session (one plain statement)", () => {
  it("is the whole user row as Prisma reads it, and nothing for an ended, expired or someone else's session", async () => {
    const { createSession, revokeSession, userOfSession } = await import("@/lib/domains/accounts/auth/sessions");
    const user = await registerUser({ name: "Sessie Rij" });
    await db.user.update({ where: { id: user.id }, data: { phone: "+31612345678", mailPreferences: { offers: false }, responseMinutes: 12 } });
    const other = await registerUser({ name: "Ander" });
    const session = await createSession(user.id, "bearer");
    // The first notes the user's activity (a write); the second reads the row as it is now.
    await userOfSession(user.id, session.id);
    expect(await userOfSession(user.id, session.id)).toEqual(await db.user.findUnique({ where: { id: user.id } }));
    expect(await userOfSession(other.id, session.id)).toBeNull();
    const expired = await createSession(user.id, "bearer", new Date(Date.now() - 31 * 24 * 60 * 60 * 1000));
    expect(await userOfSession(user.id, expired.id)).toBeNull();
    expect(await revokeSession(user.id, session.id)).toBe(true);
    expect(await userOfSession(user.id, session.id)).toBeNull();
  });
});
