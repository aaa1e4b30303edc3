import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as register } from "@/app/api/auth/register/route";
import { GET as me } from "@/app/api/users/me/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser } from "../../support/factories";
import { loginDelayMs } from "@/lib/domains/accounts/service";

const USER_FIELDS = [
  "id", "name", "email", "phone", "is_business_seller", "business_name", "vat_number",
  "is_admin", "is_verified", "is_banned", "created_at", "profile_image",
  "kvk_number", "business_address", "trader_self_certified", "trader_details_missing",
].sort();

describe("POST /api/auth/register", () => {
  it("creates an account and returns the user and a working bearer token", async () => {
    const res = await call(register, {
      ip: "10.1.0.1",
      json: { name: "Sanne de Vries", email: "Sanne@Example.NL", password: "geheim-wachtwoord", phone: "06 12345678" },
    });
    expect(res.status).toBe(201);
    expect(res.body.token_type).toBe("bearer");
    expect(typeof res.body.access_token).toBe("string");
    expect(Object.keys(res.body.user).sort()).toEqual(USER_FIELDS);
    expect(res.body.user).toMatchObject({
      name: "Sanne de Vries",
      email: "sanne@example.nl",
      phone: "+31612345678",
      is_business_seller: false,
      is_admin: false,
      is_banned: false,
    });
    expect(JSON.stringify(res.body)).not.toContain("argon2");

    const row = await db.user.findUniqueOrThrow({ where: { email: "sanne@example.nl" } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);

    const profile = await call(me, { token: res.body.access_token });
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe("sanne@example.nl");
  });

  it("registers a business seller with a normalised VAT number", async () => {
    const res = await call(register, {
      ip: "10.1.0.2",
      json: {
        name: "Tijs Bakker", email: "tijs@bedrijf.nl", password: "geheim-wachtwoord",
        is_business_seller: true, business_name: "Tweedehands Tijs B.V.", vat_number: "nl 8592.34.561.B01",
        kvk_number: "1234 5678", business_address: "Oudegracht 12, 3511 AB Utrecht", phone: "06 12345670",
        trader_self_certified: true,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      is_business_seller: true, business_name: "Tweedehands Tijs B.V.", vat_number: "NL859234561B01",
      kvk_number: "12345678", trader_self_certified: true, trader_details_missing: [],
    });
  });

  it("requires company name, a valid VAT number and the trader details from business sellers", async () => {
    const res = await call(register, {
      ip: "10.1.0.3",
      json: { name: "Bedrijf", email: "bv@bedrijf.nl", password: "geheim-wachtwoord", is_business_seller: true, vat_number: "NL12" },
    });
    expect(res.status).toBe(422);
    const fields = res.body.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(["business_address", "business_name", "kvk_number", "phone", "trader_self_certified", "vat_number"]);
    expect(typeof res.body.detail).toBe("string");
    expect(await db.user.count({ where: { email: "bv@bedrijf.nl" } })).toBe(0);
  });

  it("refuses an email that is already registered, in any case", async () => {
    await registerUser({ email: "dubbel@example.nl" });
    const res = await call(register, {
      ip: "10.1.0.4",
      json: { name: "Ander", email: "DUBBEL@example.nl", password: "nog-een-wachtwoord" },
    });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe("Email already registered");
    expect(await db.user.count({ where: { email: "dubbel@example.nl" } })).toBe(1);
  });

  it("answers 400 to a body that is not JSON and 422 to missing fields", async () => {
    const bad = await call(register, { ip: "10.1.0.5", body: "{name: oops", headers: { "content-type": "application/json" } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe("Request body must be valid JSON");

    const missing = await call(register, { ip: "10.1.0.5", json: { email: "x@example.nl" } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(["password", "name"]),
    );
  });

  it("rejects short passwords and invalid phone numbers", async () => {
    const res = await call(register, {
      ip: "10.1.0.6",
      json: { name: "Kees", email: "kees@example.nl", password: "kort", phone: "12" },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["password", "phone"]);
  });

  it("rate limits registrations per IP", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await call(register, {
        ip: "10.1.9.9",
        json: { name: "Bot", email: `bot${i}@example.nl`, password: "geheim-wachtwoord" },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(await db.user.count({ where: { email: { startsWith: "bot" } } })).toBe(10);
  });
});

describe("POST /api/auth/login", () => {
  it("returns the user and a token for correct credentials, email case-insensitive", async () => {
    const user = await registerUser({ email: "inlog@example.nl", password: "juist-wachtwoord" });
    const res = await call(login, { ip: "10.2.0.1", json: { email: "Inlog@Example.nl", password: "juist-wachtwoord" } });
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe("bearer");
    expect(res.body.user.id).toBe(user.id);
    expect(Object.keys(res.body.user).sort()).toEqual(USER_FIELDS);
    const profile = await call(me, { token: res.body.access_token });
    expect(profile.body.id).toBe(user.id);
  });

  it("answers 401 with a detail for a wrong password or an unknown email", async () => {
    await registerUser({ email: "fout@example.nl", password: "juist-wachtwoord" });
    const wrong = await call(login, { ip: "10.2.0.2", json: { email: "fout@example.nl", password: "verkeerd" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail).toBe("Incorrect email or password");
    const unknown = await call(login, { ip: "10.2.0.2", json: { email: "niemand@example.nl", password: "verkeerd" } });
    expect(unknown.status).toBe(401);
    expect(unknown.body.detail).toBe(wrong.body.detail);
  });

  it("refuses banned users with 403, at login and on their existing token", async () => {
    const user = await registerUser({ email: "verbannen@example.nl", password: "juist-wachtwoord" });
    await db.user.update({ where: { id: user.id }, data: { isBanned: true } });
    const res = await call(login, { ip: "10.2.0.3", json: { email: "verbannen@example.nl", password: "juist-wachtwoord" } });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("Account banned");
    const profile = await call(me, { token: user.token });
    expect(profile.status).toBe(403);
    expect(profile.body.detail).toBe("Account banned");
  });

  it("six wrong guesses from another address do not stop the owner's correct login", async () => {
    await registerUser({ email: "doelwit@example.nl", password: "juist-wachtwoord" });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(login, { ip: "10.2.1.66", json: { email: "doelwit@example.nl", password: `fout-${i}` } });
      statuses.push(res.status);
    }
    // The guessing address is locked for this account, with a Retry-After...
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const locked = await call(login, { ip: "10.2.1.66", json: { email: "doelwit@example.nl", password: "juist-wachtwoord" } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    // ...the owner, from their own address, is not.
    const owner = await call(login, { ip: "10.2.1.1", json: { email: "doelwit@example.nl", password: "juist-wachtwoord" } });
    expect(owner.status).toBe(200);
  });

  it("limits parallel guesses from one address at one email: at most 5 are checked", async () => {
    await registerUser({ email: "burst@example.nl", password: "juist-wachtwoord" });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call(login, { ip: "10.2.4.4", json: { email: "burst@example.nl", password: `fout-${i}` } })),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it("guesses spread over many addresses are slowed down, never turned into a lockout", async () => {
    expect([0, 10, 11, 14, 40, 1000].map(loginDelayMs)).toEqual([0, 0, 250, 1000, 5000, 5000]);
    await registerUser({ email: "verspreid@example.nl", password: "juist-wachtwoord" });
    // The owner has signed in from home before.
    expect((await call(login, { ip: "10.2.5.200", json: { email: "verspreid@example.nl", password: "juist-wachtwoord" } })).status).toBe(200);
    for (let i = 0; i < 11; i++) {
      expect((await call(login, { ip: `10.2.5.${i}`, json: { email: "verspreid@example.nl", password: `fout-${i}` } })).status).toBe(401);
    }
    // Eleven failures from eleven addresses: the owner still gets in (no lockout).
    expect((await call(login, { ip: "10.2.5.200", json: { email: "verspreid@example.nl", password: "juist-wachtwoord" } })).status).toBe(200);
  });

  it("a success clears the count of earlier failures from that address", async () => {
    await registerUser({ email: "vergeetachtig@example.nl", password: "juist-wachtwoord" });
    for (let i = 0; i < 4; i++) {
      expect((await call(login, { ip: "10.2.3.3", json: { email: "vergeetachtig@example.nl", password: `fout-${i}` } })).status).toBe(401);
    }
    expect((await call(login, { ip: "10.2.3.3", json: { email: "vergeetachtig@example.nl", password: "juist-wachtwoord" } })).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await call(login, { ip: "10.2.3.3", json: { email: "vergeetachtig@example.nl", password: `fout-${i}` } })).status).toBe(401);
    }
  });

  it("answers 429 when one IP fails at too many accounts; successful logins do not count", async () => {
    await registerUser({ email: "vaak@example.nl", password: "juist-wachtwoord" });
    for (let i = 0; i < 40; i++) {
      expect((await call(login, { ip: "10.2.2.9", json: { email: "vaak@example.nl", password: "juist-wachtwoord" } })).status).toBe(200);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await call(login, { ip: "10.2.2.2", json: { email: `scan${i}@example.nl`, password: "x" } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("answers 400 to a body that is not JSON", async () => {
    const res = await call(login, { ip: "10.2.0.4", body: "email=a&password=b", headers: { "content-type": "text/plain" } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("Request body must be valid JSON");
  });
});
