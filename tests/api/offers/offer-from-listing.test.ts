// Offers from the listing (POST /api/products/{id}/offers), the
// seller's minimum offer (`min_offer` on the listing API, 50% of the price without one)
// applied to every buyer-side offer (listing, chat, counters), and the seller card's
// figures on GET /api/users/{id}/profile (sales, usual response time, last active).
import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { POST as listingOfferRoute } from "@/app/api/products/[id]/offers/route";
import { GET as getProductRoute, PUT as updateProductRoute } from "@/app/api/products/[id]/route";
import { POST as startRoute } from "@/app/api/conversations/route";
import { POST as chatOfferRoute } from "@/app/api/conversations/[id]/offers/route";
import { POST as sendRoute } from "@/app/api/conversations/[id]/messages/route";
import { POST as counterRoute } from "@/app/api/offers/[id]/counter/route";
import { GET as profileRoute } from "@/app/api/users/[id]/profile/route";
import { GET as meRoute } from "@/app/api/users/me/route";
import { db } from "@/lib/platform/db/client";
import { call, type CallResult } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { listingPayload, listProduct } from "../../support/catalog";
import { productOf } from "../../support/orders";

const IP = "198.51.100.93";

let seller: RegisteredUser;
let buyer: RegisteredUser;

beforeAll(async () => {
  seller = await registerUser({ name: "Fenna Bakker" });
  buyer = await registerUser({ name: "Joris Smit" });
});

function listingOffer(user: RegisteredUser | null, productId: string, amount: unknown): Promise<CallResult> {
  return call(listingOfferRoute, { ip: IP, token: user?.token, params: { id: productId }, json: { amount } });
}
function send(user: RegisteredUser, conversationId: string, content: string): Promise<CallResult> {
  return call(sendRoute, { ip: IP, token: user.token, method: "POST", params: { id: conversationId }, path: `/api/conversations/${conversationId}/messages?content=${encodeURIComponent(content)}` });
}
const offerCount = () => db.offer.count();
const conversationCount = () => db.conversation.count();

describe("an offer from the listing", () => {
  it("makes the conversation and sends the offer in one step (201); a second listing offer uses the same conversation", async () => {
    const productId = await productOf(seller, 10000, "Rotan stoel");
    const res = await listingOffer(buyer, productId, "70");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount_cents: 7000, status: "pending", made_by: "buyer", buyer_id: buyer.id, seller_id: seller.id, product_id: productId });
    const conv = await db.conversation.findUniqueOrThrow({ where: { id: res.body.conversation_id } });
    expect(conv).toMatchObject({ productId, buyerId: buyer.id, sellerId: seller.id });
    const message = await db.message.findUniqueOrThrow({ where: { id: res.body.message_id } });
    expect(message).toMatchObject({ conversationId: conv.id, senderId: buyer.id, offerId: res.body.id });
    // The open offer blocks a second one (409); once it is gone the next goes in the same thread.
    expect((await listingOffer(buyer, productId, "75")).status).toBe(409);
    await db.offer.update({ where: { id: res.body.id }, data: { status: "declined" } });
    const again = await listingOffer(buyer, productId, "75");
    expect(again.status).toBe(201);
    expect(again.body.conversation_id).toBe(conv.id);
  });

  it("uses an existing chat about the product", async () => {
    const productId = await productOf(seller, 10000, "Rotan tafel");
    const started = await call(startRoute, { ip: IP, token: buyer.token, json: { product_id: productId, recipient_id: seller.id, initial_message: "Is hij nog te koop?" } });
    const res = await listingOffer(buyer, productId, 80);
    expect(res.status).toBe(201);
    expect(res.body.conversation_id).toBe(started.body.id);
  });

  it("refuses and changes nothing: not signed in 401, own listing 403, unknown 404, not listed 409, not below the price 422", async () => {
    const productId = await productOf(seller, 10000, "Rotan kast");
    const [offers, conversations] = [await offerCount(), await conversationCount()];
    expect((await listingOffer(null, productId, "70")).status).toBe(401);
    const own = await listingOffer(seller, productId, "70");
    expect(own.status).toBe(403);
    expect(own.body.code).toBe("own_product");
    expect((await listingOffer(buyer, randomUUID(), "70")).status).toBe(404);
    expect((await listingOffer(buyer, "not-a-uuid", "70")).status).toBe(404);
    expect((await listingOffer(buyer, productId, "100")).body.code).toBe("not_below_price");
    expect((await listingOffer(buyer, productId, "abc")).status).toBe(422);
    for (const status of ["sold", "reserved"] as const) {
      const other = await productOf(seller, 10000, `Rotan bank ${status}`);
      await db.product.update({ where: { id: other }, data: { status } });
      const res = await listingOffer(buyer, other, "70");
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("product_unavailable");
    }
    const deleted = await productOf(seller, 10000, "Rotan bed");
    await db.product.update({ where: { id: deleted }, data: { deletedAt: new Date() } });
    expect((await listingOffer(buyer, deleted, "70")).status).toBe(404);
    const hidden = await productOf(seller, 10000, "Rotan lamp");
    await db.product.update({ where: { id: hidden }, data: { hiddenAt: new Date() } });
    expect((await listingOffer(buyer, hidden, "70")).status).toBe(404);
    expect([await offerCount(), await conversationCount()]).toEqual([offers, conversations]);
  });
});

describe("how low a buyer may go", () => {
  it("without a minimum: under half the price is refused (422 offer_too_low), half is fine; no conversation is left behind", async () => {
    const productId = await productOf(seller, 10001, "Zitzak");
    const conversations = await conversationCount();
    const low = await listingOffer(buyer, productId, "50");
    expect(low.status).toBe(422);
    expect(low.body).toMatchObject({ code: "offer_too_low", detail: "This offer is too low for the seller" });
    // The refusal does not give the minimum away.
    expect(JSON.stringify(low.body)).not.toMatch(/50[.,]01/);
    expect(await conversationCount()).toBe(conversations);
    expect((await listingOffer(buyer, productId, "50,01")).status).toBe(201);
  });

  it("the seller's minimum rules instead (higher or lower than half), from the listing and in the chat", async () => {
    const high = await productOf(seller, 10000, "Fauteuil");
    await db.product.update({ where: { id: high }, data: { minOfferCents: 8000 } });
    expect((await listingOffer(buyer, high, "79,99")).body.code).toBe("offer_too_low");
    expect((await listingOffer(buyer, high, "80")).status).toBe(201);

    const low = await productOf(seller, 10000, "Poef");
    await db.product.update({ where: { id: low }, data: { minOfferCents: 2000 } });
    expect((await listingOffer(buyer, low, "19,99")).status).toBe(422);
    expect((await listingOffer(buyer, low, "20")).status).toBe(201);

    // The chat's offer endpoint applies the same rule.
    const chat = await productOf(seller, 10000, "Hocker");
    await db.product.update({ where: { id: chat }, data: { minOfferCents: 6000 } });
    const conv = await call(startRoute, { ip: IP, token: buyer.token, json: { product_id: chat, recipient_id: seller.id, initial_message: "Hoi!" } });
    const inChat = (amount: string) => call(chatOfferRoute, { ip: IP, token: buyer.token, params: { id: conv.body.id }, json: { amount } });
    const refused = await inChat("59");
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("offer_too_low");
    expect((await inChat("60")).status).toBe(201);
  });

  it("the chat without a minimum: under half is refused too", async () => {
    const productId = await productOf(seller, 4000, "Krukje");
    const conv = await call(startRoute, { ip: IP, token: buyer.token, json: { product_id: productId, recipient_id: seller.id, initial_message: "Hoi" } });
    const res = await call(chatOfferRoute, { ip: IP, token: buyer.token, params: { id: conv.body.id }, json: { amount: "19,99" } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("offer_too_low");
  });

  it("counters: the buyer's counter obeys the minimum, the seller's own counter does not", async () => {
    const productId = await productOf(seller, 10000, "Spiegel");
    await db.product.update({ where: { id: productId }, data: { minOfferCents: 7000 } });
    const made = await listingOffer(buyer, productId, "75");
    // The seller counters lower than their own minimum: their call.
    const counter = await call(counterRoute, { ip: IP, token: seller.token, method: "POST", params: { id: made.body.id }, json: { amount: "60" } });
    expect(counter.status).toBe(200);
    expect(counter.body).toMatchObject({ made_by: "seller", amount_cents: 6000 });
    // The buyer's counter below the minimum is refused, and the seller's counter stays open.
    const back = await call(counterRoute, { ip: IP, token: buyer.token, method: "POST", params: { id: counter.body.id }, json: { amount: "55" } });
    expect(back.status).toBe(422);
    expect(back.body.code).toBe("offer_too_low");
    expect((await db.offer.findUniqueOrThrow({ where: { id: counter.body.id } })).status).toBe("pending");
  });
});

describe("min_offer on the listing API", () => {
  it("is set in euros like price, shown to the seller only, kept when left out of an edit and cleared with null", async () => {
    const product = await listProduct(seller, { price: 100, min_offer: "65,50" });
    expect(product.min_offer).toBe(65.5);
    expect((await db.product.findUniqueOrThrow({ where: { id: product.id } })).minOfferCents).toBe(6550);
    // Buyers and visitors never see it.
    expect((await call(getProductRoute, { token: buyer.token, params: { id: product.id } })).body).not.toHaveProperty("min_offer");
    expect((await call(getProductRoute, { params: { id: product.id } })).body).not.toHaveProperty("min_offer");
    expect((await call(getProductRoute, { token: seller.token, params: { id: product.id } })).body.min_offer).toBe(65.5);

    const edit = async (overrides: Record<string, unknown>) =>
      call(updateProductRoute, { token: seller.token, method: "PUT", params: { id: product.id }, json: await listingPayload(seller, { images: product.images, location_id: product.location_id, price: 100, ...overrides }) });
    expect((await edit({})).body.min_offer).toBe(65.5);
    expect((await edit({ min_offer: 70 })).body.min_offer).toBe(70);
    expect((await edit({ min_offer: null })).body.min_offer).toBeNull();
  });

  it("refuses a minimum that is not a valid amount or not below the price (422), and lists without one by default", async () => {
    for (const min_offer of ["abc", -5, 0, "1,234", 100, 150]) {
      const res = await call(updateProductRoute, { token: seller.token, method: "PUT", params: { id: randomUUID() }, json: await listingPayload(seller, { price: 100, min_offer }) });
      expect(res.status, String(min_offer)).toBe(422);
      expect(res.body.errors?.[0]?.field ?? res.body.detail).toMatch(/min_offer|minimum offer/i);
    }
    expect((await listProduct(seller)).min_offer).toBeNull();
  });
});

describe("the seller card's figures", () => {
  it("counts completed sales, keeps the usual response time from replies and the last active hour", async () => {
    const figures = await registerUser({ name: "Lotte Visser" });
    const fresh = (await call(profileRoute, { params: { id: figures.id } })).body;
    expect(fresh).toMatchObject({ sales_count: 0, response_minutes: null, response_time: null });
    // Registering and calling the API as this user counts as activity (this hour).
    await call(meRoute, { token: figures.token });
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
    expect((await call(profileRoute, { params: { id: figures.id } })).body.last_active_at).toBe(hour);

    // A buyer writes; the seller answers 30 minutes later: "within an hour".
    const productId = await productOf(figures, 5000, "Boekenkast");
    const conv = await call(startRoute, { ip: IP, token: buyer.token, json: { product_id: productId, recipient_id: figures.id, initial_message: "Nog beschikbaar?" } });
    await db.message.updateMany({ where: { conversationId: conv.body.id }, data: { createdAt: new Date(Date.now() - 30 * 60_000) } });
    expect((await send(figures, conv.body.id, "Ja, hoor")).status).toBe(201);
    // A second message in a row by the seller is no reply: the figure stays.
    await send(figures, conv.body.id, "Groet");
    let profile = (await call(profileRoute, { params: { id: figures.id } })).body;
    expect(profile.response_minutes).toBe(30);
    expect(profile.response_time).toBe("hour");

    // Slow replies move it: answers after three days (each in a new chat) make it "a few days".
    const asker = await registerUser({ name: "Bram de Wit" });
    for (let i = 0; i < 3; i += 1) {
      const other = await productOf(figures, 5000, `Ladekast ${i}`);
      const chat = await call(startRoute, { ip: IP, token: asker.token, json: { product_id: other, recipient_id: figures.id, initial_message: "Hallo" } });
      await db.message.updateMany({ where: { conversationId: chat.body.id }, data: { createdAt: new Date(Date.now() - 3 * 24 * 60 * 60_000) } });
      await send(figures, chat.body.id, "Ok");
    }
    profile = (await call(profileRoute, { params: { id: figures.id } })).body;
    expect(profile.response_minutes).toBeGreaterThan(24 * 60);
    expect(profile.response_time).toBe("days");

    // Completed orders only.
    for (const status of ["completed", "completed", "held", "refunded"] as const) {
      const sold = await productOf(figures, 2000, `Verkocht ${status}`);
      await db.order.create({ data: { buyerId: buyer.id, sellerId: figures.id, productId: sold, amountCents: 2000, commissionCents: 100, totalCents: 2100, status } });
    }
    expect((await call(profileRoute, { params: { id: figures.id } })).body.sales_count).toBe(2);
  });
});
