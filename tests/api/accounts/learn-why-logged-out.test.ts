/**
 * The other device learns why it was logged out: a session ended by a
 * password change or reset, a logout, the account's deletion or a ban answers the API's
 * 401 with a machine-readable `reason` next to the unchanged `detail`, and the web's
 * session endpoint (next-auth's session callback) names it as `ended`.
 */
import type { Session } from "next-auth";
import { decode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { POST as changePassword } from "@/app/api/users/me/password/route";
import { DELETE as deleteMe, GET as me } from "@/app/api/users/me/route";
import { authOptions } from "@/lib/domains/accounts/auth/options";
import { endedReason } from "@/lib/domains/accounts/auth/sessions";
import { db } from "@/lib/platform/db/client";
import { registerUser } from "../../support/factories";
import { call, ORIGIN, sessionCookie } from "../../support/http";

let n = 0;
const ip = () => `203.0.113.${100 + (n += 1)}`;

const signIn = async (email: string, password: string) =>
  (await call(login, { path: "/api/auth/login", ip: ip(), json: { email, password } })).body.access_token as string;

/** What GET /api/auth/session gives the browser that holds `cookie`. */
async function webSession(cookie: string): Promise<Session> {
  const token = await decode({ token: cookie.split("=")[1]!, secret: process.env.AUTH_SECRET! });
  const session = { expires: new Date(Date.now() + 60_000).toISOString() };
  return (await authOptions().callbacks!.session!({ session, token: token!, user: undefined as never, newSession: undefined, trigger: "update" } as never)) as Session;
}

describe("the reason a session ended", () => {
  it("a password change: the other devices get reason password_changed, this one stays in", async () => {
    const user = await registerUser();
    const phone = await signIn(user.email, user.password);
    const otherWeb = await sessionCookie(user.id);
    const thisWeb = await sessionCookie(user.id);
    const res = await call(changePassword, {
      method: "POST",
      cookie: thisWeb,
      headers: { origin: ORIGIN },
      json: { current_password: user.password, new_password: "a brand new secret" },
    });
    expect(res.status).toBe(200);

    const app = await call(me, { token: phone });
    expect(app.status).toBe(401);
    // The apps' shape is kept: detail (and code), plus the reason.
    expect(app.body).toEqual({ detail: "Invalid or expired token", code: "unauthorized", reason: "password_changed" });
    const web = await call(me, { cookie: otherWeb });
    expect(web.status).toBe(401);
    expect(web.body).toEqual({ detail: "Not authenticated", code: "unauthorized", reason: "password_changed" });
    expect(await webSession(otherWeb)).toEqual({ expires: expect.any(String), ended: "password_changed" });
    expect((await webSession(thisWeb)).user).toMatchObject({ id: user.id });
    expect((await call(me, { cookie: thisWeb })).status).toBe(200);
  });

  it("a logout says logout; a reset says password_reset", async () => {
    const user = await registerUser();
    const phone = await signIn(user.email, user.password);
    const web = await sessionCookie(user.id);
    expect((await call(logout, { method: "POST", token: phone })).status).toBe(204);
    expect((await call(me, { token: phone })).body.reason).toBe("logout");

    // A reset by mail ends every session (lib/domains/accounts/password-reset.ts).
    const rows = await db.authSession.findMany({ where: { userId: user.id, revokedAt: null } });
    await db.authSession.updateMany({ where: { id: { in: rows.map((r) => r.id) } }, data: { revokedAt: new Date(), revokedReason: "password_reset" } });
    expect((await call(me, { cookie: web })).body.reason).toBe("password_reset");
    expect((await webSession(web)).ended).toBe("password_reset");
    // The logged-out token keeps its own reason.
    expect((await call(me, { token: phone })).body.reason).toBe("logout");
  });

  it("a ban and a deletion are named as such", async () => {
    const banned = await registerUser();
    const bannedWeb = await sessionCookie(banned.id);
    await db.user.update({ where: { id: banned.id }, data: { isBanned: true } });
    expect(await webSession(bannedWeb)).toEqual({ expires: expect.any(String), ended: "banned" });
    // The API keeps its answer for a banned account: 403 with code banned.
    expect((await call(me, { token: banned.token })).body).toMatchObject({ code: "banned" });

    const gone = await registerUser();
    const goneWeb = await sessionCookie(gone.id);
    const deleted = await call(deleteMe, { method: "DELETE", path: "/api/users/me", ip: ip(), token: gone.token, json: { password: gone.password } });
    expect(deleted.status).toBe(204);
    expect((await call(me, { cookie: goneWeb })).body).toEqual({ detail: "Not authenticated", code: "unauthorized", reason: "account_deleted" });
    expect((await webSession(goneWeb)).ended).toBe("account_deleted");
  });

  it("says nothing for an unknown session, a forged id or no session at all", async () => {
    const user = await registerUser();
    expect(await endedReason(user.id, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await endedReason(user.id, "not-a-uuid")).toBeNull();
    const res = await call(me, {});
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: "Not authenticated", code: "unauthorized" });
    // An expired session.
    const web = await sessionCookie(user.id);
    const session = await db.authSession.findFirstOrThrow({ where: { userId: user.id, kind: "web" } });
    await db.authSession.update({ where: { id: session.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call(me, { cookie: web })).body.reason).toBe("expired");
  });
});
