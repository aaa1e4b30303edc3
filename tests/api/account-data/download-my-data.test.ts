// "Download my data" (docs/accounts.md "Export"): GET /api/users/me/export answers one
// JSON file with every kind of record we hold about the caller, made through the real
// endpoints, and nothing private of anyone else (another buyer's pickup code, another
// user's e-mail, a staff member's name, the password hash, the payout account id).
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/api/users/me/export/route";
import { POST as startConversation } from "@/app/api/conversations/route";
import { POST as sendMessage } from "@/app/api/conversations/[id]/messages/route";
import { POST as makeOffer } from "@/app/api/conversations/[id]/offers/route";
import { POST as postReview } from "@/app/api/products/[id]/reviews/route";
import { POST as replyToReview } from "@/app/api/reviews/[id]/reply/route";
import { POST as confirmDelivery } from "@/app/api/transactions/[id]/confirm-delivery/route";
import { POST as handover } from "@/app/api/transactions/[id]/handover/route";
import { POST as cancelOrder } from "@/app/api/transactions/[id]/cancel/route";
import { DELETE as deleteProduct } from "@/app/api/products/[id]/route";
import { POST as createTicket } from "@/app/api/support/tickets/route";
import { POST as ticketReply } from "@/app/api/support/tickets/[id]/reply/route";
import { POST as adminReply } from "@/app/api/admin/tickets/[id]/reply/route";
import { POST as fileReport } from "@/app/api/reports/route";
import { PUT as holdPayouts } from "@/app/api/admin/users/[id]/hold-payouts/route";
import { POST as fileAppeal } from "@/app/api/appeals/route";
import { POST as wishlistAdd } from "@/app/api/wishlist/[productId]/route";
import { POST as cartAdd } from "@/app/api/cart/add/route";
import { POST as saveSearch } from "@/app/api/saved-searches/route";
import { PUT as putTaxProfile } from "@/app/api/users/me/tax-profile/route";
import { EXPORT_LIMIT, exportFileName } from "@/lib/domains/account-data/export";
import { db } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/platform/db/generated/client";
import { runJobs } from "@/lib/domains/jobs";
import { call, sessionCookie, type CallResult } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { ensureCategories, insertProduct, listProduct, uploadTestImage } from "../../support/catalog";
import { DAY, buyAndPay, makeAdmin, orderRow, pendingOrder, productOf } from "../../support/orders";

const IP = "198.51.100.121";

let me: RegisteredUser;
let buyer: RegisteredUser;
let seller: RegisteredUser;
let admin: RegisteredUser;
let res: CallResult;
let data: any;
let text: string;

/** What the scenario made, to find it again in the export. */
const made: Record<string, string> = {};

const post = (handler: any, user: RegisteredUser, options: { params?: Record<string, string>; json?: unknown; path?: string } = {}) =>
  call(handler, { ip: IP, token: user.token, method: "POST", json: options.json ?? {}, params: options.params, path: options.path });

async function ok(result: Promise<CallResult>): Promise<any> {
  const r = await result;
  if (r.status >= 300) throw new Error(`setup call failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

beforeAll(async () => {
  me = await registerUser({
    name: "Tijs van den Berg",
    phone: "+31612345678",
    is_business_seller: true,
    business_name: "Tweedehands Tijs B.V.",
    vat_number: "NL859234561B01",
    kvk_number: "12345678",
    business_address: "Oudegracht 12, 3511 AB Utrecht",
    trader_self_certified: true,
  });
  buyer = await registerUser({ name: "Sanne de Vries" });
  seller = await registerUser({ name: "Daan Jansen" });
  admin = await registerUser({ name: "Karel Beheerder" });
  await makeAdmin(admin);
  await ensureCategories();

  // My listings: sold and paid out; sold and waiting for the handover (the buyer's code
  // is theirs); withdrawn after a cancelled order (kept for its history).
  const sold = await listProduct(me, { title: "Gazelle damesfiets" });
  made.soldListing = sold.id;
  const paidOut = await buyAndPay(buyer, sold.id);
  made.paidOutOrder = paidOut.orderId;
  const code = (await orderRow(paidOut.orderId)).pickupCode!;
  await ok(post(handover, me, { params: { id: paidOut.orderId }, json: { code } }));
  // A business seller is paid after the buyer's 14-day withdrawal period (docs/returns.md).
  await runJobs(new Date(Date.now() + 14 * DAY + 60_000));

  const waiting = await listProduct(me, { title: "Eikenhouten kast" });
  made.waitingOrder = (await buyAndPay(buyer, waiting.id)).orderId;
  made.otherBuyersCode = (await orderRow(made.waitingOrder)).pickupCode!;

  const withdrawn = await listProduct(me, { title: "Teruggetrokken lamp" });
  made.withdrawnListing = withdrawn.id;
  const cancelled = await pendingOrder(buyer, withdrawn.id);
  await ok(post(cancelOrder, buyer, { params: { id: cancelled.orderId } }));
  const deleted = await call(deleteProduct, { ip: IP, token: me.token, method: "DELETE", params: { id: withdrawn.id } });
  expect(deleted.status).toBeLessThan(300);

  // The buyer reviews my sold bike; I answer.
  made.receivedReview = (await ok(post(postReview, buyer, { params: { id: sold.id }, json: { rating: 5, comment: "Prima fiets, snel geregeld." } }))).id;
  await ok(post(replyToReview, me, { params: { id: made.receivedReview! }, json: { message: "Dank je wel, veel plezier ermee!" } }));

  // My purchases: one waiting for pickup (my own code), one received and reviewed.
  const chair = await productOf(seller, 4500, "Vintage stoel");
  made.myPurchase = (await buyAndPay(me, chair)).orderId;
  made.myPickupCode = (await orderRow(made.myPurchase)).pickupCode!;
  const lamp = await productOf(seller, 2500, "Bureaulamp");
  made.reviewedPurchase = (await buyAndPay(me, lamp)).orderId;
  await ok(post(confirmDelivery, me, { params: { id: made.reviewedPurchase }, json: { transaction_id: made.reviewedPurchase, confirmation_type: "delivered" } }));
  made.writtenReview = (await ok(post(postReview, me, { params: { id: lamp }, json: { rating: 4, comment: "Werkt goed." } }))).id;
  await ok(post(replyToReview, seller, { params: { id: made.writtenReview! }, json: { message: "Fijn om te horen." } }));

  // A conversation with a reply from the other side and an offer.
  const table = await productOf(seller, 20000, "Eettafel");
  made.table = table;
  const conversation = await ok(post(startConversation, me, { json: { product_id: table, recipient_id: seller.id, initial_message: "Is de tafel nog te koop?" } }));
  made.conversation = conversation.id;
  await ok(post(sendMessage, seller, { params: { id: conversation.id }, json: { content: "Ja hoor, nog beschikbaar." } }));
  made.offer = (await ok(post(makeOffer, me, { params: { id: conversation.id }, json: { amount: "150" } }))).id;

  // Someone else's conversation, which must stay out of my export.
  const other = await ok(post(startConversation, buyer, { json: { product_id: table, recipient_id: seller.id, initial_message: "GEHEIM: alleen tussen ons" } }));
  expect(other.id).toBeTruthy();

  // Support: my ticket with my reply and a staff reply; someone else's ticket.
  const ticket = await ok(post(createTicket, me, { json: { subject: "Uitbetaling vraag", message: "Wanneer komt mijn geld?" } }));
  made.ticket = ticket.id;
  await ok(post(ticketReply, me, { params: { id: ticket.id }, json: { message: "Nog een aanvulling." } }));
  await ok(post(adminReply, admin, { params: { id: ticket.id }, json: { message: "Binnen drie dagen na de overdracht." } }));
  await ok(post(createTicket, buyer, { json: { subject: "Privé ticket van de koper", message: "Niet voor anderen." } }));

  made.report = (await ok(post(fileReport, me, { json: { target_type: "listing", target_id: table, reason: "counterfeit", details: "Lijkt namaak.", good_faith: true } }))).id;
  // One filed signed out, with my account's address (in capitals); one by someone else.
  made.visitorReport = (await ok(call(fileReport, { ip: IP, json: { target_type: "listing", target_id: table, reason: "scam", details: "Vraagt om vooruitbetaling.", good_faith: true, reporter_email: me.email.toUpperCase() } }))).id;
  await ok(call(fileReport, { ip: IP, json: { target_type: "listing", target_id: table, reason: "scam", details: "Melding van een ander.", good_faith: true, reporter_email: "iemand.anders@example.nl" } }));

  // A payout hold with its statement of reasons, my appeal against it; someone else's hold.
  const REASONS = { category: "scam", facts: "Een koper meldde een vervalste factuur.", rule: "Gebruiksvoorwaarden art. 4" };
  made.statement = (await ok(call(holdPayouts, { ip: IP, token: admin.token, method: "PUT", params: { id: me.id }, json: REASONS }))).statement_id;
  made.appeal = (await ok(post(fileAppeal, me, { json: { statement_id: made.statement, text: "De factuur is echt, zie bijlage." } }))).id;
  await ok(call(holdPayouts, { ip: IP, token: admin.token, method: "PUT", params: { id: seller.id }, json: { ...REASONS, facts: "Niet van mij." } }));

  // My DAC7 tax profile as a company (RSIN and IBAN are stored encrypted, shown masked), a statement
  // mailed for a past year, and a sale whose payout waits for a payout account.
  await ok(call(putTaxProfile, { ip: IP, token: me.token, method: "PUT", json: {
    legal_name: "Tweedehands Tijs B.V.",
    address: { street: "Oudegracht", house_number: "12", postcode: "3511 AB", city: "Utrecht", country: "NL" },
    tin: "111222333", tin_country: "NL", iban: "NL91ABNA0417164300", kvk_number: "12345678", vat_number: "NL859234561B01",
    registered_address: { street: "Oudegracht", house_number: "12", postcode: "3511 AB", city: "Utrecht", country: "NL" },
  } }));
  await db.dac7StatementMail.create({ data: { userId: me.id, year: 2025, sentAt: new Date("2026-01-15T08:00:00Z") } });
  await db.order.update({ where: { id: made.waitingOrder }, data: { payoutBlockedAt: new Date("2026-11-30T10:00:00Z") } });

  const saved = await productOf(seller, 3000, "Wandklok");
  made.wishlisted = saved;
  await ok(post(wishlistAdd, me, { params: { productId: saved } }));
  const carted = await productOf(seller, 3500, "Spiegel");
  made.carted = carted;
  await ok(call(cartAdd, { ip: IP, token: me.token, method: "POST", path: `/api/cart/add?product_id=${carted}` }));
  made.savedSearch = (await ok(post(saveSearch, me, { json: { search: "racefiets", max_price: 400 } }))).id;

  made.unusedUpload = await uploadTestImage(me.token);
  await db.payoutAccount.create({
    data: { userId: me.id, provider: "stripe", providerAccountId: "acct_1SecretExportTest", detailsSubmitted: true, payoutsEnabled: true },
  });
  await db.user.update({ where: { id: me.id }, data: { profileImage: "/uploads/profiles/2026/3f1c2b9e-8d4a-4c1e-9b2f-6a7d8e9f0a1b.webp" } });

  res = await call(exportRoute, { ip: IP, token: me.token, path: "/api/users/me/export" });
  text = typeof res.body === "string" ? res.body : JSON.stringify(res.body);
  data = res.body;
}, 120_000);

describe("GET /api/users/me/export", () => {
  it("answers a JSON download that is not cached", () => {
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${exportFileName(new Date())}"`);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="kringwaar-export-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(data).toMatchObject({ format: "kringwaar-export", version: 1 });
  });

  it("holds the full profile with the trader details, never the password", async () => {
    const row = await db.user.findUniqueOrThrow({ where: { id: me.id } });
    expect(data.profile).toMatchObject({
      id: me.id,
      email: me.email,
      name: "Tijs van den Berg",
      phone: "+31612345678",
      is_business_seller: true,
      business_name: "Tweedehands Tijs B.V.",
      vat_number: "NL859234561B01",
      kvk_number: "12345678",
      business_address: "Oudegracht 12, 3511 AB Utrecht",
      created_at: row.createdAt.toISOString(),
      profile_image: row.profileImage,
      rating_average: 5,
      rating_count: 1,
    });
    expect(text).not.toContain(row.passwordHash);
    expect(text).not.toContain(me.password);
    expect(text).not.toMatch(/password_?hash/i);
  });

  it("holds every listing, the withdrawn one too, with images and the exact pickup address", () => {
    const titles = data.listings.map((l: any) => l.title).sort();
    expect(titles).toEqual(["Eikenhouten kast", "Gazelle damesfiets", "Teruggetrokken lamp"]);
    const withdrawn = data.listings.find((l: any) => l.id === made.withdrawnListing);
    expect(withdrawn.deleted_at).not.toBeNull();
    const sold = data.listings.find((l: any) => l.id === made.soldListing);
    expect(sold).toMatchObject({ status: "sold", is_sold: true, price: 149.5, category: "Fietsen", condition: "good" });
    expect(sold.images).toHaveLength(1);
    expect(sold.images[0].url).toMatch(/^\/uploads\/products\/\d{4}\/[0-9a-f-]{36}\.webp$/);
    expect(sold.pickup_location).toMatchObject({ address: "Neude 11, 3512 AE Utrecht", approximate: false, coordinates: { lat: 52.0931, lng: 5.1187 } });
  });

  it("holds the locations I created", () => {
    expect(data.locations.length).toBeGreaterThanOrEqual(3);
    expect(data.locations[0]).toMatchObject({ address: "Neude 11, 3512 AE Utrecht", city: "Utrecht" });
  });

  it("holds my orders as seller with payouts, and never my buyer's pickup code", () => {
    const sales = data.orders.as_seller;
    expect(sales.map((o: any) => o.id)).toEqual(expect.arrayContaining([made.paidOutOrder, made.waitingOrder]));
    const paidOut = sales.find((o: any) => o.id === made.paidOutOrder);
    expect(paidOut).toMatchObject({ status: "completed", amount: 149.5, commission: 7.48, total_amount: 156.98, buyer_name: "Sanne de Vries", pickup_code: null });
    expect(paidOut.ledger).toEqual([expect.objectContaining({ kind: "seller_payout", amount: 149.5, state: "done" })]);
    expect(sales.every((o: any) => o.pickup_code === null)).toBe(true);
    expect(text).not.toContain(`"${made.otherBuyersCode}"`);
  });

  it("holds my purchases with my own pickup code, the payment, and my checkout sessions", () => {
    const purchases = data.orders.as_buyer;
    const waiting = purchases.find((o: any) => o.id === made.myPurchase);
    expect(waiting).toMatchObject({ status: "held", delivery_status: "pending", amount: 45, pickup_code: made.myPickupCode, seller_name: "Daan Jansen" });
    expect(waiting.ledger).toEqual([expect.objectContaining({ kind: "buyer_payment", amount: 47.25 })]);
    expect(purchases.find((o: any) => o.id === made.reviewedPurchase)).toMatchObject({ delivery_status: "confirmed", pickup_code: null });
    expect(data.checkout_sessions).toHaveLength(2);
    expect(data.checkout_sessions.flatMap((s: any) => s.transaction_ids).sort()).toEqual([made.myPurchase, made.reviewedPurchase].sort());
    expect(data.checkout_sessions[0]).toMatchObject({ status: "complete", payment_status: "paid", amount_total: 4725 });
  });

  it("holds my conversation with both sides' messages and the offer, and nobody else's", () => {
    expect(data.conversations).toHaveLength(1);
    const [conversation] = data.conversations;
    expect(conversation).toMatchObject({ id: made.conversation, role: "buyer", product_title: "Eettafel", other_user: { id: seller.id, name: "Daan Jansen" } });
    const contents = conversation.messages.map((m: any) => m.content);
    expect(contents).toEqual(expect.arrayContaining(["Is de tafel nog te koop?", "Ja hoor, nog beschikbaar."]));
    expect(conversation.messages.find((m: any) => m.content === "Ja hoor, nog beschikbaar.").from_me).toBe(false);
    expect(conversation.offers).toEqual([expect.objectContaining({ id: made.offer, amount: 150, status: "pending", made_by: "buyer" })]);
    expect(text).not.toContain("GEHEIM");
  });

  it("holds the reviews I wrote and received, with the seller's replies", () => {
    expect(data.reviews.written).toEqual([
      expect.objectContaining({ id: made.writtenReview, rating: 4, comment: "Werkt goed.", seller_reply: expect.objectContaining({ message: "Fijn om te horen." }) }),
    ]);
    expect(data.reviews.received).toEqual([
      expect.objectContaining({ id: made.receivedReview, rating: 5, user_name: "Sanne de Vries", seller_reply: expect.objectContaining({ message: "Dank je wel, veel plezier ermee!" }) }),
    ]);
  });

  it("holds my support ticket with its replies; staff speak as the team", () => {
    expect(data.support_tickets).toHaveLength(1);
    const [ticket] = data.support_tickets;
    expect(ticket).toMatchObject({ id: made.ticket, subject: "Uitbetaling vraag", message: "Wanneer komt mijn geld?", user_email: me.email });
    expect(ticket.replies.map((r: any) => [r.author_name, r.message])).toEqual([
      ["Tijs van den Berg", "Nog een aanvulling."],
      ["Support Team", "Binnen drie dagen na de overdracht."],
    ]);
    expect(text).not.toContain("Privé ticket");
    expect(text).not.toContain("Karel Beheerder");
  });

  it("holds the statements of reasons I received and my appeals, not others' nor who decided", () => {
    expect(data.statements_of_reasons).toEqual([
      expect.objectContaining({
        id: made.statement, kind: "payout_hold", category: "scam", facts: "Een koper meldde een vervalste factuur.", rule: "Gebruiksvoorwaarden art. 4", automated: false,
        appeals: [expect.objectContaining({ id: made.appeal, statement_id: made.statement, text: "De factuur is echt, zie bijlage.", status: "open" })],
      }),
    ]);
    expect(data.profile).toMatchObject({ payouts_hold_statement_id: made.statement, payouts_held_at: expect.any(String) });
    expect(text).not.toContain("Niet van mij.");
    expect(text).not.toContain(admin.id);
  });

  it("holds my tax profile with the TIN and IBAN masked, the DAC7 statements sent, and why my payouts wait", () => {
    expect(data.tax.profile).toMatchObject({
      legal_name: "Tweedehands Tijs B.V.", date_of_birth: null,
      address: { street: "Oudegracht", house_number: "12", postcode: "3511 AB", city: "Utrecht", country: "NL" },
      tin_kind: "tin", bsn: null, tin: "*****2333", tin_country: "NL", iban: "NL************4300",
      kvk_number: "12345678", vat_number: "NL859234561B01", registered_address: expect.objectContaining({ city: "Utrecht" }),
      created_at: expect.any(String), updated_at: expect.any(String),
    });
    expect(data.tax).toMatchObject({ complete: true, payouts_wait_for_profile: false, dac7_statements_sent: [{ year: 2025, sent_at: "2026-01-15T08:00:00.000Z" }] });
    expect(text).not.toContain("111222333");
    expect(text).not.toContain("NL91ABNA0417164300");
    expect(text).not.toContain("v1.");
    expect(data.payout_holds).toEqual({
      admin_hold: { held_at: expect.any(String), statement_id: made.statement },
      tax_profile_missing: false,
      waiting_for_payout_account: [{ order_id: made.waitingOrder, since: "2026-11-30T10:00:00.000Z" }],
    });
    expect(data.orders.as_seller.find((o: any) => o.id === made.waitingOrder).payout_blocked_at).toBe("2026-11-30T10:00:00.000Z");
  });

  it("says when payouts wait for the tax profile (reportable this year, no profile)", async () => {
    const big = await registerUser({ name: "Grote Verkoper" });
    const productId = await insertProduct({ sellerId: big.id, title: "Antieke kast", status: "sold", priceCents: 200_000 });
    const now = new Date();
    await db.order.create({
      data: {
        buyerId: buyer.id, sellerId: big.id, productId, status: "completed", deliveryStatus: "confirmed",
        amountCents: 200_000, commissionCents: 10_000, totalCents: 210_000, paidAt: now, deliveryConfirmedAt: now, autoReleaseAt: now, completedAt: now,
      },
    });
    const file = (await call(exportRoute, { ip: IP, token: big.token })).body;
    expect(file.tax).toEqual({ profile: null, complete: false, payouts_wait_for_profile: true, dac7_statements_sent: [] });
    expect(file.payout_holds).toEqual({ admin_hold: null, tax_profile_missing: true, waiting_for_payout_account: [] });
  });

  it("decides for every tax profile column whether it is exported (a new column must be added to one list)", () => {
    // Shown as the tax profile page shows it (the numbers masked), or deliberately left out.
    const exported = new Set(["legalName", "dateOfBirth", "street", "houseNumber", "postcode", "city", "country", "tinKind", "tinCountry",
      "tinEncrypted", "ibanEncrypted", "kvkNumber", "vatNumber", "registeredAddress", "createdAt", "updatedAt"]);
    const leftOut = new Set(["userId"]);
    expect(Object.values(Prisma.TaxProfileScalarFieldEnum).filter((field) => !exported.has(field) && !leftOut.has(field))).toEqual([]);
  });

  it("holds the report I filed, notifications, wishlist, cart, saved searches, payout status and uploads", () => {
    expect(data.reports).toEqual([
      expect.objectContaining({ id: made.report, target_type: "listing", target_id: made.table, reason: "counterfeit", details: "Lijkt namaak." }),
      expect.objectContaining({ id: made.visitorReport, reason: "scam", details: "Vraagt om vooruitbetaling." }),
    ]);
    expect(text).not.toContain("Melding van een ander.");
    const events = data.notifications.map((n: any) => n.event);
    expect(events).toEqual(expect.arrayContaining(["order.sold", "order.paid", "payout.released", "review.received", "message.received", "support.reply"]));
    expect(data.notifications.every((n: any) => typeof n.title === "string" && n.title.length > 0)).toBe(true);
    expect(data.wishlist).toEqual([expect.objectContaining({ product_id: made.wishlisted, title: "Wandklok", price: 30 })]);
    expect(data.cart).toEqual([expect.objectContaining({ product_id: made.carted, title: "Spiegel", price: 35 })]);
    expect(data.saved_searches).toEqual([expect.objectContaining({ id: made.savedSearch, filters: expect.objectContaining({ search: "racefiets" }) })]);
    expect(data.payout_account).toMatchObject({ provider: "stripe", details_submitted: true, payouts_enabled: true });
    expect(text).not.toContain("acct_1SecretExportTest");
    expect(data.uploads.profile_image).toBe("/uploads/profiles/2026/3f1c2b9e-8d4a-4c1e-9b2f-6a7d8e9f0a1b.webp");
    expect(data.uploads.unused_product_images).toEqual([expect.objectContaining({ url: made.unusedUpload })]);
    // The mails: the welcome mail and those of the sale, in the account's language.
    const templates = data.emails.map((m: any) => m.template);
    expect(templates).toEqual(expect.arrayContaining(["welcome", "order_sold", "payout_sent"]));
    expect(data.emails.every((m: any) => m.to === me.email)).toBe(true);
    expect(data.profile).toMatchObject({ locale: "nl", email_verified_at: null, mail_preferences: expect.objectContaining({ transactions: true }) });
  });

  it("holds my sign-ins (kind and dates, no ids)", async () => {
    const rows = await db.authSession.findMany({ where: { userId: me.id } });
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(data.sessions).toHaveLength(rows.length);
    expect(data.sessions[0]).toEqual({ kind: "bearer", created_at: expect.any(String), expires_at: expect.any(String), revoked_at: null });
    for (const row of rows) expect(text).not.toContain(row.id);
  });

  it("holds no other user's e-mail address", () => {
    for (const other of [buyer, seller, admin]) expect(text).not.toContain(other.email);
  });

  it("shows notifications in the reader's language", async () => {
    const english = await call(exportRoute, { ip: IP, token: me.token, headers: { cookie: "kringwaar_locale=en" } });
    const dutch = await call(exportRoute, { ip: IP, token: me.token, headers: { cookie: "kringwaar_locale=nl" } });
    const titleOf = (body: any) => body.notifications.find((n: any) => n.event === "order.paid").title;
    expect(titleOf(english.body)).not.toBe(titleOf(dutch.body));
  });

  it("shows the offer's message in the reader's language and number format, like the thread", async () => {
    const english = await call(exportRoute, { ip: IP, token: me.token, headers: { cookie: "kringwaar_locale=en" } });
    const dutch = await call(exportRoute, { ip: IP, token: me.token, headers: { cookie: "kringwaar_locale=nl" } });
    const offerText = (body: any) => body.conversations[0].messages.find((m: any) => m.offer_id === made.offer).content;
    expect(offerText(english.body)).toBe("Offer: €150.00");
    expect(offerText(dutch.body)).toMatch(/^Bod: €\s150,00$/);
  });

  it("needs a login (401) and works with the web session cookie", async () => {
    const anonymous = await call(exportRoute, { ip: IP });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("content-disposition")).toBeNull();
    const web = await call(exportRoute, { ip: IP, cookie: await sessionCookie(buyer.id) });
    expect(web.status).toBe(200);
    expect(web.body.profile).toMatchObject({ id: buyer.id, email: buyer.email });
    expect(web.body.orders.as_buyer.find((o: any) => o.id === made.waitingOrder).pickup_code).toBe(made.otherBuyersCode);
    expect(JSON.stringify(web.body)).not.toContain(me.email);
  });

  it("is limited per user per hour (429 with Retry-After)", async () => {
    const user = await registerUser({ name: "Veel Downloads" });
    for (let i = 0; i < EXPORT_LIMIT.max; i += 1) {
      expect((await call(exportRoute, { ip: IP, token: user.token })).status).toBe(200);
    }
    const refused = await call(exportRoute, { ip: IP, token: user.token });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("decides for every user column whether it is exported (a new column must be added to one list)", () => {
    // In the export's profile (as their snake_case JSON name) or deliberately left out.
    const exported = new Set(["id", "email", "name", "phone", "isBusinessSeller", "businessName", "vatNumber", "kvkNumber", "businessAddress",
      "isAdmin", "isVerified", "isBanned", "createdAt", "updatedAt", "profileImage", "ratingCount", "locale", "emailVerifiedAt", "mailPreferences", "pushPreferences",
      "traderCertifiedAt", "payoutsHeldAt", "payoutsHoldStatementId", "lastActiveAt", "responseMinutes"]);
    const leftOut = new Set(["passwordHash", "deletedAt", "ratingSum"]); // ratingSum is in rating_average
    const unknown = Object.values(Prisma.UserScalarFieldEnum).filter((field) => !exported.has(field) && !leftOut.has(field));
    expect(unknown).toEqual([]);
    const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    for (const field of exported) expect(data.profile).toHaveProperty(snake(field));
  });
});
