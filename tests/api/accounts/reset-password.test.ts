/**
 * Forgot and reset password: the request's answer is the same for known and
 * unknown addresses; a link works once, for an hour; a reset ends every session.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { POST as forgot } from "@/app/api/auth/forgot-password/route";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as checkLink, POST as reset } from "@/app/api/auth/reset-password/route";
import { GET as me } from "@/app/api/users/me/route";
import { FORGOT_PASSWORD_LIMITS, RESET_PASSWORD_LIMIT, resetPassword, settleResetRequests } from "@/lib/domains/accounts/password-reset";
import { db } from "@/lib/platform/db/client";
import { env } from "@/lib/platform/env";
import { sendPendingMail } from "@/lib/platform/mail/outbox";
import { registerUser } from "../../support/factories";
import { call, sessionCookie } from "../../support/http";

// Counts the argon2 hashes the server computes (each costs tens of milliseconds of CPU
// and 19 MiB), passing every call on to the real function.
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock("@/lib/domains/accounts/auth/password", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/domains/accounts/auth/password")>();
  return {
    ...real,
    hashPassword: (password: string) => {
      hashes.count += 1;
      return real.hashPassword(password);
    },
  };
});

let n = 0;
const ip = () => `198.51.100.${200 + (n += 1)}`;

const ask = (email: string, from = ip()) => call(forgot, { path: "/api/auth/forgot-password", ip: from, method: "POST", json: { email } });

/** The link of the newest reset mail to the user. */
async function resetLink(userId: string): Promise<string> {
  // The link and its mail are made just after the answer.
  await settleResetRequests();
  const mail = await db.mailOutbox.findFirstOrThrow({ where: { userId, template: "password_reset" }, orderBy: { createdAt: "desc" } });
  const token = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error("no reset link in the mail");
  return decodeURIComponent(token);
}

describe("POST /api/auth/forgot-password", () => {
  it("answers the same for a known and an unknown address, and mails only the account", async () => {
    const user = await registerUser({ name: "Femke Jansen" });
    const known = await ask(user.email.toUpperCase());
    const unknown = await ask("nobody-here@example.nl");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.detail).toMatch(/If an account exists/);
    await settleResetRequests();
    expect(await db.mailOutbox.count({ where: { template: "password_reset" } })).toBe(1);
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { template: "password_reset" } });
    expect(mail).toMatchObject({ userId: user.id, toAddress: user.email, subject: "Kies een nieuw wachtwoord", category: "account" });
    expect(mail.headers).toEqual({}); // strictly needed: no unsubscribe
    // Only a hash of the token is stored.
    const token = await resetLink(user.id);
    expect(await db.accountToken.count({ where: { tokenHash: token } })).toBe(0);
  });

  it("is limited per address, alike for known and unknown ones", async () => {
    const user = await registerUser();
    const max = FORGOT_PASSWORD_LIMITS.perEmail.max;
    for (const email of [user.email, "unknown-limit@example.nl"]) {
      const statuses = [];
      for (let i = 0; i <= max; i++) statuses.push((await ask(email)).status);
      expect(statuses).toEqual([...Array(max).fill(200), 429]);
    }
  });

  it("answers a known address without waiting for its link and mail, which still go out", async () => {
    const user = await registerUser({ name: "Joost Snel" });
    // The account's part made slow on purpose: writing its link sleeps 3 s. An answer
    // that waited for it would take as long; one that does not shows no difference
    // between known and unknown addresses.
    await db.$executeRawUnsafe(
      `CREATE OR REPLACE FUNCTION test_slow_reset_link() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(3); RETURN NEW; END $$`,
    );
    await db.$executeRawUnsafe(`CREATE TRIGGER test_slow_reset_link BEFORE INSERT ON account_tokens FOR EACH ROW EXECUTE FUNCTION test_slow_reset_link()`);
    try {
      const started = performance.now();
      const known = await ask(user.email);
      const knownMs = performance.now() - started;
      expect(known.status).toBe(200);
      expect(knownMs).toBeLessThan(1_500);
      await settleResetRequests();
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS test_slow_reset_link ON account_tokens`);
      await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS test_slow_reset_link()`);
    }
    // Afterwards the link exists and its mail is sent (the embedded default: an .eml file).
    const link = await resetLink(user.id);
    expect(await db.accountToken.count({ where: { userId: user.id, purpose: "password_reset", usedAt: null } })).toBe(1);
    await sendPendingMail();
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { userId: user.id, template: "password_reset" } });
    expect(mail.status).toBe("sent");
    const dir = path.join(env().DATA_DIR, "mail");
    const eml = readdirSync(dir).map((f) => readFileSync(path.join(dir, f), "utf8")).find((raw) => raw.includes(`Message-ID: <${mail.id}@kringwaar.nl>`));
    expect(eml).toContain(`To: ${user.email}`);
    expect(eml).toContain("Subject: Kies een nieuw wachtwoord");
    expect(link.length).toBeGreaterThan(40);
  });

  it("checks the address", async () => {
    const res = await ask("not an address");
    expect(res.status).toBe(422);
  });
});

describe("GET /api/auth/reset-password", () => {
  it("says an unknown, empty, expired or superseded link does not work, and limits each client", async () => {
    const from = ip();
    const check = (query: string) => call(checkLink, { ip: from, path: `/api/auth/reset-password${query}` });
    expect((await check("?token=made-up-token")).body).toEqual({ valid: false });
    expect((await check("")).body).toEqual({ valid: false });
    const user = await registerUser();
    await ask(user.email);
    const first = await resetLink(user.id);
    await ask(user.email);
    const second = await resetLink(user.id);
    expect((await check(`?token=${encodeURIComponent(first)}`)).body).toEqual({ valid: false });
    expect((await check(`?token=${encodeURIComponent(second)}`)).body).toEqual({ valid: true });
    await db.accountToken.updateMany({ where: { userId: user.id, purpose: "password_reset" }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await check(`?token=${encodeURIComponent(second)}`)).body).toEqual({ valid: false });
    // Checking is limited like resetting (no guessing at speed).
    for (let i = 4; i < RESET_PASSWORD_LIMIT.max; i += 1) await check("?token=x");
    expect((await check("?token=x")).status).toBe(429);
  });
});

describe("POST /api/auth/reset-password", () => {
  it("sets the new password once, ends every session and token, and confirms the address", async () => {
    const user = await registerUser();
    const cookie = await sessionCookie(user.id);
    await ask(user.email);
    const token = await resetLink(user.id);

    // The page of the link checks it on load, without using it up.
    const check = (t: string) => call(checkLink, { ip: ip(), path: `/api/auth/reset-password?token=${encodeURIComponent(t)}` });
    expect((await check(token)).body).toEqual({ valid: true });
    expect((await check(token)).body).toEqual({ valid: true });

    const tooShort = await call(reset, { ip: ip(), method: "POST", json: { token, password: "kort" } });
    expect(tooShort.status).toBe(422);
    const ok = await call(reset, { ip: ip(), method: "POST", json: { token, password: "een-nieuw-wachtwoord" } });
    expect(ok.status).toBe(200);
    const again = await call(reset, { ip: ip(), method: "POST", json: { token, password: "nog-een-wachtwoord" } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: "reset_token_invalid" });
    // Used: the page says so before showing a form.
    expect((await check(token)).body).toEqual({ valid: false });
    // The other devices learn why they were logged out.
    expect((await call(me, { cookie })).body).toMatchObject({ code: "unauthorized", reason: "password_reset" });

    expect((await call(me, { token: user.token })).status).toBe(401);
    expect((await call(me, { cookie })).status).toBe(401);
    const from = ip();
    expect((await call(login, { ip: from, json: { email: user.email, password: user.password } })).status).toBe(401);
    expect((await call(login, { ip: from, json: { email: user.email, password: "een-nieuw-wachtwoord" } })).status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).not.toBeNull();
  });

  it("refuses an expired link, an unknown one, and an older link after a newer request", async () => {
    const user = await registerUser();
    await ask(user.email);
    const first = await resetLink(user.id);
    await ask(user.email);
    const second = await resetLink(user.id);
    expect(second).not.toBe(first);
    expect((await call(reset, { ip: ip(), method: "POST", json: { token: first, password: "een-nieuw-wachtwoord" } })).status).toBe(400);
    expect((await call(reset, { ip: ip(), method: "POST", json: { token: "made-up-token", password: "een-nieuw-wachtwoord" } })).status).toBe(400);
    await expect(resetPassword({ token: second, password: "een-nieuw-wachtwoord" }, ip(), new Date(Date.now() + 61 * 60_000))).rejects.toThrow(/invalid or has expired/);
    // Still unused within the hour.
    expect((await call(reset, { ip: ip(), method: "POST", json: { token: second, password: "een-nieuw-wachtwoord" } })).status).toBe(200);
  });

  it("refuses a made-up token without hashing the new password, and limits each client", async () => {
    const from = ip();
    const before = hashes.count;
    for (let i = 0; i < RESET_PASSWORD_LIMIT.max; i++) {
      const res = await call(reset, { ip: from, method: "POST", json: { token: `guess-${i}`, password: "een-nieuw-wachtwoord" } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "reset_token_invalid" });
    }
    expect(hashes.count).toBe(before);

    const user = await registerUser();
    await ask(user.email);
    const token = await resetLink(user.id);
    const limited = await call(reset, { ip: from, method: "POST", json: { token, password: "een-nieuw-wachtwoord" } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ code: "rate_limited" });

    // Another client with the real link: one hash, and the password is changed.
    const hashesBefore = hashes.count;
    const ok = await call(reset, { ip: ip(), method: "POST", json: { token, password: "een-nieuw-wachtwoord" } });
    expect(ok.status).toBe(200);
    expect(hashes.count).toBe(hashesBefore + 1);
  });

  it("sends the reset mail in the account's language", async () => {
    const user = await registerUser();
    await db.user.update({ where: { id: user.id }, data: { locale: "en" } });
    await ask(user.email);
    await settleResetRequests();
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { userId: user.id, template: "password_reset" } });
    expect(mail.subject).toBe("Choose a new password");
    expect(mail.locale).toBe("en");
  });
});
