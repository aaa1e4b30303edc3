// Messages the system writes (docs/messaging.md "System messages"): an offer is stored as
// an event with its amount in cents and shown in each reader's language and number
// format: in the thread, the conversation list's preview, the notifications and the
// seller's new-offer mail; rows written the old way (Dutch text) are converted by the
// migration and then read the same way.
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as startRoute } from "@/app/api/conversations/route";
import { GET as readRoute } from "@/app/api/conversations/[id]/messages/route";
import { POST as offerRoute } from "@/app/api/conversations/[id]/offers/route";
import { POST as acceptRoute } from "@/app/api/offers/[id]/accept/route";
import { POST as counterRoute } from "@/app/api/offers/[id]/counter/route";
import { GET as conversationsRoute } from "@/app/api/messages/conversations/route";
import { GET as notificationsRoute } from "@/app/api/notifications/route";
import { PATCH as patchSettings } from "@/app/api/users/me/settings/route";
import { db } from "@/lib/platform/db/client";
import { poolConfigFromUrl } from "@/lib/platform/db/connection";
import { resetEnvCache } from "@/lib/platform/env";
import { sendPendingMail } from "@/lib/platform/mail/outbox";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { productOf } from "../../support/orders";
import { TestSmtp, useSmtp } from "../../support/smtp";

const IP = "198.51.100.141";
const MIGRATION = path.resolve("prisma/migrations/20261207203000_events_system_events/migration.sql");

let buyer: RegisteredUser;
let englishSeller: RegisteredUser;
let dutchSeller: RegisteredUser;
const smtp = new TestSmtp();

async function speaks(user: RegisteredUser, locale: "nl" | "en") {
  expect((await call(patchSettings, { token: user.token, ip: IP, method: "PATCH", json: { locale } })).status).toBe(200);
}

beforeAll(async () => {
  buyer = await registerUser({ name: "Sanne" });
  englishSeller = await registerUser({ name: "Oliver" });
  dutchSeller = await registerUser({ name: "Tijs" });
  await speaks(buyer, "nl");
  await speaks(englishSeller, "en");
  await speaks(dutchSeller, "nl");
  useSmtp(await smtp.start());
});

afterAll(async () => {
  await smtp.stop();
  delete process.env.SMTP_URL;
  resetEnvCache();
});

async function offerTo(seller: RegisteredUser, title: string, amount: number) {
  const productId = await productOf(seller, amount * 100 + 1500, title);
  const started = await call(startRoute, { ip: IP, token: buyer.token, json: { product_id: productId, recipient_id: seller.id, initial_message: "Is hij er nog?" } });
  const conversationId = started.body.id as string;
  const offer = await call(offerRoute, { ip: IP, token: buyer.token, params: { id: conversationId }, json: { amount } });
  expect(offer.status).toBe(201);
  return { productId, conversationId, offerId: offer.body.id as string };
}

const conversations = (user: RegisteredUser, headers: Record<string, string> = {}) =>
  call(conversationsRoute, { ip: IP, token: user.token, path: "/api/messages/conversations", headers });
const notifications = (user: RegisteredUser) => call(notificationsRoute, { ip: IP, token: user.token, path: "/api/notifications" });
const thread = (user: RegisteredUser, id: string) => call(readRoute, { ip: IP, token: user.token, params: { id } });

describe("an offer in the reader's language", () => {
  it("tells an English seller in English with English money, a Dutch buyer in Dutch, and gives apps the event", async () => {
    const { conversationId, offerId } = await offerTo(englishSeller, "Leren tas", 45);

    const [note] = (await notifications(englishSeller)).body;
    expect(note).toMatchObject({ event: "offer.made", title: "New offer", message: 'Sanne offers €45.00 for "Leren tas".' });
    expect(note.data).toMatchObject({ amountCents: 4500, conversationId, offerId });

    const seen = (await conversations(englishSeller)).body.find((c: { id: string }) => c.id === conversationId);
    expect(seen.last_message).toBe("Offer: €45.00");
    expect(seen.last_message_event).toEqual({ kind: "offer", data: { offer_id: offerId, amount_cents: 4500, made_by: "buyer" } });
    const mine = (await conversations(buyer)).body.find((c: { id: string }) => c.id === conversationId);
    expect(mine.last_message).toMatch(/^Bod: €\s45,00$/);
    // The page's language cookie wins over the account's language.
    const onEnglishPage = (await conversations(buyer, { cookie: "kringwaar_locale=en" })).body.find((c: { id: string }) => c.id === conversationId);
    expect(onEnglishPage.last_message).toBe("Offer: €45.00");

    const last = (await thread(englishSeller, conversationId)).body.at(-1);
    expect(last).toMatchObject({ content: "Offer: €45.00", event: { kind: "offer", data: { amount_cents: 4500 } } });
    expect((await thread(buyer, conversationId)).body[0]).toMatchObject({ content: "Is hij er nog?", event: null });

    const counter = await call(counterRoute, { ip: IP, token: englishSeller.token, method: "POST", params: { id: offerId }, json: { amount: 52.5 } });
    expect(counter.status).toBe(200);
    expect((await thread(buyer, conversationId)).body.at(-1).content).toMatch(/^Tegenbod: €\s52,50$/);
    expect((await thread(englishSeller, conversationId)).body.at(-1).content).toBe("Counter-offer: €52.50");
    const [countered] = (await notifications(buyer)).body;
    expect(countered.message).toMatch(/^Oliver doet een tegenbod van €\s52,50 op "Leren tas"\.$/);
  });

  it("tells a Dutch seller in Dutch with Dutch money", async () => {
    const { conversationId } = await offerTo(dutchSeller, "Houten stoel", 45);
    const [note] = (await notifications(dutchSeller)).body;
    expect(note.title).toBe("Nieuw bod");
    expect(note.message).toMatch(/^Sanne biedt €\s45,00 voor "Houten stoel"\.$/);
    const seen = (await conversations(dutchSeller)).body.find((c: { id: string }) => c.id === conversationId);
    expect(seen.last_message).toMatch(/^Bod: €\s45,00$/);
  });
});

describe("the seller's mail for a new offer", () => {
  it("goes out in the seller's language over SMTP, and not to a seller who turned it off", async () => {
    await db.mailOutbox.deleteMany({});
    const quiet = await registerUser({ name: "Fenna" });
    expect((await call(patchSettings, { token: quiet.token, ip: IP, method: "PATCH", json: { mail_preferences: { new_offers: false } } })).status).toBe(200);
    await offerTo(englishSeller, "Racefiets", 120);
    await offerTo(dutchSeller, "Bureaulamp", 25);
    await offerTo(quiet, "Kapstok", 30);
    await sendPendingMail(new Date());

    const english = smtp.to(englishSeller.email).find((m) => m.raw.includes("Racefiets"))!;
    expect(english.raw).toMatch(/^Subject: New offer on Racefiets$/m);
    expect(english.raw).toContain('Sanne offers €120.00 for "Racefiets".');
    const dutch = smtp.to(dutchSeller.email).find((m) => m.raw.includes("Bureaulamp"))!;
    expect(dutch.raw).toMatch(/^Subject: Nieuw bod op Bureaulamp$/m);
    expect(dutch.raw).toMatch(/Sanne biedt €\s25,00 voor "Bureaulamp"\./);
    expect(smtp.to(quiet.email).filter((m) => m.raw.includes("Kapstok"))).toHaveLength(0);
    // The buyer who made the offer gets no such mail.
    expect(smtp.to(buyer.email).filter((m) => /Subject: (Nieuw bod|New offer)/.test(m.raw))).toHaveLength(0);
  });

  it("goes out for the buyer's counter-offer too, and not to the buyer for the seller's counter", async () => {
    await db.mailOutbox.deleteMany({});
    const { offerId } = await offerTo(dutchSeller, "Spiegel", 60);
    const sellersCounter = await call(counterRoute, { ip: IP, token: dutchSeller.token, method: "POST", params: { id: offerId }, json: { amount: 72 } });
    expect(sellersCounter.status).toBe(200);
    await sendPendingMail(new Date());
    expect(smtp.to(buyer.email).filter((m) => m.raw.includes("Spiegel"))).toHaveLength(0);

    const buyersCounter = await call(counterRoute, { ip: IP, token: buyer.token, method: "POST", params: { id: sellersCounter.body.id }, json: { amount: 67.5 } });
    expect(buyersCounter.status).toBe(200);
    await sendPendingMail(new Date());
    const mails = smtp.to(dutchSeller.email).filter((m) => m.raw.includes("Spiegel"));
    expect(mails).toHaveLength(2);
    expect(mails[1]!.raw).toMatch(/^Subject: Nieuw bod op Spiegel$/m);
    expect(mails[1]!.raw).toMatch(/Sanne biedt €\s67,50 voor "Spiegel"\./);
  });
});

describe("the chat's offer button", () => {
  it("knows from the conversation whether an offer was accepted and whether the product is still for sale", async () => {
    const { conversationId, offerId, productId } = await offerTo(dutchSeller, "Vaas", 40);
    const before = (await conversations(buyer)).body.find((c: { id: string }) => c.id === conversationId);
    expect(before).toMatchObject({ product_status: "available", agreed_price: null });
    expect((await call(acceptRoute, { ip: IP, token: dutchSeller.token, method: "POST", params: { id: offerId }, json: {} })).status).toBe(200);
    const after = (await conversations(buyer)).body.find((c: { id: string }) => c.id === conversationId);
    expect(after).toMatchObject({ product_status: "available", agreed_price: 40 });
    await db.product.update({ where: { id: productId }, data: { status: "sold" } });
    expect((await conversations(buyer)).body.find((c: { id: string }) => c.id === conversationId).product_status).toBe("sold");
  });
});

describe("rows written the old way", () => {
  it("are converted by the migration and then shown in each reader's language", async () => {
    const { conversationId, offerId } = await offerTo(englishSeller, "Oude klok", 45);
    // As the old code wrote them: Dutch text, no event, money and deadline as Dutch text.
    const message = await db.message.findFirstOrThrow({ where: { offerId } });
    await db.message.update({ where: { id: message.id }, data: { content: "Bod: € 45,00", event: null, eventData: undefined } });
    await db.$executeRaw`UPDATE messages SET event_data = NULL WHERE id = ${message.id}::uuid`;
    const old = await db.notification.create({
      data: {
        userId: englishSeller.id,
        type: "order",
        title: "Je pakket is bezorgd",
        message: 'Oud bericht over "Oude klok"',
        event: "shipping.delivered",
        data: { orderId: offerId, productTitle: "Oude klok", amount: "€ 1.234,50", claimUntil: "9-12-2026 14:30" },
      },
    });
    const client = new pg.Client(poolConfigFromUrl(process.env.DATABASE_URL!));
    await client.connect();
    try {
      await client.query(readFileSync(MIGRATION, "utf8"));
    } finally {
      await client.end();
    }

    const converted = await db.message.findUniqueOrThrow({ where: { id: message.id } });
    expect(converted).toMatchObject({ event: "offer", eventData: { offer_id: offerId, amount_cents: 4500, made_by: "buyer" } });
    expect((await db.notification.findUniqueOrThrow({ where: { id: old.id } })).data).toEqual({
      orderId: offerId,
      productTitle: "Oude klok",
      amountCents: 123450,
      claimUntilAt: "2026-12-09T13:30:00.000Z",
    });

    expect((await thread(englishSeller, conversationId)).body.at(-1).content).toBe("Offer: €45.00");
    expect((await thread(buyer, conversationId)).body.at(-1).content).toMatch(/^Bod: €\s45,00$/);
    const english = (await notifications(englishSeller)).body.find((n: { id: string }) => n.id === old.id);
    expect(english.message).toBe('"Oude klok" was delivered. Check it and report a problem before 9 Dec 2026, 14:30; after that we confirm the delivery automatically.');
    await speaks(englishSeller, "nl");
    const dutch = (await notifications(englishSeller)).body.find((n: { id: string }) => n.id === old.id);
    expect(dutch.message).toBe('"Oude klok" is bezorgd. Controleer het en meld een probleem vóór 9 dec 2026, 14:30; daarna bevestigen we de ontvangst automatisch.');
    await speaks(englishSeller, "en");
  });
});
