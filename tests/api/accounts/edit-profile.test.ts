import { describe, expect, it } from "vitest";
import { GET as me, PUT as updateMe } from "@/app/api/users/me/route";
import { db } from "@/lib/platform/db/client";
import { issueAccessToken } from "@/lib/domains/accounts/auth/tokens";
import { call, ORIGIN, sessionCookie } from "../../support/http";
import { registerUser } from "../../support/factories";

describe("GET /api/users/me", () => {
  it("answers 401 without credentials and for an invalid token", async () => {
    const anonymous = await call(me);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.detail).toBe("Not authenticated");
    const forged = await call(me, { token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad" });
    expect(forged.status).toBe(401);
  });

  it("refuses a token for an account that no longer exists", async () => {
    const user = await registerUser();
    const token = await issueAccessToken(user.id);
    await db.user.delete({ where: { id: user.id } });
    expect((await call(me, { token })).status).toBe(401);
  });

  it("accepts the web session cookie", async () => {
    const user = await registerUser();
    const res = await call(me, { cookie: await sessionCookie(user.id) });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
  });
});

describe("PUT /api/users/me", () => {
  it("updates name and phone and keeps the email", async () => {
    const user = await registerUser({ phone: "+31612345678" });
    const res = await call(updateMe, {
      method: "PUT",
      token: user.token,
      json: { name: "  Sanne Jansen ", email: user.email, phone: "+32 470 12 34 56" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Sanne Jansen", email: user.email, phone: "+32470123456" });
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.name).toBe("Sanne Jansen");
  });

  it("keeps the phone when it is left out and clears it when blank", async () => {
    const user = await registerUser({ phone: "+31612345678" });
    const kept = await call(updateMe, { method: "PUT", token: user.token, json: { name: "Sanne" } });
    expect(kept.body.phone).toBe("+31612345678");
    const cleared = await call(updateMe, { method: "PUT", token: user.token, json: { name: "Sanne", phone: "" } });
    expect(cleared.body.phone).toBeNull();
  });

  it("refuses to change the email and changes nothing", async () => {
    const user = await registerUser();
    const res = await call(updateMe, {
      method: "PUT",
      token: user.token,
      json: { name: "Nieuwe Naam", email: "ander@example.nl" },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("Email cannot be changed");
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.name).toBe("Sanne de Vries");
    expect(row.email).toBe(user.email);
  });

  it("requires a name", async () => {
    const user = await registerUser();
    const res = await call(updateMe, { method: "PUT", token: user.token, json: { name: "   " } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toEqual({ field: "name", message: "Name is required" });
  });

  it("refuses cookie-authenticated writes from another origin", async () => {
    const user = await registerUser();
    const cookie = await sessionCookie(user.id);
    const json = { name: "Via Cookie" };
    const noOrigin = await call(updateMe, { method: "PUT", cookie, json });
    expect(noOrigin.status).toBe(403);
    const evil = await call(updateMe, { method: "PUT", cookie, json, headers: { origin: "https://evil.example" } });
    expect(evil.status).toBe(403);
    expect(evil.body.detail).toBe("Cross-site request refused");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).name).toBe("Sanne de Vries");

    const ours = await call(updateMe, { method: "PUT", cookie, json, headers: { origin: ORIGIN } });
    expect(ours.status).toBe(200);
    expect(ours.body.name).toBe("Via Cookie");
  });

  it("does not ask bearer clients (mobile apps) for an Origin", async () => {
    const user = await registerUser();
    const res = await call(updateMe, { method: "PUT", token: user.token, json: { name: "App" } });
    expect(res.status).toBe(200);
  });
});
