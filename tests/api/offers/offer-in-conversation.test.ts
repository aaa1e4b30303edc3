// Offers (docs/messaging.md "Offers"): the buyer offers below the price in the
// conversation; the seller accepts, declines or counters; the maker withdraws; pending
// offers expire after 48 hours (the escrow job); an accepted offer's price holds for that
// buyer's checkout (Buy Now and cart) only. Every refusal leaves the offers unchanged.
import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { POST as startRoute } from "@/app/api/conversations/route";
import { GET as readRoute } from "@/app/api/conversations/[id]/messages/route";
import { POST as offerRoute } from "@/app/api/conversations/[id]/offers/route";
import { POST as acceptRoute } from "@/app/api/offers/[id]/accept/route";
import { POST as declineRoute } from "@/app/api/offers/[id]/decline/route";
import { POST as counterRoute } from "@/app/api/offers/[id]/counter/route";
import { POST as withdrawRoute } from "@/app/api/offers/[id]/withdraw/route";
import { db } from "@/lib/platform/db/client";
import { runJobs } from "@/lib/domains/jobs";
import { call, type CallResult } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { cartCheckout, checkout, eventsOf, productOf, sessionRow } from "../../support/orders";

const IP = "198.51.100.92";
const HOUR = 60 * 60 * 1000;

let seller: RegisteredUser;
let buyer: RegisteredUser;
let stranger: RegisteredUser;

beforeAll(async () => {
  seller = await registerUser({ name: "Tijs van den Berg" });
  buyer = await registerUser({ name: "Sanne de Vries" });
  stranger = await registerUser({ name: "Daan Jansen" });
});

async function conversation(priceCents = 10000, title = "Eikenhouten kast", who: RegisteredUser = buyer) {
  const productId = await productOf(seller, priceCents, title);
  const res = await call(startRoute, { ip: IP, token: who.token, json: { product_id: productId, recipient_id: seller.id, initial_message: "Nog te koop?" } });
  return { productId, conversationId: res.body.id as string };
}
function offer(user: RegisteredUser | null, conversationId: string, amount: unknown, cookieLocale?: string): Promise<CallResult> {
  return call(offerRoute, {
    ip: IP,
    token: user?.token,
    params: { id: conversationId },
    json: { amount },
    headers: cookieLocale ? { cookie: `kringwaar_locale=${cookieLocale}` } : {},
  });
}
type Handler = typeof acceptRoute;
function act(handler: Handler, user: RegisteredUser | null, offerId: string, json: unknown = {}): Promise<CallResult> {
  return call(handler, { ip: IP, token: user?.token, method: "POST", params: { id: offerId }, json });
}
const statuses = async () => (await db.offer.findMany({ orderBy: { id: "asc" }, select: { id: true, status: true } }));

describe("making an offer", () => {
  it("the buyer offers below the price: 201, a pending offer that shows in the thread; the seller is notified", async () => {
    const { conversationId } = await conversation();
    const res = await offer(buyer, conversationId, "80,50");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: 80.5, amount_cents: 8050, status: "pending", made_by: "buyer", conversation_id: conversationId });
    const expires = new Date(res.body.expires_at).getTime() - Date.now();
    expect(expires).toBeGreaterThan(47 * HOUR);
    expect(expires).toBeLessThanOrEqual(48 * HOUR);
    const thread = await call(readRoute, { ip: IP, token: seller.token, params: { id: conversationId } });
    const last = thread.body.at(-1);
    expect(last.offer).toMatchObject({ id: res.body.id, amount: 80.5, status: "pending" });
    expect(last.id).toBe(res.body.message_id);
    expect(await eventsOf(seller.id)).toContain("offer.made");
  });

  it("reads the amount in the page's language and accepts a number of euros from the apps", async () => {
    const a = await conversation(200000, "Piano");
    expect((await offer(buyer, a.conversationId, "1.250", "nl")).body.amount_cents).toBe(125000);
    const b = await conversation(200000, "Vleugel");
    expect((await offer(buyer, b.conversationId, 1250.5)).body.amount_cents).toBe(125050);
    const c = await conversation(200000, "Orgel");
    const ambiguous = await offer(buyer, c.conversationId, "1,250", "nl");
    expect(ambiguous.status).toBe(422);
    expect(ambiguous.body.code).toBe("amount_ambiguous");
  });

  it("refuses: anonymous 401, outsider 404, the seller 403, bad or not-below amount 422, a second pending 409", async () => {
    const { conversationId } = await conversation(5000, "Stoel");
    const before = await statuses();
    expect((await offer(null, conversationId, "10")).status).toBe(401);
    expect((await offer(stranger, conversationId, "10")).status).toBe(404);
    expect((await offer(buyer, randomUUID(), "10")).status).toBe(404);
    expect((await offer(seller, conversationId, "10")).status).toBe(403);
    for (const amount of ["", "abc", "-5", "0", "50", "60", null]) {
      expect((await offer(buyer, conversationId, amount)).status).toBe(422);
    }
    expect(await statuses()).toEqual(before);
    expect((await offer(buyer, conversationId, "40")).status).toBe(201);
    const second = await offer(buyer, conversationId, "41");
    expect(second.status).toBe(409);
    expect(second.body.detail).toBe("You already have an open offer for this product");
  });

  it("refuses an offer on a sold product (409)", async () => {
    const { productId, conversationId } = await conversation(5000, "Lamp");
    await db.product.update({ where: { id: productId }, data: { status: "sold" } });
    expect((await offer(buyer, conversationId, "40")).status).toBe(409);
  });
});

describe("answering an offer", () => {
  it("the seller declines: the buyer is notified; answering again is 409", async () => {
    const { conversationId } = await conversation(5000, "Bank");
    const made = (await offer(buyer, conversationId, "30")).body;
    const res = await act(declineRoute, seller, made.id);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("declined");
    expect(await eventsOf(buyer.id)).toContain("offer.declined");
    expect((await act(acceptRoute, seller, made.id)).status).toBe(409);
  });

  it("only the other party answers (403), strangers see nothing (404), anonymous 401", async () => {
    const { conversationId } = await conversation(5000, "Kruk");
    const made = (await offer(buyer, conversationId, "30")).body;
    expect((await act(acceptRoute, buyer, made.id)).status).toBe(403);
    expect((await act(withdrawRoute, seller, made.id)).status).toBe(403);
    expect((await act(acceptRoute, stranger, made.id)).status).toBe(404);
    expect((await act(acceptRoute, seller, randomUUID())).status).toBe(404);
    expect((await act(acceptRoute, null, made.id)).status).toBe(401);
    expect((await db.offer.findUniqueOrThrow({ where: { id: made.id } })).status).toBe("pending");
  });

  it("the buyer withdraws a pending offer; the seller is notified", async () => {
    const { conversationId } = await conversation(5000, "Spiegel");
    const made = (await offer(buyer, conversationId, "30")).body;
    expect((await act(withdrawRoute, buyer, made.id)).body.status).toBe("withdrawn");
    expect(await eventsOf(seller.id)).toContain("offer.withdrawn");
    // A new offer is possible once none is pending.
    expect((await offer(buyer, conversationId, "35")).status).toBe(201);
  });

  it("the seller counters: the old offer is countered, a new pending one by the seller; the buyer accepts it", async () => {
    const { conversationId } = await conversation(5000, "Dressoir");
    const made = (await offer(buyer, conversationId, "30")).body;
    expect((await act(counterRoute, seller, made.id, { amount: "60" })).status).toBe(422);
    const counter = await act(counterRoute, seller, made.id, { amount: "45" });
    expect(counter.status).toBe(200);
    expect(counter.body).toMatchObject({ status: "pending", made_by: "seller", amount_cents: 4500, previous: { id: made.id, status: "countered" } });
    expect(await eventsOf(buyer.id)).toContain("offer.countered");
    expect((await act(acceptRoute, seller, counter.body.id)).status).toBe(403);
    const accepted = await act(acceptRoute, buyer, counter.body.id);
    expect(accepted.body.status).toBe("accepted");
    expect(await eventsOf(seller.id)).toContain("offer.accepted");
  });
});

describe("an accepted offer in checkout", () => {
  it("Buy Now charges that buyer the offer amount plus 5%; another buyer pays the list price", async () => {
    const { productId, conversationId } = await conversation(10000, "Fauteuil");
    const made = (await offer(buyer, conversationId, "80")).body;
    await act(acceptRoute, seller, made.id);
    const other = await registerUser({ name: "Andere Koper" });
    const theirs = await checkout(other, productId);
    expect(theirs.status).toBe(200);
    expect((await sessionRow(theirs.body.session_id)).amountTotalCents).toBe(10500);
    // The other buyer's unpaid reservation blocks; once it lapses, ours is at the offer price.
    await db.order.updateMany({ where: { productId, status: "pending" }, data: { status: "cancelled" } });
    await db.product.update({ where: { id: productId }, data: { status: "available", reservedUntil: null } });
    const mine = await checkout(buyer, productId);
    expect(mine.status).toBe(200);
    const session = await sessionRow(mine.body.session_id);
    expect(session.amountTotalCents).toBe(8400);
    expect(session.orders[0]).toMatchObject({ amountCents: 8000, commissionCents: 400, totalCents: 8400 });
  });

  it("the cart checkout uses it too; after the 48 hour hold the list price applies again", async () => {
    const buyer2 = await registerUser({ name: "Kar Koper" });
    const { productId, conversationId } = await conversation(2000, "Vaas", buyer2);
    const made = (await offer(buyer2, conversationId, "15")).body;
    await act(acceptRoute, seller, made.id);
    const cart = await cartCheckout(buyer2, [productId]);
    expect(cart.status).toBe(200);
    expect((await sessionRow(cart.body.session_id)).amountTotalCents).toBe(1575);
    await db.offer.update({ where: { id: made.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const again = await checkout(buyer2, productId);
    expect((await sessionRow(again.body.session_id)).amountTotalCents).toBe(2100);
  });
});

describe("expiry", () => {
  it("the escrow job expires pending offers older than 48 hours, once, and tells both parties", async () => {
    const { conversationId } = await conversation(5000, "Klok");
    const made = (await offer(buyer, conversationId, "30")).body;
    await db.offer.update({ where: { id: made.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await act(acceptRoute, seller, made.id)).status).toBe(409);
    const report = await runJobs();
    expect(report.expired_offers).toBe(1);
    expect((await runJobs()).expired_offers).toBe(0);
    expect((await db.offer.findUniqueOrThrow({ where: { id: made.id } })).status).toBe("expired");
    const expiredFor = async (userId: string) =>
      (await db.notification.findMany({ where: { userId, event: "offer.expired" } })).filter((n) => (n.data as { offerId?: string }).offerId === made.id);
    expect(await expiredFor(buyer.id)).toHaveLength(1);
    expect(await expiredFor(seller.id)).toHaveLength(1);
  });
});
