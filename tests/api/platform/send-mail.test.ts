/**
 * E-mail against a real SMTP server on loopback (the smtp-server package):
 * the outbox keeps mails while the server is down and sends each once when it is back;
 * a sale mails the seller and the buyer in their own languages; unsubscribing stops a
 * category; the embedded default writes .eml files instead.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as confirmEmailRoute } from "@/app/api/auth/confirm-email/route";
import { POST as resendRoute } from "@/app/api/users/me/confirm-email/route";
import { POST as startConversation } from "@/app/api/conversations/route";
import { GET as readMessages } from "@/app/api/conversations/[id]/messages/route";
import { GET as unsubscribeGet, POST as unsubscribePost } from "@/app/api/mail/unsubscribe/route";
import { GET as getSettings, PATCH as patchSettings } from "@/app/api/users/me/settings/route";
import { db } from "@/lib/platform/db/client";
import { env, resetEnvCache } from "@/lib/platform/env";
import { queueUnreadMessageMails } from "@/lib/domains/notifications/mail-events";
import { enqueueMail, MAIL_MAX_ATTEMPTS, retryDelayMs, sendPendingMail } from "@/lib/platform/mail/outbox";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { call } from "../../support/http";
import { buyAndPay, productOf } from "../../support/orders";
import { decode, TestSmtp, useSmtp } from "../../support/smtp";

const IP = "198.51.100.181";

const smtp = new TestSmtp();
let port: number;

beforeAll(async () => {
  // A port of our own that nothing listens on until the server is started.
  port = await smtp.start();
  await smtp.stop();
  useSmtp(port);
});

afterEach(async () => {
  // Each test starts with an empty outbox (earlier tests' mails are not its business).
  await db.mailOutbox.deleteMany({});
});

afterAll(async () => {
  await smtp.stop();
  delete process.env.SMTP_URL;
  resetEnvCache();
});

async function setLocale(user: RegisteredUser, locale: "nl" | "en") {
  const res = await call(patchSettings, { token: user.token, ip: IP, method: "PATCH", json: { locale } });
  expect(res.status).toBe(200);
}

describe("the outbox", () => {
  it("keeps mails while the server is down and sends each once when it is back", async () => {
    await db.mailOutbox.deleteMany({});
    const user = await registerUser({ name: "Bram Visser" }); // the welcome mail
    const now = new Date();

    const down = await sendPendingMail(now);
    expect(down).toEqual({ sent: 0, failed: 0, retrying: 1 });
    const waiting = await db.mailOutbox.findFirstOrThrow({ where: { userId: user.id } });
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(waiting.nextAttemptAt.getTime()).toBe(now.getTime() + retryDelayMs(1));
    // Not due yet: a second run leaves it alone.
    expect(await sendPendingMail(new Date(now.getTime() + 1000))).toEqual({ sent: 0, failed: 0, retrying: 0 });

    await smtp.start(port);
    const later = new Date(now.getTime() + retryDelayMs(1) + 1000);
    expect(await sendPendingMail(later)).toEqual({ sent: 1, failed: 0, retrying: 0 });
    expect(await sendPendingMail(new Date(later.getTime() + 3600_000))).toEqual({ sent: 0, failed: 0, retrying: 0 });
    const mails = smtp.to(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain(`Message-ID: <${waiting.id}@kringwaar.nl>`);
    expect(mails[0]!.raw).toMatch(/^Subject: Welkom bij Kringwaar! Bevestig je e-mailadres$/m);
    expect(await db.mailOutbox.findUniqueOrThrow({ where: { id: waiting.id } })).toMatchObject({ status: "sent", attempts: 2 });
    await smtp.stop();
  });

  it("waits longer after each failure and gives up after the last try", async () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(20)).toBe(6 * 3600_000);
    const user = await registerUser();
    await db.mailOutbox.updateMany({ where: { userId: user.id }, data: { attempts: MAIL_MAX_ATTEMPTS - 1 } });
    expect(await sendPendingMail(new Date())).toEqual({ sent: 0, failed: 1, retrying: 0 });
    expect((await db.mailOutbox.findFirstOrThrow({ where: { userId: user.id } })).status).toBe("failed");
  });

  it("two senders at once never send the same mail twice", async () => {
    await smtp.start(port);
    try {
      const users = await Promise.all([1, 2, 3, 4, 5, 6].map(() => registerUser()));
      const [a, b] = await Promise.all([sendPendingMail(), sendPendingMail()]);
      expect(a.sent + b.sent).toBe(6);
      for (const user of users) expect(smtp.to(user.email)).toHaveLength(1);
    } finally {
      await smtp.stop();
    }
  });

  it("writes .eml files under DATA_DIR/mail without an SMTP server", async () => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    try {
      const user = await registerUser({ name: "Eva Eml" });
      expect((await sendPendingMail()).sent).toBe(1);
      const dir = path.join(env().DATA_DIR, "mail");
      const file = readdirSync(dir).map((f) => path.join(dir, f)).find((f) => readFileSync(f, "utf8").includes(`To: ${user.email}`));
      expect(file).toBeTruthy();
      const raw = decode(readFileSync(file!, "utf8"));
      expect(raw).toMatch(/^From: Kringwaar <noreply@kringwaar\.nl>$/m);
      expect(raw).toMatch(/Content-Type: multipart\/alternative/);
      expect(raw).toContain("Hoi Eva Eml,");
      expect(raw).toMatch(/http:\/\/localhost:3000\/confirm-email\?token=[A-Za-z0-9_-]+/);
    } finally {
      useSmtp(port);
    }
  });
});

describe("mails in the user's language", () => {
  it("a sale mails the seller and the buyer, each in their own language, the buyer with the pickup code", async () => {
    const seller = await registerUser({ name: "Henk Smit" });
    const buyer = await registerUser({ name: "Olivia Brown" });
    await setLocale(buyer, "en");
    const productId = await productOf(seller, 4500, "Houten ladder");
    await db.mailOutbox.deleteMany({});
    const { orderId } = await buyAndPay(buyer, productId);
    const { pickupCode } = await db.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(pickupCode).toBeTruthy();

    await smtp.start(port);
    try {
      await sendPendingMail();
      const sold = smtp.to(seller.email);
      const paid = smtp.to(buyer.email);
      expect(sold).toHaveLength(1);
      expect(paid).toHaveLength(1);
      expect(sold[0]!.raw).toMatch(/^Subject: Verkocht: Houten ladder$/m);
      expect(sold[0]!.raw).toContain("Hoi Henk Smit,");
      expect(sold[0]!.raw).toContain("vraag bij de overdracht om de ophaalcode");
      expect(sold[0]!.raw).not.toContain(pickupCode!);
      expect(paid[0]!.raw).toMatch(/^Subject: Payment received: Houten ladder$/m);
      expect(paid[0]!.raw).toContain("Hi Olivia Brown,");
      expect(paid[0]!.raw).toContain(`Your pickup code is ${pickupCode}.`);
      // Both are about money: strictly needed, no unsubscribe.
      expect(paid[0]!.raw).not.toMatch(/List-Unsubscribe/);
    } finally {
      await smtp.stop();
    }
  });

  it("escapes what users typed in the HTML part", async () => {
    const seller = await registerUser({ name: "Henk <b>Smit</b>" });
    const buyer = await registerUser();
    const productId = await productOf(seller, 4500, 'Lamp <img src=x onerror="alert(1)">');
    await buyAndPay(buyer, productId);
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { userId: seller.id, template: "order_sold" } });
    expect(mail.html).toContain("Henk &lt;b&gt;Smit&lt;/b&gt;");
    expect(mail.html).toContain("Lamp &lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(mail.html).not.toContain("<img");
  });
});

describe("preferences and unsubscribing", () => {
  it("GET and PATCH /api/users/me/settings", async () => {
    const user = await registerUser();
    const initial = await call(getSettings, { token: user.token, ip: IP });
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({
      locale: "nl",
      email_verified: false,
      mail_preferences: { account: true, transactions: true, messages: true, offers: true, support: true },
      required_categories: ["account", "transactions"],
    });
    const changed = await call(patchSettings, { token: user.token, ip: IP, method: "PATCH", json: { locale: "en", mail_preferences: { messages: false } } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ locale: "en", mail_preferences: { messages: false, offers: true } });

    for (const json of [{ mail_preferences: { transactions: false } }, { mail_preferences: { spam: true } }, { locale: "de" }, { colour: "blue" }]) {
      const res = await call(patchSettings, { token: user.token, ip: IP, method: "PATCH", json });
      expect(res.status, JSON.stringify(json)).toBe(422);
    }
    expect((await call(getSettings, { token: user.token, ip: IP })).body).toMatchObject({ locale: "en", mail_preferences: { messages: false, transactions: true } });
    expect((await call(getSettings, { ip: IP })).status).toBe(401);
  });

  it("a one-click unsubscribe stops that category; a forged link changes nothing", async () => {
    const user = await registerUser();
    await db.$transaction((tx) => enqueueMail(tx, { userId: user.id, template: "ticket_reply", data: { subject: "Mijn fiets" } }));
    await smtp.start(port);
    let raw: string;
    try {
      await sendPendingMail();
      raw = smtp.to(user.email).find((m) => m.raw.includes("Mijn fiets"))!.headers;
    } finally {
      await smtp.stop();
    }
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const header = /^List-Unsubscribe: <([^>]+)>$/m.exec(raw)?.[1];
    expect(header).toMatch(/^http:\/\/localhost:3000\/api\/mail\/unsubscribe\?token=/);
    const token = new URL(header!).searchParams.get("token")!;

    // Forged: another category, or another user, with this signature.
    const [id, , sig] = token.split(".");
    const forged = [`${id}.messages.${sig}`, `${(await registerUser()).id}.support.${sig}`, "nonsense"];
    for (const bad of forged) {
      const res = await call(unsubscribePost, { ip: IP, method: "POST", path: `/api/mail/unsubscribe?token=${encodeURIComponent(bad)}`, body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } });
      expect(res.status).toBe(400);
    }
    // GET (a link scanner) does not unsubscribe: it shows the page.
    const get = await call(unsubscribeGet, { ip: IP, path: `/api/mail/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(get.status).toBe(303);
    expect((await call(getSettings, { token: user.token, ip: IP })).body.mail_preferences.support).toBe(true);

    // The mail program's one-click POST, without any login.
    const res = await call(unsubscribePost, { ip: IP, method: "POST", path: `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`, body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(200);
    expect((await call(getSettings, { token: user.token, ip: IP })).body.mail_preferences).toMatchObject({ support: false, messages: true });
    const written = await db.$transaction((tx) => enqueueMail(tx, { userId: user.id, template: "ticket_reply", data: { subject: "Nog een vraag" } }));
    expect(written).toBe(false);
    // Mails about money still come.
    expect(await db.$transaction((tx) => enqueueMail(tx, { userId: user.id, template: "payout_sent", data: { amount: "€ 10,00", productTitle: "Stoel" } }))).toBe(true);
  });
});

describe("welcome mail and address confirmation", () => {
  it("registration writes the welcome mail; its link confirms the address", async () => {
    const user = await registerUser({ name: "Noor Bakker" });
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { userId: user.id, template: "welcome" } });
    expect(mail.subject).toBe("Welkom bij Kringwaar! Bevestig je e-mailadres");
    const token = /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();

    expect((await call(confirmEmailRoute, { ip: IP, method: "POST", json: { token: `${token}x` } })).status).toBe(400);
    expect((await call(getSettings, { token: user.token, ip: IP })).body.email_verified).toBe(false);
    const ok = await call(confirmEmailRoute, { ip: IP, method: "POST", json: { token } });
    expect(ok.status).toBe(200);
    const settings = (await call(getSettings, { token: user.token, ip: IP })).body;
    expect(settings.email_verified).toBe(true);
    // A second click still says yes and changes nothing.
    expect((await call(confirmEmailRoute, { ip: IP, method: "POST", json: { token } })).status).toBe(200);
    expect((await call(getSettings, { token: user.token, ip: IP })).body.email_verified_at).toBe(settings.email_verified_at);
    // Confirmed: no new link.
    expect((await call(resendRoute, { token: user.token, ip: IP, method: "POST" })).status).toBe(409);
  });

  it("sends a new link on request; the old one stops working; 3 an hour", async () => {
    const user = await registerUser();
    const linkOf = (text: string) => /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
    const first = linkOf((await db.mailOutbox.findFirstOrThrow({ where: { userId: user.id, template: "welcome" } })).text);
    expect((await call(resendRoute, { token: user.token, ip: IP, method: "POST" })).status).toBe(202);
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { userId: user.id, template: "email_confirmation" } });
    expect(mail.subject).toBe("Bevestig je e-mailadres");
    expect((await call(confirmEmailRoute, { ip: IP, method: "POST", json: { token: first } })).status).toBe(400);
    expect((await call(confirmEmailRoute, { ip: IP, method: "POST", json: { token: linkOf(mail.text) } })).status).toBe(200);
    await db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: null } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(resendRoute, { token: user.token, ip: IP, method: "POST" })).status);
    expect(statuses).toEqual([202, 202, 429]);
  });
});

describe("unread messages", () => {
  it("mails a message left unread for 10 minutes, at most once per conversation per hour", async () => {
    const seller = await registerUser({ name: "Sem Verkoper" });
    const buyer = await registerUser({ name: "Kim Koper" });
    const productId = await productOf(seller, 2000, "Racefiets");
    const started = await call(startConversation, {
      token: buyer.token,
      ip: IP,
      method: "POST",
      json: { product_id: productId, recipient_id: seller.id, initial_message: "Is hij nog te koop?" },
    });
    expect(started.status).toBe(201);
    const now = Date.now();
    expect(await queueUnreadMessageMails(new Date(now + 5 * 60_000))).toBe(0);
    expect(await queueUnreadMessageMails(new Date(now + 11 * 60_000))).toBe(1);
    expect(await queueUnreadMessageMails(new Date(now + 20 * 60_000))).toBe(0);
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { userId: seller.id, template: "unread_message" } });
    expect(mail.subject).toBe("Nieuw bericht van Kim Koper");
    expect(mail.text).toContain('"Racefiets"');
    expect(mail.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });

    // Read: no more reminders, even an hour later.
    const conversationId = started.body.id ?? started.body.conversation_id;
    expect((await call(readMessages, { token: seller.token, ip: IP, params: { id: conversationId } })).status).toBe(200);
    expect(await queueUnreadMessageMails(new Date(now + 90 * 60_000))).toBe(0);
  });
});
