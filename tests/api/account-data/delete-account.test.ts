/**
 * DELETE /api/users/me (docs/accounts.md): refused while money is still
 * moving; otherwise nothing personal of the user is left in any table (the test walks
 * the whole schema), while completed orders, ledger rows and the other party's messages
 * stay.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as startConversation } from "@/app/api/conversations/route";
import { POST as sendMessage } from "@/app/api/conversations/[id]/messages/route";
import { POST as makeOffer } from "@/app/api/conversations/[id]/offers/route";
import { POST as confirmDelivery } from "@/app/api/transactions/[id]/confirm-delivery/route";
import { POST as postReview } from "@/app/api/products/[id]/reviews/route";
import { DELETE as deleteMe, GET as me } from "@/app/api/users/me/route";
import { GET as getProduct } from "@/app/api/products/[id]/route";
import { DELETED_NAME } from "@/lib/domains/account-data/deletion";
import { db } from "@/lib/platform/db/client";
import { runJobs } from "@/lib/domains/jobs";
import { storage } from "@/lib/platform/storage";
import { thumbKeyFor } from "@/lib/platform/storage/images";
import { POST as setPhoto } from "@/app/api/users/me/photo/route";
import { ensureCategories, listProduct, pngBytes } from "../../support/catalog";
import { upload } from "../../support/multipart";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { call, ORIGIN, sessionCookie } from "../../support/http";
import { buyAndPay, checkout, DAY, productOf } from "../../support/orders";

const IP = "198.51.100.171";

const SECRET = {
  name: "Zwaantje Oosterhout-Veldkamp",
  phone: "06 4817 2093",
  phoneDigits: "648172093",
  businessName: "Zwaantjes Tweedehands",
  vat: "NL859234561B01",
  kvk: "48172093",
  businessAddress: "Zwanenwater 41, 2351 XZ Leiderdorp",
  address: "Zwaantjespad 7, 3512 ZZ Utrecht",
  message: "Zwaantje-bericht: mijn huis is op de tweede verdieping",
  ticket: "Zwaantje-ticket: ik ben mijn fiets kwijt",
  review: "Zwaantje-review: prima verkoper",
  report: "Zwaantje-melding: dit lijkt op namaak",
  description: "Zwaantje-beschrijving: ophalen bij mij thuis",
  savedSearch: "Zwaantje-zoekopdracht",
};

const del = (auth: { token?: string; cookie?: string }, password: unknown) =>
  call(deleteMe, {
    method: "DELETE",
    path: "/api/users/me",
    ip: IP,
    ...auth,
    ...(auth.cookie ? { headers: { origin: ORIGIN } } : {}),
    json: { password },
  });

async function signIn(email: string, password: string) {
  return call(login, { path: "/api/auth/login", ip: IP, json: { email, password } });
}

/** Confirms the handover and lets the escrow job pay the seller: a completed order. */
async function complete(buyer: RegisteredUser, orderId: string) {
  const res = await call(confirmDelivery, {
    token: buyer.token,
    ip: IP,
    method: "POST",
    params: { id: orderId },
    json: { transaction_id: orderId, confirmation_type: "delivered" },
  });
  expect(res.status).toBe(200);
  // Past a business seller's 14-day withdrawal period too (docs/returns.md).
  await runJobs(new Date(Date.now() + 15 * DAY));
  expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("completed");
}

describe("DELETE /api/users/me: refusals", () => {
  it("needs the password and changes nothing without it", async () => {
    const user = await registerUser();
    const wrong = await del({ token: user.token }, "not my password");
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual([{ field: "password", message: "Password is incorrect" }]);
    const missing = await del({ token: user.token }, undefined);
    expect(missing.status).toBe(422);
    expect((await call(me, { token: user.token })).status).toBe(200);
    expect((await call(deleteMe, { method: "DELETE", json: { password: user.password } })).status).toBe(401);
  });

  it("is refused with the list while an order is in escrow, as seller and as buyer", async () => {
    const seller = await registerUser();
    const buyer = await registerUser();
    const productId = await productOf(seller, 2500, "Houten speelgoedtrein");
    const other = await productOf(seller, 1000, "Lamp");
    const { orderId } = await buyAndPay(buyer, productId);

    for (const [user, type] of [[seller, "sale"], [buyer, "purchase"]] as const) {
      const res = await del({ token: user.token }, user.password);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("account_has_open_orders");
      expect(res.body.possible_from).toBeNull();
      expect(res.body.open).toEqual([
        { type, id: orderId, product_title: "Houten speelgoedtrein", status: "held", delivery_status: "pending", auto_release_at: null },
      ]);
    }
    // Nothing changed: both still sign in, the other listing is still for sale.
    expect((await call(me, { token: seller.token })).status).toBe(200);
    expect((await call(me, { token: buyer.token })).status).toBe(200);
    const listed = await db.product.findUniqueOrThrow({ where: { id: other } });
    expect(listed.deletedAt).toBeNull();
  });

  it("is refused while the user has an unpaid checkout, and while someone is paying for their item", async () => {
    const seller = await registerUser();
    const buyer = await registerUser();
    const productId = await productOf(seller, 2500, "Kinderstoel");
    const started = await checkout(buyer, productId);
    expect(started.status).toBe(200);

    const asBuyer = await del({ token: buyer.token }, buyer.password);
    expect(asBuyer.status).toBe(409);
    expect(asBuyer.body.open.map((o: { type: string }) => o.type).sort()).toEqual(["checkout", "purchase"]);
    const asSeller = await del({ token: seller.token }, seller.password);
    expect(asSeller.status).toBe(409);
    expect(asSeller.body.open).toMatchObject([{ type: "sale", status: "pending" }]);
  });
});

describe("DELETE /api/users/me: deletion", () => {
  let zwaantje: RegisteredUser;
  let peer: RegisteredUser;
  const files: string[] = [];
  let soldOrderId: string;
  let boughtOrderId: string;
  let withdrawnId: string;
  let peerMessageId: string;

  beforeAll(async () => {
    await ensureCategories();
    zwaantje = await registerUser({
      name: SECRET.name,
      phone: SECRET.phone,
      is_business_seller: true,
      business_name: SECRET.businessName,
      vat_number: SECRET.vat,
      kvk_number: SECRET.kvk,
      business_address: SECRET.businessAddress,
      trader_self_certified: true,
    });
    peer = await registerUser({ name: "Pieter Peer" });
    const store = storage();

    // A pickup location with an address of their own.
    const location = await db.location.create({
      data: { address: SECRET.address, formattedAddress: SECRET.address, postcode: "3512ZZ", city: "Utrecht", lat: 52.09, lng: 5.12, createdById: zwaantje.id },
    });
    await db.geocodeCacheEntry.create({
      data: { key: `pdok:geocode:${SECRET.address.toLowerCase()}`, result: { address: SECRET.address }, expiresAt: new Date(Date.now() + DAY) },
    });

    // A listing still for sale and one sold and completed (kept for the bookkeeping).
    const forSale = await listProduct(zwaantje, { title: "Vintage lamp", description: SECRET.description, location_id: location.id });
    const sold = await listProduct(zwaantje, { title: "Eikenhouten tafel", description: SECRET.description, location_id: location.id });
    withdrawnId = forSale.id;
    for (const p of [forSale, sold]) {
      for (const url of p.images as string[]) {
        const key = store.keyForUrl(url);
        if (key) files.push(key);
      }
    }
    ({ orderId: soldOrderId } = await buyAndPay(peer, sold.id));
    await complete(peer, soldOrderId);

    // A purchase of theirs, completed and reviewed.
    const peerProduct = await productOf(peer, 3000, "Racefiets");
    ({ orderId: boughtOrderId } = await buyAndPay(zwaantje, peerProduct));
    await complete(zwaantje, boughtOrderId);
    const reviewed = await call(postReview, {
      token: zwaantje.token,
      ip: IP,
      method: "POST",
      params: { id: peerProduct },
      json: { rating: 4, comment: SECRET.review },
    });
    expect(reviewed.status).toBe(201);

    // A conversation about the listing for sale: their message, the peer's answer, an offer.
    const started = await call(startConversation, {
      token: peer.token,
      ip: IP,
      method: "POST",
      json: { product_id: forSale.id, recipient_id: zwaantje.id, initial_message: "Is de lamp nog te koop?" },
    });
    expect(started.status).toBe(201);
    const conversationId = started.body.id ?? started.body.conversation_id;
    const mine = await call(sendMessage, { token: zwaantje.token, ip: IP, method: "POST", params: { id: conversationId }, json: { content: SECRET.message } });
    expect(mine.status).toBe(201);
    // A photo in the chat: its files are theirs too.
    const photoMessage = await upload(sendMessage, await pngBytes(), {
      token: zwaantje.token,
      ip: IP,
      field: "images",
      filename: "bon.png",
      type: "image/png",
      params: { id: conversationId },
    });
    expect(photoMessage.status).toBe(201);
    for (const image of await db.messageImage.findMany({ where: { messageId: photoMessage.body.id } })) {
      files.push(image.key, thumbKeyFor(image.key));
    }
    expect(files.filter((key) => key.startsWith("chat/"))).toHaveLength(2);
    const offer = await call(makeOffer, { token: peer.token, ip: IP, method: "POST", params: { id: conversationId }, json: { amount: "100" } });
    expect(offer.status).toBe(201);
    peerMessageId = (await db.message.findFirstOrThrow({ where: { conversationId, senderId: peer.id }, orderBy: { createdAt: "asc" } })).id;

    // A profile photo (after the escrow job's runs, which remove day-old unused uploads).
    const photo = await upload(setPhoto, await pngBytes(), { token: zwaantje.token, filename: "ik.png", type: "image/png" });
    expect(photo.status).toBe(200);
    files.push(store.keyForUrl(photo.body.profile_image)!);

    // Support, a report, a saved search, a wishlist and cart entry, notifications.
    const ticket = await db.supportTicket.create({ data: { userId: zwaantje.id, subject: "Fiets", message: SECRET.ticket } });
    await db.ticketReply.create({ data: { ticketId: ticket.id, authorId: zwaantje.id, message: SECRET.ticket } });
    await db.report.create({ data: { reporterId: zwaantje.id, targetType: "listing", targetId: peerProduct, reason: "counterfeit", details: SECRET.report } });
    await db.savedSearch.create({ data: { userId: zwaantje.id, name: SECRET.savedSearch, query: { q: SECRET.savedSearch } } });
    const wished = await productOf(peer, 1500, "Boekenkast");
    await db.wishlistItem.create({ data: { userId: zwaantje.id, productId: wished } });
    await db.cartItem.create({ data: { userId: zwaantje.id, productId: wished } });
    // The peer's own wish for the listing that is about to be withdrawn.
    await db.wishlistItem.create({ data: { userId: peer.id, productId: forSale.id } });
    // As an admin would have: an entry they made (their e-mail) and one about them.
    await db.auditLogEntry.create({
      data: { actorId: zwaantje.id, actorEmail: zwaantje.email, action: "user.verify", targetType: "user", targetId: peer.id, before: { is_verified: false }, after: { is_verified: true } },
    });
    await db.auditLogEntry.create({
      data: { actorId: peer.id, actorEmail: peer.email, action: "user.verify", targetType: "user", targetId: zwaantje.id, before: { is_verified: false }, after: { is_verified: true } },
    });

    for (const key of files) expect(await store.exists(key)).toBe(true);
  });

  it("deletes the account at once and leaves nothing personal in any table", async () => {
    const cookie = await sessionCookie(zwaantje.id);
    const res = await del({ cookie }, zwaantje.password);
    expect(res.status).toBe(204);


    // The schema walk: every text and JSON column of every table.
    const columns = await db.$queryRaw<{ table_name: string; column_name: string }[]>`
      SELECT table_name::text AS table_name, column_name::text AS column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'
        AND data_type IN ('text', 'character varying', 'jsonb', 'json', 'character')`;
    expect(columns.length).toBeGreaterThan(50);
    const needles = [
      zwaantje.email,
      SECRET.name,
      "Zwaantje",
      SECRET.phoneDigits,
      SECRET.businessName,
      SECRET.vat,
      SECRET.kvk,
      SECRET.businessAddress,
      SECRET.address,
      ...files,
    ];
    const found: string[] = [];
    for (const { table_name, column_name } of columns) {
      for (const needle of needles) {
        const rows = await db.$queryRawUnsafe<{ n: bigint }[]>(
          `SELECT count(*) AS n FROM "${table_name}" WHERE strpos(lower("${column_name}"::text), lower($1)) > 0`,
          needle,
        );
        if (Number(rows[0]?.n ?? 0) > 0) found.push(`${table_name}.${column_name} contains ${needle}`);
      }
    }
    expect(found).toEqual([]);

    // Photos are gone from storage.
    for (const key of files) expect(await storage().exists(key)).toBe(false);

    // Every token and session is revoked; the password no longer signs in.
    expect((await call(me, { token: zwaantje.token })).status).toBe(401);
    expect((await call(me, { cookie })).status).toBe(401);
    expect((await signIn(zwaantje.email, zwaantje.password)).status).toBe(401);

  });

  it("keeps the bookkeeping and the other party's messages, with the party anonymised", async () => {
    const user = await db.user.findUniqueOrThrow({ where: { id: zwaantje.id } });
    expect(user.name).toBe(DELETED_NAME);
    expect(user.deletedAt).not.toBeNull();

    for (const orderId of [soldOrderId, boughtOrderId]) {
      const order = await db.order.findUniqueOrThrow({ where: { id: orderId }, include: { ledgerEntries: true } });
      expect(order.status).toBe("completed");
      expect(order.ledgerEntries.map((e) => e.kind).sort()).toEqual(["buyer_payment", "platform_fee", "seller_payout"]);
    }
    expect(await db.message.findUnique({ where: { id: peerMessageId } })).not.toBeNull();
    // The audit log keeps both entries; it refuses any other change.
    expect(await db.auditLogEntry.count({ where: { OR: [{ actorId: zwaantje.id }, { targetId: zwaantje.id }] } })).toBe(2);
    await expect(db.auditLogEntry.updateMany({ where: { actorId: zwaantje.id }, data: { action: "user.ban" } })).rejects.toThrow(/append-only/);
    expect(await db.message.count({ where: { senderId: zwaantje.id } })).toBe(0);
    expect(await db.offer.count({ where: { sellerId: zwaantje.id, status: "pending" } })).toBe(0);
    // The review's stars still count for the peer; its words are gone.
    const review = await db.review.findFirstOrThrow({ where: { authorId: zwaantje.id } });
    expect(review).toMatchObject({ rating: 4, comment: null });

    // The listing for sale is withdrawn: not found, out of the peer's wishlist.
    expect((await call(getProduct, { params: { id: withdrawnId } })).status).toBe(404);
    expect(await db.wishlistItem.count({ where: { userId: peer.id } })).toBe(0);
    for (const table of ["cartItem", "wishlistItem", "savedSearch", "notification", "authSession", "supportTicket", "location"] as const) {
      const where = table === "location" ? { createdById: zwaantje.id } : { userId: zwaantje.id };
      expect(await (db[table] as unknown as { count: (a: unknown) => Promise<number> }).count({ where })).toBe(0);
    }
  });

  it("lets the address register again, as a new account", async () => {
    const again = await registerUser({ email: zwaantje.email, name: "Zwaan Opnieuw" });
    expect(again.id).not.toBe(zwaantje.id);
    expect((await call(me, { token: again.token })).body.email).toBe(zwaantje.email);
  });
});
