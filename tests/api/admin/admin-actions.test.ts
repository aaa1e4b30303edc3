// The admin area's API: every /api/admin/* route refuses visitors (401) and users (403);
// each admin action's effect is asserted in the database and in what users then see;
// reports (notice and action); every action lands in the append-only audit log.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as statsRoute } from "@/app/api/admin/stats/route";
import { GET as usersRoute } from "@/app/api/admin/users/route";
import { PUT as verifyRoute } from "@/app/api/admin/users/[id]/verify/route";
import { PUT as banRoute } from "@/app/api/admin/users/[id]/ban/route";
import { PUT as unbanRoute } from "@/app/api/admin/users/[id]/unban/route";
import { GET as adminProductsRoute } from "@/app/api/admin/products/route";
import { DELETE as removeRoute } from "@/app/api/admin/products/[id]/route";
import { PUT as featureRoute } from "@/app/api/admin/products/[id]/feature/route";
import { GET as ticketsRoute } from "@/app/api/admin/tickets/route";
import { PUT as ticketStatusRoute } from "@/app/api/admin/tickets/[id]/status/route";
import { POST as ticketReplyRoute } from "@/app/api/admin/tickets/[id]/reply/route";
import { GET as reportsRoute } from "@/app/api/admin/reports/route";
import { POST as decideRoute } from "@/app/api/admin/reports/[id]/decide/route";
import { GET as auditRoute } from "@/app/api/admin/audit/route";
import { GET as disputesRoute } from "@/app/api/admin/disputes/route";
import { POST as resolveRoute } from "@/app/api/admin/disputes/[id]/resolve/route";
import { GET as disputeConversationRoute } from "@/app/api/admin/disputes/[id]/conversation/route";
import { POST as reportRoute } from "@/app/api/reports/route";
import { POST as startConversationRoute } from "@/app/api/conversations/route";
import { GET as productsRoute } from "@/app/api/products/route";
import { GET as productRoute } from "@/app/api/products/[id]/route";
import { GET as sellerProductsRoute } from "@/app/api/users/[id]/products/route";
import { POST as confirmDeliveryRoute } from "@/app/api/transactions/[id]/confirm-delivery/route";
import { db } from "@/lib/platform/db/client";
import { renderNotification } from "@/lib/domains/notifications/feed";
import { call, type CallResult } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { insertProduct } from "../../support/catalog";
import { buyAndPay, makeAdmin, pendingOrder, productOf, sessionRow } from "../../support/orders";

const IP = "198.51.100.62";
const REASONS = { category: "scam", facts: "Vroeg om vooruitbetaling buiten het platform.", rule: "Gebruiksvoorwaarden art. 5.2" };
let admin: RegisteredUser;
let member: RegisteredUser;
const ID = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  admin = await registerUser({ name: "Beheerder" });
  await makeAdmin(admin);
  member = await registerUser({ name: "Gewoon lid" });
});

type Handler = Parameters<typeof call>[0];
const ADMIN_ROUTES: [string, Handler, string, Record<string, string>?][] = [
  ["GET /api/admin/stats", statsRoute, "GET"],
  ["GET /api/admin/users", usersRoute, "GET"],
  ["PUT /api/admin/users/{id}/verify", verifyRoute, "PUT", { id: ID }],
  ["PUT /api/admin/users/{id}/ban", banRoute, "PUT", { id: ID }],
  ["PUT /api/admin/users/{id}/unban", unbanRoute, "PUT", { id: ID }],
  ["GET /api/admin/products", adminProductsRoute, "GET"],
  ["DELETE /api/admin/products/{id}", removeRoute, "DELETE", { id: ID }],
  ["PUT /api/admin/products/{id}/feature", featureRoute, "PUT", { id: ID }],
  ["GET /api/admin/tickets", ticketsRoute, "GET"],
  ["PUT /api/admin/tickets/{id}/status", ticketStatusRoute, "PUT", { id: ID }],
  ["POST /api/admin/tickets/{id}/reply", ticketReplyRoute, "POST", { id: ID }],
  ["GET /api/admin/reports", reportsRoute, "GET"],
  ["POST /api/admin/reports/{id}/decide", decideRoute, "POST", { id: ID }],
  ["GET /api/admin/audit", auditRoute, "GET"],
  ["GET /api/admin/disputes", disputesRoute, "GET"],
  ["POST /api/admin/disputes/{id}/resolve", resolveRoute, "POST", { id: ID }],
  ["GET /api/admin/disputes/{id}/conversation", disputeConversationRoute, "GET", { id: ID }],
];

describe("every /api/admin route is for admins only", () => {
  it.each(ADMIN_ROUTES)("%s: 401 for visitors, 403 for users", async (_name, handler, method, params) => {
    const visitor = await call(handler, { ip: IP, method, params });
    expect(visitor.status).toBe(401);
    const user = await call(handler, { ip: IP, method, params, token: member.token });
    expect(user.status).toBe(403);
    expect(user.body.detail).toBe("Admin access required");
  });
});

function asAdmin(handler: Handler, options: Parameters<typeof call>[1] = {}): Promise<CallResult> {
  return call(handler, { ip: IP, token: admin.token, ...options });
}

async function auditActions(targetId: string): Promise<string[]> {
  const rows = await db.auditLogEntry.findMany({ where: { targetId }, orderBy: { createdAt: "asc" } });
  return rows.map((r) => r.action);
}

describe("users", () => {
  it("lists 20 per page with the total and searches name and email", async () => {
    const unique = `zoekmij${Date.now()}`;
    await registerUser({ name: `Anne ${unique}` });
    await registerUser({ name: "Bram", email: `${unique}@example.nl` });
    const found = await asAdmin(usersRoute, { path: `/api/admin/users?search=${unique.toUpperCase()}` });
    expect(found.status).toBe(200);
    expect(found.body.total).toBe(2);
    expect(found.body.users).toHaveLength(2);
    const page = await asAdmin(usersRoute, { path: "/api/admin/users?skip=0" });
    expect(page.body.users.length).toBeLessThanOrEqual(20);
    expect(page.body.total).toBeGreaterThanOrEqual(4);
    const second = await asAdmin(usersRoute, { path: "/api/admin/users?skip=1&limit=1" });
    expect(second.body.users[0].id).toBe(page.body.users[1].id);
  });

  it("verifies an unverified user once; never touches admins", async () => {
    const user = await registerUser({ name: "Te verifiëren" });
    const res = await asAdmin(verifyRoute, { method: "PUT", params: { id: user.id } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("User verified successfully");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).isVerified).toBe(true);
    expect((await asAdmin(verifyRoute, { method: "PUT", params: { id: user.id } })).status).toBe(409);

    const other = await registerUser({ name: "Andere Beheerder" });
    await makeAdmin(other);
    for (const route of [verifyRoute, banRoute, unbanRoute]) {
      const refused = await asAdmin(route, { method: "PUT", params: { id: other.id }, json: REASONS });
      expect(refused.status).toBe(400);
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).isBanned).toBe(false);
    expect(await auditActions(user.id)).toEqual(["user.verify"]);
  });

  it("a ban hides the seller's listings everywhere, ends their unpaid checkouts, keeps paid orders; unban restores", async () => {
    const seller = await registerUser({ name: "Verbannen Verkoper" });
    const title = `Verbannen fiets ${Date.now()}`;
    const listed = await productOf(seller, 5000, title);
    const paidProduct = await productOf(seller, 7000, `${title} betaald`);
    await db.product.update({ where: { id: listed }, data: { isFeatured: true } });
    const buyer = await registerUser({ name: "Koper" });
    const { orderId: paidOrder } = await buyAndPay(buyer, paidProduct);
    // The seller also buys something and has not paid yet.
    const otherSeller = await registerUser({ name: "Ander" });
    const reserved = await productOf(otherSeller, 3000, "Gereserveerde lamp");
    const { sessionId } = await pendingOrder(seller, reserved);

    const search = () => call(productsRoute, { ip: IP, path: `/api/products?search=${encodeURIComponent(title)}` });
    const featured = () => call(productsRoute, { ip: IP, path: "/api/products?featured=true&limit=100" });
    const sellerPage = () => call(sellerProductsRoute, { ip: IP, params: { id: seller.id } });
    expect((await search()).body.map((p: { id: string }) => p.id)).toContain(listed);
    expect((await featured()).body.map((p: { id: string }) => p.id)).toContain(listed);

    const ban = await asAdmin(banRoute, { method: "PUT", params: { id: seller.id }, json: REASONS });
    expect(ban.status).toBe(200);
    expect(ban.body.message).toBe("User banned successfully");
    expect((await search()).body).toEqual([]);
    expect((await featured()).body.map((p: { id: string }) => p.id)).not.toContain(listed);
    expect((await sellerPage()).body).toEqual([]);
    // Their unpaid checkout is over and the lamp is for sale again.
    const session = await sessionRow(sessionId);
    expect(session.orders[0]!.status).toBe("cancelled");
    expect((await db.product.findUniqueOrThrow({ where: { id: reserved } })).status).toBe("available");
    // The paid order runs its course.
    expect((await db.order.findUniqueOrThrow({ where: { id: paidOrder } })).status).toBe("held");
    // A banned user's token no longer works.
    expect((await call(usersRoute, { ip: IP, token: seller.token })).status).toBe(403);
    expect((await asAdmin(banRoute, { method: "PUT", params: { id: seller.id }, json: REASONS })).status).toBe(409);

    const unban = await asAdmin(unbanRoute, { method: "PUT", params: { id: seller.id } });
    expect(unban.body.message).toBe("User unbanned successfully");
    expect((await search()).body.map((p: { id: string }) => p.id)).toContain(listed);
    expect(await auditActions(seller.id)).toEqual(["user.ban", "user.unban"]);
  });
});

describe("products", () => {
  it("lists 12 per page with search", async () => {
    const seller = await registerUser({ name: "Lijstverkoper" });
    const tag = `Zoekbaar${Date.now()}`;
    for (let i = 0; i < 13; i += 1) await productOf(seller, 1000 + i, `${tag} ${i}`);
    const first = await asAdmin(adminProductsRoute, { path: `/api/admin/products?search=${tag}` });
    expect(first.body.total).toBe(13);
    expect(first.body.products).toHaveLength(12);
    const second = await asAdmin(adminProductsRoute, { path: `/api/admin/products?search=${tag}&skip=12` });
    expect(second.body.products).toHaveLength(1);
  });

  it("rows carry the product's own fields as GET /api/products/{id} shows them to an admin, plus the moderation fields", async () => {
    const seller = await registerUser({ name: "Volledige Velden" });
    const tag = `Veldwerk${Date.now()}`;
    const ids = [
      await insertProduct({ sellerId: seller.id, title: `${tag} lamp`, description: "Messing bureaulamp", priceCents: 3450, condition: "like_new", images: 3 }),
      await insertProduct({ sellerId: seller.id, title: `${tag} stoel`, category: "Meubels", status: "sold", images: 0 }),
    ];
    const list = await asAdmin(adminProductsRoute, { path: `/api/admin/products?search=${tag}` });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    const rows = new Map((list.body.products as { id: string }[]).map((row) => [row.id, row]));
    for (const id of ids) {
      const product = (await asAdmin(productRoute, { params: { id } })).body;
      // The viewer's own parts of the product (their checkout, their deal) are not the product's.
      delete product.reserved_for_you;
      delete product.your_deal;
      const row = rows.get(id) as Record<string, unknown>;
      expect(row).toEqual({ ...product, image: product.thumbnails[0] ?? null, seller_banned: false, hidden: false });
    }
    const lamp = rows.get(ids[0]!) as Record<string, any>;
    expect(lamp).toMatchObject({ description: "Messing bureaulamp", price: 34.5, condition: "like_new", seller_email: seller.email });
    expect(lamp.images).toHaveLength(3);
    expect(lamp.category).toEqual(expect.any(String));
    expect(lamp.pickup_location).toMatchObject({ approximate: true });
    expect(rows.get(ids[1]!)).toMatchObject({ category: "Meubels", images: [], image: null, is_sold: true, status: "sold" });

    // Featuring answers the same row.
    const featured = await asAdmin(featureRoute, { method: "PUT", params: { id: ids[0]! }, path: `/api/admin/products/${ids[0]}/feature?featured=true` });
    expect(featured.body.product).toEqual({ ...lamp, is_featured: true, updated_at: featured.body.product.updated_at });
  });

  it("features and unfeatures; a featured product shows on the home page's featured list", async () => {
    const seller = await registerUser({ name: "Uitgelicht" });
    const id = await productOf(seller, 2500, "Uitgelichte stoel");
    const path = (v: string) => `/api/admin/products/${id}/feature?featured=${v}`;
    const on = await asAdmin(featureRoute, { method: "PUT", params: { id }, path: path("true") });
    expect(on.body.message).toBe("Product featured!");
    const featured = await call(productsRoute, { ip: IP, path: "/api/products?featured=true&limit=100" });
    expect(featured.body.map((p: { id: string }) => p.id)).toContain(id);
    const off = await asAdmin(featureRoute, { method: "PUT", params: { id }, path: path("false") });
    expect(off.body.message).toBe("Product unfeatured");
    expect((await db.product.findUniqueOrThrow({ where: { id } })).isFeatured).toBe(false);
    expect((await asAdmin(featureRoute, { method: "PUT", params: { id }, path: path("maybe") })).status).toBe(422);
    expect(await auditActions(id)).toEqual(["product.feature", "product.unfeature"]);
  });

  it("removes a listing with a statement of reasons the seller reads; the product is then 404", async () => {
    const seller = await registerUser({ name: "Verwijderd" });
    const id = await productOf(seller, 2500, "Namaak horloge");
    const res = await asAdmin(removeRoute, { method: "DELETE", params: { id }, json: { category: "counterfeit", reason: "Dit is een namaak Rolex.", rule: "Gebruiksvoorwaarden art. 4.1" } });
    expect(res.status).toBe(200);
    expect((await call(productRoute, { ip: IP, params: { id } })).status).toBe(404);
    const note = await db.notification.findFirstOrThrow({ where: { userId: seller.id, event: "listing.removed" } });
    expect(note.message).toContain("Namaak horloge");
    expect(note.message).toContain("Dit is een namaak Rolex.");
    expect(note.message).toContain("namaak");
    // The seller reads it in their language, with the category and the reasons.
    const english = renderNotification(note, "en");
    expect(english.title).toBe("Listing removed");
    expect(english.message).toContain("(category: counterfeit item)");
    expect(english.message).toContain("Dit is een namaak Rolex.");
    expect((await asAdmin(removeRoute, { method: "DELETE", params: { id }, json: REASONS })).status).toBe(404);
    expect(await auditActions(id)).toEqual(["product.remove"]);
  });

  it("refuses removal (409) while an order is unpaid or in escrow", async () => {
    const seller = await registerUser({ name: "Bezig" });
    const buyer = await registerUser({ name: "Koper2" });
    const pending = await productOf(seller, 2500, "Onbetaalde kast");
    await pendingOrder(buyer, pending);
    const held = await productOf(seller, 2500, "Betaalde kast");
    // Another buyer: one buyer holds one open checkout at a time.
    await buyAndPay(await registerUser({ name: "Koper3" }), held);
    for (const id of [pending, held]) {
      const res = await asAdmin(removeRoute, { method: "DELETE", params: { id }, json: { category: "other", reason: "x", rule: "y" } });
      expect(res.status).toBe(409);
      expect((await db.product.findUniqueOrThrow({ where: { id } })).deletedAt).toBeNull();
    }
  });
});

describe("stats", () => {
  it("answers the dashboard's fields; revenue counts fees of paid, not refunded orders", async () => {
    const before = await asAdmin(statsRoute);
    expect(before.status).toBe(200);
    for (const key of ["total_users", "total_products", "total_revenue", "total_transactions", "pending_orders", "open_tickets", "total_tickets"]) {
      expect(typeof before.body[key]).toBe("number");
    }
    expect(before.body.today).toMatchObject({ users: expect.any(Number), products: expect.any(Number), transactions: expect.any(Number) });
    expect(before.body.daily).toHaveLength(30);

    const seller = await registerUser({ name: "Omzet" });
    const buyer = await registerUser({ name: "Omzetkoper" });
    const id = await productOf(seller, 10000, "Dure tafel");
    await buyAndPay(buyer, id);
    const after = await asAdmin(statsRoute);
    // 5% of 100 euros.
    expect(Math.round((after.body.total_revenue - before.body.total_revenue) * 100)).toBe(500);
    expect(after.body.total_transactions - before.body.total_transactions).toBe(1);
    expect(after.body.today.transactions - before.body.today.transactions).toBe(1);
    expect(after.body.daily.at(-1).orders).toBeGreaterThanOrEqual(1);
  });
});

describe("reports (notice and action)", () => {
  let reporter: RegisteredUser;
  beforeAll(async () => {
    reporter = await registerUser({ name: "Melder" });
  });

  function report(json: Record<string, unknown>, user = reporter) {
    return call(reportRoute, { ip: IP, token: user.token, json: { good_faith: true, ...json } });
  }

  it("validates the target and stores reports of listings, users and messages", async () => {
    const seller = await registerUser({ name: "Gemeld" });
    const id = await productOf(seller, 1000, "Verdacht aanbod");
    // A visitor must leave an address (tests/api/reports/report-content.test.ts has the rest).
    expect((await call(reportRoute, { ip: IP, json: { target_type: "listing", target_id: id, reason: "scam", good_faith: true } })).status).toBe(422);
    expect((await report({ target_type: "listing", target_id: "abc", reason: "scam" })).status).toBe(422);
    expect((await report({ target_type: "order", target_id: id, reason: "scam" })).status).toBe(422);
    expect((await report({ target_type: "listing", target_id: id, reason: "because" })).status).toBe(422);
    expect((await report({ target_type: "listing", target_id: ID, reason: "scam" })).status).toBe(404);
    expect((await report({ target_type: "listing", target_id: id, reason: "scam" }, seller)).status).toBe(400);
    const ok = await report({ target_type: "listing", target_id: id, reason: "scam", details: "Vraagt om vooruitbetaling." });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ target_type: "listing", target_id: id, status: "open" });
    expect((await report({ target_type: "user", target_id: seller.id, reason: "scam" })).status).toBe(201);
    // A message: only one the reporter received, in their own conversation.
    expect((await report({ target_type: "message", target_id: crypto.randomUUID(), reason: "scam" })).status).toBe(404);
    const ownListing = await productOf(reporter, 2500, "Fietsstoeltje");
    const started = await call(startConversationRoute, {
      ip: IP,
      token: seller.token,
      json: { product_id: ownListing, recipient_id: reporter.id, initial_message: "Betaal via deze link: https://tikkie.me/pay/abc" },
    });
    expect(started.status).toBe(201);
    const received = await db.message.findFirstOrThrow({ where: { conversationId: started.body.id }, orderBy: { createdAt: "desc" } });
    const outsider = await registerUser({ name: "Buitenstaander" });
    expect((await report({ target_type: "message", target_id: received.id, reason: "scam" }, outsider)).status).toBe(404);
    expect((await report({ target_type: "message", target_id: received.id, reason: "scam" }, seller)).status).toBe(400);
    const message = await report({ target_type: "message", target_id: received.id, reason: "scam" });
    expect(message.status).toBe(201);
    const queue = await asAdmin(reportsRoute, { path: "/api/admin/reports?status=open" });
    const mine = queue.body.find((r: { id: string }) => r.id === ok.body.id);
    expect(mine).toMatchObject({ reporter_name: "Melder", target: { title: "Verdacht aanbod", removed: false } });
  });

  it("remove_listing withdraws it with the statement of reasons and tells the reporter", async () => {
    const seller = await registerUser({ name: "Gemelde verkoper" });
    const id = await productOf(seller, 1000, "Illegaal vuurwerk");
    const filed = await report({ target_type: "listing", target_id: id, reason: "illegal" });
    const res = await asAdmin(decideRoute, { params: { id: filed.body.id }, json: { decision: "remove_listing", note: "Vuurwerk verkopen mag niet.", category: "prohibited_item", rule: "Gebruiksvoorwaarden art. 4.3: geen vuurwerk" } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("listing_removed");
    expect((await call(productRoute, { ip: IP, params: { id } })).status).toBe(404);
    const sellerNote = await db.notification.findFirstOrThrow({ where: { userId: seller.id, event: "listing.removed" } });
    expect(sellerNote.message).toContain("Vuurwerk verkopen mag niet.");
    const reporterNote = await db.notification.findFirstOrThrow({ where: { userId: reporter.id, event: "report.outcome" }, orderBy: { createdAt: "desc" } });
    expect(reporterNote.message).toContain("verwijderd");
    expect((await asAdmin(decideRoute, { params: { id: filed.body.id }, json: { decision: "dismiss" } })).status).toBe(409);
    expect(await auditActions(filed.body.id)).toEqual(["report.remove_listing"]);
    expect(await auditActions(id)).toEqual(["product.remove"]);
  });

  it("ban_user bans the listing's seller; dismiss changes nothing but the report", async () => {
    const seller = await registerUser({ name: "Oplichter" });
    const id = await productOf(seller, 1000, "Te mooi om waar te zijn");
    const filed = await report({ target_type: "listing", target_id: id, reason: "scam" });
    const ban = await asAdmin(decideRoute, { params: { id: filed.body.id }, json: { decision: "ban_user", note: "Oplichting.", rule: "Gebruiksvoorwaarden art. 5.2" } });
    expect(ban.body.status).toBe("user_banned");
    expect((await db.user.findUniqueOrThrow({ where: { id: seller.id } })).isBanned).toBe(true);

    const other = await registerUser({ name: "Onschuldig" });
    const filed2 = await report({ target_type: "user", target_id: other.id, reason: "other" });
    const dismissed = await asAdmin(decideRoute, { params: { id: filed2.body.id }, json: { decision: "dismiss" } });
    expect(dismissed.body.status).toBe("dismissed");
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).isBanned).toBe(false);
    // A user report cannot remove a listing.
    const filed3 = await report({ target_type: "user", target_id: other.id, reason: "other" });
    expect((await asAdmin(decideRoute, { params: { id: filed3.body.id }, json: { decision: "remove_listing", note: "x", rule: "y" } })).status).toBe(400);
  });
});

describe("the audit log", () => {
  it("records dispute decisions, is listed newest first, and cannot be changed or deleted", async () => {
    const seller = await registerUser({ name: "Geschilverkoper" });
    const buyer = await registerUser({ name: "Geschilkoper" });
    const id = await productOf(seller, 4000, "Kapotte radio");
    const { orderId } = await buyAndPay(buyer, id);
    const wrote = await call(startConversationRoute, {
      ip: IP,
      token: buyer.token,
      json: { product_id: id, recipient_id: seller.id, initial_message: "De radio maakt geen geluid." },
    });
    expect(wrote.status).toBe(201);
    const dispute = await call(confirmDeliveryRoute, { token: buyer.token, ip: IP, params: { id: orderId }, json: { transaction_id: orderId, confirmation_type: "dispute", notes: "Doet het niet." } });
    expect(dispute.status).toBe(200);
    // The admin reads what the parties wrote each other before deciding.
    const talk = await asAdmin(disputeConversationRoute, { params: { id: orderId } });
    expect(talk.status).toBe(200);
    expect(talk.body.messages).toEqual([expect.objectContaining({ sender_role: "buyer", sender_name: "Geschilkoper", content: "De radio maakt geen geluid." })]);
    expect((await asAdmin(disputeConversationRoute, { params: { id: ID } })).status).toBe(404);
    const res = await asAdmin(resolveRoute, { params: { id: orderId }, json: { resolution: "refund", note: "Koper krijgt geld terug." } });
    expect(res.status).toBe(200);
    expect(await auditActions(orderId)).toEqual(["dispute.resolve"]);

    const list = await asAdmin(auditRoute);
    expect(list.body.total).toBeGreaterThan(5);
    expect(list.body.entries[0]).toMatchObject({ action: "dispute.resolve", target_id: orderId, actor_email: admin.email });
    const times = list.body.entries.map((e: { created_at: string }) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    await expect(db.$executeRaw`UPDATE audit_log SET action = 'x'`).rejects.toThrow(/append-only/);
    await expect(db.$executeRaw`DELETE FROM audit_log`).rejects.toThrow(/append-only/);
    expect((await asAdmin(auditRoute)).body.total).toBe(list.body.total);
  });
});
